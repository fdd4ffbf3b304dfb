import type Database from 'better-sqlite3';

/**
 * Staff and the trail (docs/staff.md). `staff` keeps each person's name, role and PIN hash (never
 * the PIN); a removed person keeps their row, so the trail still names them. `staff_tries` counts
 * wrong PINs per person and per device, with the lock they earned. `staff_config` is one row: sign-in
 * on or off and the idle minutes (not in the settings file, which any screen may patch: turning
 * sign-in off is a manager's). `action_trail` is every action that matters: who, on which device,
 * what, and what it came to — kept as long as history, never edited from a screen.
 */
export const version = 19;
export const name = 'staff';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE staff (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('staff', 'manager')),
      pin_hash TEXT NOT NULL,
      created_ms INTEGER NOT NULL,
      removed_ms INTEGER
    ) STRICT;

    CREATE TABLE staff_tries (
      key TEXT PRIMARY KEY,
      failures INTEGER NOT NULL,
      last_failure_ms INTEGER NOT NULL,
      locked_until_ms INTEGER
    ) STRICT;

    CREATE TABLE staff_config (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      sign_in INTEGER NOT NULL CHECK (sign_in IN (0, 1)),
      idle_minutes INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE action_trail (
      id INTEGER PRIMARY KEY,
      at_ms INTEGER NOT NULL,
      person_id TEXT,
      person_name TEXT,
      device_id TEXT,
      device_name TEXT,
      channel TEXT NOT NULL,
      action TEXT,
      order_id TEXT,
      merchant_id TEXT,
      approved_by TEXT,
      outcome TEXT NOT NULL CHECK (outcome IN ('done', 'queued', 'refused')),
      outbox_id INTEGER,
      error_code TEXT,
      error_message TEXT
    ) STRICT;
    CREATE INDEX action_trail_order ON action_trail (order_id, at_ms) WHERE order_id IS NOT NULL;
    CREATE INDEX action_trail_at ON action_trail (at_ms);
    -- Appended and pruned, never rewritten: not by a screen, not by a bug.
    CREATE TRIGGER action_trail_kept BEFORE UPDATE ON action_trail BEGIN SELECT RAISE(ABORT, 'the trail is never edited'); END;
  `);
}
