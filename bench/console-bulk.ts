import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { BulkView } from '../src-shared/console/console-api';
import { createSandboxServer, DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../src-sandbox/index';
import { ConsoleClient } from '../test/support/chain/console-client';
import { chainCertificate, consoleAccount, startChainReplica } from '../test/support/chain/process';
import type { PgCluster } from '../test/support/chain/pg-cluster';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const INTERRUPTIONS = 'POST /merchants/{merchantId}/interruptions';
const DESCRIPTION = 'Bench: pausa da rede';

export interface BulkPauseMeasure {
  stores: number;
  seconds: number;
  /** Stores the platform shows paused by this bulk exactly once, more than once, and not at all. */
  pausedOnce: number;
  pausedTwice: number;
  notPaused: number;
  /** Stores the console shows failed (a 429 the outbox did not wait out would show here). */
  failed: number;
  /** The platform's 429 answers to the pauses: each waited out by the store outbox, never a store's failure. */
  throttled: number;
  /** The platform's pace: how many pauses it took in the first minute (its limit: 200). */
  firstMinute: number;
}

/**
 * A bulk pause of every store of a chain through the console's own API: a replica (a process, as
 * `npm run server` runs it) with its console, the sandbox with the spec's limits (POST interruptions
 * 200 a minute per application), the pause of all `stores` asked at once and followed until no store
 * waits; the platform's own record then read store by store.
 */
export async function measureBulkPause(cluster: PgCluster, stores: number, progress: (line: string) => void): Promise<BulkPauseMeasure> {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  try {
    const { app, ctx } = createSandboxServer({ rateLimitFactor: 1 });
    let throttled = 0;
    app.addHook('onSend', async (req, reply, payload) => {
      if (reply.statusCode === 429 && req.method === 'POST' && req.url.includes('/interruptions')) throttled++;
      return payload;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => app.close());
    const sandboxUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const added = await request(`${sandboxUrl}/_sandbox/stores`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: stores - 2 }),
    });
    const branches = ((await added.body.json()) as { stores: { id: string }[] }).stores.map((s) => s.id);
    const all = [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID, ...branches];

    const databaseUrl = await cluster.database('console_bulk_bench');
    const folder = mkdtempSync(join(tmpdir(), 'console-bulk-bench-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const replica = await startChainReplica({ name: 'console-bench', databaseUrl, sandboxUrl, tls: await chainCertificate(folder), console: true });
    cleanups.push(() => replica.kill('SIGTERM'));
    consoleAccount(databaseUrl, { login: 'dona@rede.com', name: 'Dona', password: 'senha-da-dona-123' });
    const owner = new ConsoleClient(`https://127.0.0.1:${replica.consolePort ?? 0}`);
    if ((await owner.signIn('dona@rede.com', 'senha-da-dona-123')).status !== 200) throw new Error('the owner could not sign in');
    progress(`${all.length} stores on the sandbox (the spec's limits), one replica with its console`);

    const started = performance.now();
    const end = new Date(ctx.world.clock.now() + 30 * 60_000).toISOString();
    const asked = await owner.call('POST', '/api/bulk/pause', { json: { stores: all, description: DESCRIPTION, end } });
    if (asked.status !== 202) throw new Error(`the bulk pause was refused: ${JSON.stringify(asked.body)}`);
    const { bulkId } = BulkView.parse(asked.body);
    let view = BulkView.parse(asked.body);
    let lastSaid = 0;
    while (view.stores.some((s) => s.state === 'queued')) {
      if (performance.now() - started > 5 * 60_000) throw new Error('the bulk pause did not settle within 5 minutes');
      await sleep(500);
      view = BulkView.parse((await owner.call('GET', `/api/bulk/${bulkId}`)).body);
      const done = view.stores.filter((s) => s.state !== 'queued').length;
      if (performance.now() - lastSaid > 15_000) {
        progress(`  ${done} of ${all.length} stores settled after ${((performance.now() - started) / 1000).toFixed(0)} s`);
        lastSaid = performance.now();
      }
    }
    const seconds = (performance.now() - started) / 1000;

    const pausesOf = (store: string) => ctx.world.merchantOps.interruptions(store).filter((p) => p.description === DESCRIPTION).length;
    const counts = all.map(pausesOf);
    const posts = all.flatMap((s) => ctx.world.orders.storeCalls.of(s).filter((c) => c.route === INTERRUPTIONS && c.status === 201));
    const firstAt = Math.min(...posts.map((c) => Date.parse(c.at)));
    return {
      stores: all.length,
      seconds,
      pausedOnce: counts.filter((n) => n === 1).length,
      pausedTwice: counts.filter((n) => n > 1).length,
      notPaused: counts.filter((n) => n === 0).length,
      failed: view.stores.filter((s) => s.state === 'failed').length,
      throttled,
      firstMinute: posts.filter((c) => Date.parse(c.at) < firstAt + 60_000).length,
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch((error: unknown) => console.error('console bench cleanup:', error));
  }
}
