import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_CLOSURE_RULES } from '../../../src-shared/store-rules/closure-rules';
import { DEFAULT_PREPARATION_MS, rushGauge, type GaugeInput, type GaugeOrder } from '../../../src-shared/store-rules/rush-gauge';

const MIN = 60_000;
const NOW = Date.parse('2026-11-24T15:00:00Z');

const placed = (minutesLeft: number): GaugeOrder => ({
  status: 'PLACED',
  confirmDeadlineMs: NOW + minutesLeft * MIN,
  preparingSinceMs: null,
  driverArrivedMs: null,
});
const cooking = (minutesAgo: number, driverMinutesAgo: number | null = null): GaugeOrder => ({
  status: 'CONFIRMED',
  confirmDeadlineMs: null,
  preparingSinceMs: NOW - minutesAgo * MIN,
  driverArrivedMs: driverMinutesAgo === null ? null : NOW - driverMinutesAgo * MIN,
});
const input = (over: Partial<GaugeInput>): GaugeInput => ({
  now: NOW,
  orders: [],
  preparationMs: DEFAULT_PREPARATION_MS,
  timeoutsMs: [],
  lastHour: { orders: 0, late: 0 },
  rules: DEFAULT_CLOSURE_RULES,
  ...over,
});

describe('the rush gauge', () => {
  it('says calm for a quiet store, busy as orders wait and tickets age, swamped past twice that', () => {
    assert.equal(rushGauge(input({})).level, 'calm');
    assert.equal(rushGauge(input({ orders: [placed(7), cooking(5)] })).level, 'calm');
    const busy = rushGauge(input({ orders: [placed(3), placed(4), placed(6), cooking(20), cooking(18), cooking(10), cooking(5)] }));
    assert.equal(busy.level, 'busy', JSON.stringify(busy.parts));
    const swamped = rushGauge(input({ orders: [...Array.from({ length: 6 }, () => placed(2.5)), ...Array.from({ length: 10 }, () => cooking(30))] }));
    assert.equal(swamped.level, 'swamped', JSON.stringify(swamped.parts));
    assert.deepEqual(swamped.warnings, [], 'swamped by pressure alone, no rule near');
  });

  it('weighs an order by the time it has left to be confirmed, and a ticket by the store’s own pace', () => {
    const fresh = rushGauge(input({ orders: [placed(8)] })).parts.unconfirmed;
    const expiring = rushGauge(input({ orders: [placed(0.5)] })).parts.unconfirmed;
    assert.ok(expiring > 3 * fresh, `an order about to time out weighs more: ${fresh} → ${expiring}`);
    const slowStore = rushGauge(input({ orders: [cooking(20)], preparationMs: 40 * MIN })).parts.backlog;
    const fastStore = rushGauge(input({ orders: [cooking(20)], preparationMs: 10 * MIN })).parts.backlog;
    assert.ok(fastStore > slowStore, 'twenty minutes is late for a fast kitchen, not for a slow one');
  });

  it('warns one timed-out order before the timeout rule would close the store, and not before', () => {
    const rules = DEFAULT_CLOSURE_RULES; // 3 within 30 minutes
    const one = [NOW - 10 * MIN];
    const two = [NOW - 10 * MIN, NOW - 5 * MIN];
    assert.deepEqual(rushGauge(input({ timeoutsMs: one })).warnings, [], 'one of three: no warning yet');
    assert.deepEqual(rushGauge(input({ timeoutsMs: two })).warnings, [{ rule: 'timeouts', timedOut: 2, limit: rules.timeouts, aboutToTimeOut: 0 }]);
    assert.deepEqual(rushGauge(input({ timeoutsMs: one, orders: [placed(1.5), placed(7)] })).warnings, [
      { rule: 'timeouts', timedOut: 1, limit: 3, aboutToTimeOut: 1 },
    ]);
    assert.deepEqual(rushGauge(input({ timeoutsMs: [NOW - 40 * MIN, NOW - 35 * MIN] })).warnings, [], 'older than the rule’s window');
  });

  it('warns when a driver has waited 60 % of the allowed wait, ready or not, and counts who waits', () => {
    const limitMs = DEFAULT_CLOSURE_RULES.driverWaitMinutes * MIN; // 10 minutes
    assert.deepEqual(rushGauge(input({ orders: [cooking(10, 5)] })).warnings, [], '5 of 10 minutes');
    const gauge = rushGauge(input({ orders: [cooking(14, 6.5), { ...cooking(16, 7), status: 'READY_TO_PICKUP' }, cooking(3, 1)] }));
    assert.deepEqual(gauge.warnings, [{ rule: 'driver-wait', waiting: 2, longestMs: 7 * MIN, limitMs, expected: 0 }]);
    assert.equal(gauge.level, 'swamped', 'a warning says swamped whatever the pressure');
    const gone = rushGauge(input({ orders: [{ ...cooking(16, 9), status: 'DISPATCHED' }] }));
    assert.deepEqual(gone.warnings, [], 'a driver who left with the order waits no more');
  });

  it('warns at 80 % of the late-share limit once enough orders came in the hour', () => {
    assert.deepEqual(rushGauge(input({ lastHour: { orders: 5, late: 5 } })).warnings, [], 'under the rule’s minimum count');
    assert.deepEqual(rushGauge(input({ lastHour: { orders: 10, late: 3 } })).warnings, []);
    assert.deepEqual(rushGauge(input({ lastHour: { orders: 10, late: 4 } })).warnings, [{ rule: 'late-share', late: 4, orders: 10, limit: 0.5 }]);
  });
});

