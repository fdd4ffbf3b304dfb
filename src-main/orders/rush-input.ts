import { DECLARED_PREPARATION_MINUTES, type ClosureRules } from '../../src-shared/store-rules/closure-rules';
import { DEFAULT_PREPARATION_MS, type GaugeInput, type GaugeOrder } from '../../src-shared/store-rules/rush-gauge';
import { readCancellation } from './day-summary';

const HOUR_MS = 3600_000;
/** A store's own pace needs this many orders made today (confirmed to ready); until then, the default. */
const PACE_MINIMUM = 3;

/** What the order database's rush query (db/orders/rush-query.ts) reads: a store's open orders, and those of the recent past. */
export interface RushRows {
  open: readonly { merchant_id: string; status: string; confirm_deadline_ms: number | null; confirmed_ms: number | null; arrived_ms: number | null }[];
  recent: readonly {
    merchant_id: string;
    created_ms: number;
    preparation_start_at: string | null;
    confirm_deadline_ms: number | null;
    confirmed_ms: number | null;
    ready_ms: number | null;
    cancelled_ms: number | null;
    cancel_metadata: string | null;
  }[];
}

/** How far back the gauge reads the stores' orders: the last hour's due orders (placed up to 20 minutes before), the timeout rule's window and the 8 minutes a timeout takes. */
export const rushLookBackMs = (rules: ClosureRules): number =>
  Math.max(HOUR_MS + DECLARED_PREPARATION_MINUTES * 60_000, rules.timeoutWindowMinutes * 60_000) + 10 * 60_000;

const median = (values: number[]): number | null => {
  if (values.length < PACE_MINIMUM) return null;
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
    inputs.set(merchantId, { now, orders, preparationMs: median(store.paces) ?? DEFAULT_PREPARATION_MS, timeoutsMs, lastHour: hour, rules });
  }
  return inputs;
}
