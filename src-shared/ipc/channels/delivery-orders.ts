import { z } from 'zod';
import { DeliveryAddressDraft, DeliveryOrderDraft } from '../../store-rules/delivery-order';
import { channel } from '../channel';
import { MerchantId } from './stores';
import { DriverQuoteView } from '../../order-requests';
import { StoreActionEntry } from './store-actions';

/**
 * Delivery-only orders (shipping style B, spec §4.1): an order the store took elsewhere, registered
 * for a platform driver. The screen asks a price and time for the customer's spot, registers the
 * order with that quote, and for the orders registered here: the delivery's safety as the platform
 * rates it, the customer's confirmation of the address, a new address, and a cancellation with one
 * of the platform's reasons. The quote and the registration need the platform at once (a quote
 * lasts minutes): offline they answer why. The registered order's actions go through the store
 * outbox: offline they wait and are sent once.
 */
const OrderId = z.guid();

export const MerchantQuoteView = DriverQuoteView.extend({
  /** Minutes the platform counts for the store to prepare (merchant quote only). */
  preparationTime: z.number().nullable(),
});
export type MerchantQuoteView = z.infer<typeof MerchantQuoteView>;

export const DeliveryOnlyView = z.object({
  orderId: z.string(),
  merchantId: z.string(),
  trackingUrl: z.string(),
  customerName: z.string(),
  registeredAt: z.string(),
});
export type DeliveryOnlyView = z.infer<typeof DeliveryOnlyView>;

export const SafeDeliveryView = z.object({
  /** `VERY_HIGH`, ... as the platform rates the delivery. */
  score: z.string(),
  /** The platform's rules (`customer_address_confirmed`, `customer_phone_is_fixed`, ...) and whether each holds. */
  rules: z.array(z.object({ rule: z.string(), holds: z.boolean() })),
});
export type SafeDeliveryView = z.infer<typeof SafeDeliveryView>;

export const ShippingCancelReasonView = z.object({ code: z.number().int(), description: z.string() });
export type ShippingCancelReasonView = z.infer<typeof ShippingCancelReasonView>;

const ForOrder = z.object({ orderId: OrderId }).strict();

export const deliveryOrderChannels = {
  'deliveryOrders:quote': channel(
    z.object({ merchantId: MerchantId, latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).strict(),
    MerchantQuoteView,
  ),
  'deliveryOrders:register': channel(
    z.object({ merchantId: MerchantId, draft: DeliveryOrderDraft, quoteId: z.string().min(1).max(100) }).strict(),
    DeliveryOnlyView,
  ),
  /** The order as registered here, or null for an order that was not. */
  'deliveryOrders:get': channel(ForOrder, DeliveryOnlyView.nullable()),
  'deliveryOrders:safety': channel(ForOrder, SafeDeliveryView),
  'deliveryOrders:confirmAddress': channel(ForOrder, StoreActionEntry),
  'deliveryOrders:changeAddress': channel(z.object({ orderId: OrderId, address: DeliveryAddressDraft }).strict(), StoreActionEntry),
  'deliveryOrders:cancellationReasons': channel(ForOrder, z.array(ShippingCancelReasonView)),
  'deliveryOrders:cancel': channel(
    z.object({ orderId: OrderId, code: z.number().int(), reason: z.string().trim().min(1).max(500) }).strict(),
    StoreActionEntry,
  ),
} as const;
