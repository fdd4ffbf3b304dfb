import { z } from 'zod';

/**
 * Wire shapes of the order module (spec §2.5, §4.5; the detail's inner structure from DESIGN.md).
 * Open enumerations stay strings (a new value is shown, never refused); fields the spec does not
 * promise are optional.
 */

export const ORDER_STATUSES = [
  'PLACED',
  'CONFIRMED',
  'PREPARATION_STARTED',
  'READY_TO_PICKUP',
  'DISPATCHED',
  'CONCLUDED',
  'CANCELLATION_REQUESTED',
  'CANCELLED',
] as const;
export type KnownOrderStatus = (typeof ORDER_STATUSES)[number];

const optStr = z.string().nullish();
const optNum = z.number().nullish();

export const OrderOption = z.object({
  id: optStr,
  name: z.string(),
  quantity: z.number(),
  unitPrice: optNum,
  price: optNum,
});
export type OrderOption = z.infer<typeof OrderOption>;

export const OrderItem = z.object({
  index: z.number().int().nullish(),
  id: optStr,
  uniqueId: optStr,
  name: z.string(),
  externalCode: optStr,
  ean: optStr,
  quantity: z.number(),
  unit: optStr,
  unitPrice: optNum,
  optionsPrice: optNum,
  totalPrice: optNum,
  observations: optStr,
  options: z.array(OrderOption).nullish(),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const OrderTotal = z.object({
  subTotal: optNum,
  deliveryFee: optNum,
  benefits: optNum,
  additionalFees: optNum,
  orderAmount: z.number(),
});

export const PaymentMethod = z.object({
  method: optStr,
  type: optStr,
  value: z.number(),
  currency: optStr,
  card: z.object({ brand: optStr }).nullish(),
  cash: z.object({ changeFor: optNum }).nullish(),
});

export const OrderPayments = z.object({
  prepaid: optNum,
  pending: optNum,
  methods: z.array(PaymentMethod).default([]),
});

export const DeliveryAddress = z.object({
  streetName: optStr,
  streetNumber: optStr,
  formattedAddress: optStr,
  neighborhood: optStr,
  complement: optStr,
  reference: optStr,
  postalCode: optStr,
  city: optStr,
  state: optStr,
  country: optStr,
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullish(),
});

export const OrderDelivery = z.object({
  /** e.g. `DEFAULT`, `EXPRESS`. */
  mode: optStr,
  /** `PLATFORM` or `MERCHANT`. */
  deliveredBy: optStr,
  deliveryDateTime: optStr,
  pickupCode: optStr,
  observations: optStr,
  deliveryAddress: DeliveryAddress.nullish(),
});

export const OrderCustomer = z.object({
  id: optStr,
  name: z.string(),
  ordersCountOnMerchant: z.number().int().nullish(),
  phone: z
    .object({
      number: optStr,
      /** Code a merchant-delivery driver asks the customer for (verifyDeliveryCode). */
      localizer: optStr,
      localizerExpiration: optStr,
    })
    .nullish(),
});

export const OrderDetail = z.object({
  id: z.string(),
  displayId: optStr,
  status: z.string(),
  /** `DELIVERY`, `TAKEOUT`, `DINE_IN`. */
  orderType: z.string(),
  /** `IMMEDIATE` or `SCHEDULED`. */
  orderTiming: optStr,
  salesChannel: optStr,
  category: optStr,
  createdAt: z.string(),
  preparationStartDateTime: optStr,
  merchant: z.object({ id: z.string(), name: optStr }),
  customer: OrderCustomer.nullish(),
  items: z.array(OrderItem),
  total: OrderTotal.nullish(),
  payments: OrderPayments.nullish(),
  delivery: OrderDelivery.nullish(),
  takeout: z.object({ takeoutDateTime: optStr }).nullish(),
  schedule: z.object({ deliveryDateTimeStart: optStr, deliveryDateTimeEnd: optStr }).nullish(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

/** 202 of every order action. */
export const Accepted = z.object({ status: z.string() });
export type Accepted = z.infer<typeof Accepted>;

/** POST /orders/{id}/dispatch: only merchant delivery is dispatched by the store. */
export const DispatchRequest = z.object({ deliveredBy: z.literal('MERCHANT') });

export const OrderCancellationReason = z.object({ code: z.string(), description: z.string() });
export type OrderCancellationReason = z.infer<typeof OrderCancellationReason>;
export const OrderCancellationReasons = z.object({ reasons: z.array(OrderCancellationReason) });

/** POST /orders/{id}/requestCancellation: `reason` is a code from cancellationReasons. */
export const CancellationRequest = z.object({ reason: z.string().min(1) });
export type CancellationRequest = z.infer<typeof CancellationRequest>;

/** Driver position, shared by order and shipping tracking. */
export const Tracking = z.object({
  latitude: z.number(),
  longitude: z.number(),
  expectedDelivery: optStr,
  /** Seconds; may be negative. */
  pickupEtaStart: optNum,
  deliveryEtaEnd: optNum,
  trackDate: optStr,
});
export type Tracking = z.infer<typeof Tracking>;

export const CodeRequest = z.object({ code: z.string() });
export const CodeValidity = z.object({ valid: z.boolean() });
export type CodeValidity = z.infer<typeof CodeValidity>;

export const AcknowledgmentRequest = z.object({ acknowledgedEventIds: z.array(z.string()) });

/** Spec §2.5 virtual bag, read to verify that a promotion was applied (§4.2). */
export const Sponsorship = z.object({
  /** `PARTNER` and `CHAIN` are the merchant-side values. */
  liability: z.string(),
  amount: z.object({ value: z.number() }),
});
export const Benefit = z.object({
  /** e.g. `ITEM`, `CART`, `DELIVERY_FEE`. */
  target: z.string(),
  targetId: optStr,
  sponsorships: z.array(Sponsorship).default([]),
});
export const VirtualBag = z.object({
  bag: z.object({
    items: z.array(
      z.object({
        uniqueId: z.string(),
        name: optStr,
        ean: optStr,
        quantity: optNum,
        prices: z.object({ grossValue: z.object({ value: z.number() }) }),
      }),
    ),
    benefits: z.object({ benefits: z.array(Benefit).default([]) }).nullish(),
  }),
});
export type VirtualBag = z.infer<typeof VirtualBag>;

/** POST /disputes/{disputeId}/reject. */
export const DisputeRejection = z.object({ reason: z.string().min(1) });
