import type Database from 'better-sqlite3';

/**
 * A screen of a chain's server: the order actions staff made while the server could not be
 * reached, each with the idempotency key it goes with (the server answers a key it knows with the
 * entry it made the first time). Written before anything is sent; `sent` once the server answered
 * with its entry (the action is the server's from then on), `refused` when it said no.
 */
export const version = 1;
export const name = 'screen-actions';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE screen_actions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      -- the server it was made for: a screen paired to another one never sends it there
      hub_id TEXT NOT NULL,
      order_id TEXT NOT NULL,
      action TEXT NOT NULL,
      -- the contract's ActInput as staff made it, key included
      input TEXT NOT NULL,
      idempotency_key TEXT NOT NULL UNIQUE,
      state TEXT NOT NULL CHECK (state IN ('queued', 'sent', 'refused')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_ms INTEGER NOT NULL,
      -- the last reason it waits (queued) or the server's refusal (refused), as ErrorInfo JSON
      reason TEXT,
      -- the server's OutboxEntry once it took it
      answer TEXT,
      created_ms INTEGER NOT NULL,
      updated_ms INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX screen_actions_open ON screen_actions (hub_id, next_attempt_ms) WHERE state = 'queued';
    CREATE INDEX screen_actions_by_order ON screen_actions (order_id, id);
  `);
}
