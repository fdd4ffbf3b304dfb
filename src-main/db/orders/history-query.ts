import type { Statement } from 'better-sqlite3';
import type { HistoryPage } from '../../../src-shared/ipc/channels/history';
import { BOARD_COLUMNS, BOARD_FROM, toBoardRow, type BoardRecord } from './board-query';
import type { Db } from '../database';

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

/**
 * A searched text with this many matches or more is common. Reading each match's order costs about
 * 2 µs (a lookup in the orders table, whose rows carry the detail), so up to here that is a few ms
 * whatever the other filters. A common text is instead checked on the way down the creation-time
 * index (against the set of its matches, a fraction of a µs a match to build), which stops when the
 * page is full. Among 200,000 orders (bench/history.bench.ts), a day of one store's orders named
 * "ana" (13,000 matches in all) took 30 ms of CPU read one by one, 5 ms walked.
 */
export const COMMON_TEXT = 2000;

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
 * Which rows a search reads first. `arrival`: the full-text index's matches, newest arrival first
 * (a text with no dates: FTS5 reads its lists backwards and stops once the page is full, however
 * common the word). `matches`: the matches of a text that is not common (a word among dates, a
 * short code), each order looked up and the lot sorted by creation time. `created`: the
 * creation-time index newest first (rowid breaks ties, so the index gives the order), every other
 * filter checked on the way, a common text among them.
 */
type Walk = 'arrival' | 'matches' | 'created';

interface TextFilter {
  walk: Walk;
  where?: string;
  params: Record<string, unknown>;
}

interface PageStatement {
  sql: string;
  params: Record<string, unknown>;
  walk: Walk;
}

/**
 * The history screen's search over every stored order, newest first, a page at a time (keyset
 * paging, so a page costs the same at any depth). One statement is
 * prepared per combination of filters, the first time it is used.
 */
export class HistoryQuery {
  private readonly statements = new Map<string, Statement<Record<string, unknown>, BoardRecord & { rid: number }>>();
  /** The rowids of a text's first matches, up to `cap`: words (full-text), or the start of a short code. */
  private readonly firstMatches: {
    words: Statement<{ match: string; cap: number }, number>;
    code: Statement<{ low: string; high: string; cap: number }, number>;
  };

  /** `commonText`: see COMMON_TEXT (tests move it to take either walk). */
  constructor(
    private readonly db: Db,
    private readonly commonText = COMMON_TEXT,
  ) {
    this.firstMatches = {
      words: db.prepare<{ match: string; cap: number }, number>(`SELECT rowid FROM orders_search(@match) LIMIT @cap`).pluck(),
      code: db
        .prepare<{ low: string; high: string; cap: number }, number>(`SELECT rowid FROM orders WHERE display_id >= @low AND display_id < @high LIMIT @cap`)
        .pluck(),
    };
  }

  search(search: HistorySearch): Omit<HistoryPage, 'lastActs'> {
    const { sql, params, walk } = this.statement(search);
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    const records = statement.all(params);
    const more = records.length > search.limit;
    const page = more ? records.slice(0, search.limit) : records;
    const last = page.at(-1);
    return { rows: page.map(toBoardRow), next: more && last ? (walk === 'arrival' ? `a:${last.rid}` : `c:${last.created_ms}:${last.rid}`) : null };
  }

  /** What SQLite does for a search (EXPLAIN QUERY PLAN, a line a step): which index it walks. */
  plan(search: HistorySearch): string[] {
    const { sql, params } = this.statement(search);
    return this.db
      .prepare<Record<string, unknown>, { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
      .all(params)
      .map((step) => step.detail);
  }

  /**
   * How a text narrows the search. Words with no dates walk their arrival order. Otherwise the
   * first COMMON_TEXT matches are read (words in the full-text index, the start of a short code in
   * its index): fewer than that is all of them, and the page reads those rows; as many, and the
   * text is a check on the way down the creation-time index.
   */
  private textFilter(text: string, dated: boolean): TextFilter {
    const cap = this.commonText;
    const fewOf = (found: number[], common: TextFilter): TextFilter =>
      found.length < cap ? { walk: 'matches', params: { matches: JSON.stringify(found) } } : common;
    if (text.length >= TRIGRAM) {
      const match = phrase(text);
      if (!dated) return { walk: 'arrival', params: { match } };
      // The unary + keeps SQLite from starting at the text, whose matches it cannot count.
      return fewOf(this.firstMatches.words.all({ match, cap }), {
        walk: 'created',
        where: '+o.rowid IN (SELECT rowid FROM orders_search(@match))',
        params: { match },
      });
    }
    // A range of the short-code index (codes are upper case): the start of a code, case aside.
    const low = text.toUpperCase();
    const high = low.slice(0, -1) + String.fromCharCode(low.charCodeAt(low.length - 1) + 1);
    return fewOf(this.firstMatches.code.all({ low, high, cap }), {
      walk: 'created',
      where: '+o.display_id >= @low AND +o.display_id < @high',
      params: { low, high },
    });
  }

  private statement(search: HistorySearch): PageStatement {
    const where: string[] = ['o.created_ms IS NOT NULL'];
    const params: Record<string, unknown> = { limit: search.limit + 1 };
    const text = search.text?.trim() ?? '';
    let walk: Walk = 'created';
    if (text.length > 0) {
      const filter = this.textFilter(text, search.fromMs !== undefined || search.toMs !== undefined);
      walk = filter.walk;
      if (filter.where) where.push(filter.where);
      Object.assign(params, filter.params);
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
      if (walk === 'arrival') where.push('s.rowid < @cursorRowid');
      else {
        where.push('(o.created_ms < @cursorMs OR (o.created_ms = @cursorMs AND o.rowid < @cursorRowid))');
        params.cursorMs = cursor.ms ?? Number.MAX_SAFE_INTEGER;
      }
    }
    const order = walk === 'arrival' ? 's.rowid DESC' : 'o.created_ms DESC, o.rowid DESC';
    const from = {
      arrival: 'orders_search(@match) s CROSS JOIN orders o ON o.rowid = s.rowid',
      matches: 'json_each(@matches) m CROSS JOIN orders o ON o.rowid = m.value',
      created: 'orders o',
    }[walk];
    // Two steps: the page's rows first, then the board columns (with their subqueries) for those
    // rows only, not for every match.
    const sql = `SELECT ${BOARD_COLUMNS}, o.rowid AS rid FROM
        (SELECT o.rowid AS rid FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT @limit) page
        CROSS JOIN ${BOARD_FROM} WHERE o.rowid = page.rid
      ORDER BY ${walk === 'arrival' ? 'o.rowid DESC' : order}`;
    return { sql, params, walk };
  }
}
