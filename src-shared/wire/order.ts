import { z } from 'zod';

/**
 * Wire shapes of the order module (spec §2.5, §4.5; the detail's inner structure from docs/merchant-api.md).
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

/*
 * The order detail is read leniently, field by field: the cache keeps the detail exactly as the API
 * returned it, and this is the one reader of it (the client, the board columns, the drawer's view).
 * A field the platform leaves out, or sends with another type, reads as null; an item that is not
 * an object is left out; nothing else is lost because of it. A kitchen must see the order even when
 * one field of it is odd.
 */
const text = z.string().nullish().catch(null);
const num = z.number().nullish().catch(null);
const int = z.number().int().nullish().catch(null);
const part = <T extends z.ZodRawShape>(shape: T) => z.object(shape).nullish().catch(null);
/** A list whose unreadable elements are left out (an element is unreadable only when it is not an object). */
const list = <T extends z.ZodType>(element: T) =>
  z
    .array(z.unknown())
    .nullish()
    .catch(null)
    .transform((values): z.output<T>[] =>
      (values ?? []).flatMap((value) => {
        const read = element.safeParse(value);
        return read.success ? [read.data] : [];
      }),
    );

export const OrderOption = z.object({
  id: text,
  name: text,
  quantity: num,
  unitPrice: num,
  price: num,
});
export type OrderOption = z.infer<typeof OrderOption>;

export const OrderItem = z.object({
  index: int,
  id: text,
  uniqueId: text,
  name: text,
  externalCode: text,
  ean: text,
  quantity: num,
  unit: text,
  unitPrice: num,
  optionsPrice: num,
  totalPrice: num,
  observations: text,
  options: list(OrderOption),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const OrderTotal = z.object({
  subTotal: num,
  deliveryFee: num,
  benefits: num,
  additionalFees: num,
  orderAmount: num,
});

export const PaymentMethod = z.object({
  /** e.g. `CREDIT`, `DEBIT`, `CASH`, `PIX`, `MEAL_VOUCHER`. */
  method: text,
  /** `ONLINE` (prepaid) or `OFFLINE` (collected on delivery). */
  type: text,
  value: num,
  currency: text,
  card: part({ brand: text }),
  cash: part({ changeFor: num }),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const OrderPayments = z.object({
  prepaid: num,
  pending: num,
  methods: list(PaymentMethod),
});

export const DeliveryAddress = z.object({
  streetName: text,
  streetNumber: text,
  formattedAddress: text,
  neighborhood: text,
  complement: text,
  reference: text,
  postalCode: text,
  city: text,
  state: text,
  country: text,
  coordinates: part({ latitude: z.number(), longitude: z.number() }),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

export const OrderDelivery = z.object({
  /** e.g. `DEFAULT`, `EXPRESS`. */
  mode: text,
  /** `PLATFORM` or `MERCHANT`. */
  deliveredBy: text,
  deliveryDateTime: text,
  pickupCode: text,
  observations: text,
  deliveryAddress: part(DeliveryAddress.shape),
});

export const OrderCustomer = z.object({
  id: text,
  name: text,
  ordersCountOnMerchant: int,
  phone: part({
    number: text,
    /** Code a merchant-delivery driver asks the customer for (verifyDeliveryCode). */
    localizer: text,
    localizerExpiration: text,
  }),
});

export const OrderDetail = z.object({
  id: text,
  displayId: text,
  status: text,
  /** `DELIVERY`, `TAKEOUT`, `DINE_IN`. */
  orderType: text,
  /** `IMMEDIATE` or `SCHEDULED`. */
  orderTiming: text,
  salesChannel: text,
  category: text,
  createdAt: text,
  preparationStartDateTime: text,
  merchant: part({ id: text, name: text }),
  customer: part(OrderCustomer.shape),
  items: list(OrderItem),
  total: part(OrderTotal.shape),
  payments: part(OrderPayments.shape),
  delivery: part(OrderDelivery.shape),
  takeout: part({ takeoutDateTime: text }),
  schedule: part({ deliveryDateTimeStart: text, deliveryDateTimeEnd: text }),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

/** The detail as it was returned (any JSON object), before it is read. */
export const OrderRecord = z.record(z.string(), z.unknown());
export type OrderRecord = z.infer<typeof OrderRecord>;

/** Reads a stored or fetched detail; undefined only when it is not an object at all. */
export function readOrderDetail(record: unknown): OrderDetail | undefined {
  const read = OrderDetail.safeParse(record);
  return read.success ? read.data : undefined;
}

/** Optional fields of the other order-module answers, which are read strictly. */
const optStr = z.string().nullish();
const optNum = z.number().nullish();

/** 202 of every order action. */
export const Accepted = z.object({ status: z.string() });
export type Accepted = z.infer<typeof Accepted>;

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

export const CodeValidity = z.object({ valid: z.boolean() });
export type CodeValidity = z.infer<typeof CodeValidity>;

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
