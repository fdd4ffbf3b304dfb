import type { Statement } from 'better-sqlite3';
import type { Db } from '../database';

export interface PrintOrderRecord {
  order_id: string;
  hub_id: string;
  order_view: string | null;
  cancellation: string | null;
  updated_ms: number;
}

/** What a screen of a chain's server keeps of an order it prints (screen outbox migration 0002). */
export class PrintOrdersRepo {
  private readonly s: {
    get: Statement<[string], PrintOrderRecord>;
    view: Statement<{ order_id: string; hub_id: string; view: string; now: number }>;
    cancelled: Statement<{ order_id: string; hub_id: string; cancellation: string; now: number }>;
  };

  constructor(db: Db) {
    this.s = {
      get: db.prepare('SELECT * FROM print_orders WHERE order_id = ?'),
      view: db.prepare(
        `INSERT INTO print_orders (order_id, hub_id, order_view, updated_ms) VALUES (@order_id, @hub_id, @view, @now)
         ON CONFLICT (order_id) DO UPDATE SET hub_id = excluded.hub_id, order_view = excluded.order_view, updated_ms = excluded.updated_ms`,
      ),
      cancelled: db.prepare(
        `INSERT INTO print_orders (order_id, hub_id, cancellation, updated_ms) VALUES (@order_id, @hub_id, @cancellation, @now)
         ON CONFLICT (order_id) DO UPDATE SET cancellation = excluded.cancellation, updated_ms = excluded.updated_ms`,
      ),
    };
  }

  get(orderId: string): PrintOrderRecord | undefined {
    return this.s.get.get(orderId);
  }

  saveView(orderId: string, hubId: string, view: string, now: number): void {
    this.s.view.run({ order_id: orderId, hub_id: hubId, view, now });
  }

  saveCancellation(orderId: string, hubId: string, cancellation: string, now: number): void {
    this.s.cancelled.run({ order_id: orderId, hub_id: hubId, cancellation, now });
  }
}
