import type Database from 'better-sqlite3';

/**
 * The print queue: every ticket to print is a row before it is sent, so a printer that is off only
 * delays it (retried with backoff) and a restart loses none. One row per order, printer, ticket,
 * copy and reason (UNIQUE): auto-printing the same confirm twice inserts nothing the second time.
 */
export const version = 12;
export const name = 'print-queue';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE print_jobs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      order_id TEXT NOT NULL,
      printer_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('kitchen', 'customer', 'cancellation')),
      copy INTEGER NOT NULL,
      -- 'auto' (on confirm), 'cancel' (slip), or 'reprint:<ms>' (staff asked)
      reason TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('queued', 'printed', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_ms INTEGER NOT NULL,
      last_error TEXT,
      created_ms INTEGER NOT NULL,
      printed_ms INTEGER,
      UNIQUE (order_id, printer_id, kind, copy, reason)
    ) STRICT;
    CREATE INDEX print_jobs_due ON print_jobs (next_attempt_ms) WHERE state = 'queued';
    CREATE INDEX print_jobs_by_order ON print_jobs (order_id);
  `);
}
