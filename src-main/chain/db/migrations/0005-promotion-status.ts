/**
 * What the platform last said of each promotion a chain's terminal created (spec §3.2): the API
 * lists a promotion's items only by the id its creation answered, so the server keeps that id and
 * the items' statuses beside the store action that sent it (the SQLite table's row,
 * db/store-outbox/migrations/0002); every terminal of the store lists them, from any replica.
 */
export const version = 5;
export const name = 'promotion-status';

export const up = `
CREATE TABLE promotion_status (
  action_id bigint PRIMARY KEY REFERENCES store_actions (id),
  aggregation_id text NOT NULL,
  items text NOT NULL,
  checked_ms bigint NOT NULL
);
CREATE INDEX store_actions_promotions ON store_actions (merchant_id, id) WHERE kind = 'promotion';
`;
