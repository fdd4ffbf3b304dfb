import type pg from 'pg';
import type { ReportRow } from '../../../src-shared/console/console-api';
import { inTransaction, queryRows, type Queryable } from './transaction';

/** Orders changed this long before the watermark are read again: a transaction that committed late is not missed. */
const OVERLAP_MS = 10_000;
/** Orders rolled up in one round at most: a long backlog is caught up round after round. */
const ROUND_LIMIT = 20_000;
const DAY_MS = 86_400_000;

const CONFIRMED = "(e.code IN ('CFM', 'CONFIRMED') OR e.full_code = 'CONFIRMED')";
const READY = "(e.code IN ('RTP', 'READY_TO_PICKUP') OR e.full_code = 'READY_TO_PICKUP')";
const CANCELLED = "(e.code IN ('CAN', 'CANCELLED') OR e.full_code = 'CANCELLED')";

/** A time's histogram bucket (migration 0010): 10 % wide, so a percentile interpolated in its bucket is off by less than a tenth of it. */
const bucketOf = (ms: string) => `floor(ln(1 + greatest(${ms}, 0) / 1000.0::float8) / ln(1.1::float8))::smallint`;
/** A fact's confirmation and readiness times, one row each, for the histograms. */
const TIMES_OF_F = `CROSS JOIN LATERAL (VALUES ('c'::"char", f.confirm_ms), ('r'::"char", f.ready_ms)) m(metric, ms)`;

/** The store-days whose rollup rows are recomputed: `keys (store_id, day_ms)` and their facts `f`. */
const facts = (keys: string) =>
  `WITH keys AS (${keys}) SELECT k.day_ms, f.store_id, f.total, f.confirm_ms, f.ready_ms, f.late, f.cancelled, f.cancel_code FROM keys k
   JOIN order_facts f ON f.store_id = k.store_id AND f.created_ms >= k.day_ms AND f.created_ms < k.day_ms + ${DAY_MS}`;

/**
 * A report's statement, one snapshot: whole days from the store-day rollups ($5, $6), the partial days
 * at either end ([$1, $2) and [$3, $4)) from the facts, each store's percentiles interpolated in the
 * bucket where the summed histogram crosses them. $7: the stores, or null for all.
 */
const REPORT_SQL = `
WITH edge AS MATERIALIZED (
  SELECT f.store_id, f.total, f.confirm_ms, f.ready_ms, f.late, f.cancelled, f.cancel_code FROM order_facts f
  WHERE ((f.created_ms >= $1 AND f.created_ms < $2) OR (f.created_ms >= $3 AND f.created_ms < $4))
    AND ($7::text[] IS NULL OR f.store_id = ANY($7::text[]))),
figures AS (
  SELECT store_id, sum(orders)::int AS orders, sum(sales) AS sales, sum(late)::int AS late, sum(cancelled)::int AS cancelled FROM (
    SELECT store_id, orders, sales, late, cancelled FROM store_day_figures
    WHERE day_ms >= $5 AND day_ms < $6 AND ($7::text[] IS NULL OR store_id = ANY($7::text[]))
    UNION ALL
    SELECT store_id, 1, CASE WHEN cancelled THEN 0 ELSE coalesce(total, 0) END, late::int, cancelled::int FROM edge) x
  GROUP BY store_id),
summed AS (
  SELECT store_id, metric, bucket, sum(n)::float8 AS n FROM (
    SELECT store_id, metric, bucket, n FROM store_day_times
    WHERE day_ms >= $5 AND day_ms < $6 AND ($7::text[] IS NULL OR store_id = ANY($7::text[]))
    UNION ALL
    SELECT f.store_id, m.metric, ${bucketOf('m.ms')}, 1 FROM edge f ${TIMES_OF_F} WHERE m.ms IS NOT NULL) x
  GROUP BY store_id, metric, bucket),
running AS (
  SELECT *, sum(n) OVER (PARTITION BY store_id, metric ORDER BY bucket) AS upto, sum(n) OVER (PARTITION BY store_id, metric) AS total FROM summed),
percentiles AS (
  SELECT store_id, metric,
    (array_agg((power(1.1::float8, bucket) - 1 + 0.1 * power(1.1::float8, bucket) * (0.5 * total - (upto - n)) / n) * 1000 ORDER BY bucket) FILTER (WHERE upto >= 0.5 * total))[1] AS p50,
    (array_agg((power(1.1::float8, bucket) - 1 + 0.1 * power(1.1::float8, bucket) * (0.9 * total - (upto - n)) / n) * 1000 ORDER BY bucket) FILTER (WHERE upto >= 0.9 * total))[1] AS p90
  FROM running GROUP BY store_id, metric),
cancels AS (
  SELECT store_id, jsonb_object_agg(code, n) AS by FROM (
    SELECT store_id, code, sum(n)::int AS n FROM (
      SELECT store_id, code, n FROM store_day_cancels
      WHERE day_ms >= $5 AND day_ms < $6 AND ($7::text[] IS NULL OR store_id = ANY($7::text[]))
      UNION ALL
      SELECT store_id, coalesce(cancel_code, 'unknown'), 1 FROM edge WHERE cancelled) x
    GROUP BY store_id, code) y
  GROUP BY store_id)
SELECT g.store_id, coalesce(s.name, g.store_id) AS name, g.orders, g.sales, g.late, g.cancelled,
  max(p.p50) FILTER (WHERE p.metric = 'c') AS confirm50, max(p.p90) FILTER (WHERE p.metric = 'c') AS confirm90,
  max(p.p50) FILTER (WHERE p.metric = 'r') AS ready50, c.by, r.score, CASE WHEN r.read_ms > 0 THEN r.valid_reviews END AS rated
FROM figures g LEFT JOIN stores s ON s.id = g.store_id LEFT JOIN percentiles p ON p.store_id = g.store_id LEFT JOIN cancels c ON c.store_id = g.store_id
  LEFT JOIN store_ratings r ON r.store_id = g.store_id
GROUP BY g.store_id, s.name, g.orders, g.sales, g.late, g.cancelled, c.by, r.score, r.read_ms, r.valid_reviews
ORDER BY g.orders DESC, g.store_id`;

