import type Database from 'better-sqlite3';

/**
 * The kitchen's screens. `kitchen_setup` keeps the stations and the age thresholds (one row: every
 * screen of the store reads the same). `kitchen_bumps` keeps one row per order and item (with the
 * station it was bumped at): a recall makes it wait again, and `revision` only goes up, so a screen
 * can tell the newer of two states. `kitchen_done` is written once per order, by the bump that
 * finished it, in the same transaction as its ready action in the orders outbox: two bumps at once
 * cannot both finish it. `kitchen_menu` is the menu's item → category map (read from the catalog),
 * kept so a kitchen that restarts offline still splits tickets by station.
 */
export const version = 14;
export const name = 'kitchen';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE kitchen_setup (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      body TEXT NOT NULL,
      updated_ms INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE kitchen_bumps (
      order_id TEXT NOT NULL,
      item_key TEXT NOT NULL,
      station_id TEXT NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('bumped', 'recalled')),
      -- the bump (one tap or key) that took it: a recall brings back that bump's items together
      bump_id INTEGER NOT NULL,
      changed_ms INTEGER NOT NULL,
      revision INTEGER NOT NULL,
      PRIMARY KEY (order_id, item_key)
    ) STRICT;
    CREATE INDEX kitchen_bumps_last ON kitchen_bumps (bump_id) WHERE state = 'bumped';

    CREATE TABLE kitchen_done (
      order_id TEXT PRIMARY KEY,
      done_ms INTEGER NOT NULL,
      -- the ready action put in the orders outbox, or null when the order needed none
      action_id INTEGER
    ) STRICT;

    CREATE TABLE kitchen_menu (
      merchant_id TEXT NOT NULL,
      item_id TEXT NOT NULL,
      external_code TEXT,
      category_id TEXT NOT NULL,
      PRIMARY KEY (merchant_id, item_id)
    ) STRICT;
    CREATE INDEX kitchen_menu_by_code ON kitchen_menu (merchant_id, external_code);

    CREATE TABLE kitchen_categories (
      merchant_id TEXT NOT NULL,
      category_id TEXT NOT NULL,
      name TEXT NOT NULL,
      store_name TEXT,
      position INTEGER NOT NULL,
      read_ms INTEGER NOT NULL,
      PRIMARY KEY (merchant_id, category_id)
    ) STRICT;
  `);
}
