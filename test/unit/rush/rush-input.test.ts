import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rushInputs, type RushRows } from '../../../src-main/orders/rush-input';
import { DEFAULT_CLOSURE_RULES } from '../../../src-shared/store-rules/closure-rules';
import { DEFAULT_PREPARATION_MS } from '../../../src-shared/store-rules/rush-gauge';

const MIN = 60_000;
const NOW = Date.parse('2026-11-24T15:00:00Z');
const STORE = 'loja';

type Recent = RushRows['recent'][number];
const recent = (placedMinAgo: number, over: Partial<Recent> = {}): Recent => ({
  merchant_id: STORE,
  created_ms: NOW - placedMinAgo * MIN,
  preparation_start_at: null,
  confirm_deadline_ms: NOW - placedMinAgo * MIN + 8 * MIN,
  confirmed_ms: NOW - placedMinAgo * MIN + MIN,
  ready_ms: null,
  cancelled_ms: null,
  cancel_metadata: null,
  arrived_ms: null,
  ...over,
});

describe("the rush gauge's reading of a store's recent orders", () => {
  it('counts an order late as the closure rule does: not out of the kitchen 20 minutes after its preparation start', () => {
    const rows: RushRows = {
      open: [],
      recent: [
        recent(50, { ready_ms: NOW - 50 * MIN + 15 * MIN }), // due 30 min ago, ready in time
        recent(45, { ready_ms: NOW - 45 * MIN + 25 * MIN }), // ready after its 20 minutes: late
        recent(30), // due 10 minutes ago, still not ready: late
        recent(10), // not due yet: not counted
        recent(40, { cancelled_ms: NOW - 35 * MIN }), // cancelled before it was due: not counted
        recent(90, { ready_ms: NOW - 60 * MIN }), // due 70 minutes ago: outside the hour
        recent(35, { preparation_start_at: new Date(NOW - 5 * MIN).toISOString() }), // scheduled: due in 15 minutes
      ],
    };
    const input = rushInputs(rows, NOW, DEFAULT_CLOSURE_RULES).get(STORE);
    assert.deepEqual(input?.lastHour, { orders: 3, late: 2 });
  });

  it('counts the confirmation timeouts, and learns the store’s pace once it has three orders made', () => {
    const timeout = JSON.stringify({ origin: 'PLATFORM', cancelCode: 'CONFIRMATION_TIMEOUT' });
    const made = (ago: number, minutes: number) => recent(ago, { ready_ms: NOW - ago * MIN + MIN + minutes * MIN });
    const two = rushInputs({ open: [], recent: [made(60, 10), made(50, 12)] }, NOW, DEFAULT_CLOSURE_RULES).get(STORE);
    assert.equal(two?.preparationMs, DEFAULT_PREPARATION_MS, 'two orders are not yet a pace');
    const rows: RushRows = {
      open: [],
      recent: [
        made(60, 10),
        made(50, 12),
        made(40, 30),
        recent(20, { confirmed_ms: null, cancelled_ms: NOW - 12 * MIN, cancel_metadata: timeout }),
        recent(19, { confirmed_ms: null, cancelled_ms: NOW - 11 * MIN, cancel_metadata: JSON.stringify({ cancelCode: 'CUSTOMER_GAVE_UP' }) }),
        recent(18, { confirmed_ms: null, cancelled_ms: NOW - 10 * MIN, cancel_metadata: '{not json' }),
      ],
    };
    const input = rushInputs(rows, NOW, DEFAULT_CLOSURE_RULES).get(STORE);
    assert.equal(input?.preparationMs, 12 * MIN, 'the median of 10, 12 and 30 minutes');
    assert.deepEqual(input?.timeoutsMs, [NOW - 12 * MIN], 'only the platform’s confirmation timeout; unreadable metadata is no timeout');
  });
});

describe("the rush gauge's reading of the kitchen's queue", () => {
  it('reads the time between orders out only while the next one waited, and the drivers’ time from confirmation to the counter', () => {
    // Four orders out 3 minutes apart, each confirmed before the one before it came out (a queue);
    // then one alone, confirmed long after the last came out: no gap counted for it.
    const made = (confirmedMinAgo: number, readyMinAgo: number, arrivedMinAgo: number | null = null) =>
      recent(confirmedMinAgo + 1, {
        confirmed_ms: NOW - confirmedMinAgo * MIN,
        ready_ms: NOW - readyMinAgo * MIN,
        arrived_ms: arrivedMinAgo === null ? null : NOW - arrivedMinAgo * MIN,
      });
    const rows: RushRows = { open: [], recent: [made(29, 27, 21), made(28, 24, 20), made(26, 21, 18), made(25, 18), made(3, 1)] };
    const queue = rushInputs(rows, NOW, DEFAULT_CLOSURE_RULES).get(STORE)?.queue;
    assert.deepEqual(queue, { readyEveryMs: 3 * MIN, driverLeadMs: 8 * MIN });
    const quiet = rushInputs({ open: [], recent: [made(40, 25), made(20, 5)] }, NOW, DEFAULT_CLOSURE_RULES).get(STORE)?.queue;
    assert.deepEqual(quiet, { readyEveryMs: null, driverLeadMs: null }, 'a quiet afternoon says nothing of a queue');
    const oneRide = rushInputs({ open: [], recent: [made(20, 5, 11)] }, NOW, DEFAULT_CLOSURE_RULES).get(STORE)?.queue;
    assert.equal(oneRide?.driverLeadMs, 9 * MIN, 'the first driver of the day tells the ride');
  });
});
