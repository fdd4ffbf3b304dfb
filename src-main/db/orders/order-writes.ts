import type { Statement } from 'better-sqlite3';
import type { ErrorInfo } from '../../../src-shared/errors';
import type { OrderRecord } from '../../../src-shared/wire/order';
import { detailColumns, type DetailColumns } from '../../orders/detail-columns';
import { mergeDetail, type DetailState, type OrderProgress } from '../../orders/progress';
import type { Db } from '../database';
import { jsonIdList } from '../json-id-list';

/** Progression columns no index reads: an update writes them all (SQLite rewrites the whole row anyway). */
const PLAIN_PROGRESS = [
  'merchant_id',
  'status',
  'status_rank',
  'cancel_requested_ms',
  'cancel_resolved_ms',
  'created_at',
  'confirm_deadline_ms',
  'last_event_code',
  'last_event_ms',
  'unknown_events',
  'request_ms',
] as const;
/**
 * Progression columns some index reads (as its key or in its WHERE), in groups: an update sets a
 * group only when it changed, since SQLite maintains every index whose columns are in the SET list.
 * A status move (the common case) then costs no index work; closing an order costs only the indexes
 * that `is_open` and `closed_ms` feed.
 */
const INDEXED_PROGRESS = [
  ['board_ms'],
  ['is_open', 'closed_ms'],
  ['detail_state'],
  ['driver_assigned_ms'],
  ['created_ms'],
] as const satisfies readonly (readonly (keyof OrderProgress)[])[];
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

/** Board columns only a detail fills, in the order `saveDetail` binds them. */
const DETAIL_COLUMNS = ['display_id', 'order_type', 'order_timing', 'preparation_start_at', 'delivered_by', 'customer_name', 'items_count', 'total'] as const;
const RECENT_LIMIT = 5_000;

/**
 * The orders' write path: the progression the event ingest reads and writes, and the details the
 * fetcher stores (with the board columns read from them). The board's reads are in board-query.ts.
 */
export class OrderWrites {
  private readonly s: {
    progress: Statement<[string], OrderProgress>;
    progressAmong: Statement<[string], OrderProgress & { at: number }>;
    insertProgress: Statement<unknown[]>;
    detailOf: Statement<[string], { detail: string | null; detail_fetched_ms: number | null; detail_state: DetailState }>;
    saveDetail: Statement<unknown[]>;
    detailState: Statement<{ id: string; state: DetailState; error: string | null; now: number }>;
    needingDetail: Statement<{ state: DetailState; limit: number }, { id: string }>;
  };

  /**
   * The progression of recently touched orders, as last written: a backlog brings each order's
   * events over several polls, and reading the row back each time is a third of the ingest's work.
   * Only this repository writes those columns; a failed transaction clears it (OrdersDb.write).
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
        `UPDATE orders SET ${[...PROGRESS_LIST.slice(1), ...DETAIL_COLUMNS].map((c) => `${c} = ?`).join(', ')},
           detail = ?, detail_fetched_ms = ?, detail_error = NULL, updated_ms = ? WHERE id = ?`,
      ),
      detailState: db.prepare('UPDATE orders SET detail_state = @state, detail_error = @error, updated_ms = @now WHERE id = @id'),
      needingDetail: db.prepare('SELECT id FROM orders WHERE detail_state = @state ORDER BY board_ms LIMIT @limit'),
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
    for (const { at, ...row } of this.s.progressAmong.all(jsonIdList(unknown))) {
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
   * Stores a fetched detail and its board columns, and merges it into the progression by the
   * domain's rules (orders/progress.ts: the status only moves forward).
   */
  saveDetail(id: string, detail: OrderRecord, now: number): DetailColumns | undefined {
    this.recent.delete(id);
    const order = this.progress(id);
    if (!order) return undefined;
    const d = detailColumns(detail);
    mergeDetail(order, d, now);
    const columns = [d.displayId, d.orderType, d.orderTiming, d.preparationStartAt, d.deliveredBy, d.customerName, d.itemsCount, d.total];
    this.s.saveDetail.run(...valuesOf(order, PROGRESS_LIST.slice(1)), ...columns, JSON.stringify(detail), now, now, id);
    return d;
  }

  markDetail(id: string, state: DetailState, error: ErrorInfo | null, now: number): void {
    this.recent.delete(id);
    this.s.detailState.run({ id, state, error: error ? JSON.stringify(error) : null, now });
  }

  detail(id: string): { detail: OrderRecord | null; fetchedMs: number | null; state: DetailState } | undefined {
    const row = this.s.detailOf.get(id);
    if (!row) return undefined;
    return { detail: row.detail ? (JSON.parse(row.detail) as OrderRecord) : null, fetchedMs: row.detail_fetched_ms, state: row.detail_state };
  }

  needingDetail(state: 'missing' | 'stale', limit = 50): string[] {
    return this.s.needingDetail.all({ state, limit }).map((r) => r.id);
  }
}
