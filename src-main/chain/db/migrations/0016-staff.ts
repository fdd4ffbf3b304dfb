/**
 * Staff per store on a chain's server (docs/staff.md, "On a chain"): each store's people (a person
 * belongs to one store; a name is unique among the store's people still on it), their wrong PINs
 * per person and per device, the store's sign-in switch, who works at each terminal and the
 * managers' approvals standing (in the database: a terminal that reconnects to another replica
 * keeps its person), and the trail. The chain keeps its orders for good (no retention prunes them),
 * so the trail is kept as long: a trigger refuses any change to a line, and any removal.
 */
export const version = 16;
export const name = 'staff';

export const up = `
CREATE TABLE chain_staff (
  id text PRIMARY KEY,
  store_id text NOT NULL,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('staff', 'manager')),
  -- scrypt, src-main/auth/secret-hash.ts: the PIN itself is never kept
  pin_hash text NOT NULL,
  created_ms bigint NOT NULL,
  removed_ms bigint
);
CREATE INDEX chain_staff_store ON chain_staff (store_id);
CREATE UNIQUE INDEX chain_staff_name ON chain_staff (store_id, lower(name)) WHERE removed_ms IS NULL;

CREATE TABLE chain_staff_tries (
  store_id text NOT NULL,
  key text NOT NULL,
  failures integer NOT NULL,
  last_failure_ms bigint NOT NULL,
  locked_until_ms bigint,
  PRIMARY KEY (store_id, key)
);

CREATE TABLE chain_staff_config (
  store_id text PRIMARY KEY,
  sign_in boolean NOT NULL DEFAULT false,
  idle_minutes integer NOT NULL DEFAULT 5 CHECK (idle_minutes BETWEEN 1 AND 240)
);

CREATE TABLE chain_staff_presence (
  store_id text NOT NULL,
  device_id text NOT NULL,
  person_id text NOT NULL,
  last_ms bigint NOT NULL,
  PRIMARY KEY (store_id, device_id)
);

CREATE TABLE chain_staff_approvals (
  store_id text NOT NULL,
  device_id text NOT NULL,
  action text NOT NULL,
  person_id text NOT NULL,
  until_ms bigint NOT NULL,
  PRIMARY KEY (store_id, device_id, action)
);

CREATE TABLE chain_action_trail (
  id bigserial PRIMARY KEY,
  -- the team's store (the calling terminal's); merchant_id is the store the call named, if any
  store_id text NOT NULL,
  at_ms bigint NOT NULL,
  person_id text,
  person_name text,
  device_id text,
  device_name text,
  channel text NOT NULL,
  action text,
  order_id text,
  merchant_id text,
  approved_by text,
  outcome text NOT NULL CHECK (outcome IN ('done', 'queued', 'refused')),
  outbox_id bigint,
  error_code text,
  error_message text
);
CREATE INDEX chain_action_trail_store ON chain_action_trail (store_id, at_ms DESC, id DESC);
CREATE INDEX chain_action_trail_order ON chain_action_trail (order_id, at_ms, id) WHERE order_id IS NOT NULL;

CREATE FUNCTION chain_action_trail_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the trail is never edited: a line stays as it was written';
END
$$;
CREATE TRIGGER chain_action_trail_kept BEFORE UPDATE OR DELETE ON chain_action_trail
  FOR EACH ROW EXECUTE FUNCTION chain_action_trail_kept();
CREATE TRIGGER chain_action_trail_not_truncated BEFORE TRUNCATE ON chain_action_trail
  FOR EACH STATEMENT EXECUTE FUNCTION chain_action_trail_kept();
`;
