import { AppError } from '../../../src-shared/errors';
import type { MerchantQuoteView } from '../../../src-shared/ipc/channels/delivery-orders';
import { checkDeliveryAddress, checkDeliveryOrder, toAddressChange, toRegistration } from '../../../src-shared/store-rules/delivery-order';
import type { ShippingApi } from '../../api/shipping';
import type { Clock } from '../../base/clock';
import type { DeliveryOrdersRepo } from '../../db/delivery-orders-repo';
import type { Handlers } from '../dispatcher';
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
  shipping: Pick<ShippingApi, 'quoteForMerchant' | 'registerOrder' | 'safeDelivery' | 'userConfirmAddress' | 'requestAddressChange' | 'cancellationReasons' | 'cancel'>;
  repo: Pick<DeliveryOrdersRepo, 'add' | 'get'>;
  clock: Clock;
}

/** A screen waits this long on the platform: these actions are not queued (a quote lasts minutes). */
const signal = () => ({ signal: AbortSignal.timeout(15_000) });

/** A broken rule from the shared checks, as the refusal the screen already knows how to say. */
function refuse(problems: Record<string, string | undefined>): never {
  const [field, problem] = Object.entries(problems)[0] as [string, string];
  throw new AppError('bad-input', `delivery order ${field}: ${problem}`, { field });
}

/** Delivery-only orders (shipping style B): quote, register, and the registered order's own actions. */
export function deliveryOrderHandlers({ shipping, repo, clock }: DeliveryOrderHandlerDeps): Pick<Handlers, DeliveryOrderChannel> {
  return {
    'deliveryOrders:quote': async ({ merchantId, latitude, longitude }): Promise<MerchantQuoteView> => {
      const quote = await shipping.quoteForMerchant(merchantId, { latitude, longitude }, signal());
      return { ...quoteView(quote), preparationTime: quote.preparationTime ?? null };
    },
    'deliveryOrders:register': async ({ merchantId, draft, quoteId }) => {
      const address = checkDeliveryAddress(draft.address);
      if (!address.ok) refuse(address.problems);
      const order = checkDeliveryOrder(draft);
      if (!order.ok) refuse(order.problems);
      const registered = await shipping.registerOrder(merchantId, toRegistration(draft, quoteId), signal());
      return repo.add({ orderId: registered.id, merchantId, trackingUrl: registered.trackingUrl, customerName: draft.customerName.trim() }, clock.now());
    },
    'deliveryOrders:get': ({ orderId }) => repo.get(orderId),
    'deliveryOrders:safety': async ({ orderId }) => {
      const safety = await shipping.safeDelivery(orderId, signal());
      return { score: safety.score, rules: Object.entries(safety.rules).map(([rule, holds]) => ({ rule, holds })) };
    },
    'deliveryOrders:confirmAddress': async ({ orderId }) => {
      await shipping.userConfirmAddress(orderId, signal());
      return null;
    },
    'deliveryOrders:changeAddress': async ({ orderId, address }) => {
      const check = checkDeliveryAddress(address, { change: true });
      if (!check.ok) refuse(check.problems);
      await shipping.requestAddressChange(orderId, toAddressChange(address), signal());
      return null;
    },
    'deliveryOrders:cancellationReasons': async ({ orderId }) =>
      (await shipping.cancellationReasons(orderId, signal()))
        .map((r) => ({ code: Number(r.cancelCodeId), description: r.description }))
        .filter((r) => Number.isInteger(r.code)),
    'deliveryOrders:cancel': async ({ orderId, code, reason }) => {
      await shipping.cancel(orderId, { reason, cancellationCode: code }, signal());
      return null;
    },
  };
}
