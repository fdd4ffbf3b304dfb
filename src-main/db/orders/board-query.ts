import type { Statement } from 'better-sqlite3';
import { ErrorInfo } from '../../../src-shared/errors';
import type { Actor, BoardRow, DriverState, DriverView } from '../../../src-shared/ipc/channels/orders';
import { CancellationMetadata } from '../../../src-shared/wire/events';
import { Tracking } from '../../../src-shared/wire/order';
import type { DetailState } from '../../orders/progress';
import { openRequestOf, type RequestEvent } from '../../orders/requests';
import { shownStatus } from '../../orders/status';
import type { Db } from '../database';
import { REQUEST_CODES_SQL } from './events-repo';
import { jsonIdList } from '../json-id-list';
import { parseJsonText } from '../json-text';
import { originOf } from './outbox-repo';

export interface BoardRecord {
  id: string;
  display_id: string | null;
  status: string;
  cancel_requested_ms: number | null;
  cancel_resolved_ms: number | null;
  is_open: number;
  order_type: string | null;
  order_timing: string | null;
  created_at: string | null;
  created_ms: number | null;
  confirm_deadline_ms: number | null;
  preparation_start_at: string | null;
  customer_name: string | null;
  items_count: number | null;
  total: number | null;
  delivered_by: string | null;
  merchant_id: string | null;
  last_event_code: string | null;
  unknown_events: number;
  detail_state: DetailState;
  pa_id: number | null;
  pa_action: string | null;
  pa_state: string | null;
  pa_reason: string | null;
  confirm_actor: Actor | null;
  confirm_origin_id: string | null;
  confirm_origin_name: string | null;
  confirm_origin_kind: string | null;
  driver_assigned_ms: number | null;
  driver_code: string | null;
  tracking: string | null;
  tracking_ms: number | null;
  cancel_metadata: string | null;
  printed: number;
  print_waiting: number;
  requests: string | null;
}

/** The driver events of a PLATFORM delivery, and what each says of where the driver is. */
const DRIVER_STATE_OF: Readonly<Record<string, DriverState>> = { ADR: 'assigned', GTO: 'toStore', AAO: 'atStore', CLT: 'collected', AAD: 'atCustomer' };
const DRIVER_CODES = Object.keys(DRIVER_STATE_OF)
  .map((c) => `'${c}'`)
  .join(', ');

export const BOARD_COLUMNS = `o.id, o.display_id, o.status, o.cancel_requested_ms, o.cancel_resolved_ms, o.is_open, o.order_type,
  o.order_timing, o.created_at, o.created_ms, o.confirm_deadline_ms, o.preparation_start_at, o.customer_name, o.items_count, o.total,
  o.delivered_by, o.merchant_id, o.last_event_code, o.unknown_events, o.detail_state,
  pa.id AS pa_id, pa.action AS pa_action, pa.state AS pa_state, pa.reason AS pa_reason,
  cb.actor AS confirm_actor, cb.origin_id AS confirm_origin_id, cb.origin_name AS confirm_origin_name, cb.origin_kind AS confirm_origin_kind,
  o.driver_assigned_ms, o.tracking, o.tracking_ms,
  CASE WHEN o.driver_assigned_ms IS NOT NULL THEN (SELECT e.code FROM events e WHERE e.order_id = o.id AND e.code IN (${DRIVER_CODES}) ORDER BY e.created_ms DESC LIMIT 1) END AS driver_code,
  CASE WHEN o.status = 'CANCELLED' THEN (SELECT e.metadata FROM events e WHERE e.order_id = o.id AND e.code = 'CAN' ORDER BY e.created_ms DESC LIMIT 1) END AS cancel_metadata,
  EXISTS (SELECT 1 FROM print_jobs p WHERE p.order_id = o.id AND p.state = 'printed' AND p.kind <> 'cancellation') AS printed,
  EXISTS (SELECT 1 FROM print_jobs p WHERE p.order_id = o.id AND p.state = 'queued' AND p.attempts > 0) AS print_waiting,
  CASE WHEN o.request_ms IS NOT NULL THEN (SELECT json_group_array(json_array(r.code, r.full_code, r.created_at, r.metadata))
    FROM (SELECT e.code, e.full_code, e.created_at, e.metadata FROM events e WHERE e.order_id = o.id AND e.code IN (${REQUEST_CODES_SQL}) ORDER BY e.created_ms, e.received_ms) r) END AS requests`;
/**
 * `cb` is the confirm that did it (or is doing it): a confirm found already done before it was ever
 * sent (pressed on a second screen once the first one's had gone through) confirmed nothing, and does
 * not take the credit from the one that did.
 */
