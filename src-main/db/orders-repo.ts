import type { Statement } from 'better-sqlite3';
import { ErrorInfo } from '../../src-shared/errors';
import type { BoardRow, OrderStatus, OrderTracking } from '../../src-shared/ipc/channels/orders';
import { CONFIRM_WINDOW_MS, isFinalStatus, rankOf } from './order-events';
import type { Db } from './database';
import { deriveColumns, type DerivedColumns } from './order-detail';

/** The progression state of an order, as the event ingest reads and writes it. */
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
  is_open: number;
  closed_ms: number | null;
}

export type DetailState = 'missing' | 'fresh' | 'stale' | 'unavailable';

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
    is_open: 1,
    closed_ms: null,
  };
}

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

/** Progression columns no index reads: an update writes them all (SQLite rewrites the whole row anyway). */
const PLAIN_PROGRESS = [
  'merchant_id',
  'status',
  'status_rank',
  'cancel_requested_ms',
  'cancel_resolved_ms',
  'created_at',
  'created_ms',
  'confirm_deadline_ms',
  'last_event_code',
  'last_event_ms',
  'unknown_events',
] as const;
/**
 * Progression columns some index reads (as its key or in its WHERE), in groups: an update sets a
 * group only when it changed, since SQLite maintains every index whose columns are in the SET list.
 * A status move (the common case) then costs no index work; closing an order costs only the indexes
 * that `is_open` and `closed_ms` feed.
 */
const INDEXED_PROGRESS = [['board_ms'], ['is_open', 'closed_ms'], ['detail_state'], ['driver_assigned_ms']] as const satisfies readonly (readonly (keyof OrderProgress)[])[];
const PROGRESS_LIST: readonly (keyof OrderProgress)[] = ['id', ...PLAIN_PROGRESS, ...INDEXED_PROGRESS.flat()];
const PROGRESS_COLUMNS = PROGRESS_LIST.join(', ');

/**
 * The values of `columns` in that order, then `extra`: positional binding, about twice as fast as
 * named binding in better-sqlite3, which counts when an order is written per poll it is touched in.
 */
function valuesOf(progress: OrderProgress, columns: readonly (keyof OrderProgress)[], ...extra: unknown[]): unknown[] {
  const values: unknown[] = new Array(columns.length);
  for (let i = 0; i < columns.length; i++) values[i] = progress[columns[i] as keyof OrderProgress];
  values.push(...extra);
  return values;
}

/** A prepared write of some progression columns, and which columns it binds (in order). */
interface ProgressWrite {
  statement: Statement<unknown[]>;
  columns: readonly (keyof OrderProgress)[];
}

/** Open orders stay on the board this long after their board time (created, or preparation start). */
export const BOARD_OPEN_WINDOW_MS = 24 * 3600_000;
/** Concluded and cancelled orders stay visible this long, at most RECENT_CLOSED_LIMIT of them. */
export const RECENT_CLOSED_WINDOW_MS = 3 * 3600_000;
export const RECENT_CLOSED_LIMIT = 50;
export const OPEN_ORDERS_LIMIT = 500;
const RECENT_LIMIT = 5_000;

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

