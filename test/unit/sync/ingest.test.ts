import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { readOrderEvent } from '../../../src-shared/wire/events';
import { ManualClock } from '../../../src-main/base/clock';
import { EventIngest } from '../../../src-main/sync/ingest';
import { MERCHANT, memoryStore, silentLogger } from '../../support/sync/fakes';

const T0 = Date.parse('2026-11-21T12:00:00Z');

function event(orderId: string, code: string, fullCode: string, atMs: number, extra: Record<string, unknown> = {}) {
  return { id: randomUUID(), code, fullCode, orderId, merchantId: MERCHANT, createdAt: new Date(atMs).toISOString(), metadata: {}, ...extra };
}

function setup() {
  const clock = new ManualClock(T0);
  const store = memoryStore();
  const ingest = new EventIngest(store, clock, silentLogger);
  return { clock, store, ingest };
}

describe('event ingest', () => {
  it('stores each event once, deduplicated by id, and reports duplicates', () => {
    const { store, ingest } = setup();
    const order = randomUUID();
    const placed = event(order, 'PLC', 'PLACED', T0);
    const first = ingest.apply([placed, placed]);
    assert.equal(first.stored, 1);
    assert.equal(first.duplicates, 1);
    assert.deepEqual(first.eventIds, [placed.id]);
    const again = ingest.apply([placed]);
    assert.equal(again.stored, 0);
    assert.equal(again.duplicates, 1);
    assert.equal(again.changedOrders.size, 0, 'a duplicate changes nothing');
    assert.equal(store.events.count(), 1);
  });

  it('applies only the new events of a poll that repeats stored ones, and counts each once', () => {
    const { store, ingest } = setup();
    const order = randomUUID();
    const placed = event(order, 'PLC', 'PLACED', T0);
    const unknown = event(order, 'XYZ', 'SOMETHING_NEW', T0 + 1);
    ingest.apply([placed, unknown]);
    // The ack was lost: both come back, with one new event for this order and one for a new order.
    const confirmed = event(order, 'CFM', 'CONFIRMED', T0 + 2);
    const other = randomUUID();
    const result = ingest.apply([unknown, confirmed, placed, event(other, 'PLC', 'PLACED', T0 + 3), confirmed]);
    assert.equal(result.stored, 2);
    assert.equal(result.duplicates, 3);
    assert.deepEqual([...result.changedOrders].sort(), [order, other].sort());
    const progress = store.orders.progress(order);
    assert.equal(progress?.status, 'CONFIRMED');
    assert.equal(progress?.unknown_events, 1, 'the repeated unknown event is not counted again');
    assert.equal(store.events.forOrder(order).length, 3);
    assert.equal(store.orders.progress(other)?.status, 'PLACED');
  });

  it('recognises ids SQLite cannot give back as they came (a lone surrogate), across polls and restarts of the cache', () => {
    const { store, ingest } = setup();
    const order = `order-\ud800-${randomUUID()}`;
    const placed = { ...event(order, 'PLC', 'PLACED', T0), id: `event-\udfff-${randomUUID()}` };
    ingest.apply([placed]);
    store.orders.forgetRecent();
    const again = ingest.apply([placed, event(order, 'CFM', 'CONFIRMED', T0 + 1)]);
    assert.deepEqual([again.stored, again.duplicates, again.failed.length], [1, 1, 0]);
    store.orders.forgetRecent();
    assert.equal(store.orders.progress(order)?.status, 'CONFIRMED');
    store.write(() => store.orders.markDetail(order, 'fresh', null, T0));
    assert.deepEqual(store.events.ackable([placed.id]), [placed.id], 'acknowledged with the id the platform sent');
  });

  it('creates an order first seen through a later event, and dates it when its PLACED arrives', () => {
    const { store, ingest, clock } = setup();
    const order = randomUUID();
    ingest.apply([event(order, 'CFM', 'CONFIRMED', T0 - 30_000)]);
    let progress = store.orders.progress(order);
    assert.equal(progress?.status, 'CONFIRMED');
    assert.equal(progress?.created_at, null);
    assert.equal(progress?.board_ms, clock.now(), 'on the board from when it was seen');
    ingest.apply([event(order, 'PLC', 'PLACED', T0 - 60_000)]);
    store.orders.forgetRecent();
    progress = store.orders.progress(order);
    assert.equal(progress?.status, 'CONFIRMED', 'a late PLACED does not move it back');
    assert.equal(progress?.created_at, new Date(T0 - 60_000).toISOString());
    assert.equal(progress?.confirm_deadline_ms, T0 - 60_000 + 8 * 60_000);
  });

  it('creates the order from its first event with the 8-minute confirmation deadline', () => {
    const { store, ingest } = setup();
    const order = randomUUID();
    const result = ingest.apply([event(order, 'PLC', 'PLACED', T0 - 60_000)]);
    assert.deepEqual([...result.changedOrders], [order]);
    const [row] = store.board.rowsOf([order]);
    assert.equal(row?.status, 'PLACED');
    assert.equal(row?.merchantId, MERCHANT);
    assert.equal(row?.confirmDeadline, new Date(T0 - 60_000 + 8 * 60_000).toISOString());
    assert.equal(row?.detailMissing, true);
    assert.equal(store.orders.detail(order)?.state, 'missing');
  });

  it('sorts a batch by createdAt and only moves status forward, across batches too', () => {
    const { store, ingest } = setup();
    const order = randomUUID();
    // Delivered out of order within one poll.
    ingest.apply([event(order, 'PRS', 'PREPARATION_STARTED', T0 + 2000), event(order, 'PLC', 'PLACED', T0), event(order, 'CFM', 'CONFIRMED', T0 + 1000)]);
    assert.equal(store.board.rowsOf([order])[0]?.status, 'PREPARATION_STARTED');
    assert.equal(store.board.rowsOf([order])[0]?.lastEventCode, 'PREPARATION_STARTED');
    // A late CONFIRMED (older) in a later poll does not move it back, nor become the last event.
    ingest.apply([event(order, 'CFM', 'CONFIRMED', T0 + 500)]);
    const row = store.board.rowsOf([order])[0];
    assert.equal(row?.status, 'PREPARATION_STARTED');
    assert.equal(row?.lastEventCode, 'PREPARATION_STARTED');
    assert.equal(store.events.forOrder(order).length, 4);
  });

  it('stores unknown codes, flags the order, and never drops them', () => {
    const { store, ingest } = setup();
    const order = randomUUID();
    ingest.apply([event(order, 'PLC', 'PLACED', T0), event(order, 'XYZ', 'SOMETHING_NEW', T0 + 1000, { metadata: { a: 1 } })]);
    const row = store.board.rowsOf([order])[0];
    assert.equal(row?.hasUnknownEvents, true);
    assert.equal(row?.lastEventCode, 'SOMETHING_NEW');
    assert.equal(row?.status, 'PLACED');
    const stored = store.events.forOrder(order).find((e) => e.code === 'XYZ');
    assert.equal(stored?.known, false);
    const kept = store.db.prepare<[string], { metadata: string }>('SELECT metadata FROM events WHERE id = ?').get(stored?.id ?? '');
    assert.deepEqual(JSON.parse(kept?.metadata ?? 'null'), { a: 1 }, 'its metadata is kept as it came');
  });

  it('reads events leniently: missing fields are stored empty, events without an id are skipped', () => {
    const { store, ingest } = setup();
    const result = ingest.apply([
      { id: 'e-no-order', code: 'PLC' },
      { code: 'PLC' },
      'garbage',
      { id: 'e2', orderId: randomUUID(), createdAt: 'not a date', code: 42 },
    ]);
    assert.equal(result.rejected, 2);
    assert.equal(result.stored, 2);
    assert.deepEqual(result.eventIds.sort(), ['e-no-order', 'e2']);
    assert.equal(store.events.count(), 2);
  });

  it('shows a cancellation the store asked for until the platform answers, and closes the order on CANCELLED', () => {
    const { store, ingest, clock } = setup();
    const order = randomUUID();
    ingest.apply([event(order, 'PLC', 'PLACED', T0), event(order, 'CFM', 'CONFIRMED', T0 + 1), event(order, 'CAR', 'CANCELLATION_REQUESTED', T0 + 2)]);
    assert.equal(store.board.rowsOf([order])[0]?.status, 'CANCELLATION_REQUESTED');
    ingest.apply([event(order, 'CARF', 'CANCELLATION_REQUEST_FAILED', T0 + 3)]);
    assert.equal(store.board.rowsOf([order])[0]?.status, 'CONFIRMED');
    ingest.apply([event(order, 'CAR', 'CANCELLATION_REQUESTED', T0 + 4), event(order, 'CAN', 'CANCELLED', T0 + 5)]);
    assert.equal(store.board.rowsOf([order])[0]?.status, 'CANCELLED');
    const board = store.board.rows({ now: clock.now() });
    assert.equal(board.find((r) => r.id === order)?.status, 'CANCELLED', 'shown among the recently closed');
  });

  it('settles outbox actions by their outcome events and expires what a closed order makes moot', () => {
    const { store, ingest, clock } = setup();
    const order = randomUUID();
    ingest.apply([event(order, 'PLC', 'PLACED', T0)]);
    const confirm = store.write(() => store.outbox.insert({ orderId: order, action: 'confirm', payload: null, expiresMs: null, now: clock.now() }));
    store.write(() => store.outbox.markSent(confirm.id, clock.now(), clock.now() + 60_000));
    const prep = store.write(() => store.outbox.insert({ orderId: order, action: 'startPreparation', payload: null, expiresMs: null, now: clock.now() }));
    const cfm = event(order, 'CFM', 'CONFIRMED', T0 + 1000);
    const result = ingest.apply([cfm]);
    assert.deepEqual([...result.changedActions], [confirm.id]);
    assert.equal(store.outbox.get(confirm.id)?.state, 'confirmed');
    assert.equal(store.outbox.get(confirm.id)?.settled_by, `event:${cfm.id}`);
    // The customer cancels: the queued startPreparation can no longer take effect.
    ingest.apply([event(order, 'CAN', 'CANCELLED', T0 + 2000)]);
    const expired = store.outbox.get(prep.id);
    assert.equal(expired?.state, 'expired');
    assert.match(expired?.reason ?? '', /CANCELLED/);
  });

  it('fails a sent cancellation on CANCELLATION_REQUEST_FAILED, with the reason', () => {
    const { store, ingest, clock } = setup();
    const order = randomUUID();
    ingest.apply([event(order, 'PLC', 'PLACED', T0), event(order, 'CFM', 'CONFIRMED', T0 + 1)]);
    const cancel = store.write(() =>
      store.outbox.insert({ orderId: order, action: 'requestCancellation', payload: { reason: '503' }, expiresMs: null, now: clock.now() }),
    );
    store.write(() => store.outbox.markSent(cancel.id, clock.now(), clock.now() + 60_000));
    ingest.apply([event(order, 'CAR', 'CANCELLATION_REQUESTED', T0 + 2), event(order, 'CARF', 'CANCELLATION_REQUEST_FAILED', T0 + 3)]);
    const row = store.outbox.get(cancel.id);
    assert.equal(row?.state, 'failed');
    assert.match(row?.reason ?? '', /refused/);
    assert.equal(store.board.rowsOf([order])[0]?.pendingAction?.state, 'failed');
  });

  it('confirms an action whose effect shows through a later status even if its own event is missing', () => {
    const { store, ingest, clock } = setup();
    const order = randomUUID();
    ingest.apply([event(order, 'PLC', 'PLACED', T0)]);
    const confirm = store.write(() => store.outbox.insert({ orderId: order, action: 'confirm', payload: null, expiresMs: null, now: clock.now() }));
    store.write(() => store.outbox.markSent(confirm.id, clock.now(), clock.now() + 60_000));
    ingest.apply([event(order, 'PRS', 'PREPARATION_STARTED', T0 + 5)]);
    assert.equal(store.outbox.get(confirm.id)?.state, 'confirmed');
    assert.equal(store.outbox.get(confirm.id)?.settled_by, 'status');
  });

  it('marks a PLATFORM order for tracking on ASSIGN_DRIVER and the detail stale on an accepted address change', () => {
    const { store, ingest, clock } = setup();
    const order = randomUUID();
    ingest.apply([event(order, 'PLC', 'PLACED', T0)]);
    store.write(() => store.orders.saveDetail(order, { id: order, status: 'PLACED', delivery: { deliveredBy: 'PLATFORM' } }, clock.now()));
    ingest.apply([event(order, 'ADR', 'ASSIGN_DRIVER', T0 + 1), event(order, 'DAA', 'DELIVERY_ADDRESS_CHANGE_ACCEPTED', T0 + 2)]);
    assert.deepEqual(store.tracking.due(clock.now()), [order]);
    assert.equal(store.orders.detail(order)?.state, 'stale');
  });

  it('keeps every event of a batch when one of them cannot be processed, and reports that one', () => {
    const { store, ingest } = setup();
    const good = event(randomUUID(), 'PLC', 'PLACED', T0);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const bad = event(randomUUID(), 'PLC', 'PLACED', T0 + 1, { metadata: cyclic });
    const result = ingest.apply([good, bad]);
    assert.deepEqual(result.failed, [bad.id]);
    assert.deepEqual(result.eventIds, [good.id], 'the failed event is not offered for acknowledgment');
    assert.equal(result.stored, 1);
    assert.equal(store.events.count(), 1);
  });
});