describe("the gauge's reading of the kitchen's queue", () => {
  /** A platform delivery confirmed `minutesAgo`, its driver not at the store yet. */
  const delivery = (minutesAgo: number): GaugeOrder => ({ ...cooking(minutesAgo), platformDriver: true });
  const input = (orders: GaugeOrder[], queue: { readyEveryMs: number | null; driverLeadMs: number | null }) => ({
    now: NOW,
    orders,
    preparationMs: 15 * MIN,
    timeoutsMs: [],
    lastHour: { orders: 0, late: 0 },
    rules: DEFAULT_CLOSURE_RULES,
    queue,
  });

  it('warns of drivers the queue will keep waiting past the limit before any of them is at the counter', () => {
    // Eight tickets, one out every 3 minutes: the newest comes out in 24 minutes; its driver in 8.
    const line = [20, 17, 14, 11, 8, 5, 2, 0].map(delivery);
    const gauge = rushGauge(input(line, { readyEveryMs: 3 * MIN, driverLeadMs: 8 * MIN }));
    const warning = gauge.warnings.find((w) => w.rule === 'driver-wait');
    assert.ok(warning && warning.rule === 'driver-wait');
    assert.equal(warning.waiting, 0, 'nobody waits yet');
    // Place 7 (new, out in 24, driver in 8: 16 min), 6 (21 vs 6: 15), 5 (18 vs 3: 15), 4 (15 vs now: 15), 3 (12 vs now: 12), 2 (9 vs now: 9, under).
    assert.equal(warning.expected, 5);
    assert.equal(gauge.level, 'swamped');
  });

  it('says nothing from a kitchen keeping up, a takeout queue, or a day with no reading yet', () => {
    const line = [20, 17, 14, 11, 8, 5, 2, 0].map(delivery);
    assert.deepEqual(rushGauge(input(line, { readyEveryMs: MIN, driverLeadMs: 8 * MIN })).warnings, [], 'one out a minute: every order before its driver');
    const takeout = line.map((o) => ({ ...o, platformDriver: false }));
    assert.deepEqual(rushGauge(input(takeout, { readyEveryMs: 3 * MIN, driverLeadMs: 8 * MIN })).warnings, [], 'no driver comes for takeout');
    assert.deepEqual(rushGauge(input(line, { readyEveryMs: null, driverLeadMs: 8 * MIN })).warnings, [], 'no reading of the queue');
  });
});
