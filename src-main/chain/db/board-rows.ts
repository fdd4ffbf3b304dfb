import type { OrderRequests } from '../../../src-shared/order-requests';
import type { BoardRow, OrderDetailView, OrderEventView } from '../../../src-shared/ipc/channels/orders';
import type { OrderRecord } from '../../../src-shared/wire/order';
import { RECENT_CLOSED_LIMIT, toBoardRow, type BoardRecord } from '../../db/orders/board-query';
import { REQUEST_CODES_SQL } from '../../db/orders/events-repo';
import { toOutboxEntry, type OutboxRecord } from '../../db/orders/outbox-repo';
import { toOrderView } from '../../orders/order-view';
import { addressChangesOf, disputesOf, driverRequestOf, REQUEST_EVENT_KEYS, type RequestEvent } from '../../orders/requests';
import type { Queryable } from './transaction';

/** The driver events whose latest says where a platform driver is (db/board-query.ts reads the same). */
const DRIVER_CODES = `'ADR', 'GTO', 'AAO', 'CLT', 'AAD'`;

/**
 * The board's record of an order, as the terminal's SQLite board query makes it (db/board-query.ts
 * `BOARD_COLUMNS`), so the same `toBoardRow` turns it into a BoardRow. What the chain does not keep
 * yet is left empty: `printed` and `printWaiting` are false (tickets print at the store, on the store
 * terminal's own queue), and there is no tracking (a platform driver's state shows, without ETAs).
 */
const BOARD_COLUMNS = `o.id, o.display_id, o.status, o.cancel_requested_ms, o.cancel_resolved_ms, o.is_open, o.order_type,
  o.order_timing, o.created_at, o.created_ms, o.confirm_deadline_ms, o.preparation_start_at, o.customer_name, o.items_count, o.total,
  o.delivered_by, o.merchant_id, o.last_event_code, o.unknown_events, o.detail_state,
  pa.id AS pa_id, pa.action AS pa_action, pa.state AS pa_state, pa.reason::text AS pa_reason,
  cb.actor AS confirm_actor, cb.origin->>'id' AS confirm_origin_id, cb.origin->>'name' AS confirm_origin_name, cb.origin->>'kind' AS confirm_origin_kind,
  o.driver_assigned_ms, NULL::text AS tracking, NULL::bigint AS tracking_ms,
  CASE WHEN o.driver_assigned_ms IS NOT NULL THEN (SELECT e.code FROM events e WHERE e.order_id = o.id AND e.code IN (${DRIVER_CODES}) ORDER BY e.created_ms DESC NULLS LAST LIMIT 1) END AS driver_code,
  CASE WHEN o.status = 'CANCELLED' THEN (SELECT e.metadata::text FROM events e WHERE e.order_id = o.id AND e.code = 'CAN' ORDER BY e.created_ms DESC NULLS LAST LIMIT 1) END AS cancel_metadata,
  0 AS printed, 0 AS print_waiting,
  CASE WHEN o.request_ms IS NOT NULL THEN (SELECT json_agg(json_build_array(r.code, r.full_code, r.created_at, r.metadata) ORDER BY r.created_ms NULLS FIRST, r.received_ms)::text
    FROM events r WHERE r.order_id = o.id AND r.code IN (${REQUEST_CODES_SQL})) END AS requests`;
/** `pa`: the newest action; `cb`: the confirm that did it (as db/board-query.ts `BOARD_FROM`). */
const BOARD_FROM = `orders o LEFT JOIN outbox pa ON pa.id = (SELECT max(id) FROM outbox WHERE order_id = o.id)
  LEFT JOIN outbox cb ON cb.id = (SELECT c.id FROM outbox c WHERE c.order_id = o.id AND c.action = 'confirm'
    AND (c.state IN ('queued', 'sent') OR (c.state = 'confirmed' AND c.attempts > 0)) ORDER BY c.id DESC LIMIT 1)`;

const REQUEST_KEYS: ReadonlySet<string> = new Set(REQUEST_EVENT_KEYS);

/** An outbox row in the terminal's OutboxRecord shape, so `toOutboxEntry` reads it. */
export const OUTBOX_RECORD_COLUMNS = `id, order_id, action, payload::text AS payload, state, attempts, due_ms AS next_attempt_ms, expires_ms,
  reason::text AS reason, settled_by, actor, origin->>'id' AS origin_id, origin->>'name' AS origin_name, origin->>'kind' AS origin_kind,
  created_ms, updated_ms, sent_ms, settled_ms`;

