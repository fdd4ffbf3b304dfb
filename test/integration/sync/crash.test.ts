import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import { DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { OrdersDb } from '../../../src-main/db/orders/orders-db';
import type { SyncStep } from '../../../src-main/sync/probe';
import { withSandbox } from '../../support/sandbox/sandbox';
import { createOrder, type Detail, type Sandbox } from '../../support/sandbox/orders';
import { assertExactlyOnce, sandboxEvents } from '../../support/sync/check';
import { waitFor } from '../../support/sync/harness';

/**
 * Kills a process running the real poller, outbox and kitchen with SIGKILL at random points of
 * poll / persist / ack / send, many times, then lets a last one finish: every event the sandbox
 * emitted is stored once and acknowledged, every action the kitchen pressed took effect once.
 * CRASH_ITERATIONS (default 30) and CRASH_SEED replay or lengthen a run.
 */
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..');
const STEPS: (SyncStep | 'timer')[] = ['poll', 'polled', 'persisted', 'acked', 'action-sending', 'action-answered', 'action-recorded', 'timer'];
const iterations = Number(process.env.CRASH_ITERATIONS ?? 30);
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 1_000_000);

function random(seedValue: number): () => number {
  let state = seedValue >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Run {
  signal: NodeJS.Signals | null;
  code: number | null;
  stderr: string;
}

describe('order sync survives SIGKILL at any point', () => {
  let sandbox: Sandbox;
  let dir: string;
  let child: string;

  before(async () => {
    // Every restart asks for a token: 30 restarts in a few seconds is more than the token route's
    // 20 a minute, which no real terminal does. The other limits stay as the spec says.
    sandbox = await withSandbox({ rateLimitFactor: 10 });
    dir = mkdtempSync(join(tmpdir(), 'st-crash-'));
    // Bundled once so each restart costs ~0.2 s instead of a TypeScript load; inside the repository,
    // so the bundle finds node_modules as the built app does, but outside out/, which is what gets
    // packaged and audited.
    const cache = join(root, '.cache', 'test-crash');
    mkdirSync(cache, { recursive: true });
    child = join(cache, `child-${process.pid}.mjs`);
    await build({
      entryPoints: [join(root, 'test', 'support', 'sync', 'crash-child.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      outfile: child,
      packages: 'external',
      logLevel: 'error',
    });
  });
  after(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(child, { force: true });
  });

  /** Starts the child; it dies by its own SIGKILL at `killAt`, or by ours after `killAfterMs`. */
  function runChild(env: Record<string, string>, killAfterMs: number | undefined, until?: () => Promise<boolean>): Promise<Run> {
    return new Promise((resolve) => {
      const proc = spawn(process.execPath, [child], {
        cwd: root,
        env: { ...process.env, SANDBOX_URL: sandbox.url, DATA_DIR: dir, CLOCK_AT: sandbox.world.clock.nowIso(), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      let timer: NodeJS.Timeout | undefined;
      proc.stdout.on('data', () => {
        if (killAfterMs !== undefined && !timer) timer = setTimeout(() => proc.kill('SIGKILL'), killAfterMs);
        if (until && !timer) {
          timer = setInterval(() => {
            void until().then((done) => done && proc.kill('SIGKILL'));
          }, 50);
        }
      });
      proc.on('exit', (code, signal) => {
        clearTimeout(timer);
        clearInterval(timer);
        resolve({ code, signal, stderr });
      });
    });
  }

  it(`loses no event and applies no action twice over ${iterations} kills (seed ${seed})`, async () => {
    const rand = random(seed);
    const kinds = [{ orderType: 'TAKEOUT' }, { orderType: 'DELIVERY', deliveredBy: 'MERCHANT' }, { orderType: 'DELIVERY', deliveredBy: 'PLATFORM' }];
    const orders: Detail[] = [];
    const hits = new Map<string, number>();
    // Lost answers and duplicated events on top of the kills.
    await sandbox.http.send('PUT', '/_sandbox/faults', { json: { dropRate: 0.05, duplicateRate: 0.2, seed } });

    for (let i = 0; i < iterations; i++) {
      for (let k = 0; k < 1 + Math.floor(rand() * 2); k++) {
        orders.push(
          await createOrder(sandbox, { merchantId: rand() < 0.5 ? DEMO_RESTAURANT_ID : DEMO_PIZZERIA_ID, ...kinds[Math.floor(rand() * kinds.length)] }),
        );
      }
      const step = STEPS[Math.floor(rand() * STEPS.length)] as SyncStep | 'timer';
      const env: Record<string, string> = step === 'timer' ? {} : { KILL_AT: step, KILL_AFTER: String(1 + Math.floor(rand() * 4)) };
      // A step that is not reached in time (nothing to send) falls back to a kill at a random moment.
      const t0 = Date.now();
      const run = await runChild(env, 100 + Math.floor(rand() * 900));
      if (process.env.CRASH_DEBUG) console.log(`run ${i} ${step} ${Date.now() - t0} ms`);
      assert.equal(run.signal, 'SIGKILL', `run ${i} ended by SIGKILL (code ${run.code}): ${run.stderr.slice(-2000)}`);
      const killedAt = /killed at (\S+)/.exec(run.stderr)?.[1] ?? 'timer';
      hits.set(killedAt, (hits.get(killedAt) ?? 0) + 1);
    }

    // The last run, without faults, until the sandbox says everything is done and acknowledged.
    await sandbox.http.send('PUT', '/_sandbox/faults', { json: {} });
    const target = (o: Detail) => (o.orderType === 'DELIVERY' && o.delivery?.deliveredBy === 'MERCHANT' ? 'DISPATCHED' : 'READY_TO_PICKUP');
    const finished = async () => {
      const list = ((await sandbox.http.send('GET', '/_sandbox/orders')).body as { orders: Detail[] }).orders;
      return list.every((o) => o.status === target(o)) && (await sandboxEvents(sandbox)).every((e) => e.acknowledged);
    };
    const t1 = Date.now();
    const last = await runChild({}, undefined, finished);
    if (process.env.CRASH_DEBUG) console.log(`last run ${Date.now() - t1} ms`);
    assert.equal(last.signal, 'SIGKILL', last.stderr.slice(-2000));
    await waitFor(finished, 'everything done');

    const store = OrdersDb.open(dir);
    try {
      const report = await assertExactlyOnce(
        sandbox,
        store,
        orders.map((o) => o.id),
      );
      assert.equal(report.actions, orders.length * 3, 'three actions per order, all confirmed');
      const board = store.board.rows({ now: sandbox.world.clock.now() });
      for (const order of orders) assert.equal(board.find((r) => r.id === order.id)?.status, target(order));
      console.log(
        `crash test: seed=${seed} kills=${iterations} orders=${orders.length} events=${report.events} deliveries=${report.deliveries} actions=${report.actions} resends=${report.resends} 409s=${report.conflictsRecognised} killed at ${JSON.stringify(Object.fromEntries(hits))}`,
      );
      assert.ok(hits.size >= 4, `killed at several points: ${[...hits.keys()].join(', ')}`);
    } finally {
      store.close();
    }
  });
});
