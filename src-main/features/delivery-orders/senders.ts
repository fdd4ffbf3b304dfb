import { AddressChangeRequest } from '../../../src-shared/wire/shipping';
import type { OrderApi } from '../../api/order';
import type { ShippingApi } from '../../api/shipping';
import type { StoreActionSenders } from '../../sync/store-outbox';

/**
 * How a registered order's actions reach the platform. Confirming the address is a setting (twice
 * is harmless); a cancellation resent after a lost answer meets an order already cancelled, which
 * is the effect asked; an address change resent meets its own pending change, refused in words.
 */
export function deliveryOrderSenders(
  shipping: Pick<ShippingApi, 'userConfirmAddress' | 'requestAddressChange' | 'cancel'>,
  order: Pick<OrderApi, 'getOrder'>,
): StoreActionSenders {
  return {
    deliveryConfirmAddress: { send: (_merchantId, { orderId }, signal) => shipping.userConfirmAddress(String(orderId), { signal }) },
    deliveryAddressChange: {
      send: (_merchantId, { orderId, address }, signal) => shipping.requestAddressChange(String(orderId), AddressChangeRequest.parse(address), { signal }),
    },
    deliveryCancel: {
      send: (_merchantId, { orderId, code, reason }, signal) =>
        shipping.cancel(String(orderId), { reason: String(reason), cancellationCode: Number(code) }, { signal }),
      alreadyDone: async (_merchantId, { orderId }, signal) =>
        (await order.getOrder(String(orderId), { signal })).status === 'CANCELLED' ? { result: { orderId } } : undefined,
    },
  };
}