interface ReportSqlRow {
  store_id: string;
  name: string;
  orders: number;
  sales: number;
  late: number;
  cancelled: number;
  confirm50: number | null;
  confirm90: number | null;
  ready50: number | null;
  by: Record<string, number> | null;
  score: number | null;
  rated: number | null;
}

/** A period split into whole UTC days (read from the rollups) and the partial days at its ends (read from the facts). */
export function splitPeriod(fromMs: number, toMs: number): { edges: [number, number, number, number]; days: [number, number] } {
  const firstDay = Math.ceil(fromMs / DAY_MS) * DAY_MS;
  const endDay = Math.floor(toMs / DAY_MS) * DAY_MS;
  if (firstDay >= endDay) return { edges: [fromMs, toMs, toMs, toMs], days: [0, 0] };
  return { edges: [fromMs, firstDay, endDay, toMs], days: [firstDay, endDay] };
}

/** The console's reports in PostgreSQL: order facts and store-day rollups kept up from the orders changed (migrations 0008, 0010), and reports read from them. */
export class PgChainReports {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Writes the facts of the orders changed since the watermark, recomputes the store-days they fall
   * in, and moves the watermark. One replica at a time (the watermark's row is locked; another
   * replica's round skips), each fact and store-day recomputed whole, so a round done twice writes
   * the same rows. Answers how many orders it rolled up.
   */
  rollUp(): Promise<number> {
    return inTransaction(this.pool, 'rolling up order facts', async (client) => {
      const mark = (await client.query<{ updated_ms: string }>('SELECT updated_ms FROM order_facts_watermark WHERE id = 1 FOR UPDATE SKIP LOCKED')).rows[0];
      if (!mark) return 0;
      const since = Number(mark.updated_ms) - OVERLAP_MS;
      const written = await client.query<{ updated_ms: string | null; store_id: string; created_ms: string }>(
        `WITH touched AS (
           SELECT id, merchant_id, created_ms, total, confirm_deadline_ms, updated_ms FROM orders
           WHERE updated_ms > $1 AND created_ms IS NOT NULL AND merchant_id IS NOT NULL
           ORDER BY updated_ms LIMIT $2),
         before AS (SELECT f.store_id, f.created_ms FROM order_facts f JOIN touched t ON t.id = f.order_id),
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
         -- the store-days to recompute: where each order falls now, and where its fact fell before
         SELECT updated_ms, merchant_id AS store_id, created_ms FROM touched
         UNION ALL SELECT NULL, store_id, created_ms FROM before`,
        [since, ROUND_LIMIT],
      );
      const days = new Map<string, [string, number]>();
      for (const r of written.rows) {
        const day = Math.floor(Number(r.created_ms) / DAY_MS) * DAY_MS;
        days.set(`${r.store_id}\n${day}`, [r.store_id, day]);
      }
      const keys = [...days.values()];
      await recomputeDays(client, 'SELECT * FROM unnest($1::text[], $2::bigint[]) AS k(store_id, day_ms)', [keys.map((k) => k[0]), keys.map((k) => k[1])]);
      const newest = written.rows.reduce((max, r) => (r.updated_ms === null ? max : Math.max(max, Number(r.updated_ms))), Number(mark.updated_ms));
      await client.query('UPDATE order_facts_watermark SET updated_ms = $1 WHERE id = 1', [newest]);
      return written.rows.filter((r) => r.updated_ms !== null).length;
    });
  }

  /** Every store-day recomputed from the facts: for facts written other than by `rollUp` (the bench's generated history). */
  rebuildDays(): Promise<void> {
    return inTransaction(this.pool, 'rebuilding the store-day rollups', (client) =>
      recomputeDays(client, `SELECT DISTINCT store_id, created_ms - created_ms % ${DAY_MS} AS day_ms FROM order_facts`, []),
    );
  }

  /** Each store's figures over [fromMs, toMs) (of `stores` only, when given), by the order's creation time. */
  async report(fromMs: number, toMs: number, stores: readonly string[] | null): Promise<ReportRow[]> {
    const { edges, days } = splitPeriod(fromMs, toMs);
    const rows = await queryRows<ReportSqlRow>(this.pool, 'reading a report', REPORT_SQL, [...edges, ...days, stores === null ? null : [...stores]]);
    return rows.map((r) => ({
      storeId: r.store_id,
      name: r.name,
      orders: r.orders,
      sales: Math.round(r.sales * 100) / 100,
      confirmP50Ms: r.confirm50 === null ? null : Math.round(r.confirm50),
      confirmP90Ms: r.confirm90 === null ? null : Math.round(r.confirm90),
      readyP50Ms: r.ready50 === null ? null : Math.round(r.ready50),
      lateShare: r.orders === 0 ? 0 : r.late / r.orders,
      cancelled: r.cancelled,
      cancelledBy: r.by ?? {},
      rating: r.score === null ? null : Math.round(r.score * 100) / 100,
      ratedReviews: r.rated,
    }));
  }
}

/** The rollup rows of the store-days `keys` names, deleted and written again from their facts. */
async function recomputeDays(client: Queryable, keys: string, values: unknown[]): Promise<void> {
  for (const table of ['store_day_figures', 'store_day_times', 'store_day_cancels']) {
    await client.query(`WITH keys AS (${keys}) DELETE FROM ${table} d USING keys k WHERE d.day_ms = k.day_ms AND d.store_id = k.store_id`, values);
  }
  await client.query(
    `INSERT INTO store_day_figures (day_ms, store_id, orders, sales, late, cancelled)
     SELECT day_ms, store_id, count(*), coalesce(sum(total) FILTER (WHERE NOT cancelled), 0), count(*) FILTER (WHERE late), count(*) FILTER (WHERE cancelled)
     FROM (${facts(keys)}) f GROUP BY day_ms, store_id`,
    values,
  );
  await client.query(
    `INSERT INTO store_day_times (day_ms, store_id, metric, bucket, n)
     SELECT f.day_ms, f.store_id, m.metric, ${bucketOf('m.ms')}, count(*)
     FROM (${facts(keys)}) f ${TIMES_OF_F} WHERE m.ms IS NOT NULL GROUP BY 1, 2, 3, 4`,
    values,
  );
  await client.query(
    `INSERT INTO store_day_cancels (day_ms, store_id, code, n)
     SELECT day_ms, store_id, coalesce(cancel_code, 'unknown'), count(*)
     FROM (${facts(keys)}) f WHERE cancelled GROUP BY 1, 2, 3`,
    values,
  );
}
