import type { ClosureRules, ClosureWarning, LoadLevel } from './closure-rules';

/**
 * A store's load, from what its terminal already knows: orders waiting for a confirmation (weighted
 * by the time they have left), the kitchen's backlog against the store's own pace, drivers waiting at
 * the counter — one calm word for the top bar — and the warnings that come before one of the
 * platform's closure rules would fire (closure-rules.ts). Pure: the caller reads the orders and the
 * clock.
 */

/** How long the platform gives to confirm an order (spec: 8 minutes). */
export const CONFIRM_WINDOW_MS = 8 * 60_000;
/** An order with less than this left to be confirmed is about to time out. */
export const ABOUT_TO_TIME_OUT_MS = 2 * 60_000;
/** A warning comes when a rule is this far along (a driver at 60 % of the allowed wait, the late share at 80 % of the limit). */
const WARN_AT = { driverWait: 0.6, lateShare: 0.8 };
/** A store's pace before it has one of its own today: from confirmed to ready. */
export const DEFAULT_PREPARATION_MS = 15 * 60_000;

/** What the gauge reads of an open order. */
export interface GaugeOrder {
  /** The platform's status (PLACED, CONFIRMED, PREPARATION_STARTED, READY_TO_PICKUP, ...). */
  status: string;
  confirmDeadlineMs: number | null;
  /** When the kitchen's clock started for it (confirmed, or its scheduled preparation start). */
  preparingSinceMs: number | null;
  /** When a platform driver arrived at the store for it (ARRIVED_AT_ORIGIN), while it has not left. */
  driverArrivedMs: number | null;
  /** A platform delivery: a driver comes for it. */
  platformDriver?: boolean;
}

/**
 * The store's kitchen as today showed it, when it has shown enough: how often it gets an order out
 * while others wait (its pace under load, not an order's own time), and how long after a
 * confirmation a platform driver reaches the counter.
 */
export interface KitchenQueue {
  readyEveryMs: number | null;
  driverLeadMs: number | null;
}

export interface GaugeInput {
  now: number;
  orders: readonly GaugeOrder[];
  /** The store's usual time from confirmed to ready (today's median), or DEFAULT_PREPARATION_MS. */
  preparationMs: number;
  /** When each of the store's orders was cancelled by the confirmation timeout, recently. */
  timeoutsMs: readonly number[];
  /** The orders due out of the kitchen in the last hour and how many of them were late (closure-rules.ts: the rule's own reading). */
  lastHour: { orders: number; late: number };
  rules: ClosureRules;
  /** Absent, or either part null: no reading of the queue (a quiet day, a new store). */
  queue?: KitchenQueue;
}

export interface RushGauge {
  level: LoadLevel;
  /** 0 is an empty store; 1 and over is busy; 2 and over swamped. */
  pressure: number;
  parts: { unconfirmed: number; backlog: number; drivers: number };
  /** Most pressing first. */
  warnings: ClosureWarning[];
}

const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));
const PREPARING = new Set(['CONFIRMED', 'PREPARATION_STARTED']);
/** A driver waits at the counter until the order leaves with them, ready or not. */
const NOT_LEFT = new Set(['PLACED', 'CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP']);

export function rushGauge(input: GaugeInput): RushGauge {
  const { now, orders, rules } = input;
  const placed = orders.filter((o) => o.status === 'PLACED');
  const left = (o: GaugeOrder) => (o.confirmDeadlineMs ?? now + CONFIRM_WINDOW_MS) - now;
  // Three orders at their deadline make one unit; a fresh one a quarter of its weight.
  const unconfirmed = placed.reduce((sum, o) => sum + 0.25 + 0.75 * clamp01(1 - left(o) / CONFIRM_WINDOW_MS), 0) / 3;
  // Eight tickets at the store's usual pace make one unit; a ticket at twice its pace counts double (at most three times).
  const pace = Math.max(60_000, input.preparationMs);
  const backlog =
    orders
      .filter((o) => PREPARING.has(o.status) && o.preparingSinceMs !== null)
      .reduce((sum, o) => sum + Math.min(3, (now - (o.preparingSinceMs ?? now)) / pace), 0) / 8;
  const limitMs = rules.driverWaitMinutes * 60_000;
  const waits = orders.filter((o) => o.driverArrivedMs !== null && NOT_LEFT.has(o.status)).map((o) => now - (o.driverArrivedMs ?? now));
  // A driver at the allowed wait is one unit on its own: the rule that closes a store the fastest.
  const drivers = waits.reduce((sum, w) => sum + 0.25 + clamp01(w / limitMs), 0);
  const pressure = unconfirmed + backlog + drivers;

  const warnings: ClosureWarning[] = [];
  const windowStart = now - rules.timeoutWindowMinutes * 60_000;
  // No upper bound: a timeout stamped by the platform's clock a little ahead of this one has happened all the same.
  const timedOut = input.timeoutsMs.filter((t) => t >= windowStart).length;
  const aboutToTimeOut = placed.filter((o) => left(o) <= ABOUT_TO_TIME_OUT_MS).length;
  // Once those about to time out have, one more would close the store.
  const atStake = timedOut + aboutToTimeOut;
  if (atStake > 0 && atStake >= rules.timeouts - 1) {
    warnings.push({ rule: 'timeouts', timedOut, limit: rules.timeouts, aboutToTimeOut });
  }
  const longestMs = Math.max(0, ...waits);
  const expected = expectedLongWaits(input, limitMs);
  if ((waits.length > 0 && longestMs >= WARN_AT.driverWait * limitMs) || expected > 0) {
    warnings.push({ rule: 'driver-wait', waiting: waits.filter((w) => w >= WARN_AT.driverWait * limitMs).length, longestMs, limitMs, expected });
  }
  const { orders: hourOrders, late } = input.lastHour;
  if (hourOrders >= rules.lateMinimum && late / hourOrders >= WARN_AT.lateShare * rules.lateShare) {
    warnings.push({ rule: 'late-share', late, orders: hourOrders, limit: rules.lateShare });
  }
  const level: LoadLevel = pressure >= 2 || warnings.length > 0 ? 'swamped' : pressure >= 1 ? 'busy' : 'calm';
  return { level, pressure, parts: { unconfirmed, backlog, drivers }, warnings };
}

/**
 * Drivers on their way whom the kitchen's queue will keep waiting past the limit: the tickets in
 * preparation come out one by one, oldest first, one every `readyEveryMs`; a platform driver reaches
 * the counter `driverLeadMs` after the confirmation. When the queue will make an order later than
 * its driver by the rule's limit, the store is closed for it in a while — unless new orders stop now.
 * The drivers themselves only wait once it is too late to help it.
 */
function expectedLongWaits({ now, orders, queue }: GaugeInput, limitMs: number): number {
  if (!queue || queue.readyEveryMs === null || queue.driverLeadMs === null) return 0;
  const { readyEveryMs, driverLeadMs } = queue;
  const line = orders
    .filter((o) => PREPARING.has(o.status) && o.preparingSinceMs !== null)
    .sort((a, b) => (a.preparingSinceMs ?? 0) - (b.preparingSinceMs ?? 0));
  return line.filter((o, place) => {
    if (!o.platformDriver || o.driverArrivedMs !== null) return false;
    const readyMs = now + (place + 1) * readyEveryMs;
    const driverMs = Math.max(now, (o.preparingSinceMs ?? now) + driverLeadMs);
    // The whole limit, not the 60 % a driver already waiting warns at: a reading of the queue is a
    // forecast, and at 60 % it paused the tail of a rush again (bench rush).
    return readyMs - driverMs >= limitMs;
  }).length;
}
