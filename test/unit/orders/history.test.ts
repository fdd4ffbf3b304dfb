import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import type { OrdersDb } from '../../../src-main/db/orders/orders-db';
import type { TrailRecord } from '../../../src-main/db/orders/trail-repo';
import { historyHandlers } from '../../../src-main/features/history/handlers';
import { summarise } from '../../../src-main/orders/day-summary';
import { EventIngest } from '../../../src-main/sync/ingest';
import { MERCHANT, memoryStore, silentLogger } from '../../support/sync/fakes';

const T0 = Date.parse('2026-11-24T15:00:00Z');
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const OTHER = 'e5d41f63-5e7c-4b8a-8f30-4b5c6d7e8f94';

const event = (orderId: string, code: string, atMs: number, merchantId = MERCHANT, metadata: object = {}) => ({
  id: randomUUID(),
  code,
  fullCode: code,
  orderId,
  merchantId,
  createdAt: new Date(atMs).toISOString(),
  metadata,
});

/** An order placed at `atMs`, with its detail (short code, customer, type, total). */
function place(
  db: OrdersDb,
  ingest: EventIngest,
  o: { at: number; name: string; code: string; merchant?: string; type?: string; total?: number; timing?: string },
): string {
  const id = randomUUID();
  ingest.apply([event(id, 'PLC', o.at, o.merchant)]);
  db.write(() =>
    db.orders.saveDetail(
      id,
      {
        id,
        displayId: o.code,
        status: 'PLACED',
        orderType: o.type ?? 'DELIVERY',
        orderTiming: o.timing ?? 'IMMEDIATE',
        createdAt: new Date(o.at).toISOString(),
        merchant: { id: o.merchant ?? MERCHANT },
        customer: { name: o.name },
        items: [{}],
        total: { orderAmount: o.total ?? 10 },
      },
      o.at,
    ),
  );
  return id;
}

function setUp() {
  const db = memoryStore();
  const ingest = new EventIngest(db, new ManualClock(T0), silentLogger);
  return { db, ingest };
}

describe('order history (search over every stored order)', () => {
  it('finds by a part of the customer name, accents and case aside, and by the start of the short code', () => {
    const { db, ingest } = setUp();
    const maria = place(db, ingest, { at: T0 - HOUR, name: 'Maria da Silva', code: '7F3A' });
    const jose = place(db, ingest, { at: T0 - 2 * HOUR, name: 'José Souza', code: 'A1B2' });
    place(db, ingest, { at: T0 - 3 * HOUR, name: 'Bruno Lima', code: 'C9D0' });
    assert.deepEqual(
      db.history.search({ text: 'silva', limit: 50 }).rows.map((r) => r.id),
      [maria],
    );
    assert.deepEqual(
      db.history.search({ text: 'JOSE', limit: 50 }).rows.map((r) => r.id),
      [jose],
    );
    assert.deepEqual(
      db.history.search({ text: '7f', limit: 50 }).rows.map((r) => r.id),
      [maria],
      'two characters: the start of the short code',
    );
    assert.deepEqual(db.history.search({ text: '"; DROP TABLE orders; --', limit: 50 }).rows, [], 'search syntax is text');
    assert.equal(db.history.search({ limit: 50 }).rows.length, 3);
  });

  it('a detail arriving later (a new name) is found by its new name only', () => {
    const { db, ingest } = setUp();
    const id = place(db, ingest, { at: T0, name: 'Ana Paula', code: '1111' });
    db.write(() => db.orders.saveDetail(id, { id, displayId: '1111', customer: { name: 'Carla Dias' }, createdAt: new Date(T0).toISOString() }, T0));
    assert.deepEqual(db.history.search({ text: 'paula', limit: 50 }).rows, []);
    assert.deepEqual(
      db.history.search({ text: 'carla', limit: 50 }).rows.map((r) => r.id),
      [id],
    );
  });

  it('filters by store, status, type and date range, and pages newest first without repeats', () => {
    const { db, ingest } = setUp();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++)
      ids.push(
        place(db, ingest, {
          at: T0 - i * HOUR,
          name: `Cliente ${i}`,
          code: `X${i}00`,
          merchant: i % 2 ? OTHER : MERCHANT,
          type: i < 3 ? 'TAKEOUT' : 'DELIVERY',
        }),
      );
    ingest.apply([event(ids[0] as string, 'CAN', T0 + 1)]);
    assert.deepEqual(
      db.history.search({ merchantId: OTHER, limit: 50 }).rows.map((r) => r.id),
      [ids[1], ids[3], ids[5]],
    );
    assert.deepEqual(
      db.history.search({ status: 'CANCELLED', limit: 50 }).rows.map((r) => r.id),
      [ids[0]],
    );
    assert.deepEqual(
      db.history.search({ orderType: 'TAKEOUT', limit: 50 }).rows.map((r) => r.id),
      [ids[0], ids[1], ids[2]],
    );
    assert.deepEqual(
      db.history.search({ fromMs: T0 - 4 * HOUR, toMs: T0 - 2 * HOUR + 1, limit: 50 }).rows.map((r) => r.id),
      [ids[2], ids[3], ids[4]],
    );

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = db.history.search({ limit: 3, cursor });
      seen.push(...page.rows.map((r) => r.id));
      cursor = page.next ?? undefined;
    } while (cursor);
    assert.deepEqual(seen, ids, 'every order once, newest first');

    const found: string[] = [];
    cursor = undefined;
    do {
      const page = db.history.search({ text: 'cliente', limit: 2, cursor });
      found.push(...page.rows.map((r) => r.id));
      cursor = page.next ?? undefined;
    } while (cursor);
    assert.deepEqual([...found].sort(), [...ids].sort(), 'a text search pages through every match once');
    assert.deepEqual(db.history.search({ text: 'cliente', limit: 2, cursor: 'c:1:2;DROP' }).rows.length, 2, 'a cursor that is not one reads as the first page');
  });
});

