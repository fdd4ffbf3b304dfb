/**
 * Store actions a chain's terminal asked for later (a dish sold out until tomorrow comes back at
 * the store's opening), waiting outside the store outbox so a later action never holds the store's
 * queue: the SQLite table's row (db/store-outbox/migrations/0004) plus the key its hand-off to the
 * store outbox carries (a second hand-off of the row is the same action) and the claim of the
 * replica handing it over.
 */
export const version = 4;
export const name = 'scheduled-store-actions';

export const up = `
CREATE TABLE scheduled_store_actions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id text NOT NULL,
  kind text NOT NULL,
  subject text,
  payload text NOT NULL,
  due_ms bigint NOT NULL,
  state text NOT NULL CHECK (state IN ('waiting', 'submitted', 'cancelled')),
  action_id bigint,
  -- the idempotency key of its store action: whichever replica hands it over, and however often, one action
  handoff_key text NOT NULL UNIQUE,
  -- the replica handing it over, and until when (then another may: the key keeps it one action)
  claim_holder text,
  claim_until_ms bigint,
  created_ms bigint NOT NULL
);
CREATE INDEX scheduled_store_actions_due ON scheduled_store_actions (due_ms) WHERE state = 'waiting';
CREATE INDEX scheduled_store_actions_waiting ON scheduled_store_actions (merchant_id, due_ms) WHERE state = 'waiting';
`;
