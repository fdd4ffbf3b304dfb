import type { Statement } from 'better-sqlite3';
import type { DeliveryOnlyView } from '../../../src-shared/ipc/channels/delivery-orders';
import type { Db } from '../database';

/** A registered delivery-only order as it is kept (here and in a chain's PostgreSQL). */
export interface DeliveryOrderRow {
  order_id: string;
  merchant_id: string;
  tracking_url: string;
  customer_name: string;
  created_ms: number;
}

export const toDeliveryOnlyView = (r: DeliveryOrderRow): DeliveryOnlyView => ({
  orderId: r.order_id,
  merchantId: r.merchant_id,
  trackingUrl: r.tracking_url,
  customerName: r.customer_name,
  registeredAt: new Date(r.created_ms).toISOString(),
});

/** The delivery-only orders this terminal registered (the store outbox's file, beside its actions). */
export class DeliveryOrdersRepo {
  private readonly s: {
    insert: Statement<DeliveryOrderRow>;
    get: Statement<[string], DeliveryOrderRow>;
  };

  constructor(db: Db) {
    this.s = {
      insert: db.prepare(
        `INSERT OR REPLACE INTO delivery_orders (order_id, merchant_id, tracking_url, customer_name, created_ms)
         VALUES (@order_id, @merchant_id, @tracking_url, @customer_name, @created_ms)`,
      ),
      get: db.prepare('SELECT * FROM delivery_orders WHERE order_id = ?'),
    };
  }

  add(view: { orderId: string; merchantId: string; trackingUrl: string; customerName: string }, now: number): DeliveryOnlyView {
    const row = { order_id: view.orderId, merchant_id: view.merchantId, tracking_url: view.trackingUrl, customer_name: view.customerName, created_ms: now };
    this.s.insert.run(row);
    return toDeliveryOnlyView(row);
  }

  get(orderId: string): DeliveryOnlyView | null {
    const row = this.s.get.get(orderId);
    return row ? toDeliveryOnlyView(row) : null;
  }
}