describe('who last acted on each order of a History page (docs/staff.md)', () => {
  const line = (orderId: string, at: number, more: Partial<TrailRecord>): TrailRecord => ({
    at_ms: at,
    person_id: null,
    person_name: null,
    device_id: null,
    device_name: null,
    channel: 'orders:act',
    action: 'confirm',
    order_id: orderId,
    merchant_id: MERCHANT,
    approved_by: null,
    outcome: 'done',
    outbox_id: null,
    error_code: null,
    error_message: null,
    ...more,
  });

  it("names each order's latest act by a person or a manager's approval; refusals and nobody's acts are left out", async () => {
    const { db, ingest } = setUp();
    const cancelled = place(db, ingest, { at: T0 - HOUR, name: 'Maria', code: '7F3A' });
    const confirmed = place(db, ingest, { at: T0 - 2 * HOUR, name: 'José', code: 'A1B2' });
    const untouched = place(db, ingest, { at: T0 - 3 * HOUR, name: 'Bruno', code: 'C9D0' });
    const ana = { person_id: 'p-ana', person_name: 'Ana' };
    db.trail.add(line(cancelled, T0 - 50 * 60_000, ana));
    db.trail.add(line(cancelled, T0 - 40 * 60_000, { ...ana, action: 'requestCancellation', approved_by: 'Marcos' }));
    // A later refusal changed nothing, and a line with nobody signed in names nobody.
    db.trail.add(line(cancelled, T0 - 30 * 60_000, { ...ana, action: 'dispatch', outcome: 'refused', error_code: 'conflict', error_message: 'no' }));
    db.trail.add(line(confirmed, T0 - 90 * 60_000, { person_id: 'p-bia', person_name: 'Bia', device_id: 'screen-2', device_name: 'Balcão 2' }));
    db.trail.add(line(untouched, T0 - 80 * 60_000, {}));

    const page = await historyHandlers(db)['history:list']({ limit: 50 }, null);
    assert.deepEqual(
      page.rows.map((r) => r.id),
      [cancelled, confirmed, untouched],
    );
    assert.deepEqual(Object.keys(page.lastActs).sort(), [cancelled, confirmed].sort());
    assert.deepEqual(
      { action: page.lastActs[cancelled]?.action, by: page.lastActs[cancelled]?.person?.name, approvedBy: page.lastActs[cancelled]?.approvedBy },
      { action: 'requestCancellation', by: 'Ana', approvedBy: 'Marcos' },
    );
    assert.deepEqual([page.lastActs[confirmed]?.person?.name, page.lastActs[confirmed]?.device], ['Bia', 'Balcão 2']);
  });
});

