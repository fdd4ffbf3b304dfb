import type Database from 'better-sqlite3';

/**
 * Requests the store must answer, and delivery codes typed. `request_ms` marks an order that had a
 * dispute or an address change (the time of the latest): the board reads those events only for such
 * orders. `code_checks` keeps each delivery code typed for an own delivery and the answer, so the
 * count of wrong codes survives a restart.
 */
export const version = 13;
export const name = 'order-requests';

export function up(db: Database.Database): void {
  db.exec(`
    ALTER TABLE orders ADD COLUMN request_ms INTEGER;
    CREATE TABLE code_checks (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      order_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('delivery')),
      valid INTEGER NOT NULL CHECK (valid IN (0, 1)),
      -- 'api' (the platform answered) or 'cache' (offline: compared with the cached localizer)
      checked_by TEXT NOT NULL,
      checked_ms INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX code_checks_by_order ON code_checks (order_id, kind);
  `);
}