describe('order event reader', () => {
  it('needs only an id; any other field it cannot read is absent, never a reason to drop the event', () => {
    const read = (value: unknown) => {
      const event = readOrderEvent(value);
      // A key holding undefined and a missing key read the same.
      return event && Object.fromEntries(Object.entries(event).filter(([, v]) => v !== undefined));
    };
    assert.deepEqual(read({ id: 'a', code: 'PLC', fullCode: 'PLACED', orderId: 'o', merchantId: 'm', createdAt: '2026-11-21T12:00:00Z', metadata: { x: 1 } }), {
      id: 'a',
      code: 'PLC',
      fullCode: 'PLACED',
      orderId: 'o',
      merchantId: 'm',
      createdAt: '2026-11-21T12:00:00Z',
      metadata: { x: 1 },
    });
    assert.deepEqual(read({ id: 'b' }), { id: 'b' });
    for (const noId of [{ id: '' }, { id: 1 }, { code: 'PLC' }, null, 'text', []]) assert.equal(read(noId), undefined, JSON.stringify(noId));
    assert.deepEqual(read({ id: 'c', code: 5, fullCode: null, orderId: '', merchantId: ['m'], createdAt: 7, metadata: null }), { id: 'c', metadata: null });
    assert.deepEqual(read({ id: 'd', orderId: 'o', extra: true }), { id: 'd', orderId: 'o' });
  });
});
