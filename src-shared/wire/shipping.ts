import { z } from 'zod';

/**
 * Wire shapes of the shipping module (spec §2.1, §4.1). Style A: the order is already on the platform;
 * style B: a delivery-only order the merchant registers. Payment values stay open strings.
 */

const optStr = z.string().nullish();
const optNum = z.number().nullish();

export const ShippingPaymentMethod = z.object({
  id: z.string(),
  brand: optStr,
  /** e.g. `PLATFORM`. */
  liability: optStr,
  /** e.g. `OFFLINE`. */
  paymentType: optStr,
  /** e.g. `CREDIT`. */
  method: optStr,
});

/** A delivery quote; `preparationTime` and `quote.raise` only in the merchant-based quote. */
export const DeliveryQuote = z.object({
  id: z.string(),
  createdAt: optStr,
  expirationAt: optStr,
  distance: optNum,
  preparationTime: optNum,
  quote: z.object({
    grossValue: z.number(),
    discount: optNum,
    netValue: z.number(),
    raise: optNum,
  }),
  deliveryTime: z.object({ min: z.number(), max: z.number() }).nullish(),
  hasPaymentMethods: z.boolean().nullish(),
  paymentMethods: z.array(ShippingPaymentMethod).nullish(),
});
export type DeliveryQuote = z.infer<typeof DeliveryQuote>;

export const RequestDriver = z.object({ quoteId: z.string() });
export type RequestDriver = z.infer<typeof RequestDriver>;

const Coordinates = z.object({ latitude: z.number(), longitude: z.number() });

/** POST /merchants/{merchantId}/orders (style B). Which fields are mandatory the spec does not say. */
export const DeliveryOrderRegistration = z.object({
  customer: z.object({
    name: z.string(),
    phone: z.object({
      countryCode: z.string(),
      areaCode: z.string(),
      number: z.string(),
      type: z.string().optional(),
    }),
  }),
  delivery: z.object({
    merchantFee: z.number().optional(),
    quoteId: z.string(),
    deliveryAddress: z.object({
      postalCode: z.string(),
      streetNumber: z.string(),
      streetName: z.string(),
      neighborhood: z.string(),
      city: z.string(),
      state: z.string().length(2),
      country: z.string().length(2),
      complement: z.string().optional(),
      reference: z.string().optional(),
      coordinates: Coordinates,
    }),
  }),
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      price: z.number().optional(),
      optionsPrice: z.number().optional(),
      totalPrice: z.number(),
    }),
  ),
  payments: z.object({
    methods: z.array(
      z.object({
        method: z.string(),
        type: z.string(),
        value: z.number(),
        card: z.object({ brand: z.string() }).optional(),
      }),
    ),
  }),
});
export type DeliveryOrderRegistration = z.infer<typeof DeliveryOrderRegistration>;

export const RegisteredDeliveryOrder = z.object({ id: z.string(), trackingUrl: z.string() });
export type RegisteredDeliveryOrder = z.infer<typeof RegisteredDeliveryOrder>;

export const ShippingCancellationReason = z.object({ cancelCodeId: z.string(), description: z.string() });
export type ShippingCancellationReason = z.infer<typeof ShippingCancellationReason>;

export const ShippingCancellation = z.object({
  /** Explanatory text. */
  reason: z.string().min(1),
  /** A `cancelCodeId` from cancellationReasons, as an integer. */
  cancellationCode: z.number().int(),
});
export type ShippingCancellation = z.infer<typeof ShippingCancellation>;

export const AddressChangeRequest = z.object({
  streetNumber: z.string().optional(),
  streetName: z.string(),
  complement: z.string().optional(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string().length(2),
  country: z.string().length(2),
  reference: z.string().optional(),
  coordinates: Coordinates,
});
export type AddressChangeRequest = z.infer<typeof AddressChangeRequest>;

export const SafeDelivery = z.object({
  rules: z.record(z.string(), z.boolean()),
  /** `VERY_HIGH` is the only value seen. */
  score: z.string(),
});
export type SafeDelivery = z.infer<typeof SafeDelivery>;

/** 202/200 confirmation text of shipping actions: a string, or whatever JSON the server chose. */
export const Confirmation = z.unknown();
