import type Database from 'better-sqlite3';

/**
 * The delivery-only orders registered from this terminal (shipping style B): the platform gives
 * their id and tracking page once, and nothing in the order module tells them from other orders,
 * so the terminal keeps them to offer their own actions (address, safety, cancellation).
 */
export const version = 3;
export const name = 'delivery-orders';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE delivery_orders (
      order_id TEXT PRIMARY KEY,
      merchant_id TEXT NOT NULL,
      tracking_url TEXT NOT NULL,
      customer_name TEXT NOT NULL,
      created_ms INTEGER NOT NULL
    ) STRICT;
  `);
}
