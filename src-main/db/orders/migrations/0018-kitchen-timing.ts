import type Database from 'better-sqlite3';

/**
 * Kitchen timing. `kitchen_marks` keeps a cook's mark on a ticket (priority, or hold with since when,
 * and how long its past holds lasted), one row per order, so every screen of the store sees it and
 * it survives a restart as bumps do (pruned with them). `kitchen_menu.name` keeps each dish's name,
 * so Settings can give a dish its own preparation target while the platform is out of reach.
 */
export const version = 18;
export const name = 'kitchen-timing';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE kitchen_marks (
      order_id TEXT PRIMARY KEY,
      mark TEXT CHECK (mark IN ('priority', 'hold')),
      held_since_ms INTEGER,
      held_ms INTEGER NOT NULL DEFAULT 0,
      changed_ms INTEGER NOT NULL,
      CHECK ((mark = 'hold') = (held_since_ms IS NOT NULL))
    ) STRICT;

    ALTER TABLE kitchen_menu ADD COLUMN name TEXT;
  `);
}
