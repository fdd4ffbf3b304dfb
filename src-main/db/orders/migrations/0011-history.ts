import type Database from 'better-sqlite3';

/**
 * History and auto-confirm. Who sent each action (staff or the terminal's auto-confirm); indexes for
 * the history screen (creation time, which every page walks; the short code, once a detail gave
 * it); every index here is work for each order the ingest writes, so a store filter walks the
 * creation-time index too (a page fills after a few dozen rows); a trigram full-text index over the
 * short code and the customer's name, so a search finds "silva" inside "Maria da Silva" in
 * milliseconds among 200,000 orders.
 *
 * The search table is keyed by the orders' rowid (orders has a TEXT primary key, so rowid is its own
 * column): the terminal never runs VACUUM, which is what could renumber them. Its triggers fire only
 * when the short code or the name are written (a detail arriving), never on a status move.
 */
export const version = 11;
export const name = 'history';

export function up(db: Database.Database): void {
  db.exec(`
    ALTER TABLE outbox ADD COLUMN actor TEXT NOT NULL DEFAULT 'staff' CHECK (actor IN ('staff', 'auto'));

    CREATE INDEX orders_by_created ON orders (created_ms);
    CREATE INDEX orders_by_display_id ON orders (display_id) WHERE display_id IS NOT NULL;

    CREATE VIRTUAL TABLE orders_search USING fts5(terms, tokenize = 'trigram remove_diacritics 1');
    CREATE TRIGGER orders_search_insert AFTER INSERT ON orders
      WHEN new.display_id IS NOT NULL OR new.customer_name IS NOT NULL
    BEGIN
      INSERT INTO orders_search (rowid, terms) VALUES (new.rowid, concat_ws(' ', new.display_id, new.customer_name));
    END;
    CREATE TRIGGER orders_search_update AFTER UPDATE OF display_id, customer_name ON orders
      WHEN old.display_id IS NOT new.display_id OR old.customer_name IS NOT new.customer_name
    BEGIN
      DELETE FROM orders_search WHERE rowid = new.rowid;
      INSERT INTO orders_search (rowid, terms) VALUES (new.rowid, concat_ws(' ', new.display_id, new.customer_name));
    END;
    CREATE TRIGGER orders_search_delete AFTER DELETE ON orders
    BEGIN
      DELETE FROM orders_search WHERE rowid = old.rowid;
    END;
    INSERT INTO orders_search (rowid, terms)
      SELECT rowid, concat_ws(' ', display_id, customer_name) FROM orders WHERE display_id IS NOT NULL OR customer_name IS NOT NULL;
  `);
}
