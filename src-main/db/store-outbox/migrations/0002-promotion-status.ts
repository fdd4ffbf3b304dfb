import type Database from 'better-sqlite3';

/**
 * What the platform last said about each promotion the terminal created (spec §3.2): the API lists
 * a promotion's items only by the id its creation answered, so the terminal keeps that id and the
 * items' statuses beside the store action that sent it; the screen lists them offline too.
 */
export const version = 2;
export const name = 'promotion-status';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE promotion_status (
      action_id INTEGER PRIMARY KEY REFERENCES store_actions (id),
      aggregation_id TEXT NOT NULL,
      items TEXT NOT NULL,
      checked_ms INTEGER NOT NULL
    ) STRICT;
  `);
}
