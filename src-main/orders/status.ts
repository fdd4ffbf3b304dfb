import type { OrderStatus } from '../../src-shared/ipc/channels/orders';
import type { EventName } from '../../src-shared/wire/events';

/**
 * Where an order stands, in the terminal's words (spec §4.5 statuses, docs/merchant-api.md § 6). The one
 * rule everything else leans on: an order's status only moves forward, to a higher rank.
 */

/** Progression ranks: an order's status only moves to a higher rank. */
export const STATUS_RANK: Readonly<Record<string, number>> = {
  PLACED: 10,
  CONFIRMED: 20,
  PREPARATION_STARTED: 30,
  READY_TO_PICKUP: 40,
  DISPATCHED: 50,
  CONCLUDED: 60,
  CANCELLED: 70,
};

/** The statuses an order moves through (CANCELLATION_REQUESTED is shown over them, never stored). */
export type ProgressStatus = Exclude<OrderStatus, 'CANCELLATION_REQUESTED'>;

export function rankOf(status: string | undefined | null): number {
  return (status && STATUS_RANK[status]) || 0;
}

export function isFinalStatus(status: string): boolean {
  return status === 'CONCLUDED' || status === 'CANCELLED';
}

/** The status an event moves the order to (never backwards: see `moveForward`). */
const STATUS_BY_EVENT: Partial<Readonly<Record<EventName, ProgressStatus>>> = {
  PLACED: 'PLACED',
  CONFIRMED: 'CONFIRMED',
  PREPARATION_STARTED: 'PREPARATION_STARTED',
  // Groceries: separating the items is their preparation.
  SEPARATION_STARTED: 'PREPARATION_STARTED',
  READY_TO_PICKUP: 'READY_TO_PICKUP',
  DISPATCHED: 'DISPATCHED',
  CONCLUDED: 'CONCLUDED',
  CANCELLED: 'CANCELLED',
  CONSUMER_CANCELLATION_ACCEPTED: 'CANCELLED',
};

export function statusAfter(name: EventName | undefined): ProgressStatus | undefined {
  return name ? STATUS_BY_EVENT[name] : undefined;
}

/** Events after which the cached detail is out of date and is read again. */
export const REFRESHES_DETAIL: ReadonlySet<EventName> = new Set([
  'DELIVERY_ADDRESS_CHANGE_ACCEPTED',
  // A platform driver requested or withdrawn changes who delivers (and the pickup code).
  'REQUEST_DRIVER_SUCCESS',
  'REQUEST_DRIVER_FAILED',
]);

/** The spec's confirmation deadline (§4.5, §8). */
export const CONFIRM_WINDOW_MS = 8 * 60_000;

/**
 * The status the board shows: a cancellation the store asked for shows over the progression while
 * the platform has not answered it (a later CANCELLATION_REQUEST_FAILED clears it).
 */
export function shownStatus(o: { status: string; is_open: number; cancel_requested_ms: number | null; cancel_resolved_ms: number | null }): OrderStatus {
  if (o.is_open && o.cancel_requested_ms !== null && o.cancel_requested_ms > (o.cancel_resolved_ms ?? -Infinity)) {
    return 'CANCELLATION_REQUESTED';
  }
  return o.status as OrderStatus;
}
