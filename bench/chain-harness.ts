import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import type { PushName } from '../src-shared/ipc/contract';
import { systemClock } from '../src-main/base/clock';
import { silentLogger } from '../src-main/base/log';
import { PgChainDevices } from '../src-main/chain/db/chain-devices';
import { migrateChain } from '../src-main/chain/db/migrate';
import { chainMigrations } from '../src-main/chain/db/migrations';
import { openChainPool } from '../src-main/chain/db/pool';
import type { DeviceCredential } from '../src-main/hub/contract';
import { RemoteEndpoint } from '../src-main/hub/link/remote-endpoint';
import { certificateFingerprint } from '../src-main/hub/trust/fingerprint';
import { createSandboxServer, type World } from '../src-sandbox/index';
import { chainCertificate, startChainReplica, type ChainReplica } from '../test/support/chain/process';
import { startPgCluster, type PgCluster } from '../test/support/chain/pg-cluster';

/**
 * The chain bench's stage: a throwaway PostgreSQL cluster, the sandbox in this process (its clock the
 * system's, its rate limits the spec's) with a chain of branches on the demo credential, one paired
 * store terminal per branch (devices made through the server's own PgChainDevices: invite, then
 * redeem), two chain server replicas as processes (as `npm run server` runs them), and the store
 * screens — RemoteEndpoint, as a store terminal links to its hub — spread over both replicas.
 * Replicas are processes rather than startChainServer in this one: each gets its own event loop
 * (the screens, the sandbox and the load generator live here), NOTIFY crosses processes as in
 * production, and on 2 cores two tsx processes start in about 4 s.
 */

export interface Screen {
  storeId: string;
  replica: number;
  endpoint: RemoteEndpoint;
}

export interface ChainStage {
  world: World;
  sandboxUrl: string;
  stores: string[];
  replicas: ChainReplica[];
  screens: Screen[];
  /** The replica that polls (reads the replicas' `chain_is_leader`). */
  leader(): Promise<number>;
  close(): Promise<void>;
}

export interface StageOptions {
  stores: number;
  pollSeconds: number;
  /** Every poll answer's events, as the sandbox sends them (the moment the platform hands them out). */
  onPoll(events: { orderId: string; fullCode: string }[]): void;
  /** Every push a screen hears. */
  onPush(screen: Screen, event: PushName, payload: unknown): void;
  progress(line: string): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`chain bench: ${what} did not happen within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** A metric's value summed over its lines whose labels include `labels` (e.g. `outcome="stored"`). */
export function metricSum(text: string, name: string, labels = ''): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!(line.startsWith(`${name} `) || line.startsWith(`${name}{`)) || !line.includes(labels)) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
  }
  return sum;
}

export async function startChainStage(options: StageOptions): Promise<ChainStage> {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  const close = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch((error: unknown) => console.error('chain bench cleanup:', error));
  };
  try {
    const cluster: PgCluster = await startPgCluster();
    cleanups.push(() => cluster.stop());
    const databaseUrl = await cluster.database('chain_bench');

    const { app, ctx } = createSandboxServer({ rateLimitFactor: 1 });
    app.addHook('onSend', async (req, reply, payload) => {
      if (req.url.includes('polling') && reply.statusCode === 200 && typeof payload === 'string') {
        options.onPoll((JSON.parse(payload) as { events: { orderId: string; fullCode: string }[] }).events);
      }
      return payload;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => app.close());
    const sandboxUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const added = await request(`${sandboxUrl}/_sandbox/stores`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: options.stores }),
    });
    const stores = ((await added.body.json()) as { stores: { id: string }[] }).stores.map((s) => s.id);
    if (added.statusCode !== 201 || stores.length !== options.stores)
      throw new Error(`the sandbox did not add ${options.stores} branches (${added.statusCode})`);

    // The schema first, then one paired device per branch: the replicas start knowing all of them.
    const pool = openChainPool({ url: databaseUrl, applicationName: 'chain-bench', logger: silentLogger, max: 4 });
    cleanups.push(() => pool.end());
    await migrateChain(pool, chainMigrations);
    const devices = new PgChainDevices(pool, silentLogger);
    const credentials: DeviceCredential[] = [];
    for (const [i, storeId] of stores.entries()) {
      const invite = await devices.invite({ storeIds: [storeId], name: `Balcão ${i + 1}`, kind: 'counter' }, 10 * 60_000, Date.now());
      const paired = await devices.redeem(invite.inviteId, invite.code, Date.now());
      if (!paired.ok) throw new Error(`device ${i + 1} did not pair: ${paired.reason}`);
      credentials.push(paired.credential);
    }
    options.progress(`${stores.length} branches on the demo credential, ${credentials.length} store terminals paired (one per store)`);

    const folder = mkdtempSync(join(tmpdir(), 'chain-bench-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const tls = await chainCertificate(folder);
    const fingerprint = certificateFingerprint(readFileSync(tls.cert, 'utf8'));
    const replicas = await Promise.all(
      ['replica-a', 'replica-b'].map((name) => startChainReplica({ name, databaseUrl, sandboxUrl, tls, pollSeconds: options.pollSeconds })),
    );
    for (const replica of replicas) cleanups.push(() => replica.kill('SIGTERM'));
    const leader = async (): Promise<number> => {
      const flags = await Promise.all(replicas.map((r) => r.metric('chain_is_leader').catch(() => 0)));
      return flags.indexOf(1);
    };
    await until('a replica leading', async () => (await leader()) >= 0, 30_000);

    const screens: Screen[] = stores.map((storeId, i) => {
      const replica = i % replicas.length;
      const port = replicas[replica]?.port ?? 0;
      const endpoint = new RemoteEndpoint({
        hub: () => ({ host: '127.0.0.1', port }),
        fingerprint,
        credential: credentials[i] as DeviceCredential,
        clock: systemClock,
        logger: silentLogger,
      });
      const screen = { storeId, replica, endpoint };
      endpoint.connect((event, payload) => options.onPush(screen, event, payload));
      return screen;
    });
    cleanups.push(() => Promise.all(screens.map((s) => s.endpoint.close())));
    // A few at a time: 300 TLS handshakes at once on two cores is a storm no chain sees.
    for (let i = 0; i < screens.length; i += 20) {
      for (const s of screens.slice(i, i + 20)) s.endpoint.start();
      await sleep(50);
    }
    await until('every screen linked', () => screens.every((s) => s.endpoint.link().state === 'connected'), 60_000);
    const perReplica = await Promise.all(replicas.map(async (r) => metricSum(await r.metrics(), 'chain_connected_screens')));
    options.progress(`two replicas (processes), ${screens.length} screens linked: ${perReplica.join(' + ')}`);

    return { world: ctx.world, sandboxUrl, stores, replicas, screens, leader, close };
  } catch (error) {
    await close();
    throw error;
  }
}
