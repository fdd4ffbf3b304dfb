import type { OrderAction } from '../../src-shared/ipc/channels/orders';
import type { MarketplaceApi } from '../api/index';
import type { OrderGateway } from './gateway';

/**
 * The sync layer's gateway on the API client (retries, token renewal, limits). Events come as
 * returned and are read one by one by the ingest, so a new field or event code never makes a poll
 * fail; the order detail comes as a plain record (`getOrderRecord`), so the cache keeps it exactly
 * as returned and reads it with `readOrderDetail` (src-shared/wire/order).
 */
export function apiOrderGateway(api: Pick<MarketplaceApi, 'order' | 'shipping'>): OrderGateway {
  const opts = (signal?: AbortSignal) => (signal ? { signal } : {});
  const actions: Record<OrderAction, (orderId: string, payload: Record<string, unknown> | null, signal?: AbortSignal) => Promise<unknown>> = {
    confirm: (id, _p, signal) => api.order.confirm(id, opts(signal)),
    startPreparation: (id, _p, signal) => api.order.startPreparation(id, opts(signal)),
    readyToPickup: (id, _p, signal) => api.order.readyToPickup(id, opts(signal)),
    dispatch: (id, _p, signal) => api.order.dispatch(id, opts(signal)),
    requestCancellation: (id, p, signal) => api.order.requestCancellation(id, String(p?.reason ?? ''), opts(signal)),
    requestDriver: (id, p, signal) => api.shipping.requestDriver(id, String(p?.quoteId ?? ''), opts(signal)),
    cancelDriverRequest: (id, _p, signal) => api.shipping.cancelRequestDriver(id, opts(signal)),
    acceptDispute: (_id, p, signal) => api.order.acceptDispute(String(p?.disputeId ?? ''), opts(signal)),
    rejectDispute: (_id, p, signal) => api.order.rejectDispute(String(p?.disputeId ?? ''), String(p?.reason ?? ''), opts(signal)),
    chooseDisputeAlternative: (_id, p, signal) => api.order.chooseDisputeAlternative(String(p?.disputeId ?? ''), String(p?.alternativeId ?? ''), opts(signal)),
    acceptAddressChange: (id, _p, signal) => api.shipping.acceptAddressChange(id, opts(signal)),
    denyAddressChange: (id, _p, signal) => api.shipping.denyAddressChange(id, opts(signal)),
  };
  return {
    poll: (limit, signal) => api.order.pollEvents({ limit }, opts(signal)),
    acknowledge: (eventIds, signal) => api.order.acknowledgeEvents(eventIds, opts(signal)),
    getOrder: (orderId, signal) => api.order.getOrderRecord(orderId, opts(signal)),
    act: async (orderId, action, payload, signal) => {
      await actions[action](orderId, payload, signal);
    },
    tracking: async (orderId, signal) => (await api.order.trackOrder(orderId, opts(signal))) as Record<string, unknown>,
    cancellationReasons: (orderId, signal) => api.order.cancellationReasons(orderId, opts(signal)),
    validatePickupCode: (orderId, code, signal) => api.order.validatePickupCode(orderId, code, opts(signal)),
    verifyDeliveryCode: (orderId, code, signal) => api.order.verifyDeliveryCode(orderId, code, opts(signal)),
    driverQuote: (orderId, signal) => api.shipping.quoteForOrder(orderId, opts(signal)),
  };
}
