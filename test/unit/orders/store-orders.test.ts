import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { DATABASE_FILE } from '../../../src-main/db/database';
import { OrdersDb } from '../../../src-main/db/orders/orders-db';
import { orderStub, type OrderProgress } from '../../../src-main/orders/progress';
import { EventIngest } from '../../../src-main/sync/ingest';
import { MERCHANT, memoryStore, silentLogger } from '../../support/sync/fakes';

const T0 = Date.parse('2026-11-21T12:00:00Z');
const HOUR = 3600_000;
const OTHER = 'e5d41f63-5e7c-4b8a-8f30-4b5c6d7e8f94';

function placedEvent(orderId: string, atMs: number, merchantId = MERCHANT, code = 'PLC', fullCode = 'PLACED') {
  return { id: randomUUID(), code, fullCode, orderId, merchantId, createdAt: new Date(atMs).toISOString(), metadata: {} };
}

const dir = mkdtempSync(join(tmpdir(), 'st-store-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('orders repository', () => {
  it('keeps the detail as returned and fills the board columns from it', () => {
    const store = memoryStore();
    const ingest = new EventIngest(store, new ManualClock(T0), silentLogger);
    const id = randomUUID();
    ingest.apply([placedEvent(id, T0)]);
    const detail = {
      id,
      displayId: '7F3A',
      status: 'PLACED',
      orderType: 'TAKEOUT',
      orderTiming: 'SCHEDULED',
      createdAt: new Date(T0).toISOString(),
      preparationStartDateTime: new Date(T0 + 2 * HOUR).toISOString(),
      merchant: { id: MERCHANT },
      customer: { name: 'Bruno' },
      items: [{}, {}, {}],
      total: { orderAmount: 99.9 },
      somethingNew: { kept: true },
    };
    store.write(() => store.orders.saveDetail(id, detail, T0));
    assert.deepEqual(store.orders.detail(id)?.detail, detail);
    const [row] = store.board.rowsOf([id]);
    assert.equal(row?.displayId, '7F3A');
    assert.equal(row?.orderType, 'TAKEOUT');
    assert.equal(row?.timing, 'SCHEDULED');
    assert.equal(row?.preparationStartDateTime, detail.preparationStartDateTime);
    assert.equal(row?.customerName, 'Bruno');
    assert.equal(row?.itemsCount, 3);
    assert.equal(row?.total, 99.9);
    assert.equal(row?.detailMissing, false);
  });

  it('never lets an older detail move the status back', () => {
    const store = memoryStore();
    const ingest = new EventIngest(store, new ManualClock(T0), silentLogger);
    const id = randomUUID();
    ingest.apply([placedEvent(id, T0), placedEvent(id, T0 + 1, MERCHANT, 'CFM', 'CONFIRMED')]);
    store.write(() => store.orders.saveDetail(id, { id, status: 'PLACED' }, T0));
    assert.equal(store.board.rowsOf([id])[0]?.status, 'CONFIRMED');
    store.write(() => store.orders.saveDetail(id, { id, status: 'READY_TO_PICKUP' }, T0));
    assert.equal(store.board.rowsOf([id])[0]?.status, 'READY_TO_PICKUP', 'a newer detail moves it forward');
  });

  it('builds the board: every open order whatever its age, newest first, recently closed ones, per store or all', () => {
    const store = memoryStore();
    const ingest = new EventIngest(store, new ManualClock(T0), silentLogger);
    const fresh = randomUUID();
    const yesterday = randomUUID();
    const otherStore = randomUUID();
    const closed = randomUUID();
    ingest.apply([
      placedEvent(fresh, T0 - HOUR),
      placedEvent(yesterday, T0 - 25 * HOUR),
      placedEvent(otherStore, T0 - HOUR, OTHER),
      placedEvent(closed, T0 - 2 * HOUR),
      placedEvent(closed, T0 - HOUR, MERCHANT, 'CON', 'CONCLUDED'),
    ]);
    const all = store.board.rows({ now: T0 });
    assert.deepEqual(all.map((r) => r.id).sort(), [fresh, yesterday, otherStore, closed].sort());
    assert.equal(all.at(-2)?.id, yesterday, 'open orders newest first, the oldest last');
    const mine = store.board.rows({ now: T0, merchantId: MERCHANT });
    assert.deepEqual(mine.map((r) => r.id).sort(), [fresh, yesterday, closed].sort());
    // Closed orders leave the board after 3 hours.
    assert.deepEqual(
      store.board
        .rows({ now: T0 + 4 * HOUR })
        .map((r) => r.id)
        .sort(),
      [fresh, yesterday, otherStore].sort(),
    );
  });

  it('shows the newest action that is not confirmed as the pending action', () => {
    const store = memoryStore();
    const ingest = new EventIngest(store, new ManualClock(T0), silentLogger);
    const id = randomUUID();
    ingest.apply([placedEvent(id, T0)]);
    const a = store.write(() => store.outbox.insert({ orderId: id, action: 'confirm', payload: null, expiresMs: null, now: T0 }));
    assert.deepEqual(store.board.rowsOf([id])[0]?.pendingAction, { id: a.id, action: 'confirm', state: 'queued', reason: null });
    store.write(() => store.outbox.settle(a.id, 'confirmed', null, 'test', T0));
    assert.equal(store.board.rowsOf([id])[0]?.pendingAction, null);
    assert.equal(
      store.write(() => store.outbox.settle(a.id, 'failed', null, 'test', T0)),
      false,
      'a settled action stays settled',
    );
  });

  it('lists only the head of each order queue as due, and wakes for heads and sent checks only', () => {
    const store = memoryStore();
    const ingest = new EventIngest(store, new ManualClock(T0), silentLogger);
    const one = randomUUID();
    const two = randomUUID();
    ingest.apply([placedEvent(one, T0), placedEvent(two, T0)]);
    const a1 = store.write(() => store.outbox.insert({ orderId: one, action: 'confirm', payload: null, expiresMs: null, now: T0 }));
    const a2 = store.write(() => store.outbox.insert({ orderId: one, action: 'startPreparation', payload: null, expiresMs: null, now: T0 }));
    const b1 = store.write(() => store.outbox.insert({ orderId: two, action: 'confirm', payload: null, expiresMs: null, now: T0 }));
    assert.deepEqual(
      store.outbox.due(T0).map((r) => r.id),
      [a1.id, b1.id],
    );
    store.write(() => {
      store.outbox.markSent(a1.id, T0, T0 + 60_000);
      store.outbox.markSent(b1.id, T0, T0 + 90_000);
    });
    assert.deepEqual(
      store.outbox.due(T0).map((r) => r.id),
      [],
      'a2 waits for a1 to settle',
    );
    assert.equal(store.outbox.nextWakeMs(), T0 + 60_000, 'the queued a2 behind a1 does not make the worker spin');
    store.write(() => store.outbox.settle(a1.id, 'confirmed', null, 'test', T0));
    assert.deepEqual(
      store.outbox.due(T0).map((r) => r.id),
      [a2.id],
    );
  });

  it('forgets progress written by a transaction that rolled back', () => {
    const store = memoryStore();
    const ingest = new EventIngest(store, new ManualClock(T0), silentLogger);
    const id = randomUUID();
    ingest.apply([placedEvent(id, T0)]);
    assert.throws(() =>
      store.write(() => {
        const progress = store.orders.progress(id);
        if (!progress) throw new Error('missing');
        store.orders.writeProgress({ ...progress, status: 'CONFIRMED', status_rank: 20 }, T0);
        assert.equal(store.orders.progress(id)?.status, 'CONFIRMED');
        throw new Error('rollback');
      }),
    );
    assert.equal(store.orders.progress(id)?.status, 'PLACED');
    assert.equal(store.board.rowsOf([id])[0]?.status, 'PLACED');
  });

  it('keeps the board across a restart: the same rows from the same file', () => {
    const file = dir;
    const first = OrdersDb.open(file);
    const ingest = new EventIngest(first, new ManualClock(T0), silentLogger);
    const id = randomUUID();
    ingest.apply([placedEvent(id, T0)]);
    first.write(() => first.orders.saveDetail(id, { id, displayId: 'AB12', status: 'PLACED', customer: { name: 'Carla' } }, T0));
    first.write(() => first.outbox.insert({ orderId: id, action: 'confirm', payload: null, expiresMs: null, now: T0 }));
    const before = first.board.rows({ now: T0 });
    first.close();
    const second = OrdersDb.open(file);
    try {
      assert.deepEqual(second.board.rows({ now: T0 }), before);
      assert.equal(before[0]?.pendingAction?.state, 'queued');
    } finally {
      second.close();
    }
  });

  it('writes the progression whatever columns changed, with or without the row as read', () => {
    const store = memoryStore();
    const id = randomUUID();
    const base = orderStub({ id, merchantId: MERCHANT, createdAt: new Date(T0).toISOString(), createdMs: T0, now: T0 });
    store.write(() => store.orders.insertProgress(base, T0));
    const fromDisk = (): OrderProgress | undefined => {
      store.orders.forgetRecent();
      return store.orders.progress(id);
    };
    assert.deepEqual(fromDisk(), base);
    // Each step changes one group of columns (plain ones, then each indexed group) over the previous row.
    const steps: Partial<OrderProgress>[] = [
      { status: 'CONFIRMED', status_rank: 20, last_event_code: 'CONFIRMED', last_event_ms: T0 + 1, unknown_events: 2, cancel_requested_ms: T0 + 2 },
      { board_ms: T0 + HOUR, created_at: null, created_ms: null, confirm_deadline_ms: null },
      { detail_state: 'stale' },
      { driver_assigned_ms: T0 + 3 },
      { status: 'CONCLUDED', status_rank: 60, is_open: 0, closed_ms: T0 + 4 },
    ];
    let before = base;
    for (const step of steps) {
      const next = { ...before, ...step };
      store.write(() => store.orders.writeProgress(next, T0, before));
      assert.deepEqual(fromDisk(), next, JSON.stringify(step));
      before = next;
    }
    assert.deepEqual(
      store.board.rows({ now: T0 + 5 }).map((r) => [r.id, r.status]),
      [[id, 'CONCLUDED']],
      'among the recently closed',
    );
    // Without the row as read, everything is written.
    const reopened = { ...before, is_open: 1, closed_ms: null, detail_state: 'missing' as const, board_ms: T0 };
    store.write(() => store.orders.writeProgress(reopened, T0));
    assert.deepEqual(fromDisk(), reopened);
    assert.deepEqual(store.orders.needingDetail('missing'), [id]);
  });

  it('looks up a whole poll at once: stored event ids, and the progression of orders (copies)', () => {
    const store = memoryStore();
    const ingest = new EventIngest(store, new ManualClock(T0), silentLogger);
    const cached = randomUUID();
    const onDisk = randomUUID();
    const placed = [placedEvent(cached, T0), placedEvent(onDisk, T0)];
    ingest.apply(placed);
    assert.deepEqual(store.events.storedAmong([placed[1]!.id, 'never-seen', placed[0]!.id]), new Set([placed[0]!.id, placed[1]!.id]));
    assert.deepEqual(store.events.storedAmong([]), new Set());
    store.orders.forgetRecent();
    store.write(() => {
      const progress = store.orders.progress(cached);
      if (progress) store.orders.writeProgress({ ...progress, unknown_events: 1 }, T0, progress);
    });
    const found = store.orders.progressAmong([cached, onDisk, 'no-such-order']);
    assert.deepEqual([...found.keys()].sort(), [cached, onDisk].sort());
    assert.equal(found.get(cached)?.unknown_events, 1, 'as last written');
    assert.equal(found.get(onDisk)?.status, 'PLACED');
    const copy = found.get(cached);
    if (copy) copy.status = 'CANCELLED';
    assert.equal(store.orders.progress(cached)?.status, 'PLACED', 'changing what was returned changes nothing');
  });

  it('offers for acknowledgment the stored events whose order has its first detail, in the order asked', () => {
    const store = memoryStore();
    const ingest = new EventIngest(store, new ManualClock(T0), silentLogger);
    const withDetail = randomUUID();
    const waiting = randomUUID();
    const a = placedEvent(withDetail, T0);
    const b = placedEvent(waiting, T0);
    const c = placedEvent(withDetail, T0 + 1, MERCHANT, 'CFM', 'CONFIRMED');
    const orderless = { id: randomUUID(), code: 'XYZ', fullCode: 'SOMETHING_ELSE' };
    ingest.apply([a, b, c, orderless]);
    store.write(() => store.orders.saveDetail(withDetail, { id: withDetail, status: 'CONFIRMED' }, T0));
    assert.deepEqual(store.events.ackable([c.id, 'never-stored', b.id, orderless.id, a.id]), [c.id, orderless.id, a.id]);
    assert.deepEqual(store.events.ackable([]), []);
  });

  it('checkpoints the WAL into the database file when asked', () => {
    const folder = mkdtempSync(join(dir, 'wal-'));
    const store = OrdersDb.open(folder);
    try {
      const ingest = new EventIngest(store, new ManualClock(T0), silentLogger);
      for (let i = 0; i < 20; i++)
        ingest.apply(
          Array.from({ length: 50 }, (_, k) => placedEvent(randomUUID(), T0 + k)),
          T0,
        );
      const file = join(folder, DATABASE_FILE);
      const before = statSync(file).size;
      assert.ok(statSync(`${file}-wal`).size > 0);
      store.checkpoint();
      assert.ok(statSync(file).size > before, `the database file grew from ${before} bytes`);
      assert.equal(store.events.count(), 1000);
    } finally {
      store.close();
    }
  });
});

