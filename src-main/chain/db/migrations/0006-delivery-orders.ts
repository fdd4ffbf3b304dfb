/**
 * The delivery-only orders a chain's terminals registered (shipping style B): the platform gives
 * their id and tracking page once, and nothing in the order module tells them from other orders, so
 * the server keeps them with their store (the SQLite table's row, db/store-outbox/migrations/0003):
 * their own actions are offered to that store's terminals, and to no other store's.
 */
export const version = 6;
export const name = 'delivery-orders';

export const up = `
CREATE TABLE delivery_orders (
  order_id text PRIMARY KEY,
  merchant_id text NOT NULL,
  tracking_url text NOT NULL,
  customer_name text NOT NULL,
  created_ms bigint NOT NULL
);
`;
