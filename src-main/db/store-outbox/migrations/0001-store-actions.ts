import type Database from 'better-sqlite3';

/**
 * The store outbox, in its own file (`store-actions.sqlite`): a damaged order cache never stops a
 * pause, and the two never wait on each other's writes. One row per staff action on a store,
 * written before it is sent.
 */
export const version = 1;
export const name = 'store-actions';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE store_actions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      merchant_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      subject TEXT,
      payload TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('queued', 'done', 'failed', 'cancelled')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_ms INTEGER NOT NULL,
      reason TEXT,
      result TEXT,
      -- 1 once it had to wait (its first try did not settle it): the screen lists it
      waited INTEGER NOT NULL DEFAULT 0 CHECK (waited IN (0, 1)),
      created_ms INTEGER NOT NULL,
      updated_ms INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX store_actions_open ON store_actions (next_attempt_ms) WHERE state = 'queued';
    CREATE INDEX store_actions_by_store ON store_actions (merchant_id, id);
  `);
}
