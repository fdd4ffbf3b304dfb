import type { Statement } from 'better-sqlite3';
import { ErrorInfo } from '../../src-shared/errors';
import type { BoardRow } from '../../src-shared/ipc/channels/orders';
import type { DetailState } from '../orders/progress';
import { shownStatus } from '../orders/status';
import type { Db } from './database';

interface BoardRecord {
  id: string;
  display_id: string | null;
  status: string;
  cancel_requested_ms: number | null;
  cancel_resolved_ms: number | null;
  is_open: number;
  order_type: string | null;
  order_timing: string | null;
  created_at: string | null;
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
}

const BOARD_COLUMNS = `o.id, o.display_id, o.status, o.cancel_requested_ms, o.cancel_resolved_ms, o.is_open, o.order_type,
  o.order_timing, o.created_at, o.confirm_deadline_ms, o.preparation_start_at, o.customer_name, o.items_count, o.total,
  o.delivered_by, o.merchant_id, o.last_event_code, o.unknown_events, o.detail_state,
  pa.id AS pa_id, pa.action AS pa_action, pa.state AS pa_state, pa.reason AS pa_reason`;
const BOARD_FROM = `orders o LEFT JOIN outbox pa ON pa.id = (SELECT max(id) FROM outbox WHERE order_id = o.id)`;

/** Open orders stay on the board this long after their board time (created, or preparation start). */
export const BOARD_OPEN_WINDOW_MS = 24 * 3600_000;
/** Concluded and cancelled orders stay visible this long, at most RECENT_CLOSED_LIMIT of them. */
export const RECENT_CLOSED_WINDOW_MS = 3 * 3600_000;
export const RECENT_CLOSED_LIMIT = 50;
export const OPEN_ORDERS_LIMIT = 500;

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

function toBoardRow(r: BoardRecord): BoardRow {
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
  };
}

/** The board's reads: today's open and recently closed orders, and single rows for pushes. */
export class BoardQuery {
  private readonly s: {
    open: Statement<{ since: number; merchant: string | null; limit: number }, BoardRecord>;
    closed: Statement<{ since: number; merchant: string | null; limit: number }, BoardRecord>;
    row: Statement<[string], BoardRecord>;
  };

  constructor(db: Db) {
    this.s = {
      open: db.prepare(
        `SELECT ${BOARD_COLUMNS} FROM ${BOARD_FROM}
         WHERE o.is_open = 1 AND o.board_ms >= @since AND (@merchant IS NULL OR o.merchant_id = @merchant)
         ORDER BY o.board_ms LIMIT @limit`,
      ),
      closed: db.prepare(
        `SELECT ${BOARD_COLUMNS} FROM ${BOARD_FROM}
         WHERE o.is_open = 0 AND o.closed_ms >= @since AND (@merchant IS NULL OR o.merchant_id = @merchant)
         ORDER BY o.closed_ms DESC LIMIT @limit`,
      ),
      row: db.prepare(`SELECT ${BOARD_COLUMNS} FROM ${BOARD_FROM} WHERE o.id = ?`),
    };
  }

  /** Today's board: open orders of the last 24 h (by created or preparation time), then recently closed ones. */
  rows(input: { now: number; merchantId?: string | undefined }): BoardRow[] {
    const merchant = input.merchantId ?? null;
    const open = this.s.open.all({ since: input.now - BOARD_OPEN_WINDOW_MS, merchant, limit: OPEN_ORDERS_LIMIT });
    const closed = this.s.closed.all({ since: input.now - RECENT_CLOSED_WINDOW_MS, merchant, limit: RECENT_CLOSED_LIMIT });
    return [...open, ...closed].map(toBoardRow);
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
