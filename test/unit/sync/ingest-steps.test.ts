import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { silentLogger } from '../../../src-main/base/log';
import { storeBatchOrEach } from '../../../src-main/orders/batch-fallback';
import type { OpenAction } from '../../../src-main/orders/outcomes';
import { applyEvents, batchProgress, freshEvents, readBatch, type ParsedEvent } from '../../../src-main/orders/polled-events';

const T0 = Date.parse('2026-11-21T12:00:00Z');

function wire(id: string, orderId: string, fullCode: string, atMs: number) {
  return { id, code: fullCode.slice(0, 3), fullCode, orderId, merchantId: 'store', createdAt: new Date(atMs).toISOString(), metadata: {} };
}

const ids = (events: readonly ParsedEvent[]): string[] => events.map((p) => p.event.id);
const fatal = Object.assign(new Error('disk full'), { code: 'storage' });
const isFatal = (error: unknown): boolean => error === fatal;

describe("the ingest's pure steps (orders/polled-events.ts)", () => {
  it('reads leniently, sorts by time, drops what was stored before or repeats, and settles by event then by status', () => {
    const { parsed, rejected } = readBatch([
      wire('e2', 'o1', 'CONFIRMED', T0 + 2_000),
      { code: 'PLC' },
      wire('e1', 'o1', 'PLACED', T0),
      wire('e1', 'o1', 'PLACED', T0),
      wire('e3', 'o2', 'CANCELLED', T0 + 1_000),
      wire('e0', 'o2', 'PLACED', T0 - 1_000),
    ]);
    assert.equal(rejected, 1, 'an event without an id');
    assert.deepEqual(ids(parsed), ['e0', 'e1', 'e1', 'e3', 'e2'], 'oldest first');
    const { fresh, orderIds } = freshEvents(parsed, new Set(['e0']));
    assert.deepEqual(ids(fresh), ['e1', 'e3', 'e2']);
    assert.deepEqual([...orderIds], ['o1', 'o2']);

    const open = new Map<string, OpenAction[]>([
      ['o1', [{ id: 1, action: 'confirm', state: 'sent', attempts: 1 }]],
      ['o2', [{ id: 2, action: 'startPreparation', state: 'queued', attempts: 0 }]],
    ]);
    const state = batchProgress(new Map());
    const settled = applyEvents(fresh, state, T0 + 5_000, open);
    assert.equal(state.progress.get('o1')?.status, 'CONFIRMED');
    assert.equal(state.progress.get('o2')?.status, 'CANCELLED');
    assert.deepEqual([...state.created], ['o1', 'o2'], 'neither was stored before');
    assert.deepEqual(
      settled.map((s) => [s.id, s.state, s.settledBy]),
      [
        [1, 'confirmed', 'event:e2'],
        [2, 'expired', 'status'],
      ],
    );
    assert.equal(open.get('o1')?.length, 1, "the caller's map is left as it was read");
  });
});

describe('one batch, else one event at a time (orders/batch-fallback.ts)', () => {
  const { parsed } = readBatch([wire('a', 'o1', 'PLACED', T0), wire('poison', 'o2', 'PLACED', T0 + 1), wire('c', 'o3', 'PLACED', T0 + 2)]);

  it('stores a batch in one go, or each event on its own when the batch fails on its data (synchronously, as on SQLite)', () => {
    const tries: string[][] = [];
    const store = (events: readonly ParsedEvent[]): string[] => {
      tries.push(ids(events));
      if (ids(events).includes('poison')) throw new Error('a value the database cannot hold');
      return ids(events);
    };
    const clean = storeBatchOrEach(parsed.slice(0, 1), { store, isFatal, logger: silentLogger });
    assert.deepEqual(clean, { results: [['a']], failed: [] });

    tries.length = 0;
    const poisoned = storeBatchOrEach(parsed, { store, isFatal, logger: silentLogger });
    assert.deepEqual(poisoned, { results: [['a'], ['c']], failed: ['poison'] }, 'one poisoned event holds back no other');
    assert.deepEqual(tries, [['a', 'poison', 'c'], ['a'], ['poison'], ['c']]);
  });

  it('does the same asynchronously (as on PostgreSQL), one event after the other', async () => {
    let inFlight = 0;
    const store = async (events: readonly ParsedEvent[]): Promise<string[]> => {
      assert.equal(inFlight++, 0, 'never two transactions at once');
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      if (ids(events).includes('poison')) throw new Error('invalid byte sequence');
      return ids(events);
    };
    assert.deepEqual(await storeBatchOrEach(parsed, { store, isFatal, logger: silentLogger }), { results: [['a'], ['c']], failed: ['poison'] });
  });

  it('throws a fatal failure at once, of the batch or of an event met during the fallback', async () => {
    assert.throws(
      () =>
        storeBatchOrEach(parsed, {
          store: () => {
            throw fatal;
          },
          isFatal,
          logger: silentLogger,
        }),
      /disk full/,
    );
    const tried: string[] = [];
    await assert.rejects(
      storeBatchOrEach(parsed, {
        store: async (events) => {
          tried.push(ids(events).join());
          if (events.length > 1) throw new Error('a value the database cannot hold');
          if (ids(events)[0] === 'poison') throw fatal;
          return ids(events);
        },
        isFatal,
        logger: silentLogger,
      }),
      /disk full/,
    );
    assert.deepEqual(tried, ['a,poison,c', 'a', 'poison'], 'nothing tried after the database failed');
  });
});
