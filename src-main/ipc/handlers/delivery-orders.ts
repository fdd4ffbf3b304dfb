import { AppError } from '../../../src-shared/errors';
import type { MerchantQuoteView } from '../../../src-shared/ipc/channels/delivery-orders';
import { checkDeliveryAddress, checkDeliveryOrder, toAddressChange, toRegistration } from '../../../src-shared/store-rules/delivery-order';
import { AddressChangeRequest } from '../../../src-shared/wire/shipping';
import type { OrderApi } from '../../api/order';
import type { ShippingApi } from '../../api/shipping';
import { acceptedOrThrow, type StoreActionQueue } from '../../sync/store-action-queue';
import type { Clock } from '../../base/clock';
import type { DeliveryOrdersRepo } from '../../db/delivery-orders-repo';
import type { Handlers } from '../dispatcher';
import { refuseBrokenRule } from './broken-rule';
import { quoteView } from './orders';

type DeliveryOrderChannel =
  | 'deliveryOrders:quote'
  | 'deliveryOrders:register'
  | 'deliveryOrders:get'
  | 'deliveryOrders:safety'
  | 'deliveryOrders:confirmAddress'
  | 'deliveryOrders:changeAddress'
  | 'deliveryOrders:cancellationReasons'
  | 'deliveryOrders:cancel';

export interface DeliveryOrderHandlerDeps {
  shipping: Pick<ShippingApi, 'quoteForMerchant' | 'registerOrder' | 'safeDelivery' | 'cancellationReasons'>;
  repo: Pick<DeliveryOrdersRepo, 'add' | 'get'>;
  actions: Pick<StoreActionQueue, 'submit'>;
  clock: Clock;
}

/** A screen waits this long on the platform: these actions are not queued (a quote lasts minutes). */
const signal = () => ({ signal: AbortSignal.timeout(15_000) });

/** Delivery-only orders (shipping style B): quote, register, and the registered order's own actions. */
export function deliveryOrderHandlers({ shipping, repo, actions, clock }: DeliveryOrderHandlerDeps): Pick<Handlers, DeliveryOrderChannel> {
  /** The store a registered order belongs to (its actions queue per store); only orders registered here. */
  const storeOf = (orderId: string): string => {
    const registered = repo.get(orderId);
    if (!registered) throw new AppError('not-found', 'This order was not registered on this terminal.');
    return registered.merchantId;
  };
  const submit = async (orderId: string, kind: 'deliveryConfirmAddress' | 'deliveryAddressChange' | 'deliveryCancel', payload: Record<string, unknown>) =>
    acceptedOrThrow(await actions.submit({ merchantId: storeOf(orderId), kind, subject: orderId, payload: { orderId, ...payload } }));
  return {
    'deliveryOrders:quote': async ({ merchantId, latitude, longitude }): Promise<MerchantQuoteView> => {
      const quote = await shipping.quoteForMerchant(merchantId, { latitude, longitude }, signal());
      return { ...quoteView(quote), preparationTime: quote.preparationTime ?? null };
    },
    'deliveryOrders:register': async ({ merchantId, draft, quoteId }) => {
      const address = checkDeliveryAddress(draft.address);
      if (!address.ok) refuseBrokenRule('delivery order', address.problems);
      const order = checkDeliveryOrder(draft);
      if (!order.ok) refuseBrokenRule('delivery order', order.problems);
      const registered = await shipping.registerOrder(merchantId, toRegistration(draft, quoteId), signal());
      return repo.add({ orderId: registered.id, merchantId, trackingUrl: registered.trackingUrl, customerName: draft.customerName.trim() }, clock.now());
    },
    'deliveryOrders:get': ({ orderId }) => repo.get(orderId),
    'deliveryOrders:safety': async ({ orderId }) => {
      const safety = await shipping.safeDelivery(orderId, signal());
      return { score: safety.score, rules: Object.entries(safety.rules).map(([rule, holds]) => ({ rule, holds })) };
    },
    'deliveryOrders:confirmAddress': ({ orderId }) => submit(orderId, 'deliveryConfirmAddress', {}),
    'deliveryOrders:changeAddress': ({ orderId, address }) => {
      const check = checkDeliveryAddress(address, { change: true });
      if (!check.ok) refuseBrokenRule('delivery order', check.problems);
      return submit(orderId, 'deliveryAddressChange', { address: toAddressChange(address) });
    },
    'deliveryOrders:cancellationReasons': async ({ orderId }) =>
      (await shipping.cancellationReasons(orderId, signal()))
        .map((r) => ({ code: Number(r.cancelCodeId), description: r.description }))
        .filter((r) => Number.isInteger(r.code)),
    'deliveryOrders:cancel': ({ orderId, code, reason }) => submit(orderId, 'deliveryCancel', { code, reason }),
  };
}

/**
 * How a registered order's actions reach the platform. Confirming the address is a setting (twice
 * is harmless); a cancellation resent after a lost answer meets an order already cancelled, which
 * is the effect asked; an address change resent meets its own pending change, refused in words.
 */
export function registerDeliveryOrderActions(
  queue: Pick<StoreActionQueue, 'register'>,
  shipping: Pick<ShippingApi, 'userConfirmAddress' | 'requestAddressChange' | 'cancel'>,
  order: Pick<OrderApi, 'getOrder'>,
): void {
  queue.register('deliveryConfirmAddress', { send: (_merchantId, { orderId }, signal) => shipping.userConfirmAddress(String(orderId), { signal }) });
  queue.register('deliveryAddressChange', {
    send: (_merchantId, { orderId, address }, signal) => shipping.requestAddressChange(String(orderId), AddressChangeRequest.parse(address), { signal }),
  });
  queue.register('deliveryCancel', {
    send: (_merchantId, { orderId, code, reason }, signal) => shipping.cancel(String(orderId), { reason: String(reason), cancellationCode: Number(code) }, { signal }),
    alreadyDone: async (_merchantId, { orderId }, signal) => ((await order.getOrder(String(orderId), { signal })).status === 'CANCELLED' ? { result: { orderId } } : undefined),
  });
}
