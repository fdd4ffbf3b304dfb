/**
 * The console's reports (docs/chain-console.md): one row of facts per order — its store, when it
 * came, its total, how long it took to confirm and to be ready, whether it was late, whether and
 * why it was cancelled — kept up incrementally from the orders changed since the last round, so a
 * report over weeks of a chain's orders reads these rows by store and time and never the events.
 */
export const version = 8;
export const name = 'order-facts';

export const up = `
CREATE INDEX orders_updated ON orders (updated_ms);

CREATE TABLE order_facts (
  order_id text PRIMARY KEY,
  store_id text NOT NULL,
  created_ms bigint NOT NULL,
  total double precision,
  -- from the order's creation to its first CONFIRMED, READY_TO_PICKUP event
  confirm_ms bigint,
  ready_ms bigint,
  -- confirmed (or cancelled unconfirmed) after the confirmation deadline
  late boolean NOT NULL,
  cancelled boolean NOT NULL,
  cancel_code text
);
CREATE INDEX order_facts_by_time ON order_facts (created_ms, store_id);

CREATE TABLE order_facts_watermark (
  id smallint PRIMARY KEY CHECK (id = 1),
  updated_ms bigint NOT NULL
);
INSERT INTO order_facts_watermark VALUES (1, 0);
`;
