/**
 * The chain's store outbox: a store terminal's pauses, hours, menu changes, review answers and
 * delivery-only actions, written before they are sent and sent by whichever replica claims them
 * (the terminal's store outbox, sync/store-outbox.ts, on chain/db/chain-store-actions.ts). The row
 * is the SQLite table's (db/store-outbox/migrations/0001) plus the terminal's idempotency key and
 * the claim.
 */
export const version = 3;
export const name = 'store-actions';

export const up = `
CREATE TABLE store_actions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id text NOT NULL,
  kind text NOT NULL,
  subject text,
  payload text NOT NULL,
  state text NOT NULL CHECK (state IN ('queued', 'done', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_ms bigint NOT NULL,
  reason text,
  result text,
  waited integer NOT NULL DEFAULT 0,
  -- the key the store terminal sent (the same at every try of the same press): one row per key
  idempotency_key text UNIQUE,
  -- the paired device that made it: {id, name, kind}, as it was then
  origin jsonb,
  -- the replica trying it, and until when (then another may claim it: it looks first, then sends)
  claim_holder text,
  claim_until_ms bigint,
  created_ms bigint NOT NULL,
  updated_ms bigint NOT NULL
);
CREATE INDEX store_actions_line ON store_actions (merchant_id, id) WHERE state = 'queued';
CREATE INDEX store_actions_listed ON store_actions (merchant_id, updated_ms);
`;