export const BOARD_FROM = `orders o LEFT JOIN outbox pa ON pa.id = (SELECT max(id) FROM outbox WHERE order_id = o.id)
  LEFT JOIN outbox cb ON cb.id = (SELECT c.id FROM outbox c WHERE c.order_id = o.id AND c.action = 'confirm'
    AND (c.state IN ('queued', 'sent') OR (c.state = 'confirmed' AND c.attempts > 0)) ORDER BY c.id DESC LIMIT 1)`;

/**
 * Concluded and cancelled orders stay on the board this long, the newest RECENT_CLOSED_LIMIT of
 * them (the board says how many it left out; history has them all). Open orders are never left out.
 */
export const RECENT_CLOSED_WINDOW_MS = 3 * 3600_000;
export const RECENT_CLOSED_LIMIT = 300;

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

function parseReason(text: string | null): ErrorInfo | null {
  if (!text) return null;
  try {
    const parsed = ErrorInfo.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : { code: 'internal', message: text };
  } catch {
    return { code: 'internal', message: text };
  }
}

function driverOf(r: BoardRecord): DriverView | null {
  if (r.driver_assigned_ms === null || r.delivered_by !== 'PLATFORM') return null;
  const tracking = Tracking.safeParse(parseJsonText(r.tracking));
  return {
    state: DRIVER_STATE_OF[r.driver_code ?? 'ADR'] ?? 'assigned',
    pickupEtaSeconds: tracking.success ? (tracking.data.pickupEtaStart ?? null) : null,
    deliveryEtaSeconds: tracking.success ? (tracking.data.deliveryEtaEnd ?? null) : null,
    checkedAt: tracking.success ? iso(r.tracking_ms) : null,
  };
}

function cancellationOf(r: BoardRecord): BoardRow['cancellation'] {
  if (r.status !== 'CANCELLED') return null;
  const read = CancellationMetadata.safeParse(parseJsonText(r.cancel_metadata) ?? {});
  if (!read.success) return { origin: null, reason: null, code: null };
  return { origin: read.data.origin ?? null, reason: read.data.reason ?? null, code: read.data.cancelCode ?? null };
}

export function toBoardRow(r: BoardRecord): BoardRow {
  return {
    id: r.id,
    displayId: r.display_id,
    status: shownStatus(r),
    orderType: r.order_type,
    timing: r.order_timing,
    createdAt: r.created_at,
    confirmDeadline: iso(r.confirm_deadline_ms),
    preparationStartDateTime: r.preparation_start_at,
    customerName: r.customer_name,
    itemsCount: r.items_count,
    total: r.total,
    deliveredBy: r.delivered_by,
    merchantId: r.merchant_id,
    pendingAction:
      r.pa_id !== null && r.pa_state !== null && r.pa_state !== 'confirmed'
        ? { id: r.pa_id, action: r.pa_action as never, state: r.pa_state as never, reason: parseReason(r.pa_reason) }
        : null,
    lastEventCode: r.last_event_code,
    hasUnknownEvents: r.unknown_events > 0,
    detailMissing: r.detail_state === 'missing' || r.detail_state === 'unavailable',
    confirmedBy: r.confirm_actor,
    confirmedFrom: originOf({ origin_id: r.confirm_origin_id, origin_name: r.confirm_origin_name, origin_kind: r.confirm_origin_kind }),
    driver: driverOf(r),
    cancellation: cancellationOf(r),
    printed: r.printed === 1,
    printWaiting: r.print_waiting === 1,
    request: r.requests === null ? null : openRequestOf(requestEventsOf(r.requests)),
  };
}

/** The request events the board query packs as one JSON array of [code, fullCode, createdAt, metadata]. */
export function requestEventsOf(packed: string): RequestEvent[] {
  const rows = parseJsonText(packed);
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown) =>
    Array.isArray(row) && typeof row[0] === 'string'
      ? [
          {
            code: row[0],
            fullCode: typeof row[1] === 'string' ? row[1] : row[0],
            createdAt: typeof row[2] === 'string' ? row[2] : null,
            metadata: row[3] ?? null,
          },
        ]
      : [],
  );
}

/** A PLACED order with its detail, that nobody has tried to confirm. */
export interface UnconfirmedOrder {
  id: string;
  order_timing: string | null;
  preparation_start_at: string | null;
}

/** Every store's board, or one store's (`@merchant`). */
export type BoardScope = 'all-stores' | 'one-store';

