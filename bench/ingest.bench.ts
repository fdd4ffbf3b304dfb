/**
 * `npm run bench -- ingest`: 10,000 order events into the cache through the app's path (the event
 * ingest the poller runs: parse, dedupe, order progression, outbox settling, last-poll time; one
 * transaction per poll) against the physical floor (a bare better-sqlite3 insert loop of the same
 * rows into a table of the same shape, one transaction), and the naive path (one transaction per
 * event), all at the durability the app uses (WAL, synchronous=FULL), on a file in the OS temp folder.
 *
 * 10,000 events at once is a backlog (after an outage), which the poller drains with a first page
 * of 100 then catch-up pages of 1,000: that is `app`. `app_steady` feeds them in pages of 100, the
 * page size of a poll every 30 s (where the cost per event matters far less: a poll brings a few).
 *
 * Neither side checkpoints the WAL inside its timing: the app's commits stay under its automatic
 * checkpoint threshold (WAL_AUTOCHECKPOINT_PAGES, which the floor's database has too) and the poller
 * checkpoints once the round is over. That checkpoint is timed after the catch-up and reported as
 * `idle_checkpoint_ms`, outside the ratio, since nothing waits on it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../src-main/base/clock';
import { silentLogger } from '../src-main/base/log';
import { openDatabase, SYNCHRONOUS } from '../src-main/db/database';
import { OrdersDb } from '../src-main/db/orders/orders-db';
import { EventIngest } from '../src-main/sync/ingest';
import type { WireEvent } from '../src-shared/wire/events';
import type { Benchmark } from './run';

const EVENTS = 10_000;
const POLL_LIMIT = 100;
const CATCH_UP_LIMIT = 1000;
const LIFECYCLE = [
  ['PLC', 'PLACED'],
  ['CFM', 'CONFIRMED'],
  ['PRS', 'PREPARATION_STARTED'],
  ['RTP', 'READY_TO_PICKUP'],
  ['CON', 'CONCLUDED'],
] as const;
const MERCHANT = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';

/** A busy evening: orders arrive one after another and move through their lifecycle interleaved. */
function events(): WireEvent[] {
  const out: WireEvent[] = [];
  const start = Date.parse('2026-11-21T18:00:00Z');
  const orders = EVENTS / LIFECYCLE.length;
  for (let o = 0; o < orders; o++) {
    const orderId = randomUUID();
    LIFECYCLE.forEach(([code, fullCode], step) => {
      const at = start + o * 3_000 + step * 240_000;
      out.push({ id: randomUUID(), code, fullCode, orderId, merchantId: MERCHANT, createdAt: new Date(at).toISOString(), metadata: {} });
    });
  }
  return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

function withStore<T>(fn: (store: OrdersDb, ingest: EventIngest) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'st-bench-ingest-'));
  const store = OrdersDb.open(dir);
  try {
    return fn(store, new EventIngest(store, new ManualClock(), silentLogger));
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The floor: the same rows, one prepared INSERT each, one transaction, a table with the events table's shape. */
function floor(list: WireEvent[]): number {
  const dir = mkdtempSync(join(tmpdir(), 'st-bench-floor-'));
  const db = openDatabase({ file: join(dir, 'floor.sqlite'), migrations: [] });
  try {
    db.exec(`CREATE TABLE events (id TEXT PRIMARY KEY, order_id TEXT, merchant_id TEXT, code TEXT NOT NULL, full_code TEXT NOT NULL,
      known INTEGER NOT NULL, created_at TEXT, created_ms INTEGER, metadata TEXT, received_ms INTEGER NOT NULL) STRICT;
      CREATE INDEX events_by_order ON events (order_id, created_ms);`);
    const insert = db.prepare('INSERT INTO events VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?)');
    const now = Date.now();
    return time(() =>
      db.transaction(() => {
        for (const e of list)
          insert.run(e.id, e.orderId, e.merchantId, e.code, e.fullCode, e.createdAt, Date.parse(e.createdAt), JSON.stringify(e.metadata), now);
      })(),
    );
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs every measurement in turn, `rounds` times, and keeps each one's best: a burst of load on a
 * shared machine then hits all of them alike instead of skewing one ratio. */
function interleaved<K extends string>(rounds: number, runs: Record<K, () => number>): Record<K, number> {
  const best = Object.fromEntries(Object.keys(runs).map((k) => [k, Infinity])) as Record<K, number>;
  for (let r = 0; r < rounds; r++) {
    for (const key of Object.keys(runs) as K[]) best[key] = Math.min(best[key], runs[key]());
  }
  return best;
}

const benchmark: Benchmark = {
  async run() {
    const list = events();
    // Warm the code paths (JIT, statement preparation) on a small run.
    withStore((_s, ingest) => ingest.apply(list.slice(0, 500)));
    floor(list.slice(0, 500));

    const pages = (first: number, next: number) => {
      const out: WireEvent[][] = [];
      for (let i = 0; i < list.length;) {
        const size = out.length === 0 ? first : next;
        out.push(list.slice(i, i + size));
        i += size;
      }
      return out;
    };
    let idleCheckpointMs = Infinity;
    const through = (batches: WireEvent[][], timeCheckpoint = false) =>
      withStore((store, ingest) => {
        const ms = time(() => {
          for (const batch of batches) ingest.apply(batch, Date.now());
        });
        if (store.events.count() !== list.length) throw new Error('app path lost events');
        if (timeCheckpoint)
          idleCheckpointMs = Math.min(
            idleCheckpointMs,
            time(() => store.checkpoint()),
          );
        return ms;
      });
    const catchUp = pages(POLL_LIMIT, CATCH_UP_LIMIT);
    const steady = pages(POLL_LIMIT, POLL_LIMIT);
    const { floorMs, appMs, steadyMs, appOneTxMs } = interleaved(5, {
      floorMs: () => floor(list),
      appMs: () => through(catchUp, true),
      steadyMs: () => through(steady),
      appOneTxMs: () => withStore((_s, ingest) => time(() => ingest.apply(list))),
    });
    const naiveMs = withStore((store, ingest) => {
      const ms = time(() => {
        for (const e of list) ingest.apply([e]);
      });
      if (store.events.count() !== list.length) throw new Error('naive path lost events');
      return ms;
    });
    console.log(
      `floor ${floorMs.toFixed(1)} ms; app: catch-up (${catchUp.length} polls) ${appMs.toFixed(1)} ms, steady (${steady.length} polls of ${POLL_LIMIT}) ${steadyMs.toFixed(1)} ms, one transaction ${appOneTxMs.toFixed(1)} ms; naive ${naiveMs.toFixed(1)} ms; checkpoint after the catch-up ${idleCheckpointMs.toFixed(1)} ms`,
    );
    return {
      app_vs_floor: appMs / floorMs,
      app_steady_vs_floor: steadyMs / floorMs,
      app_one_tx_vs_floor: appOneTxMs / floorMs,
      naive_vs_floor: naiveMs / floorMs,
      target: 3,
      events: list.length,
      catch_up_polls: catchUp.length,
      floor_ms: floorMs,
      app_ms: appMs,
      app_steady_ms: steadyMs,
      app_one_tx_ms: appOneTxMs,
      naive_ms: naiveMs,
      idle_checkpoint_ms: idleCheckpointMs,
      app_events_per_s: Math.round((list.length / appMs) * 1000),
      synchronous: SYNCHRONOUS,
    };
  },
};

export default benchmark;
