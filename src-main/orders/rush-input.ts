import { DECLARED_PREPARATION_MINUTES, type ClosureRules } from '../../src-shared/store-rules/closure-rules';
import { DEFAULT_PREPARATION_MS, type GaugeInput, type GaugeOrder, type KitchenQueue } from '../../src-shared/store-rules/rush-gauge';
import { readCancellation } from './day-summary';

const HOUR_MS = 3600_000;
/** A store's own pace needs this many orders made today (confirmed to ready); until then, the default. */
const PACE_MINIMUM = 3;

/** What the order database's rush query (db/orders/rush-query.ts) reads: a store's open orders, and those of the recent past. */
export interface RushRows {
  open: readonly {
    merchant_id: string;
    status: string;
    confirm_deadline_ms: number | null;
    confirmed_ms: number | null;
    arrived_ms: number | null;
    /** 1: a platform delivery (a driver comes for it). */
    platform_driver: number;
  }[];
  recent: readonly {
    merchant_id: string;
    created_ms: number;
    preparation_start_at: string | null;
    confirm_deadline_ms: number | null;
    confirmed_ms: number | null;
    ready_ms: number | null;
    cancelled_ms: number | null;
    cancel_metadata: string | null;
    /** A platform driver's first arrival at the store (ARRIVED_AT_ORIGIN). */
    arrived_ms: number | null;
  }[];
}

/** The kitchen's queue is read from the orders it got out in this last stretch. */
const QUEUE_WINDOW_MS = 30 * 60_000;

/** How far back the gauge reads the stores' orders: the last hour's due orders (placed up to 20 minutes before), the timeout rule's window and the 8 minutes a timeout takes. */
export const rushLookBackMs = (rules: ClosureRules): number =>
  Math.max(HOUR_MS + DECLARED_PREPARATION_MINUTES * 60_000, rules.timeoutWindowMinutes * 60_000) + 10 * 60_000;

const median = (values: number[], minimum = PACE_MINIMUM): number | null => {
  if (values.length < minimum) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
};

/**
 * Each store's gauge input from its orders: the open ones, the confirmation timeouts of the rule's
 * window, the orders due out of the kitchen in the last hour and how many were late (the closure
 * rule's reading: not ready DECLARED_PREPARATION_MINUTES after the preparation start; cancelled
 * before then, not counted), and the store's pace (the median from confirmed to ready of its recent orders).
 */
export function rushInputs(rows: RushRows, now: number, rules: ClosureRules): Map<string, GaugeInput> {
  const stores = new Map<string, { orders: GaugeOrder[]; timeoutsMs: number[]; hour: { orders: number; late: number }; paces: number[] }>();
  const of = (merchantId: string) => {
    let store = stores.get(merchantId);
    if (!store) stores.set(merchantId, (store = { orders: [], timeoutsMs: [], hour: { orders: 0, late: 0 }, paces: [] }));
    return store;
  };
  for (const o of rows.open) {
    of(o.merchant_id).orders.push({
      status: o.status,
      confirmDeadlineMs: o.confirm_deadline_ms,
      preparingSinceMs: o.confirmed_ms,
      driverArrivedMs: o.arrived_ms,
      platformDriver: o.platform_driver === 1,
    });
  }
  for (const o of rows.recent) {
    const store = of(o.merchant_id);
    if (o.cancelled_ms !== null && readCancellation(o.cancel_metadata).code === 'CONFIRMATION_TIMEOUT') store.timeoutsMs.push(o.cancelled_ms);
    const startMs = o.preparation_start_at ? Date.parse(o.preparation_start_at) : o.created_ms;
    const dueMs = (Number.isFinite(startMs) ? startMs : o.created_ms) + DECLARED_PREPARATION_MINUTES * 60_000;
    if (dueMs > now - HOUR_MS && dueMs <= now && !(o.cancelled_ms !== null && o.cancelled_ms < dueMs)) {
      store.hour.orders += 1;
      if (o.ready_ms === null || o.ready_ms >= dueMs) store.hour.late += 1;
    }
    if (o.confirmed_ms !== null && o.ready_ms !== null && o.ready_ms > o.confirmed_ms) store.paces.push(o.ready_ms - o.confirmed_ms);
  }
  const inputs = new Map<string, GaugeInput>();
  for (const [merchantId, store] of stores) {
    const { orders, timeoutsMs, hour } = store;
    const queue = kitchenQueue(
      rows.recent.filter((o) => o.merchant_id === merchantId),
      now,
    );
    inputs.set(merchantId, { now, orders, preparationMs: median(store.paces) ?? DEFAULT_PREPARATION_MS, timeoutsMs, lastHour: hour, rules, queue });
  }
  return inputs;
}

/**
 * The kitchen under load, from its recent orders: the time between two orders it got out when the
 * second was already waiting (confirmed before the first came out) — an order alone on a quiet
 * afternoon says nothing of the queue — and the time from a confirmation to its driver at the counter.
 */
function kitchenQueue(recent: RushRows['recent'], now: number): KitchenQueue {
  const made = recent
    .filter((o) => o.ready_ms !== null && o.confirmed_ms !== null && o.ready_ms > now - QUEUE_WINDOW_MS)
    .sort((a, b) => (a.ready_ms ?? 0) - (b.ready_ms ?? 0));
  const gaps: number[] = [];
  for (let i = 1; i < made.length; i++) {
    const before = made[i - 1]?.ready_ms ?? 0;
    const order = made[i];
    if (order && (order.confirmed_ms ?? Infinity) < before) gaps.push((order.ready_ms ?? before) - before);
  }
  const leads = recent.flatMap((o) =>
    o.arrived_ms !== null && o.confirmed_ms !== null && o.arrived_ms > o.confirmed_ms ? [o.arrived_ms - o.confirmed_ms] : [],
  );
  // One driver's ride is a reading already (the platform's dispatch, not the kitchen's mood): the
  // first delivery of a rush tells it, the third comes too late to help (bench rush).
  return { readyEveryMs: median(gaps), driverLeadMs: median(leads, 1) };
}