/**
 * The board's reads of a scope. One set of statements per scope, never `(@merchant IS NULL OR
 * o.merchant_id = @merchant)`: SQLite plans a statement once, for any value, and cannot answer that
 * OR from an index (one store's board looked up every closed order in the window to ask its store).
 * Each scope has its indexes (migrations 0010 and 0017); test/unit/orders/board-query.test.ts checks the plans.
 */
export function boardSql(scope: BoardScope): { open: string; closed: string; closedCount: string } {
  const store = scope === 'one-store' ? 'AND o.merchant_id = @merchant' : '';
  return {
    open: `SELECT ${BOARD_COLUMNS} FROM ${BOARD_FROM} WHERE o.is_open = 1 ${store} ORDER BY o.board_ms DESC`,
    closed: `SELECT ${BOARD_COLUMNS} FROM ${BOARD_FROM} WHERE o.is_open = 0 AND o.closed_ms >= @since ${store} ORDER BY o.closed_ms DESC LIMIT @limit`,
    closedCount: `SELECT count(*) AS n FROM orders o WHERE o.is_open = 0 AND o.closed_ms >= @since ${store}`,
  };
}

interface ScopeReads {
  open: Statement<{ merchant?: string }, BoardRecord>;
  closed: Statement<{ since: number; merchant?: string; limit: number }, BoardRecord>;
  closedCount: Statement<{ since: number; merchant?: string }, { n: number }>;
}

function scopeReads(db: Db, scope: BoardScope): ScopeReads {
  const sql = boardSql(scope);
  return { open: db.prepare(sql.open), closed: db.prepare(sql.closed), closedCount: db.prepare(sql.closedCount) };
}

/** The board's reads: today's open and recently closed orders, and single rows for pushes. */
export class BoardQuery {
  private readonly allStores: ScopeReads;
  private readonly oneStore: ScopeReads;
  private readonly s: {
    row: Statement<[string], BoardRecord>;
    unconfirmed: Statement<[string], UnconfirmedOrder>;
  };

  constructor(db: Db) {
    this.allStores = scopeReads(db, 'all-stores');
    this.oneStore = scopeReads(db, 'one-store');
    this.s = {
      row: db.prepare(`SELECT ${BOARD_COLUMNS} FROM ${BOARD_FROM} WHERE o.id = ?`),
      // The stores as one JSON array, among open orders (their index); an order counts once its
      // detail said whether it is scheduled.
      unconfirmed: db.prepare(
        `SELECT o.id, o.order_timing, o.preparation_start_at FROM orders o
         WHERE o.is_open = 1 AND o.merchant_id IN (SELECT value FROM json_each(?)) AND o.status = 'PLACED' AND o.detail_state IN ('fresh', 'stale')
           AND NOT EXISTS (SELECT 1 FROM outbox c WHERE c.order_id = o.id AND c.action = 'confirm')`,
      ),
    };
  }

  /** The board: every open order (newest first), then the newest recently closed ones, and how many closed ones it left out. */
  board(input: { now: number; merchantId?: string | undefined }): { rows: BoardRow[]; closedLeftOut: number } {
    const merchant = input.merchantId ?? null;
    const reads = merchant === null ? this.allStores : this.oneStore;
    const scope = merchant === null ? {} : { merchant };
    const since = input.now - RECENT_CLOSED_WINDOW_MS;
    const open = reads.open.all(scope);
    const closed = reads.closed.all({ ...scope, since, limit: RECENT_CLOSED_LIMIT });
    const closedLeftOut = closed.length < RECENT_CLOSED_LIMIT ? 0 : (reads.closedCount.get({ ...scope, since })?.n ?? 0) - closed.length;
    return { rows: [...open, ...closed].map(toBoardRow), closedLeftOut };
  }

  /** Open PLACED orders of these stores with their detail known and no confirm ever sent (auto-confirm's candidates). */
  unconfirmed(merchantIds: readonly string[]): UnconfirmedOrder[] {
    return merchantIds.length === 0 ? [] : this.s.unconfirmed.all(jsonIdList(merchantIds));
  }

  /** The board's rows only. */
  rows(input: { now: number; merchantId?: string | undefined }): BoardRow[] {
    return this.board(input).rows;
  }

  /** The board rows of these orders (those that exist), for a push after a commit. */
  rowsOf(ids: Iterable<string>): BoardRow[] {
    const rows: BoardRow[] = [];
    for (const id of ids) {
      const record = this.s.row.get(id);
      if (record) rows.push(toBoardRow(record));
    }
    return rows;
  }
}
