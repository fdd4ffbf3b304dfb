/**
 * The chain's first schema: the stores, the orders of every store of the credential with their
 * events (the same columns as the terminal's SQLite `orders`, migrations 0010-0015, where the board
 * reads them; the detail kept whole as jsonb), the staff actions' outbox shared by every replica, the
 * poller's lease, and the paired store terminals with their store grants and pairing invites.
 * Times the app compares are epoch ms from the app's clock (`*_ms`); the lease's expiry alone is on
 * the database's clock (`timestamptz`, now()), since replicas' clocks disagree.
 */
export const version = 1;
export const name = 'chain';

export const up = `
CREATE TABLE stores (
  id text PRIMARY KEY,
  name text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE orders (
  id text PRIMARY KEY,
  merchant_id text,
  display_id text,
  -- forward-only progression (PLACED ... CONCLUDED, CANCELLED) and its rank (src-main/orders/status.ts)
  status text NOT NULL,
  status_rank integer NOT NULL,
  cancel_requested_ms bigint,
  cancel_resolved_ms bigint,
  order_type text,
  order_timing text,
  created_at text,
  created_ms bigint,
  confirm_deadline_ms bigint,
  preparation_start_at text,
  board_ms bigint NOT NULL,
  delivered_by text,
  customer_name text,
  items_count integer,
  total double precision,
  -- the order detail exactly as the API returned it
  detail jsonb,
  detail_fetched_ms bigint,
  detail_state text NOT NULL DEFAULT 'missing' CHECK (detail_state IN ('missing', 'fresh', 'stale', 'unavailable')),
  detail_error jsonb,
  last_event_code text,
  last_event_ms bigint,
  unknown_events integer NOT NULL DEFAULT 0,
  driver_assigned_ms bigint,
  request_ms bigint,
  is_open smallint NOT NULL DEFAULT 1 CHECK (is_open IN (0, 1)),
  closed_ms bigint,
  updated_ms bigint NOT NULL
);
CREATE INDEX orders_open_board ON orders (merchant_id, board_ms) WHERE is_open = 1;
CREATE INDEX orders_recent_closed ON orders (merchant_id, closed_ms) WHERE is_open = 0;
CREATE INDEX orders_needing_detail ON orders (detail_state) WHERE detail_state IN ('missing', 'stale');

CREATE TABLE events (
  id text PRIMARY KEY,
  order_id text REFERENCES orders (id),
  merchant_id text,
  code text NOT NULL,
  full_code text NOT NULL,
  known boolean NOT NULL,
  created_at text,
  created_ms bigint,
  metadata jsonb,
  received_ms bigint NOT NULL
);
CREATE INDEX events_by_order ON events (order_id, created_ms);

CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id),
  store_id text NOT NULL,
  action text NOT NULL,
  payload jsonb,
  state text NOT NULL CHECK (state IN ('queued', 'sent', 'confirmed', 'failed', 'expired')),
  -- the key the store terminal sent with the action that created this entry
  idempotency_key text NOT NULL UNIQUE,
  attempts integer NOT NULL DEFAULT 0,
  -- queued: when it may be claimed next
  due_ms bigint NOT NULL,
  expires_ms bigint,
  -- the replica sending it, and until when its claim holds (then another may claim it, answer lost)
  claim_holder text,
  claim_until_ms bigint,
  reason jsonb,
  settled_by text,
  actor text NOT NULL DEFAULT 'staff' CHECK (actor IN ('staff', 'auto')),
  -- the paired device that queued it: {id, name, kind}, as it was then
  origin jsonb,
  created_ms bigint NOT NULL,
  updated_ms bigint NOT NULL,
  sent_ms bigint,
  settled_ms bigint
);
CREATE INDEX outbox_by_order ON outbox (order_id, id);
CREATE INDEX outbox_due ON outbox (due_ms) WHERE state = 'queued';
CREATE INDEX outbox_open ON outbox (order_id) WHERE state IN ('queued', 'sent');

-- Every idempotency key an enqueue answered, and the entry it answered with: a key replayed later
-- (a store terminal back online) gets that entry again, even one that settled meanwhile.
CREATE TABLE outbox_keys (
  idempotency_key text PRIMARY KEY,
  outbox_id bigint NOT NULL REFERENCES outbox (id)
);

-- The poller's lease per credential: one holder at a time, numbered by a fencing token.
CREATE TABLE leases (
  credential text PRIMARY KEY,
  holder text NOT NULL,
  token bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  acquired_at timestamptz NOT NULL DEFAULT now()
);

-- The last poll stored per credential (the poll lag, read by operators).
CREATE TABLE polls (
  credential text PRIMARY KEY,
  polled_ms bigint NOT NULL,
  token bigint NOT NULL
);

CREATE TABLE devices (
  id text PRIMARY KEY,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('counter', 'kitchen', 'expo', 'pickup')),
  -- SHA-256 of the 32-byte secret: a copy of the database lets nobody in
  secret_sha256 bytea NOT NULL,
  paired_ms bigint NOT NULL,
  last_contact_ms bigint,
  revoked_ms bigint
);

CREATE TABLE device_stores (
  device_id text NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  store_id text NOT NULL REFERENCES stores (id),
  PRIMARY KEY (device_id, store_id)
);
CREATE INDEX device_stores_by_store ON device_stores (store_id);

-- A manager's approval of one store terminal: a 6-digit code, short-lived, one pairing, few tries.
-- The code is kept as it is (the pairing exchange needs it as its password) and erased once used.
CREATE TABLE pairing_invites (
  id text PRIMARY KEY,
  code text CHECK (code ~ '^[0-9]{6}$'),
  store_ids text[] NOT NULL,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('counter', 'kitchen', 'expo', 'pickup')),
  created_ms bigint NOT NULL,
  expires_ms bigint NOT NULL,
  tries integer NOT NULL DEFAULT 0,
  used_ms bigint,
  device_id text REFERENCES devices (id)
);
`;
