import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { silentLogger } from '../../../src-main/base/log';
import { KitchenDesk } from '../../../src-main/features/kitchen/kitchen-desk';
import { percentile, speedOfService, stationSamples } from '../../../src-main/features/kitchen/speed-of-service';
import { nextMark } from '../../../src-main/features/kitchen/ticket-marks';
import { AppError } from '../../../src-shared/errors';
import { GENERAL_STATION_ID, KitchenSetup, PreparationTargets } from '../../../src-shared/ipc/channels/kitchen';
import { targetMinutes } from '../../../src-shared/order-rules/preparation-targets';
import { kitchenHarness, TWO_STATIONS } from '../../support/kitchen/harness';

const MIN = 60_000;
const ORDER = '00000000-0000-4000-8000-000000000001';
const isCode = (code: string) => (error: unknown) => error instanceof AppError && error.code === code;

function kitchen(setup: Record<string, unknown> = {}) {
  const k = kitchenHarness();
  k.desk.saveSetup(KitchenSetup.parse({ ...TWO_STATIONS, ...setup }));
  return k;
}

describe('kitchen timing: preparation targets', () => {
  it('takes the dish’s own target, else its category’s, else the default (10 minutes when none is set)', () => {
    const targets = PreparationTargets.parse({ categories: { 'cat-grill': 12 }, items: { 'item-burger': 15 } });
    assert.equal(targets.defaultMinutes, 10);
    assert.equal(targetMinutes(targets, 'item-burger', 'cat-grill'), 15, 'the dish’s own');
    assert.equal(targetMinutes(targets, 'item-steak', 'cat-grill'), 12, 'its category’s');
    assert.equal(targetMinutes(targets, 'item-soda', 'cat-drinks'), 10, 'the default');
    assert.equal(targetMinutes(targets, null, null), 10, 'a dish the menu does not know');
    assert.equal(targetMinutes(targets, 'constructor', '__proto__'), 10, 'an id is never the prototype’s');
    assert.equal(KitchenSetup.parse({}).targets.defaultMinutes, 10, 'a setup saved before targets existed');
    assert.equal(KitchenSetup.safeParse({ targets: { defaultMinutes: 0 } }).success, false);
  });

  it('gives each line of a ticket its target from the setup, and every screen gets them anew when it changes', async () => {
    const k = kitchen({ targets: { defaultMinutes: 8, categories: { 'cat-grill': 12, 'cat-drinks': 2 }, items: {} } });
    const id = await k.confirmed();
    const lines = () =>
      k.desk
        .board()
        .tickets.find((t) => t.orderId === id)
        ?.items.map((i) => [i.key, i.targetMinutes]);
    assert.deepEqual(lines(), [
      ['line-burger', 12],
      ['line-soda', 2],
      ['line-cake', 8],
    ]);
    k.pushes.length = 0;
    k.desk.saveSetup({ ...k.desk.setup(), targets: { defaultMinutes: 8, categories: { 'cat-grill': 12, 'cat-drinks': 2 }, items: { 'item-burger': 20 } } });
    assert.equal(lines()?.[0]?.[1], 20, 'the burger’s own target wins');
    assert.ok(k.pushes.some((p) => p.tickets.some((t) => t.items[0]?.targetMinutes === 20)));
  });

  it('lists each category’s dishes for Settings, with their names', () => {
    const k = kitchen();
    const items = k.db.read(() => k.db.kitchen.menuItems());
    assert.deepEqual(
      items.map((i) => [i.category_id, i.item_id, i.name]),
      [
        ['cat-desserts', 'item-cake', 'Cake'],
        ['cat-drinks', 'item-soda', 'Soda'],
        ['cat-grill', 'item-burger', 'Burger'],
      ],
    );
  });

  it('takes age thresholds per order type, the general pair where a type has none, and refuses red before amber', () => {
    const setup = KitchenSetup.parse({ amberMinutes: 6, redMinutes: 12, agesByType: { DELIVERY: { amberMinutes: 4, redMinutes: 8 } } });
    assert.deepEqual(setup.agesByType, { DELIVERY: { amberMinutes: 4, redMinutes: 8 } });
    assert.deepEqual(KitchenSetup.parse({}).agesByType, {}, 'both types take the general pair by default');
    assert.equal(KitchenSetup.safeParse({ agesByType: { TAKEOUT: { amberMinutes: 9, redMinutes: 9 } } }).success, false);
    assert.equal(KitchenSetup.safeParse({ agesByType: { DRONE: { amberMinutes: 1, redMinutes: 2 } } }).success, false, 'only the types a kitchen times apart');
  });
});

