import type Database from 'better-sqlite3';

/**
 * Store actions to be made later (a dish sold out until tomorrow comes back at opening time). They
 * wait here, not in the store outbox, so a later action never holds the store's queue: at their
 * time they are submitted to the outbox like any other.
 */
export const version = 4;
export const name = 'scheduled-store-actions';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE scheduled_store_actions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      merchant_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      subject TEXT,
      payload TEXT NOT NULL,
      due_ms INTEGER NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('waiting', 'submitted', 'cancelled')),
      action_id INTEGER,
      created_ms INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX scheduled_store_actions_due ON scheduled_store_actions (due_ms) WHERE state = 'waiting';
  `);
}
