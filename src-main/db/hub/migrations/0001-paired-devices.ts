import type Database from 'better-sqlite3';

/**
 * The screens paired to this hub. The secret a screen shows on every connection is kept only as its
 * SHA-256: a copy of this file lets nobody connect. A revoked screen keeps its row (the hub's list
 * says when it was revoked), and its secret never works again. `kind` has no CHECK: a kind added
 * later (ScreenKind) must not need the table rebuilt; rows are read through the schema instead.
 */
export const version = 1;
export const name = 'paired-devices';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE paired_devices (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      kind TEXT NOT NULL,
      secret_sha256 BLOB NOT NULL CHECK (length(secret_sha256) = 32),
      paired_ms INTEGER NOT NULL,
      last_contact_ms INTEGER,
      revoked_ms INTEGER
    ) STRICT;
  `);
}
