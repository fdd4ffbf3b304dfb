import type pg from 'pg';
import type { ReportRow } from '../../../src-shared/console/console-api';
import { inTransaction, queryRows } from './transaction';

/** Orders changed this long before the watermark are read again: a transaction that committed late is not missed. */
const OVERLAP_MS = 10_000;
/** Orders rolled up in one round at most: a long backlog is caught up round after round. */
const ROUND_LIMIT = 20_000;

const CONFIRMED = "(e.code IN ('CFM', 'CONFIRMED') OR e.full_code = 'CONFIRMED')";
const READY = "(e.code IN ('RTP', 'READY_TO_PICKUP') OR e.full_code = 'READY_TO_PICKUP')";
const CANCELLED = "(e.code IN ('CAN', 'CANCELLED') OR e.full_code = 'CANCELLED')";

/** The console's reports in PostgreSQL: order facts kept up from the orders changed (migration 0008), and reports read from them. */
export class PgChainReports {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Writes the facts of the orders changed since the watermark, and moves it. One replica at a time
   * (the watermark's row is locked; another replica's round skips), each fact recomputed whole from
   * the order and its events, so a round done twice writes the same rows. Answers how many it wrote.
   */
  rollUp(): Promise<number> {
    return inTransaction(this.pool, 'rolling up order facts', async (client) => {
      const mark = (await client.query<{ updated_ms: string }>('SELECT updated_ms FROM order_facts_watermark WHERE id = 1 FOR UPDATE SKIP LOCKED')).rows[0];
      if (!mark) return 0;
      const since = Number(mark.updated_ms) - OVERLAP_MS;
      const written = await client.query<{ updated_ms: string }>(
        `WITH touched AS (
           SELECT id, merchant_id, created_ms, total, confirm_deadline_ms, updated_ms FROM orders
           WHERE updated_ms > $1 AND created_ms IS NOT NULL AND merchant_id IS NOT NULL
           ORDER BY updated_ms LIMIT $2),
         ev AS (
           SELECT e.order_id,
             min(e.created_ms) FILTER (WHERE ${CONFIRMED}) AS confirmed_ms,
             min(e.created_ms) FILTER (WHERE ${READY}) AS ready_ms,
             min(e.created_ms) FILTER (WHERE ${CANCELLED}) AS cancelled_ms,
             max(e.metadata ->> 'cancelCode') FILTER (WHERE ${CANCELLED}) AS cancel_code
           FROM events e JOIN touched t ON t.id = e.order_id GROUP BY e.order_id),
         facts AS (
           INSERT INTO order_facts (order_id, store_id, created_ms, total, confirm_ms, ready_ms, late, cancelled, cancel_code)
           SELECT t.id, t.merchant_id, t.created_ms, t.total, ev.confirmed_ms - t.created_ms, ev.ready_ms - t.created_ms,
             -- confirmed after its deadline, or never confirmed and cancelled at or past it (the platform's timeout)
             coalesce(CASE WHEN ev.confirmed_ms IS NOT NULL THEN ev.confirmed_ms > t.confirm_deadline_ms ELSE ev.cancelled_ms >= t.confirm_deadline_ms END, false),
             ev.cancelled_ms IS NOT NULL, ev.cancel_code
           FROM touched t LEFT JOIN ev ON ev.order_id = t.id
           ON CONFLICT (order_id) DO UPDATE SET store_id = excluded.store_id, created_ms = excluded.created_ms, total = excluded.total,
             confirm_ms = excluded.confirm_ms, ready_ms = excluded.ready_ms, late = excluded.late, cancelled = excluded.cancelled,
             cancel_code = excluded.cancel_code)
         SELECT updated_ms FROM touched`,
        [since, ROUND_LIMIT],
      );
      const newest = written.rows.reduce((max, r) => Math.max(max, Number(r.updated_ms)), Number(mark.updated_ms));
      await client.query('UPDATE order_facts_watermark SET updated_ms = $1 WHERE id = 1', [newest]);
      return written.rows.length;
    });
  }

  /** Each store's figures over [fromMs, toMs) (of `stores` only, when given), by the order's creation time. */
  async report(fromMs: number, toMs: number, stores: readonly string[] | null): Promise<ReportRow[]> {
    const values = [fromMs, toMs, stores === null ? null : [...stores]];
    const scope = 'f.created_ms >= $1 AND f.created_ms < $2 AND ($3::text[] IS NULL OR f.store_id = ANY($3::text[]))';
    const [rows, reasons] = await Promise.all([
      queryRows<{
        store_id: string;
        name: string;
        orders: number;
        sales: number | null;
        p50: number | null;
        p90: number | null;
        ready50: number | null;
        late: number;
        cancelled: number;
      }>(
        this.pool,
        'reading a report',
        `SELECT f.store_id, coalesce(s.name, f.store_id) AS name, count(*)::int AS orders,
           sum(f.total) FILTER (WHERE NOT f.cancelled) AS sales,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY f.confirm_ms) AS p50,
           percentile_cont(0.9) WITHIN GROUP (ORDER BY f.confirm_ms) AS p90,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY f.ready_ms) AS ready50,
           avg(f.late::int)::float8 AS late,
           count(*) FILTER (WHERE f.cancelled)::int AS cancelled
         FROM order_facts f LEFT JOIN stores s ON s.id = f.store_id
         WHERE ${scope} GROUP BY f.store_id, s.name ORDER BY count(*) DESC, f.store_id`,
        values,
      ),
      queryRows<{ store_id: string; code: string; n: number }>(
        this.pool,
        'reading a report’s cancellations',
        `SELECT f.store_id, coalesce(f.cancel_code, 'unknown') AS code, count(*)::int AS n
         FROM order_facts f WHERE ${scope} AND f.cancelled GROUP BY f.store_id, f.cancel_code`,
        values,
      ),
    ]);
    const by = new Map<string, Record<string, number>>();
    for (const r of reasons) by.set(r.store_id, { ...by.get(r.store_id), [r.code]: r.n });
    return rows.map((r) => ({
      storeId: r.store_id,
      name: r.name,
      orders: r.orders,
      sales: Math.round((r.sales ?? 0) * 100) / 100,
      confirmP50Ms: r.p50,
      confirmP90Ms: r.p90,
      readyP50Ms: r.ready50,
      lateShare: r.late,
      cancelled: r.cancelled,
      cancelledBy: by.get(r.store_id) ?? {},
    }));
  }
}