describe('board rows of platform deliveries and cancellations', () => {
  it("say where the driver is (latest driver event) and the tracking's ETAs", () => {
    const store = memoryStore();
    const ingest = new EventIngest(store, new ManualClock(T0), silentLogger);
    const id = randomUUID();
    ingest.apply([placedEvent(id, T0)]);
    store.write(() => store.orders.saveDetail(id, { id, status: 'CONFIRMED', orderType: 'DELIVERY', delivery: { deliveredBy: 'PLATFORM' } }, T0));
    assert.equal(store.board.rowsOf([id])[0]?.driver, null, 'no driver before ASSIGN_DRIVER');
    ingest.apply([placedEvent(id, T0 + 60_000, MERCHANT, 'ADR', 'ASSIGN_DRIVER'), placedEvent(id, T0 + 120_000, MERCHANT, 'GTO', 'GOING_TO_ORIGIN')]);
    assert.deepEqual(store.board.rowsOf([id])[0]?.driver, { state: 'toStore', pickupEtaSeconds: null, deliveryEtaSeconds: null, checkedAt: null });
    store.write(() => store.tracking.save(id, { latitude: -23.5, longitude: -46.6, pickupEtaStart: 240, deliveryEtaEnd: 1500 }, T0 + 130_000));
    assert.deepEqual(store.board.rowsOf([id])[0]?.driver, {
      state: 'toStore',
      pickupEtaSeconds: 240,
      deliveryEtaSeconds: 1500,
      checkedAt: new Date(T0 + 130_000).toISOString(),
    });
    ingest.apply([placedEvent(id, T0 + 300_000, MERCHANT, 'AAO', 'ARRIVED_AT_ORIGIN')]);
    assert.equal(store.board.rowsOf([id])[0]?.driver?.state, 'atStore');
  });

  it('say who cancelled and why, read leniently from the event', () => {
    const store = memoryStore();
    const ingest = new EventIngest(store, new ManualClock(T0), silentLogger);
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    ingest.apply([placedEvent(a, T0), placedEvent(b, T0), placedEvent(c, T0)]);
    ingest.apply([
      { ...placedEvent(a, T0 + 1, MERCHANT, 'CAN', 'CANCELLED'), metadata: { origin: 'CUSTOMER', reason: 'changed mind' } },
      { ...placedEvent(b, T0 + 1, MERCHANT, 'CAN', 'CANCELLED'), metadata: { origin: 42, reason: ['?'], cancelCode: 503 } },
      { ...placedEvent(c, T0 + 1, MERCHANT, 'CAN', 'CANCELLED'), metadata: { origin: 'MERCHANT', reason: 'Item indisponível', cancelCode: '503' } },
    ]);
    assert.deepEqual(store.board.rowsOf([a])[0]?.cancellation, { origin: 'CUSTOMER', reason: 'changed mind', code: null });
    assert.deepEqual(store.board.rowsOf([b])[0]?.cancellation, { origin: null, reason: null, code: null }, 'unreadable fields read as unknown');
    // The spec's code travels with the reason: the screen words it in its language.
    assert.deepEqual(store.board.rowsOf([c])[0]?.cancellation, { origin: 'MERCHANT', reason: 'Item indisponível', code: '503' });
  });
});
