import type { Statement } from 'better-sqlite3';
import type { RushRows } from '../../orders/rush-input';
import type { Db } from '../database';

type RushOpenRow = RushRows['open'][number];
type RushRecentRow = RushRows['recent'][number];

/** What the rush gauge (orders/rush-input.ts) reads of the stores' orders: the open ones and those of the recent past. */
export class RushQuery {
  private readonly openOrders: Statement<[], RushOpenRow>;
  private readonly recentOrders: Statement<{ since: number }, RushRecentRow>;

  constructor(db: Db) {
    this.openOrders = db.prepare(
      `SELECT o.merchant_id, o.status, o.confirm_deadline_ms,
         (SELECT min(e.created_ms) FROM events e WHERE e.order_id = o.id AND e.code = 'CFM') AS confirmed_ms,
         (SELECT min(e.created_ms) FROM events e WHERE e.order_id = o.id AND e.code = 'AAO') AS arrived_ms,
         (o.order_type = 'DELIVERY' AND o.delivered_by = 'PLATFORM') AS platform_driver
       FROM orders o WHERE o.is_open = 1 AND o.merchant_id IS NOT NULL`,
    );
    this.recentOrders = db.prepare(
      `SELECT o.merchant_id, o.created_ms, o.preparation_start_at, o.confirm_deadline_ms,
         (SELECT min(e.created_ms) FROM events e WHERE e.order_id = o.id AND e.code = 'CFM') AS confirmed_ms,
         (SELECT min(e.created_ms) FROM events e WHERE e.order_id = o.id AND e.code IN ('RTP', 'DSP', 'CON')) AS ready_ms,
         (SELECT min(e.created_ms) FROM events e WHERE e.order_id = o.id AND e.code = 'CAN') AS cancelled_ms,
         (SELECT e.metadata FROM events e WHERE e.order_id = o.id AND e.code = 'CAN' ORDER BY e.created_ms DESC LIMIT 1) AS cancel_metadata,
         (SELECT min(e.created_ms) FROM events e WHERE e.order_id = o.id AND e.code = 'AAO') AS arrived_ms
       FROM orders o WHERE o.created_ms >= @since AND o.merchant_id IS NOT NULL`,
    );
  }

  open(): RushOpenRow[] {
    return this.openOrders.all();
  }

  /** The orders created since `since` (an hour and the timeout rule's window, whichever is longer). */
  recent(since: number): RushRecentRow[] {
    return this.recentOrders.all({ since });
  }
}
