/**
 * The chain's manager console (docs/chain-console.md): its accounts (owner, area manager, viewer),
 * their sessions (any replica serves any session), the store groups an area manager is limited to,
 * each replica's connected terminals per store (the status wall sums the fresh ones), the bulk
 * actions and a record of every console action.
 */
export const version = 7;
export const name = 'console';

export const up = `
CREATE TABLE console_accounts (
  login text PRIMARY KEY,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'area_manager', 'viewer')),
  -- scrypt: parameters, salt and hash in one text (chain/console/passwords.ts)
  password_hash text NOT NULL,
  failed_count integer NOT NULL DEFAULT 0,
  locked_until_ms bigint,
  created_ms bigint NOT NULL
);

CREATE TABLE console_sessions (
  -- SHA-256 of the cookie's token: a copy of the database opens no session
  token_sha256 bytea PRIMARY KEY,
  login text NOT NULL REFERENCES console_accounts (login) ON DELETE CASCADE,
  csrf_token text NOT NULL,
  created_ms bigint NOT NULL,
  expires_ms bigint NOT NULL
);
CREATE INDEX console_sessions_by_login ON console_sessions (login);

CREATE TABLE console_groups (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE
);
CREATE TABLE console_group_stores (
  group_id text NOT NULL REFERENCES console_groups (id) ON DELETE CASCADE,
  store_id text NOT NULL,
  PRIMARY KEY (group_id, store_id)
);
CREATE TABLE console_account_groups (
  login text NOT NULL REFERENCES console_accounts (login) ON DELETE CASCADE,
  group_id text NOT NULL REFERENCES console_groups (id) ON DELETE CASCADE,
  PRIMARY KEY (login, group_id)
);

CREATE TABLE console_presence (
  holder text PRIMARY KEY,
  at_ms bigint NOT NULL,
  -- {storeId: connected terminals} on that replica
  screens jsonb NOT NULL
);

CREATE TABLE console_bulks (
  id text PRIMARY KEY,
  kind text NOT NULL,
  login text NOT NULL,
  store_ids text[] NOT NULL,
  -- stores refused before anything was queued for them (a rule broken, not granted): {storeId: reason}
  refused jsonb NOT NULL DEFAULT '{}',
  created_ms bigint NOT NULL
);

CREATE TABLE console_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at_ms bigint NOT NULL,
  login text,
  action text NOT NULL,
  store_ids text[] NOT NULL DEFAULT '{}',
  outcome text NOT NULL,
  detail jsonb
);
CREATE INDEX console_audit_recent ON console_audit (at_ms);
`;
