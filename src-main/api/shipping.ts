import { z } from 'zod';
import { Tracking } from '../../src-shared/wire/order';
import {
  DeliveryQuote,
  RegisteredDeliveryOrder,
  SafeDelivery,
  ShippingCancellationReason,
  type AddressChangeRequest,
  type DeliveryOrderRegistration,
  type ShippingCancellation,
} from '../../src-shared/wire/shipping';
import type { ApiCall, ApiClient, CallOptions } from './client';

const PREFIX = '/shipping/v1.0';
const seg = encodeURIComponent;

/** The confirmation text of a 202: a string when the server sends text, undefined when empty. */
const ConfirmationText = z.unknown().transform((body) => (typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body)));
export type ConfirmationText = z.infer<typeof ConfirmationText>;

/**
 * Shipping module (spec §4.1). Style A, the order is already on the platform: quote by order,
 * requestDriver, cancelRequestDriver, tracking. Style B, a delivery-only order the merchant
 * registers: quote by merchant, registerOrder, cancellation reasons, cancel, address confirmation
 * and changes, tracking, safeDelivery. Driver results arrive as events.
 */
export class ShippingApi {
  constructor(private readonly client: ApiClient) {}

  /** Style A quote (no preparationTime, no quote.raise). */
  quoteForOrder(orderId: string, options?: CallOptions): Promise<DeliveryQuote> {
    return this.client.call(
      this.call('GET', 'GET /orders/{orderId}/deliveryAvailabilities', `/orders/${seg(orderId)}/deliveryAvailabilities`, DeliveryQuote),
      options,
    );
  }

  /** Style B quote for a merchant and a destination. */
  quoteForMerchant(merchantId: string, destination: { latitude: number; longitude: number }, options?: CallOptions): Promise<DeliveryQuote> {
    return this.client.call(
      {
        ...this.call('GET', 'GET /merchants/{merchantId}/deliveryAvailabilities', `/merchants/${seg(merchantId)}/deliveryAvailabilities`, DeliveryQuote),
        query: { latitude: destination.latitude, longitude: destination.longitude },
        merchantId,
      },
      options,
    );
  }

  requestDriver(orderId: string, quoteId: string, options?: CallOptions): Promise<ConfirmationText> {
    return this.client.call(
      { ...this.call('POST', 'POST /orders/{orderId}/requestDriver', `/orders/${seg(orderId)}/requestDriver`, ConfirmationText), json: { quoteId } },
      options,
    );
  }

  cancelRequestDriver(orderId: string, options?: CallOptions): Promise<ConfirmationText> {
    return this.client.call(
      this.call('POST', 'POST /orders/{orderId}/cancelRequestDriver', `/orders/${seg(orderId)}/cancelRequestDriver`, ConfirmationText),
      options,
    );
  }

  /** Style B: registers a delivery-only order (202 {id, trackingUrl}). */
  registerOrder(merchantId: string, order: DeliveryOrderRegistration, options?: CallOptions): Promise<RegisteredDeliveryOrder> {
    return this.client.call(
      {
        ...this.call('POST', 'POST /merchants/{merchantId}/orders', `/merchants/${seg(merchantId)}/orders`, RegisteredDeliveryOrder),
        json: order,
        merchantId,
      },
      options,
    );
  }

  cancellationReasons(orderId: string, options?: CallOptions): Promise<ShippingCancellationReason[]> {
    return this.client.call(
      this.call('GET', 'GET /orders/{orderId}/cancellationReasons', `/orders/${seg(orderId)}/cancellationReasons`, z.array(ShippingCancellationReason)),
      options,
    );
  }

  cancel(orderId: string, cancellation: ShippingCancellation, options?: CallOptions): Promise<ConfirmationText> {
    return this.client.call(
      { ...this.call('POST', 'POST /orders/{orderId}/cancel', `/orders/${seg(orderId)}/cancel`, ConfirmationText), json: cancellation },
      options,
    );
  }

  userConfirmAddress(orderId: string, options?: CallOptions): Promise<ConfirmationText> {
    return this.client.call(
      this.call('POST', 'POST /orders/{orderId}/userConfirmAddress', `/orders/${seg(orderId)}/userConfirmAddress`, ConfirmationText),
      options,
    );
  }

  requestAddressChange(orderId: string, address: AddressChangeRequest, options?: CallOptions): Promise<ConfirmationText> {
    return this.client.call(
      {
        ...this.call('POST', 'POST /orders/{orderId}/deliveryAddressChangeRequest', `/orders/${seg(orderId)}/deliveryAddressChangeRequest`, ConfirmationText),
        json: address,
      },
      options,
    );
  }

  acceptAddressChange(orderId: string, options?: CallOptions): Promise<ConfirmationText> {
    return this.client.call(
      this.call('POST', 'POST /orders/{orderId}/acceptDeliveryAddressChange', `/orders/${seg(orderId)}/acceptDeliveryAddressChange`, ConfirmationText),
      options,
    );
  }

  denyAddressChange(orderId: string, options?: CallOptions): Promise<ConfirmationText> {
    return this.client.call(
      this.call('POST', 'POST /orders/{orderId}/denyDeliveryAddressChange', `/orders/${seg(orderId)}/denyDeliveryAddressChange`, ConfirmationText),
      options,
    );
  }

  track(orderId: string, options?: CallOptions): Promise<Tracking> {
    return this.client.call(this.call('GET', 'GET /orders/{orderId}/tracking', `/orders/${seg(orderId)}/tracking`, Tracking), options);
  }

  safeDelivery(orderId: string, options?: CallOptions): Promise<SafeDelivery> {
    return this.client.call(this.call('GET', 'GET /orders/{orderId}/safeDelivery', `/orders/${seg(orderId)}/safeDelivery`, SafeDelivery), options);
  }

  private call<T>(method: 'GET' | 'POST', route: string, path: string, schema: z.ZodType<T>): ApiCall<T> {
    return { module: 'shipping', method, route, path: `${PREFIX}${path}`, schema };
  }
}
