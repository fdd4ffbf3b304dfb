import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ManualClock } from '../../src-main/clock';
import { OrderStore } from '../../src-main/store/order-store';
import { EventIngest } from '../../src-main/sync/ingest';
import { MERCHANT, memoryStore, silentLogger } from './sync-fakes';

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
    const [row] = store.orders.boardRows([id]);
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
    assert.equal(store.orders.boardRows([id])[0]?.status, 'CONFIRMED');
    store.write(() => store.orders.saveDetail(id, { id, status: 'READY_TO_PICKUP' }, T0));
    assert.equal(store.orders.boardRows([id])[0]?.status, 'READY_TO_PICKUP', 'a newer detail moves it forward');
  });

  it("builds today's board: open orders of the last 24 h, recently closed ones, per store or all", () => {
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
    const all = store.orders.board({ now: T0 });
    assert.deepEqual(all.map((r) => r.id).sort(), [fresh, otherStore, closed].sort());
    const mine = store.orders.board({ now: T0, merchantId: MERCHANT });
    assert.deepEqual(mine.map((r) => r.id).sort(), [fresh, closed].sort());
    // Closed orders leave the board after 3 hours.
    assert.deepEqual(store.orders.board({ now: T0 + 4 * HOUR }).map((r) => r.id).sort(), [fresh, otherStore].sort());
  });

  it('shows the newest action that is not confirmed as the pending action', () => {
    const store = memoryStore();
    const ingest = new EventIngest(store, new ManualClock(T0), silentLogger);
    const id = randomUUID();
    ingest.apply([placedEvent(id, T0)]);
    const a = store.write(() => store.outbox.insert({ orderId: id, action: 'confirm', payload: null, expiresMs: null, now: T0 }));
    assert.deepEqual(store.orders.boardRows([id])[0]?.pendingAction, { id: a.id, action: 'confirm', state: 'queued', reason: null });
    store.write(() => store.outbox.settle(a.id, 'confirmed', null, 'test', T0));
    assert.equal(store.orders.boardRows([id])[0]?.pendingAction, null);
    assert.equal(store.write(() => store.outbox.settle(a.id, 'failed', null, 'test', T0)), false, 'a settled action stays settled');
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
    assert.deepEqual(store.outbox.due(T0).map((r) => r.id), [a1.id, b1.id]);
    store.write(() => {
      store.outbox.markSent(a1.id, T0, T0 + 60_000);
      store.outbox.markSent(b1.id, T0, T0 + 90_000);
    });
    assert.deepEqual(store.outbox.due(T0).map((r) => r.id), [], 'a2 waits for a1 to settle');
    assert.equal(store.outbox.nextWakeMs(), T0 + 60_000, 'the queued a2 behind a1 does not make the worker spin');
    store.write(() => store.outbox.settle(a1.id, 'confirmed', null, 'test', T0));
    assert.deepEqual(store.outbox.due(T0).map((r) => r.id), [a2.id]);
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
    assert.equal(store.orders.boardRows([id])[0]?.status, 'PLACED');
  });

  it('keeps the board across a restart: the same rows from the same file', () => {
    const file = dir;
    const first = OrderStore.open(file);
    const ingest = new EventIngest(first, new ManualClock(T0), silentLogger);
    const id = randomUUID();
    ingest.apply([placedEvent(id, T0)]);
    first.write(() => first.orders.saveDetail(id, { id, displayId: 'AB12', status: 'PLACED', customer: { name: 'Carla' } }, T0));
    first.write(() => first.outbox.insert({ orderId: id, action: 'confirm', payload: null, expiresMs: null, now: T0 }));
    const before = first.orders.board({ now: T0 });
    first.close();
    const second = OrderStore.open(file);
    try {
      assert.deepEqual(second.orders.board({ now: T0 }), before);
      assert.equal(before[0]?.pendingAction?.state, 'queued');
    } finally {
      second.close();
    }
  });
});
