import type Database from 'better-sqlite3';

/**
 * A screen of a chain's server prints its store's tickets on its own printers. `print_jobs` has the
 * columns of the terminal's print queue (order database migration 0012), so the one repository
 * (`PrintQueueRepo`) and the one print queue (`print/ticket-queue.ts`) work on both: a row per
 * order, printer, ticket, copy and reason (UNIQUE), so a confirm heard twice — a push and the board
 * read after a reconnect, a restart — writes its tickets once. `print_orders` keeps what a ticket
 * prints, read from the server (`orders:detail`) as soon as the tickets are queued, so the tickets
 * already queued print while the server is out of reach.
 */
export const version = 2;
export const name = 'screen-print';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE print_jobs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      order_id TEXT NOT NULL,
      printer_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('kitchen', 'customer', 'cancellation')),
      copy INTEGER NOT NULL,
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
    CREATE TABLE print_orders (
      order_id TEXT PRIMARY KEY,
      -- the server it was read from (a screen paired to another one reads no order from it)
      hub_id TEXT NOT NULL,
      -- the drawer's OrderView as the server answered it (JSON); NULL until it was read
      order_view TEXT,
      -- the board row's cancellation (JSON), for the slip
      cancellation TEXT,
      updated_ms INTEGER NOT NULL
    ) STRICT;
  `);
}
