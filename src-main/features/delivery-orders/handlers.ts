import { AppError } from '../../../src-shared/errors';
import type { MerchantQuoteView } from '../../../src-shared/ipc/channels/delivery-orders';
import { checkDeliveryAddress, checkDeliveryOrder, toAddressChange, toRegistration } from '../../../src-shared/store-rules/delivery-order';
import type { ShippingApi } from '../../api/shipping';
import type { Clock } from '../../base/clock';
import type { Handlers } from '../../ipc/dispatcher';
import { quoteView } from '../../ipc/quote-view';
import { refuseBrokenRule } from '../../ipc/refusals';
import type { DeliveryOrdersStorage } from '../../sync/delivery-orders-storage';
import { acceptedOrThrow, type StoreOutbox } from '../../sync/store-outbox';

/** The channels of a registered order (its `orderId`), apart from those of a store (`merchantId`): a chain's server asks whose order it is first. */
export const REGISTERED_ORDER_CHANNELS = [
  'deliveryOrders:get',
  'deliveryOrders:safety',
  'deliveryOrders:confirmAddress',
  'deliveryOrders:changeAddress',
  'deliveryOrders:cancellationReasons',
  'deliveryOrders:cancel',
] as const;
/** The delivery-only orders' channels: a terminal's (index.ts) and a chain's server's (chain.ts). */
export const DELIVERY_ORDER_CHANNELS = ['deliveryOrders:quote', 'deliveryOrders:register', ...REGISTERED_ORDER_CHANNELS] as const;
type DeliveryOrderChannel = (typeof DELIVERY_ORDER_CHANNELS)[number];

export interface DeliveryOrderHandlerDeps {
  shipping: Pick<ShippingApi, 'quoteForMerchant' | 'registerOrder' | 'safeDelivery' | 'cancellationReasons'>;
  /** Where the registered orders are remembered (the store outbox's file; a chain's PostgreSQL). */
  registered: DeliveryOrdersStorage;
  actions: Pick<StoreOutbox, 'submit'>;
  clock: Clock;
}

/** A screen waits this long on the platform: these actions are not queued (a quote lasts minutes). */
const signal = () => ({ signal: AbortSignal.timeout(15_000) });

/** Delivery-only orders (shipping style B): quote, register, and the registered order's own actions. */
export function deliveryOrderHandlers({ shipping, registered, actions, clock }: DeliveryOrderHandlerDeps): Pick<Handlers, DeliveryOrderChannel> {
  /** The store a registered order belongs to (its actions queue per store); only orders registered here. */
  const storeOf = async (orderId: string): Promise<string> => {
    const order = await registered.get(orderId);
    if (!order) throw new AppError('not-found', 'This order was not registered on this terminal.');
    return order.merchantId;
  };
  const submit = async (orderId: string, kind: 'deliveryConfirmAddress' | 'deliveryAddressChange' | 'deliveryCancel', payload: Record<string, unknown>) =>
    acceptedOrThrow(await actions.submit({ merchantId: await storeOf(orderId), kind, subject: orderId, payload: { orderId, ...payload } }));
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
      const made = await shipping.registerOrder(merchantId, toRegistration(draft, quoteId), signal());
      return registered.add({ orderId: made.id, merchantId, trackingUrl: made.trackingUrl, customerName: draft.customerName.trim() }, clock.now());
    },
    'deliveryOrders:get': ({ orderId }) => registered.get(orderId),
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