describe('the day summary', () => {
  it('counts, sums and times per store and in total, cancellations with reasons, orders per hour', () => {
    const { db, ingest } = setUp();
    const from = T0 - 12 * HOUR;
    const a = place(db, ingest, { at: from + 30 * 60_000, name: 'A', code: 'AAAA', total: 10.1 });
    const b = place(db, ingest, { at: from + 90 * 60_000, name: 'B', code: 'BBBB', total: 20.2, merchant: OTHER, type: 'TAKEOUT' });
    const c = place(db, ingest, { at: from + 100 * 60_000, name: 'C', code: 'CCCC', total: 99, timing: 'SCHEDULED' });
    place(db, ingest, { at: from - 1, name: 'yesterday', code: 'DDDD' });
    ingest.apply([
      event(a, 'CFM', from + 32 * 60_000),
      event(a, 'RTP', from + 50 * 60_000),
      event(a, 'CON', from + 60 * 60_000),
      event(b, 'CFM', from + 96 * 60_000),
      event(c, 'CAN', from + 108 * 60_000, MERCHANT, {
        origin: 'PLATFORM',
        cancelCode: 'CONFIRMATION_TIMEOUT',
        reason: 'Pedido não confirmado pela loja em até 8 minutos',
      }),
    ]);
    const summary = db.read(() => db.summary.between(from, from + DAY));
    assert.equal(summary.length, 3);
    const day = summarise(summary, from, from + DAY);
    assert.equal(day.total.orders, 3);
    assert.equal(day.total.gross, 30.3, 'cancelled orders are not gross; cents add up exactly');
    assert.equal(day.total.cancelled, 1);
    assert.deepEqual(day.total.cancellations, [
      { origin: 'PLATFORM', reason: 'Pedido não confirmado pela loja em até 8 minutos', code: 'CONFIRMATION_TIMEOUT', count: 1 },
    ]);
    assert.deepEqual(day.total.toConfirm, { averageSeconds: 240, worstSeconds: 360, count: 2 });
    assert.deepEqual(day.total.toReady, { averageSeconds: 1200, worstSeconds: 1200, count: 1 });
    assert.deepEqual(day.total.byType, { DELIVERY: 2, TAKEOUT: 1 });
    assert.equal(day.total.scheduled, 1);
    assert.deepEqual(day.total.perHour.slice(0, 3), [1, 2, 0]);
    assert.equal(day.total.perHour.length, 24);
    assert.deepEqual(
      day.stores.map((s) => [s.merchantId, s.orders]).sort(),
      [
        [MERCHANT, 2],
        [OTHER, 1],
      ].sort(),
    );
  });
});

describe('history retention', () => {
  it('removes orders closed before the cutoff with their events and actions; open orders stay', () => {
    const { db, ingest } = setUp();
    const old = place(db, ingest, { at: T0 - 40 * DAY, name: 'Old', code: 'OLD1' });
    const recent = place(db, ingest, { at: T0 - 2 * DAY, name: 'Recent', code: 'NEW1' });
    const stuck = place(db, ingest, { at: T0 - 40 * DAY, name: 'Stuck', code: 'STK1' });
    db.write(() => db.outbox.insert({ orderId: old, action: 'confirm', payload: null, expiresMs: null, now: T0 - 40 * DAY }));
    new EventIngest(db, new ManualClock(T0 - 39 * DAY), silentLogger).apply([event(old, 'CON', T0 - 39 * DAY)]);
    new EventIngest(db, new ManualClock(T0 - DAY), silentLogger).apply([event(recent, 'CON', T0 - DAY)]);
    const removed = db.write(() => db.retention.pruneBatch(T0 - 30 * DAY));
    assert.equal(removed, 1);
    assert.deepEqual(
      db.history
        .search({ limit: 50 })
        .rows.map((r) => r.id)
        .sort(),
      [recent, stuck].sort(),
    );
    assert.equal(db.events.forOrder(old).length, 0);
    assert.deepEqual(db.history.search({ text: 'old', limit: 50 }).rows, [], 'gone from the search index too');
  });
});
