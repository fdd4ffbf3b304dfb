import type Database from 'better-sqlite3';

/**
 * A screen of a chain's server also keeps its store's levers (a pause, a sold-out, a review's answer)
 * while the server is out of reach: the channel a row is for (`orders:act` for the order actions of
 * 0001). A lever's row waits in its store's line (`order_id` is `store:<merchantId>`), `action` is the
 * store action's kind, `input` the channel's input with its key.
 */
export const version = 3;
export const name = 'screen-levers';

export function up(db: Database.Database): void {
  db.exec(`ALTER TABLE screen_actions ADD COLUMN channel TEXT NOT NULL DEFAULT 'orders:act';`);
}
