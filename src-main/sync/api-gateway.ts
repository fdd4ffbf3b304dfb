import { z } from 'zod';
import type { OrderAction } from '../../src-shared/ipc/channels/orders';
import type { MarketplaceApi } from '../api/index';
import type { OrderGateway } from './gateway';

const RawDetail = z.record(z.string(), z.unknown());

/**
 * The sync layer's gateway on the API client (retries, token renewal, limits). Events come as
 * returned (`pollRawEvents`): the sync layer stores them verbatim and reads what it needs leniently,
 * so a new field or event code never makes a poll fail. The order detail is read the same way, as a
 * plain record, so the cache keeps it exactly as returned (the typed schema would drop fields it
 * does not name).
 */
export function apiOrderGateway(api: Pick<MarketplaceApi, 'client' | 'order' | 'shipping'>): OrderGateway {
  const opts = (signal?: AbortSignal) => (signal ? { signal } : {});
  const actions: Record<OrderAction, (orderId: string, payload: Record<string, unknown> | null, signal?: AbortSignal) => Promise<unknown>> = {
    confirm: (id, _p, signal) => api.order.confirm(id, opts(signal)),
    startPreparation: (id, _p, signal) => api.order.startPreparation(id, opts(signal)),
    readyToPickup: (id, _p, signal) => api.order.readyToPickup(id, opts(signal)),
    dispatch: (id, _p, signal) => api.order.dispatch(id, opts(signal)),
    requestCancellation: (id, p, signal) => api.order.requestCancellation(id, String(p?.reason ?? ''), opts(signal)),
    requestDriver: (id, p, signal) => api.shipping.requestDriver(id, String(p?.quoteId ?? ''), opts(signal)),
  };
  return {
    poll: (limit, signal) => api.order.pollRawEvents({ limit }, opts(signal)),
    acknowledge: (eventIds, signal) => api.order.acknowledgeEvents(eventIds, opts(signal)),
    getOrder: (orderId, signal) =>
      api.client.call(
        { module: 'order', method: 'GET', route: 'GET /orders/{id}', path: `/order/v1.0/orders/${encodeURIComponent(orderId)}`, schema: RawDetail },
        opts(signal),
      ),
    act: async (orderId, action, payload, signal) => {
      await actions[action](orderId, payload, signal);
    },
    tracking: async (orderId, signal) => (await api.order.trackOrder(orderId, opts(signal))) as Record<string, unknown>,
    cancellationReasons: (orderId, signal) => api.order.cancellationReasons(orderId, opts(signal)),
    validatePickupCode: (orderId, code, signal) => api.order.validatePickupCode(orderId, code, opts(signal)),
  };
}
