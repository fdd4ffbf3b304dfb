import type Database from 'better-sqlite3';

/**
 * Orders, their events, the outbox of staff actions and the sync state. Times the app queries are
 * epoch ms (`*_ms`); times shown as the platform sent them stay ISO text.
 */
export const version = 10;
export const name = 'orders';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE orders (
      id TEXT PRIMARY KEY,
      merchant_id TEXT,
      display_id TEXT,
      -- forward-only progression (PLACED … CONCLUDED, CANCELLED), and its rank
      status TEXT NOT NULL,
      status_rank INTEGER NOT NULL,
      -- a cancellation the store asked for is pending while requested > resolved (event times)
      cancel_requested_ms INTEGER,
      cancel_resolved_ms INTEGER,
      order_type TEXT,
      order_timing TEXT,
      created_at TEXT,
      created_ms INTEGER,
      confirm_deadline_ms INTEGER,
      preparation_start_at TEXT,
      -- the time that puts the order on today's board: created, or the preparation start if later
      board_ms INTEGER NOT NULL,
      delivered_by TEXT,
      customer_name TEXT,
      items_count INTEGER,
      total REAL,
      -- the order detail exactly as the API returned it (JSON)
      detail TEXT,
      detail_fetched_ms INTEGER,
      -- missing: not fetched yet; fresh; stale: an event asks for a refresh; unavailable: the API refused it
      detail_state TEXT NOT NULL DEFAULT 'missing' CHECK (detail_state IN ('missing', 'fresh', 'stale', 'unavailable')),
      detail_error TEXT,
      last_event_code TEXT,
      last_event_ms INTEGER,
      unknown_events INTEGER NOT NULL DEFAULT 0,
      driver_assigned_ms INTEGER,
      tracking TEXT,
      tracking_ms INTEGER,
      is_open INTEGER NOT NULL DEFAULT 1,
      closed_ms INTEGER,
      updated_ms INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX orders_open_board ON orders (board_ms) WHERE is_open = 1;
    CREATE INDEX orders_recent_closed ON orders (closed_ms) WHERE is_open = 0;
    CREATE INDEX orders_needing_detail ON orders (detail_state) WHERE detail_state IN ('missing', 'stale');
    CREATE INDEX orders_tracked ON orders (tracking_ms) WHERE driver_assigned_ms IS NOT NULL AND is_open = 1;

    CREATE TABLE events (
      id TEXT PRIMARY KEY,
      order_id TEXT REFERENCES orders (id),
      merchant_id TEXT,
      code TEXT NOT NULL,
      full_code TEXT NOT NULL,
      known INTEGER NOT NULL,
      created_at TEXT,
      created_ms INTEGER,
      metadata TEXT,
      received_ms INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX events_by_order ON events (order_id, created_ms);

    CREATE TABLE outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      order_id TEXT NOT NULL REFERENCES orders (id),
      action TEXT NOT NULL,
      payload TEXT,
      state TEXT NOT NULL CHECK (state IN ('queued', 'sent', 'confirmed', 'failed', 'expired')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_ms INTEGER NOT NULL,
      expires_ms INTEGER,
      reason TEXT,
      settled_by TEXT,
      created_ms INTEGER NOT NULL,
      updated_ms INTEGER NOT NULL,
      sent_ms INTEGER,
      settled_ms INTEGER
    ) STRICT;
    CREATE INDEX outbox_by_order ON outbox (order_id, id);
    CREATE INDEX outbox_open ON outbox (next_attempt_ms) WHERE state IN ('queued', 'sent');

    CREATE TABLE sync_state (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT;
  `);
}
