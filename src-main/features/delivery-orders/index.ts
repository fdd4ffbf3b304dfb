import { sessionFeature } from '../../feature-kit/feature';
import { sqliteDeliveryOrders } from '../../sync/delivery-orders-storage';
import { DELIVERY_ORDER_CHANNELS, deliveryOrderHandlers } from './handlers';
import { deliveryOrderSenders } from './senders';

/** Delivery-only orders (shipping style B): registered here, remembered beside the store outbox; their actions go through it. */
export const deliveryOrdersFeature = sessionFeature({
  name: 'delivery-orders',
  channels: DELIVERY_ORDER_CHANNELS,
  start: ({ api, clock, storeOutbox, storeOutboxDb }) => ({
    handlers: deliveryOrderHandlers({ shipping: api.shipping, registered: sqliteDeliveryOrders(storeOutboxDb), actions: storeOutbox, clock }),
    senders: deliveryOrderSenders(api.shipping, api.order),
  }),
});
