import { DeliveryOrdersRepo } from '../db/delivery-orders-repo';
import { deliveryOrderHandlers } from '../ipc/handlers/delivery-orders';
import type { StartFeature } from './feature';

/** Delivery-only orders (shipping style B): registered here, remembered beside the store outbox. */
export const deliveryOrdersFeature: StartFeature = ({ api, clock, storeActionsDb }) => ({
  handlers: deliveryOrderHandlers({ shipping: api.shipping, repo: new DeliveryOrdersRepo(storeActionsDb), clock }),
});
