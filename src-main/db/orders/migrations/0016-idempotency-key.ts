import type Database from 'better-sqlite3';

/**
 * An action's idempotency key, chosen where it was made: a screen of a chain's server (or of this
 * hub) that queued an action while its link was down sends it again with the same key, and the
 * outbox answers the row that key made the first time instead of writing a second one. A column
 * added later cannot carry UNIQUE in SQLite: the partial unique index does it (actions made on this
 * terminal, by auto-confirm or by a screen that sends no key keep NULL).
 */
export const version = 16;
export const name = 'idempotency-key';

export function up(db: Database.Database): void {
  db.exec(`
    ALTER TABLE outbox ADD COLUMN idempotency_key TEXT;
    CREATE UNIQUE INDEX outbox_idempotency_key ON outbox (idempotency_key) WHERE idempotency_key IS NOT NULL;
  `);
}
