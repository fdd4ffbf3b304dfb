/**
 * The console's reports at a chain's scale (docs/chain-console.md): each store's day (a UTC day) rolled
 * up from its order facts — counts and sums, cancellations by code, and the confirmation and
 * readiness times as histograms of 10 % wide buckets — so a report over a quarter reads a few rows a
 * store-day and computes its percentiles from summed buckets. Days are the rollup's storage unit
 * only: a report's partial days at either end are read from the facts. The watermark starts again,
 * so the next rounds roll up every order already in the facts.
 */
export const version = 10;
export const name = 'store-day-rollups';

export const up = `
CREATE TABLE store_day_figures (
  day_ms bigint NOT NULL,
  store_id text NOT NULL,
  orders integer NOT NULL,
  sales double precision NOT NULL,
  late integer NOT NULL,
  cancelled integer NOT NULL,
  -- a report's days read from the index alone (once vacuumed): no visit to the table
  PRIMARY KEY (day_ms, store_id) INCLUDE (orders, sales, late, cancelled)
);

-- metric: 'c' confirmation, 'r' readiness; bucket: floor(ln(1 + seconds) / ln(1.1))
CREATE TABLE store_day_times (
  day_ms bigint NOT NULL,
  store_id text NOT NULL,
  metric "char" NOT NULL,
  bucket smallint NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (day_ms, store_id, metric, bucket) INCLUDE (n)
);

CREATE TABLE store_day_cancels (
  day_ms bigint NOT NULL,
  store_id text NOT NULL,
  code text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (day_ms, store_id, code) INCLUDE (n)
);

-- a store's days recomputed by the rollup, read by store and time
CREATE INDEX order_facts_by_store ON order_facts (store_id, created_ms);
-- a report's partial days, read by time from the index alone
CREATE INDEX order_facts_edges ON order_facts (created_ms) INCLUDE (store_id, total, confirm_ms, ready_ms, late, cancelled, cancel_code);
DROP INDEX order_facts_by_time;

UPDATE order_facts_watermark SET updated_ms = 0;
`;
