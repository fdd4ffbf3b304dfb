import type pg from 'pg';
import { AppError } from '../../../src-shared/errors';
import { toDeliveryOnlyView, type DeliveryOrderRow } from '../../db/store-outbox/delivery-orders-repo';
import type { DeliveryOrdersStorage } from '../../sync/delivery-orders-storage';
import { queryRows } from './transaction';

/** The delivery-only orders the chain's terminals registered, each with its store. */
export function pgDeliveryOrders(pool: pg.Pool): DeliveryOrdersStorage {
  return {
    add: async (order, now) => {
      const row: DeliveryOrderRow = {
        order_id: order.orderId,
        merchant_id: order.merchantId,
        tracking_url: order.trackingUrl,
        customer_name: order.customerName,
        created_ms: now,
      };
      // The platform's ids are its own: one registered again (a retry) keeps its store, never another's.
      const kept = await queryRows<DeliveryOrderRow>(
        pool,
        'remembering a delivery-only order',
        `INSERT INTO delivery_orders (order_id, merchant_id, tracking_url, customer_name, created_ms) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (order_id) DO UPDATE SET tracking_url = excluded.tracking_url, customer_name = excluded.customer_name, created_ms = excluded.created_ms
         WHERE delivery_orders.merchant_id = excluded.merchant_id
         RETURNING order_id, merchant_id, tracking_url, customer_name, created_ms`,
        [row.order_id, row.merchant_id, row.tracking_url, row.customer_name, row.created_ms],
      );
      if (!kept[0]) throw new AppError('conflict', 'This order was registered for another store.');
      return toDeliveryOnlyView(kept[0]);
    },
    get: async (orderId) => {
      const rows = await queryRows<DeliveryOrderRow>(
        pool,
        'reading a delivery-only order',
        'SELECT order_id, merchant_id, tracking_url, customer_name, created_ms FROM delivery_orders WHERE order_id = $1',
        [orderId],
      );
      return rows[0] ? toDeliveryOnlyView(rows[0]) : null;
    },
  };
}