describe('kitchen timing: priority and hold', () => {
  it('pauses a held ticket’s timing until it is released, and priority ends a hold', () => {
    const held = nextMark(undefined, { orderId: ORDER, mark: 'hold' }, 1_000);
    assert.deepEqual([held.mark, held.held_since_ms, held.held_ms], ['hold', 1_000, 0]);
    assert.equal(nextMark(held, { orderId: ORDER, mark: 'hold' }, 5_000), held, 'held twice is held once, since the first');
    const released = nextMark(held, { orderId: ORDER, mark: 'none' }, 4 * MIN + 1_000);
    assert.deepEqual([released.mark, released.held_since_ms, released.held_ms], [null, null, 4 * MIN]);
    const again = nextMark(nextMark(released, { orderId: ORDER, mark: 'hold' }, 10 * MIN), { orderId: ORDER, mark: 'priority' }, 11 * MIN);
    assert.deepEqual([again.mark, again.held_since_ms, again.held_ms], ['priority', null, 5 * MIN], 'the holds add up');
  });

  it('marks a ticket for every screen of the store, keeps it across a restart, and refuses an order the kitchen is done with', async () => {
    const k = kitchen();
    const id = await k.confirmed();
    k.pushes.length = 0;
    const held = k.desk.mark({ orderId: id, mark: 'hold' });
    assert.equal(held.mark, 'hold');
    assert.equal(held.heldAt, new Date(k.clock.now()).toISOString());
    assert.ok(
      k.pushes.some((p) => p.tickets.some((t) => t.orderId === id && t.mark === 'hold')),
      'every screen is told',
    );
    await k.clock.advance(3 * MIN);
    const again = new KitchenDesk({ db: k.db, outbox: k.sync.outbox, clock: k.clock, logger: silentLogger, push: { push: () => {} } });
    assert.equal(again.board().tickets[0]?.mark, 'hold', 'a restart keeps it, as it keeps bumps');
    const released = again.mark({ orderId: id, mark: 'none' });
    assert.deepEqual([released.mark, released.heldAt, released.heldMs], [null, null, 3 * MIN]);
    assert.equal(again.mark({ orderId: id, mark: 'priority' }).mark, 'priority');
    again.bump({ orderId: id, stationId: null });
    assert.throws(() => again.mark({ orderId: id, mark: 'hold' }), isCode('conflict'), 'a finished order is not held');
  });
});

describe('kitchen timing: speed of service', () => {
  it('takes the nearest-rank p90 and the average per station, and an empty day is an empty list', () => {
    assert.equal(percentile([], 90), 0);
    assert.equal(percentile([5], 90), 5);
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((m) => m * MIN);
    assert.equal(percentile(ten, 90), 9 * MIN, 'nine tickets in ten within it');
    assert.deepEqual(
      speedOfService([], ['grill'], () => null),
      [],
      'nothing bumped today: no line',
    );
    const speeds = speedOfService(
      [...ten.map((ms) => ({ stationId: 'drinks', ms })), { stationId: 'old', ms: MIN }, { stationId: 'grill', ms: 6 * MIN }],
      ['grill', 'drinks'],
      (id) => (id === 'grill' ? 'Chapa' : null),
    );
    assert.deepEqual(speeds, [
      { stationId: 'grill', name: 'Chapa', tickets: 1, averageSeconds: 360, p90Seconds: 360 },
      { stationId: 'drinks', name: null, tickets: 10, averageSeconds: 330, p90Seconds: 540 },
      { stationId: 'old', name: null, tickets: 1, averageSeconds: 60, p90Seconds: 60 },
    ]);
  });

  it('counts a station’s part only once no line of it waits, within the span, and never a cancelled order', () => {
    const bumps = [
      { order_id: ORDER, station_id: 'grill', last_ms: 8 * MIN },
      { order_id: ORDER, station_id: 'drinks', last_ms: 3 * MIN },
    ];
    const order = { startMs: MIN, cancelled: false, bumps, waiting: new Set<string>() };
    assert.deepEqual(stationSamples(order, 0, 60 * MIN), [
      { stationId: 'grill', ms: 7 * MIN },
      { stationId: 'drinks', ms: 2 * MIN },
    ]);
    assert.deepEqual(stationSamples({ ...order, waiting: new Set(['grill']) }, 0, 60 * MIN), [{ stationId: 'drinks', ms: 2 * MIN }]);
    assert.deepEqual(stationSamples(order, 4 * MIN, 60 * MIN), [{ stationId: 'grill', ms: 7 * MIN }], 'the drinks were bumped before the span');
    assert.deepEqual(stationSamples({ ...order, cancelled: true }, 0, 60 * MIN), []);
    assert.deepEqual(stationSamples({ ...order, startMs: null }, 0, 60 * MIN), []);
  });

  it('reads a day’s speed per station from the bumps, from the order’s start to the station’s bump', async () => {
    const k = kitchen();
    const start = k.clock.now();
    const day = { from: new Date(start - 12 * 3600_000).toISOString(), to: new Date(start + 12 * 3600_000).toISOString() };
    assert.deepEqual(k.desk.speed(day).stations, [], 'nothing bumped yet');
    const first = await k.confirmed();
    const second = await k.confirmed();
    await k.clock.advance(4 * MIN);
    k.desk.bump({ orderId: first, stationId: 'drinks' });
    k.desk.bump({ orderId: second, stationId: 'grill', itemKey: 'line-burger' });
    await k.clock.advance(6 * MIN);
    k.desk.bump({ orderId: first, stationId: 'grill' });
    k.desk.bump({ orderId: second, stationId: 'drinks' });
    const speed = k.desk.speed(day);
    assert.deepEqual(
      speed.stations.map((s) => [s.stationId, s.name, s.tickets, s.averageSeconds, s.p90Seconds]),
      [
        ['grill', 'Chapa', 2, 420, 600],
        ['drinks', 'Bebidas', 2, 420, 600],
      ],
      'the cake still waits at the general station: not counted there',
    );
    k.desk.bump({ orderId: second, stationId: GENERAL_STATION_ID });
    assert.deepEqual(
      k.desk.speed(day).stations.map((s) => s.stationId),
      ['grill', 'drinks', GENERAL_STATION_ID],
    );
    const tomorrow = { from: day.to, to: new Date(start + 36 * 3600_000).toISOString() };
    assert.deepEqual(k.desk.speed(tomorrow).stations, [], 'another day');
  });
});
