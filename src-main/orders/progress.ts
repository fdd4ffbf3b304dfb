import type { OrderEvent, EventName } from '../../src-shared/wire/events';
import type { DetailColumns } from './detail-columns';
import { OPENS_REQUEST } from './requests';
import { CONFIRM_WINDOW_MS, isFinalStatus, rankOf, REFRESHES_DETAIL, statusAfter } from './status';

export type DetailState = 'missing' | 'fresh' | 'stale' | 'unavailable';

/**
 * The progression state of an order: what its events and its detail have said so far. Fields are
 * named after the `orders` columns that hold them (the write path binds them by name, positionally).
 */
export interface OrderProgress {
  id: string;
  merchant_id: string | null;
  status: string;
  status_rank: number;
  cancel_requested_ms: number | null;
  cancel_resolved_ms: number | null;
  created_at: string | null;
  created_ms: number | null;
  confirm_deadline_ms: number | null;
  board_ms: number;
  detail_state: DetailState;
  last_event_code: string | null;
  last_event_ms: number | null;
  unknown_events: number;
  driver_assigned_ms: number | null;
  /** The latest dispute or address change asked (HSD, DAR): the board reads requests of such orders only. */
  request_ms: number | null;
  is_open: number;
  closed_ms: number | null;
}

/** A new order as its first event makes it, before any event is applied (rank 0: PLACED moves it to 10). */
export function orderStub(input: { id: string; merchantId: string | null; createdAt: string | null; createdMs: number | null; now: number }): OrderProgress {
  return {
    id: input.id,
    merchant_id: input.merchantId,
    status: 'PLACED',
    status_rank: 0,
    cancel_requested_ms: null,
    cancel_resolved_ms: null,
    created_at: input.createdAt,
    created_ms: input.createdMs,
    confirm_deadline_ms: input.createdMs === null ? null : input.createdMs + CONFIRM_WINDOW_MS,
    board_ms: input.createdMs ?? input.now,
    detail_state: 'missing',
    last_event_code: null,
    last_event_ms: null,
    unknown_events: 0,
    driver_assigned_ms: null,
    request_ms: null,
    is_open: 1,
    closed_ms: null,
  };
}

/**
 * The forward-only rule, the one place it is written: the status moves only to a higher rank
 * (events come duplicated and out of order, and a detail may have been read before an event); an
 * order that reaches a final status closes then. True when the status moved.
 */
export function moveForward(order: OrderProgress, status: string | null | undefined, now: number): boolean {
  const rank = rankOf(status);
  if (!status || rank <= order.status_rank) return false;
  order.status = status;
  order.status_rank = rank;
  if (isFinalStatus(status) && order.is_open === 1) {
    order.is_open = 0;
    order.closed_ms = now;
  }
  return true;
}

/** Moves an order's progression by one event (in place); `name` is the event's known name, if any. */
export function applyEvent(order: OrderProgress, event: OrderEvent, name: EventName | undefined, eventMs: number, now: number): void {
  if (!name) order.unknown_events++;
  if (order.last_event_ms === null || eventMs >= order.last_event_ms) {
    order.last_event_code = event.fullCode ?? event.code ?? null;
    order.last_event_ms = eventMs;
  }
  order.merchant_id ??= event.merchantId ?? null;
  if (name === 'PLACED' && order.created_ms === null && event.createdAt) {
    order.created_at = event.createdAt;
    order.created_ms = eventMs;
    order.confirm_deadline_ms = eventMs + CONFIRM_WINDOW_MS;
    order.board_ms = Math.max(order.board_ms, eventMs);
  }
  moveForward(order, statusAfter(name), now);
  if (name === 'CANCELLATION_REQUESTED') order.cancel_requested_ms = Math.max(order.cancel_requested_ms ?? eventMs, eventMs);
  if (name === 'CANCELLATION_REQUEST_FAILED') order.cancel_resolved_ms = Math.max(order.cancel_resolved_ms ?? eventMs, eventMs);
  if (name === 'ASSIGN_DRIVER') order.driver_assigned_ms ??= eventMs;
  if (name && OPENS_REQUEST.has(name)) order.request_ms = Math.max(order.request_ms ?? eventMs, eventMs);
  if (name && REFRESHES_DETAIL.has(name) && order.detail_state === 'fresh') order.detail_state = 'stale';
}

/**
 * Merges a fetched detail into the progression (in place): the detail's status only if it is ahead,
 * its creation time (and so the confirm deadline) and its store when it names them; the board time is
 * the later of creation and the scheduled preparation start.
 */
export function mergeDetail(order: OrderProgress, d: DetailColumns, now: number): void {
  moveForward(order, d.status, now);
  order.merchant_id = d.merchantId ?? order.merchant_id;
  if (d.createdAt !== null) order.created_at = d.createdAt;
  if (d.createdMs !== null) {
    order.created_ms = d.createdMs;
    order.confirm_deadline_ms = d.createdMs + CONFIRM_WINDOW_MS;
  }
  order.board_ms = Math.max(order.created_ms ?? order.board_ms, d.preparationStartMs ?? -Infinity);
  order.detail_state = 'fresh';
}
