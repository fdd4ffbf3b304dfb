import type Database from 'better-sqlite3';

/**
 * Which paired screen queued each staff action (the hub says who did it: "Confirmado por Cozinha 1").
 * The screen's name is kept as it was when it acted: a screen renamed or revoked later does not
 * rewrite who confirmed yesterday's orders. All three are NULL for an action made on this terminal
 * (or by auto-confirm). Version 14 is the kitchen's (stations and bumps).
 */
export const version = 15;
export const name = 'action-origin';

export function up(db: Database.Database): void {
  db.exec(`
    ALTER TABLE outbox ADD COLUMN origin_id TEXT;
    ALTER TABLE outbox ADD COLUMN origin_name TEXT;
    ALTER TABLE outbox ADD COLUMN origin_kind TEXT CHECK (origin_kind IN ('counter', 'kitchen', 'expo', 'pickup'));
  `);
}
