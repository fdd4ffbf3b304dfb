import { sessionFeature } from '../../feature-kit/feature';
import { deliveryOrderHandlers } from './handlers';
import { deliveryOrderSenders } from './senders';

/** Delivery-only orders (shipping style B): registered here, remembered beside the store outbox; their actions go through it. */
export const deliveryOrdersFeature = sessionFeature({
  name: 'delivery-orders',
  channels: [
    'deliveryOrders:quote',
    'deliveryOrders:register',
    'deliveryOrders:get',
    'deliveryOrders:safety',
    'deliveryOrders:confirmAddress',
    'deliveryOrders:changeAddress',
    'deliveryOrders:cancellationReasons',
    'deliveryOrders:cancel',
  ],
  start: ({ api, clock, storeOutbox, storeOutboxDb }) => ({
    handlers: deliveryOrderHandlers({ shipping: api.shipping, db: storeOutboxDb, actions: storeOutbox, clock }),
    senders: deliveryOrderSenders(api.shipping, api.order),
  }),
});
