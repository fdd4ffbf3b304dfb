import { PLATFORM_CANCELLATIONS } from '../orders/cancellation-reasons';
import type { OrderEvent } from '../orders/events';
import type { OrderRecord } from '../orders/model';

/**
 * What the automatic closure rules read of a store's orders, taken from the order events as they
 * are emitted (each at its own moment of the sandbox clock). Only marketplace orders count: a
 * delivery-only registration is the store's own sale, not the platform's.
 */
export interface OrderFacts {
  preparationStartMs: number;
  /** When it left the kitchen: its first READY_TO_PICKUP, DISPATCHED, COLLECTED or CONCLUDED. */
  readyAtMs?: number;
  cancelledAtMs?: number;
  /** When the platform driver arrived at the store (ARRIVED_AT_ORIGIN). */
  arrivedAtMs?: number;
  /** When that driver stopped waiting: he collected the order, or it was cancelled or concluded. */
  leftAtMs?: number;
}

export interface StoreFacts {
  /** Moments of the store's cancellations by the confirmation deadline, in time order. */
  timeouts: number[];
  orders: Map<string, OrderFacts>;
}

export function emptyFacts(): StoreFacts {
  return { timeouts: [], orders: new Map() };
}

const LEFT_THE_KITCHEN = new Set(['RTP', 'DSP', 'CLT', 'CON']);
const DRIVER_GONE = new Set(['CLT', 'CAN', 'CON']);

export function recordEvent(facts: StoreFacts, order: OrderRecord, event: OrderEvent, atMs: number): void {
  if (event.code === 'PLC' && order.origin === 'MARKETPLACE') facts.orders.set(order.detail.id, { preparationStartMs: order.preparationStartMs });
  const known = facts.orders.get(order.detail.id);
  if (!known) return;
  if (LEFT_THE_KITCHEN.has(event.code)) known.readyAtMs ??= atMs;
  if (event.code === 'AAO') known.arrivedAtMs = atMs;
  if (DRIVER_GONE.has(event.code) && known.arrivedAtMs !== undefined) known.leftAtMs ??= atMs;
  if (event.code === 'CAN') {
    known.cancelledAtMs = atMs;
    if (event.metadata.cancelCode === PLATFORM_CANCELLATIONS.confirmationTimeout.code) facts.timeouts.push(atMs);
  }
}