/** Open orders of these stores (newest first), then their newest orders closed since `closedSince`. */
export async function boardOf(db: Queryable, storeIds: readonly string[], closedSince: number): Promise<BoardRow[]> {
  if (storeIds.length === 0) return [];
  const open = await db.query<BoardRecord>(
    `SELECT ${BOARD_COLUMNS} FROM ${BOARD_FROM} WHERE o.is_open = 1 AND o.merchant_id = ANY($1::text[]) ORDER BY o.board_ms DESC`,
    [storeIds],
  );
  const closed = await db.query<BoardRecord>(
    `SELECT ${BOARD_COLUMNS} FROM ${BOARD_FROM} WHERE o.is_open = 0 AND o.merchant_id = ANY($1::text[]) AND o.closed_ms >= $2 ORDER BY o.closed_ms DESC LIMIT $3`,
    [storeIds, closedSince, RECENT_CLOSED_LIMIT],
  );
  return [...open.rows, ...closed.rows].map(toBoardRow);
}

/** The rows of these orders that belong to one of `storeIds`, in the order asked. */
export async function rowsOf(db: Queryable, orderIds: readonly string[], storeIds: readonly string[]): Promise<BoardRow[]> {
  if (orderIds.length === 0 || storeIds.length === 0) return [];
  const { rows } = await db.query<BoardRecord>(`SELECT ${BOARD_COLUMNS} FROM ${BOARD_FROM} WHERE o.id = ANY($1::text[]) AND o.merchant_id = ANY($2::text[])`, [
    orderIds,
    storeIds,
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return orderIds.flatMap((id) => {
    const record = byId.get(id);
    return record ? [toBoardRow(record)] : [];
  });
}

/**
 * One order's drawer, when it is one of `storeIds`'. Its requests are read from its events by the
 * domain's functions; the chain keeps no delivery-code checks (none wrong, none verified) and no
 * tracking yet.
 */
export async function detailOf(db: Queryable, orderId: string, storeIds: readonly string[]): Promise<OrderDetailView | null> {
  const [row] = await rowsOf(db, [orderId], storeIds);
  if (!row) return null;
  const order = await db.query<{ detail: OrderRecord | null; detail_fetched_ms: number | null }>('SELECT detail, detail_fetched_ms FROM orders WHERE id = $1', [
    orderId,
  ]);
  const events = await db.query<{
    id: string;
    code: string;
    full_code: string;
    known: boolean;
    created_at: string | null;
    received_ms: number;
    metadata: unknown;
  }>('SELECT id, code, full_code, known, created_at, received_ms, metadata FROM events WHERE order_id = $1 ORDER BY created_ms NULLS FIRST, received_ms, id', [
    orderId,
  ]);
  const actions = await db.query<OutboxRecord>(`SELECT ${OUTBOX_RECORD_COLUMNS} FROM outbox WHERE order_id = $1 ORDER BY id`, [orderId]);
  const detail = order.rows[0]?.detail ?? null;
  const fetchedMs = order.rows[0]?.detail_fetched_ms ?? null;
  const requestEvents: RequestEvent[] = events.rows
    .filter((e) => REQUEST_KEYS.has(e.code))
    .map((e) => ({ code: e.code, fullCode: e.full_code, createdAt: e.created_at, metadata: e.metadata }));
  const requests: OrderRequests = {
    disputes: disputesOf(requestEvents),
    addressChanges: addressChangesOf(requestEvents),
    driverRequest: driverRequestOf(requestEvents),
    wrongDeliveryCodes: 0,
    deliveryCodeVerified: false,
  };
  return {
    row,
    order: detail ? toOrderView(detail) : null,
    detailFetchedAt: fetchedMs === null ? null : new Date(fetchedMs).toISOString(),
    events: events.rows.map((e): OrderEventView => ({
      id: e.id,
      code: e.code,
      fullCode: e.full_code,
      known: e.known,
      createdAt: e.created_at,
      receivedAt: new Date(e.received_ms).toISOString(),
    })),
    actions: actions.rows.map(toOutboxEntry),
    tracking: null,
    requests,
  };
}
