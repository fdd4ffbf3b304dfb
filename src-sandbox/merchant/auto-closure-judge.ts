import type { OrderFacts, StoreFacts } from './auto-closure-facts';
import type { AutoClosureSettings, ClosureRuleName } from './auto-closure-rules';

/**
 * The automatic closure rules judged at one moment of the sandbox clock, from a store's facts. Only
 * what happened from `countFromMs` on counts: the moment the store's settings were last changed, or
 * the moment it reopened after its last automatic closure (a fresh start). Every threshold fires when
 * it is reached: the third timeout, the tenth minute of a wait, the share at the limit.
 */
const MINUTE = 60_000;
/** The late-share rule reads the last hour (closure-rules.ts). */
export const LATE_WINDOW_MINUTES = 60;

/** "1 pedido cancelado", "3 pedidos cancelados". */
const orders = (n: number, adjective: string) => (n === 1 ? `${n} pedido ${adjective}` : `${n} pedidos ${adjective}s`);
const minutes = (n: number) => (n === 1 ? '1 minuto' : `${n} minutos`);

export interface Verdict {
  rule: ClosureRuleName;
  /** The platform's words for the reason, Portuguese (the status validation's subtitle). */
  reason: string;
}

function timeouts(settings: AutoClosureSettings, facts: StoreFacts, atMs: number, countFromMs: number): Verdict | undefined {
  if (!settings.on.timeouts) return undefined;
  const opens = atMs - settings.timeoutWindowMinutes * MINUTE;
  const count = facts.timeouts.filter((t) => t > opens && t <= atMs && t >= countFromMs).length;
  if (count < settings.timeouts) return undefined;
  return { rule: 'timeouts', reason: `${orders(count, 'cancelado')} por falta de confirmação em ${minutes(settings.timeoutWindowMinutes)}` };
}

/** When a waiting driver's wait reaches the limit: counted from his arrival, or from the fresh start. */
function waitLimitOf(order: OrderFacts, waitMinutes: number, countFromMs: number): number | undefined {
  if (order.arrivedAtMs === undefined) return undefined;
  const limit = Math.max(order.arrivedAtMs, countFromMs) + waitMinutes * MINUTE;
  return order.leftAtMs !== undefined && order.leftAtMs < limit ? undefined : limit;
}

function driverWait(settings: AutoClosureSettings, facts: StoreFacts, atMs: number, countFromMs: number): Verdict | undefined {
  if (!settings.on['driver-wait']) return undefined;
  for (const order of facts.orders.values()) {
    const limit = waitLimitOf(order, settings.driverWaitMinutes, countFromMs);
    if (limit !== undefined && limit <= atMs) return { rule: 'driver-wait', reason: `Entregador esperando na loja há ${minutes(settings.driverWaitMinutes)}` };
  }
  return undefined;
}

/** When an order is due out of the kitchen: the store's declared preparation time after its preparation start. */
function dueOf(order: OrderFacts, preparationMinutes: number): number {
  return order.preparationStartMs + preparationMinutes * MINUTE;
}

function lateShare(settings: AutoClosureSettings, facts: StoreFacts, atMs: number, countFromMs: number): Verdict | undefined {
  if (!settings.on['late-share']) return undefined;
  const opens = atMs - LATE_WINDOW_MINUTES * MINUTE;
  let due = 0;
  let late = 0;
  for (const order of facts.orders.values()) {
    const dueMs = dueOf(order, settings.preparationMinutes);
    if (dueMs <= opens || dueMs > atMs || dueMs < countFromMs) continue;
    // Cancelled before it was due: no preparation to be late with.
    if (order.cancelledAtMs !== undefined && order.cancelledAtMs < dueMs) continue;
    due += 1;
    if (order.readyAtMs === undefined || order.readyAtMs >= dueMs) late += 1;
  }
  // A share read as the fraction it is written as: 7 of 10 reaches 0.7 despite binary rounding.
  if (due < settings.lateMinimum || late / due + 1e-9 < settings.lateShare) return undefined;
  return { rule: 'late-share', reason: `${late} de ${orders(due, 'atrasado')} na última hora` };
}

/** The first rule that fires at `atMs`, in the order the rules are listed (timeouts, driver-wait, late-share). */
export function verdictAt(settings: AutoClosureSettings, facts: StoreFacts, atMs: number, countFromMs: number): Verdict | undefined {
  return timeouts(settings, facts, atMs, countFromMs) ?? driverWait(settings, facts, atMs, countFromMs) ?? lateShare(settings, facts, atMs, countFromMs);
}

/**
 * The next moment after `afterMs` at which a verdict could change without a new event: a waiting
 * driver's limit, an order falling due, an order's due moment leaving the hour. (Timeouts are
 * events: they are judged when they happen.)
 */
export function nextMomentAfter(settings: AutoClosureSettings, facts: StoreFacts, afterMs: number, countFromMs: number): number | undefined {
  const moments: number[] = [];
  for (const order of facts.orders.values()) {
    if (settings.on['driver-wait']) {
      const limit = waitLimitOf(order, settings.driverWaitMinutes, countFromMs);
      if (limit !== undefined) moments.push(limit);
    }
    if (settings.on['late-share']) {
      const dueMs = dueOf(order, settings.preparationMinutes);
      if (dueMs >= countFromMs) moments.push(dueMs, dueMs + LATE_WINDOW_MINUTES * MINUTE);
    }
  }
  return moments.reduce<number | undefined>((next, m) => (m > afterMs && (next === undefined || m < next) ? m : next), undefined);
}
