import { DeliveryOrdersRepo } from '../db/delivery-orders-repo';
import { deliveryOrderHandlers, registerDeliveryOrderActions } from '../ipc/handlers/delivery-orders';
import type { StartFeature } from './feature';

/** Delivery-only orders (shipping style B): registered here, remembered beside the store outbox; their actions go through it. */
export const deliveryOrdersFeature: StartFeature = ({ api, clock, storeActions, storeActionsDb }) => {
  registerDeliveryOrderActions(storeActions, api.shipping, api.order);
  return { handlers: deliveryOrderHandlers({ shipping: api.shipping, repo: new DeliveryOrdersRepo(storeActionsDb), actions: storeActions, clock }) };
};
