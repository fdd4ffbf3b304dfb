import type { Statement } from 'better-sqlite3';
import type { HistoryPage } from '../../src-shared/ipc/channels/history';
import { BOARD_COLUMNS, BOARD_FROM, toBoardRow, type BoardRecord } from './board-query';
import type { Db } from './database';

/** A history search as the query runs it: times in epoch ms, the text as typed. */
export interface HistorySearch {
  text?: string | undefined;
  merchantId?: string | undefined;
  status?: string | undefined;
  orderType?: string | undefined;
  scheduledOnly?: boolean | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** The trigram index needs three characters; shorter searches compare the start of the short code. */
const TRIGRAM = 3;

/** An FTS5 phrase: the text in double quotes, its own quotes doubled, so nothing in it is syntax. */
function phrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** The cursor is the last row's creation time and id: the next page starts strictly after it. */
function readCursor(cursor: string | undefined): { ms: number; id: string } | undefined {
  if (!cursor) return undefined;
  const at = cursor.indexOf(':');
  const ms = Number(cursor.slice(0, at));
  return at > 0 && Number.isSafeInteger(ms) ? { ms, id: cursor.slice(at + 1) } : undefined;
}

/**
 * The history screen's search over every stored order, newest first, a page at a time (keyset
 * paging on creation time and id, so a page costs the same at any depth). One statement is
 * prepared per combination of filters, the first time it is used.
 */
export class HistoryQuery {
  private readonly statements = new Map<string, Statement<Record<string, unknown>, BoardRecord>>();

  constructor(private readonly db: Db) {}

  search(search: HistorySearch): HistoryPage {
    const where: string[] = ['o.created_ms IS NOT NULL'];
    const params: Record<string, unknown> = { limit: search.limit + 1 };
    const text = search.text?.trim() ?? '';
    if (text.length >= TRIGRAM) {
      where.push('o.rowid IN (SELECT rowid FROM orders_search WHERE orders_search MATCH @match)');
      params.match = phrase(text);
    } else if (text.length > 0) {
      where.push('(upper(substr(o.display_id, 1, length(@prefix))) = upper(@prefix) OR substr(o.id, 1, length(@prefix)) = @prefix)');
      params.prefix = text;
    }
    if (search.merchantId) {
      where.push('o.merchant_id = @merchant');
      params.merchant = search.merchantId;
    }
    if (search.status) {
      where.push('o.status = @status');
      params.status = search.status;
    }
    if (search.orderType) {
      where.push('o.order_type = @type');
      params.type = search.orderType;
    }
    if (search.scheduledOnly) where.push(`o.order_timing = 'SCHEDULED'`);
    if (search.fromMs !== undefined) {
      where.push('o.created_ms >= @from');
      params.from = search.fromMs;
    }
    if (search.toMs !== undefined) {
      where.push('o.created_ms < @to');
      params.to = search.toMs;
    }
    const cursor = readCursor(search.cursor);
    if (cursor) {
      where.push('(o.created_ms < @cursorMs OR (o.created_ms = @cursorMs AND o.id < @cursorId))');
      params.cursorMs = cursor.ms;
      params.cursorId = cursor.id;
    }
    const sql = `SELECT ${BOARD_COLUMNS} FROM ${BOARD_FROM} WHERE ${where.join(' AND ')} ORDER BY o.created_ms DESC, o.id DESC LIMIT @limit`;
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    const records = statement.all(params);
    const more = records.length > search.limit;
    const page = more ? records.slice(0, search.limit) : records;
    const last = page.at(-1);
    return { rows: page.map(toBoardRow), next: more && last ? `${last.created_ms}:${last.id}` : null };
  }
}
