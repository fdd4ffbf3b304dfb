import { AppError } from '../../../src-shared/errors';
import type { BumpInput, KitchenTicket } from '../../../src-shared/ipc/channels/kitchen';
import type { OrderAction } from '../../../src-shared/ipc/channels/orders';
import { waitsToStart } from '../../../src-shared/order-rules/preparation-start';

/**
 * Whether the kitchen works on an order now: confirmed or in preparation, and (a scheduled one)
 * its preparation start has come, the board's rule: before that the kitchen does not see it.
 */
export function onKitchen(ticket: Pick<KitchenTicket, 'status' | 'timing' | 'preparationStartDateTime'>, now: number): boolean {
  return (ticket.status === 'CONFIRMED' || ticket.status === 'PREPARATION_STARTED') && !waitsToStart(ticket, now);
}

/**
 * The lines a bump takes: one line (already bumped: none), or every waiting line of the station
 * (of every station when the display shows them all). A bump for an order the kitchen does not
 * work on now, or for a line of another station, is refused: a screen behind the others must not
 * bump what it no longer shows.
 */
export function linesToBump(ticket: KitchenTicket, input: Pick<BumpInput, 'stationId' | 'itemKey'>, now: number): { itemKey: string; stationId: string }[] {
  // Finished: its ready is on its way, and a line read since (its detail came late) does not reopen it.
  if (ticket.doneAt !== null) return [];
  if (!onKitchen(ticket, now)) throw new AppError('conflict', 'This order is not on the kitchen now (not confirmed, already ready, or scheduled for later).');
  const inScope = ticket.items.filter((i) => input.stationId === null || i.stationId === input.stationId);
  let lines = inScope;
  if (input.itemKey !== undefined) {
    lines = inScope.filter((i) => i.key === input.itemKey);
    if (lines.length === 0) throw new AppError('not-found', 'This order has no such line at this station.');
  }
  return lines.filter((i) => i.bumpedAt === null).map((i) => ({ itemKey: i.key, stationId: i.stationId }));
}

/** Every line of every station bumped: the kitchen is done with the order. */
export function allBumped(ticket: Pick<KitchenTicket, 'items'>): boolean {
  return ticket.items.every((i) => i.bumpedAt !== null);
}

/** The order types of the spec: each takes readyToPickup (§4.5). */
const SPEC_ORDER_TYPES: ReadonlySet<string | null> = new Set(['DELIVERY', 'TAKEOUT', 'DINE_IN']);

/**
 * The action that tells the platform an order the kitchen finished is ready: the board's "Pronto"
 * (spec §4.5: readyToPickup, required for TAKEOUT and DINE_IN; optional for DELIVERY, where it
 * tells the platform's driver, and the store's own delivery can still be dispatched after it, as the
 * board's actions allow). An order whose detail has not come is one of the spec's types all the
 * same; a type the spec does not name gets none: the counter decides.
 */
export function readyActionFor(ticket: Pick<KitchenTicket, 'status' | 'orderType'>): Extract<OrderAction, 'readyToPickup'> | null {
  if (ticket.status !== 'CONFIRMED' && ticket.status !== 'PREPARATION_STARTED') return null;
  return ticket.orderType === null || SPEC_ORDER_TYPES.has(ticket.orderType) ? 'readyToPickup' : null;
}
