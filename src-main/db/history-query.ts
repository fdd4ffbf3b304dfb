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

/**
 * Where the next page starts, strictly after the last row: `c:<created ms>:<rowid>` when pages walk
 * the creation time, `a:<rowid>` when a text search walks the order of arrival.
 */
interface Cursor {
  ms?: number;
  rowid: number;
}

function readCursor(cursor: string | undefined): Cursor | undefined {
  const match = cursor ? /^(?:c:(-?\d{1,16}):|a:)(\d{1,19})$/.exec(cursor) : null;
  if (!match) return undefined;
  const rowid = Number(match[2]);
  if (!Number.isSafeInteger(rowid)) return undefined;
  return match[1] === undefined ? { rowid } : { ms: Number(match[1]), rowid };
}

/**
 * The history screen's search over every stored order, newest first, a page at a time (keyset
 * paging, so a page costs the same at any depth). One statement is
 * prepared per combination of filters, the first time it is used.
 */
export class HistoryQuery {
  private readonly statements = new Map<string, Statement<Record<string, unknown>, BoardRecord & { rid: number }>>();

  constructor(private readonly db: Db) {}

  search(search: HistorySearch): HistoryPage {
    const where: string[] = ['o.created_ms IS NOT NULL'];
    const params: Record<string, unknown> = { limit: search.limit + 1 };
    const text = search.text?.trim() ?? '';
    // A text search with no dates walks the full-text index's matches newest arrival first (FTS5
    // reads its lists backwards and stops once the page is full, however common the word). Other
    // searches walk the creation-time index newest first (rowid breaks ties, so the index covers
    // the order), a text among dates checked against the set of its matches.
    const dated = search.fromMs !== undefined || search.toMs !== undefined;
    const byText = text.length >= TRIGRAM && !dated;
    if (text.length >= TRIGRAM) {
      params.match = phrase(text);
      if (!byText) where.push('o.rowid IN (SELECT rowid FROM orders_search(@match))');
    } else if (text.length > 0) {
      // A range of the short-code index (codes are upper case): the start of a code, case aside.
      const low = text.toUpperCase();
      where.push('o.display_id >= @low AND o.display_id < @high');
      params.low = low;
      params.high = low.slice(0, -1) + String.fromCharCode(low.charCodeAt(low.length - 1) + 1);
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
      params.cursorRowid = cursor.rowid;
      if (byText) where.push('s.rowid < @cursorRowid');
      else {
        where.push('(o.created_ms < @cursorMs OR (o.created_ms = @cursorMs AND o.rowid < @cursorRowid))');
        params.cursorMs = cursor.ms ?? Number.MAX_SAFE_INTEGER;
      }
    }
    const order = byText ? 's.rowid DESC' : 'o.created_ms DESC, o.rowid DESC';
    const from = byText ? 'orders_search(@match) s CROSS JOIN orders o ON o.rowid = s.rowid' : 'orders o';
    // Two steps: the page's rows first, then the board columns (with their subqueries) for those
    // rows only, not for every match.
    const sql = `SELECT ${BOARD_COLUMNS}, o.rowid AS rid FROM
        (SELECT o.rowid AS rid FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT @limit) page
        CROSS JOIN ${BOARD_FROM} WHERE o.rowid = page.rid
      ORDER BY ${byText ? 'o.rowid DESC' : order}`;
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    const records = statement.all(params);
    const more = records.length > search.limit;
    const page = more ? records.slice(0, search.limit) : records;
    const last = page.at(-1);
    return { rows: page.map(toBoardRow), next: more && last ? (byText ? `a:${last.rid}` : `c:${last.created_ms}:${last.rid}`) : null };
  }
}
