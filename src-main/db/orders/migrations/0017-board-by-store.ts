import type Database from 'better-sqlite3';

/**
 * One store's board (a terminal serving several stores, every chain terminal) reads its own open and
 * recently closed orders through these, as the all-stores board reads `orders_open_board` and
 * `orders_recent_closed` (0010): without them it looked up every closed order in the window to ask
 * its store, a quarter of a second at 100,000 orders. The closed one also counts, from the index
 * alone, how many closed orders the board left out.
 */
export const version = 17;
export const name = 'board-by-store';

export function up(db: Database.Database): void {
  db.exec(`
    CREATE INDEX orders_open_by_store ON orders (merchant_id, board_ms) WHERE is_open = 1;
    CREATE INDEX orders_closed_by_store ON orders (merchant_id, closed_ms) WHERE is_open = 0;
  `);
}
