import type { DeliveryOnlyView } from '../../src-shared/ipc/channels/delivery-orders';
import type { StoreOutboxDb } from '../db/store-outbox/store-outbox-db';
import type { Maybe } from './store-actions-storage';

/** A delivery-only order the platform registered, as it is remembered. */
export interface RegisteredDeliveryOrder {
  orderId: string;
  merchantId: string;
  trackingUrl: string;
  customerName: string;
}

/**
 * Where the delivery-only orders a store registered are remembered (features/delivery-orders runs on
 * it): nothing in the order module tells them from other orders, so their store and tracking page
 * are kept beside the store outbox — the terminal's `store-outbox.sqlite`, or a chain's PostgreSQL.
 */
export interface DeliveryOrdersStorage {
  add(order: RegisteredDeliveryOrder, now: number): Maybe<DeliveryOnlyView>;
  /** The order when it was registered here; null otherwise. */
  get(orderId: string): Maybe<DeliveryOnlyView | null>;
}

/** The terminal's store outbox file as the delivery-only orders' storage. */
export function sqliteDeliveryOrders(db: StoreOutboxDb): DeliveryOrdersStorage {
  return {
    add: (order, now) => db.write(() => db.deliveryOrders.add(order, now)),
    get: (orderId) => db.read(() => db.deliveryOrders.get(orderId)),
  };
}