/** The status the board shows: a pending cancellation the store asked for shows over the progression. */
export function shownStatus(r: { status: string; is_open: number; cancel_requested_ms: number | null; cancel_resolved_ms: number | null }): OrderStatus {
  if (r.is_open && r.cancel_requested_ms !== null && r.cancel_requested_ms > (r.cancel_resolved_ms ?? -Infinity)) {
    return 'CANCELLATION_REQUESTED';
  }
  return r.status as OrderStatus;
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

/** Orders: progression written by the event ingest, detail and board columns, tracking. */
export class OrdersRepo {
  private readonly s: {
    progress: Statement<[string], OrderProgress>;
    progressAmong: Statement<[string], OrderProgress & { at: number }>;
    insertProgress: Statement<unknown[]>;
    detailOf: Statement<[string], { detail: string | null; detail_fetched_ms: number | null; detail_state: DetailState }>;
    saveDetail: Statement<Record<string, unknown>>;
    detailState: Statement<{ id: string; state: DetailState; error: string | null; now: number }>;
    needingDetail: Statement<{ state: DetailState; limit: number }, { id: string }>;
    boardOpen: Statement<{ since: number; merchant: string | null; limit: number }, BoardRecord>;
    boardClosed: Statement<{ since: number; merchant: string | null; limit: number }, BoardRecord>;
    boardRow: Statement<[string], BoardRecord>;
    trackingDue: Statement<{ before: number; limit: number }, { id: string }>;
    saveTracking: Statement<{ id: string; tracking: string | null; now: number }>;
    touchTracking: Statement<{ id: string; now: number }>;
    tracking: Statement<[string], { tracking: string | null; tracking_ms: number | null }>;
  };

  /**
   * The progression of recently touched orders, as last written: a backlog brings each order's
   * events over several polls, and reading the row back each time is a third of the ingest's work.
   * Only this repository writes those columns; a failed transaction clears it (OrderStore.write).
   */
  private readonly recent = new Map<string, OrderProgress>();
  private readonly updates = new Map<number, ProgressWrite>();

  constructor(private readonly db: Db) {
    this.s = {
      progress: db.prepare(`SELECT ${PROGRESS_COLUMNS} FROM orders WHERE id = ?`),
      // The ids as one JSON array: one statement per poll; CROSS JOIN makes each id one key probe.
      // (`at`: the position in the list, see EventsRepo.storedAmong.)
      progressAmong: db.prepare(`SELECT j.key AS at, ${PROGRESS_COLUMNS.replace(/\w+/g, 'o.$&')} FROM json_each(?) j CROSS JOIN orders o ON o.id = j.value`),
      insertProgress: db.prepare(`INSERT INTO orders (${PROGRESS_COLUMNS}, updated_ms) VALUES (${PROGRESS_LIST.map(() => '?').join(', ')}, ?)`),
      detailOf: db.prepare('SELECT detail, detail_fetched_ms, detail_state FROM orders WHERE id = ?'),
      saveDetail: db.prepare(
        `UPDATE orders SET detail = @detail, detail_fetched_ms = @now, detail_state = 'fresh', detail_error = NULL,
           merchant_id = coalesce(@merchantId, merchant_id), display_id = @displayId, status = @status, status_rank = @statusRank,
           order_type = @orderType, order_timing = @orderTiming, created_at = coalesce(@createdAt, created_at),
           created_ms = coalesce(@createdMs, created_ms), confirm_deadline_ms = coalesce(@deadline, confirm_deadline_ms),
           preparation_start_at = @preparationStartAt, board_ms = @boardMs, delivered_by = @deliveredBy,
           customer_name = @customerName, items_count = @itemsCount, total = @total, is_open = @isOpen,
           closed_ms = @closedMs, updated_ms = @now
         WHERE id = @id`,
      ),
      detailState: db.prepare('UPDATE orders SET detail_state = @state, detail_error = @error, updated_ms = @now WHERE id = @id'),
      needingDetail: db.prepare('SELECT id FROM orders WHERE detail_state = @state ORDER BY board_ms LIMIT @limit'),
      boardOpen: db.prepare(
        `SELECT ${BOARD_COLUMNS} FROM ${BOARD_FROM}
         WHERE o.is_open = 1 AND o.board_ms >= @since AND (@merchant IS NULL OR o.merchant_id = @merchant)
         ORDER BY o.board_ms LIMIT @limit`,
      ),
      boardClosed: db.prepare(
        `SELECT ${BOARD_COLUMNS} FROM ${BOARD_FROM}
         WHERE o.is_open = 0 AND o.closed_ms >= @since AND (@merchant IS NULL OR o.merchant_id = @merchant)
         ORDER BY o.closed_ms DESC LIMIT @limit`,
      ),
      boardRow: db.prepare(`SELECT ${BOARD_COLUMNS} FROM ${BOARD_FROM} WHERE o.id = ?`),
      trackingDue: db.prepare(
        `SELECT id FROM orders WHERE driver_assigned_ms IS NOT NULL AND is_open = 1 AND delivered_by = 'PLATFORM'
           AND coalesce(tracking_ms, 0) <= @before ORDER BY coalesce(tracking_ms, 0) LIMIT @limit`,
      ),
      saveTracking: db.prepare('UPDATE orders SET tracking = @tracking, tracking_ms = @now WHERE id = @id'),
      touchTracking: db.prepare('UPDATE orders SET tracking_ms = @now WHERE id = @id'),
      tracking: db.prepare('SELECT tracking, tracking_ms FROM orders WHERE id = ?'),
    };
  }

  progress(id: string): OrderProgress | undefined {
    const cached = this.recent.get(id);
    if (cached) return { ...cached };
    const row = this.s.progress.get(id);
    return row && { ...row, id };
  }

  /**
   * The progression of each of `ids` that exists, as last written (copies the caller may change):
   * the recently written ones from memory, the others in one query.
   */
  progressAmong(ids: Iterable<string>): Map<string, OrderProgress> {
    const found = new Map<string, OrderProgress>();
    const unknown: string[] = [];
    for (const id of ids) {
      const cached = this.recent.get(id);
      if (cached) found.set(id, { ...cached });
      else unknown.push(id);
    }
    if (unknown.length === 0) return found;
    for (const { at, ...row } of this.s.progressAmong.all(JSON.stringify(unknown))) {
      // The id as asked: one that is not valid UTF-16 would not come back from SQLite as it went in.
      const id = unknown[at] as string;
      found.set(id, { ...row, id });
    }
    return found;
  }

  /** Forget the cached progression (after a rollback, the database is the truth again). */
  forgetRecent(): void {
    this.recent.clear();
  }

  private remember(progress: OrderProgress): void {
    this.recent.delete(progress.id);
    this.recent.set(progress.id, { ...progress });
    if (this.recent.size > RECENT_LIMIT) this.recent.delete(this.recent.keys().next().value as string);
  }

  /** Writes a new order as its first events left it; the detail fills the rest later. */
  insertProgress(progress: OrderProgress, now: number): void {
    this.s.insertProgress.run(...valuesOf(progress, PROGRESS_LIST, now));
    this.remember(progress);
  }

  /** Writes what events changed; `before` (as read) decides which indexed columns need writing. */
  writeProgress(progress: OrderProgress, now: number, before?: OrderProgress): void {
    let changed = 0;
    INDEXED_PROGRESS.forEach((group, bit) => {
      if (!before || group.some((column) => before[column] !== progress[column])) changed |= 1 << bit;
    });
    const { statement, columns } = this.updateFor(changed);
    if (statement.run(...valuesOf(progress, columns, now, progress.id)).changes !== 1) throw new Error(`order ${progress.id} is not stored`);
    this.remember(progress);
  }

  /** The UPDATE that sets the plain columns and the indexed groups in `changed` (a bit per group), prepared once. */
  private updateFor(changed: number): ProgressWrite {
    let write = this.updates.get(changed);
    if (!write) {
      const columns = [...PLAIN_PROGRESS, ...INDEXED_PROGRESS.filter((_, bit) => changed & (1 << bit)).flat()];
      const statement = this.db.prepare<unknown[]>(`UPDATE orders SET ${columns.map((c) => `${c} = ?`).join(', ')}, updated_ms = ? WHERE id = ?`);
      write = { statement, columns };
      this.updates.set(changed, write);
    }
    return write;
  }

  /**
   * Stores a fetched detail and its board columns. The status only moves forward: a detail read
   * before an event was processed must not undo what the event said.
   */
  saveDetail(id: string, detail: Record<string, unknown>, now: number): DerivedColumns | undefined {
    this.recent.delete(id);
    const current = this.progress(id);
    if (!current) return undefined;
    const d = deriveColumns(detail);
    const detailRank = rankOf(d.status);
    const forward = detailRank > current.status_rank;
    const status = forward ? (d.status as string) : current.status;
    const isOpen = isFinalStatus(status) ? 0 : 1;
    const createdMs = d.createdMs ?? current.created_ms;
    this.s.saveDetail.run({
      id,
      now,
      detail: JSON.stringify(detail),
      merchantId: d.merchantId,
      displayId: d.displayId,
      status,
      statusRank: forward ? detailRank : current.status_rank,
      orderType: d.orderType,
      orderTiming: d.orderTiming,
      createdAt: d.createdAt,
      createdMs: d.createdMs,
      deadline: d.createdMs === null ? null : d.createdMs + CONFIRM_WINDOW_MS,
      preparationStartAt: d.preparationStartAt,
      boardMs: Math.max(createdMs ?? current.board_ms, d.preparationStartMs ?? -Infinity),
      deliveredBy: d.deliveredBy,
      customerName: d.customerName,
      itemsCount: d.itemsCount,
      total: d.total,
      isOpen,
      closedMs: isOpen ? null : (current.closed_ms ?? now),
    });
    return d;
  }

  markDetail(id: string, state: DetailState, error: ErrorInfo | null, now: number): void {
    this.recent.delete(id);
    this.s.detailState.run({ id, state, error: error ? JSON.stringify(error) : null, now });
  }

  detail(id: string): { detail: Record<string, unknown> | null; fetchedMs: number | null; state: DetailState } | undefined {
    const row = this.s.detailOf.get(id);
    if (!row) return undefined;
    return { detail: row.detail ? (JSON.parse(row.detail) as Record<string, unknown>) : null, fetchedMs: row.detail_fetched_ms, state: row.detail_state };
  }

  needingDetail(state: 'missing' | 'stale', limit = 50): string[] {
    return this.s.needingDetail.all({ state, limit }).map((r) => r.id);
  }

  /** Today's board: open orders of the last 24 h (by created or preparation time), then recently closed ones. */
  board(input: { now: number; merchantId?: string | undefined }): BoardRow[] {
    const merchant = input.merchantId ?? null;
    const open = this.s.boardOpen.all({ since: input.now - BOARD_OPEN_WINDOW_MS, merchant, limit: OPEN_ORDERS_LIMIT });
    const closed = this.s.boardClosed.all({ since: input.now - RECENT_CLOSED_WINDOW_MS, merchant, limit: RECENT_CLOSED_LIMIT });
    return [...open, ...closed].map(toBoardRow);
  }

  boardRows(ids: Iterable<string>): BoardRow[] {
    const rows: BoardRow[] = [];
    for (const id of ids) {
      const record = this.s.boardRow.get(id);
      if (record) rows.push(toBoardRow(record));
    }
    return rows;
  }

  /** PLATFORM deliveries with a driver whose position was last read before `before`. */
  trackingDue(before: number, limit = 20): string[] {
    return this.s.trackingDue.all({ before, limit }).map((r) => r.id);
  }

  saveTracking(id: string, position: Record<string, unknown> | null, now: number): void {
    this.s.saveTracking.run({ id, tracking: position ? JSON.stringify(position) : null, now });
  }

  /** Records a tracking request before it leaves, so the 30-second spacing holds across a restart. */
  touchTracking(id: string, now: number): void {
    this.s.touchTracking.run({ id, now });
  }

  tracking(id: string): OrderTracking | null {
    const row = this.s.tracking.get(id);
    if (!row || row.tracking_ms === null) return null;
    return { position: row.tracking ? (JSON.parse(row.tracking) as Record<string, unknown>) : null, checkedAt: new Date(row.tracking_ms).toISOString() };
  }
}
