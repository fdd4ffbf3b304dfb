import type { OrderStatus } from '../ipc/channels/orders';

/** What the preparation-start rules read of an order (a board row, a kitchen ticket). */
export interface PreparationTiming {
  status: OrderStatus;
  /** IMMEDIATE or SCHEDULED. */
  timing: string | null;
  preparationStartDateTime: string | null;
}

const time = (iso: string | null): number => (iso ? Date.parse(iso) : Number.POSITIVE_INFINITY);

const isScheduled = (order: PreparationTiming): boolean => order.timing === 'SCHEDULED' && order.preparationStartDateTime !== null;

/**
 * A confirmed scheduled order whose preparation starts later: the board keeps it in its Scheduled
 * lane and the kitchen does not see it yet. (A PLACED scheduled order is in New like any other: the
 * platform wants it confirmed within 8 minutes of its arrival, whenever it is for.)
 */
export function waitsToStart(order: PreparationTiming, now: number): boolean {
  return order.status === 'CONFIRMED' && isScheduled(order) && time(order.preparationStartDateTime) > now;
}

/** A confirmed scheduled order whose preparation start has come and that nobody has started. */
export function isDueToStart(order: PreparationTiming, now: number): boolean {
  return order.status === 'CONFIRMED' && isScheduled(order) && time(order.preparationStartDateTime) <= now;
}
