/**
 * The sandbox's order records. `OrderDetail` is exactly what GET /orders/{id} answers (docs/merchant-api.md
 * "Order detail"); `OrderRecord` wraps it with the platform-side facts the detail does not show
 * (driver, deadlines, benefits behind the virtual bag).
 */
export const ORDER_TYPES = ['DELIVERY', 'TAKEOUT', 'DINE_IN'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const DELIVERY_PARTIES = ['PLATFORM', 'MERCHANT'] as const;
export type DeliveryParty = (typeof DELIVERY_PARTIES)[number];

export const ORDER_TIMINGS = ['IMMEDIATE', 'SCHEDULED'] as const;
export type OrderTiming = (typeof ORDER_TIMINGS)[number];

export type OrderStatus =
  'PLACED' | 'CONFIRMED' | 'PREPARATION_STARTED' | 'READY_TO_PICKUP' | 'DISPATCHED' | 'CONCLUDED' | 'CANCELLATION_REQUESTED' | 'CANCELLED';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface DeliveryAddress {
  streetName: string;
  streetNumber: string;
  formattedAddress: string;
  neighborhood: string;
  complement?: string;
  reference?: string;
  postalCode: string;
  city: string;
  state: string;
  country: string;
  coordinates: Coordinates;
}

export interface OrderOption {
  id: string;
  name: string;
  quantity: number;
  unitPrice: number;
  price: number;
}

export interface OrderItem {
  index: number;
  id: string;
  uniqueId: string;
  name: string;
  externalCode: string;
  ean?: string;
  quantity: number;
  unit: 'UN' | 'KG';
  unitPrice: number;
  optionsPrice: number;
  totalPrice: number;
  observations?: string;
  options: OrderOption[];
}

export interface PaymentMethod {
  method: string;
  type: 'ONLINE' | 'OFFLINE';
  value: number;
  currency: 'BRL';
  card?: { brand: string };
  cash?: { changeFor: number };
}

export interface OrderDetail {
  id: string;
  displayId: string;
  status: OrderStatus;
  orderType: OrderType;
  orderTiming: OrderTiming;
  salesChannel: string;
  category: 'FOOD' | 'GROCERY';
  createdAt: string;
  preparationStartDateTime: string;
  merchant: { id: string; name: string };
  customer: {
    id: string;
    name: string;
    ordersCountOnMerchant: number;
    phone: { number: string; localizer: string; localizerExpiration: string };
  };
  items: OrderItem[];
  total: { subTotal: number; deliveryFee: number; benefits: number; additionalFees: number; orderAmount: number };
  payments: { prepaid: number; pending: number; methods: PaymentMethod[] };
  delivery?: {
    mode: 'DEFAULT' | 'EXPRESS';
    deliveredBy: DeliveryParty;
    deliveryDateTime: string;
    pickupCode?: string;
    observations?: string;
    deliveryAddress: DeliveryAddress;
  };
  takeout?: { mode: 'DEFAULT'; takeoutDateTime: string };
  schedule?: { deliveryDateTimeStart: string; deliveryDateTimeEnd: string };
}

export type Liability = 'PARTNER' | 'CHAIN' | 'PLATFORM';

/** A discount on one item line, and who pays for it (read through the virtual bag). */
export interface ItemBenefit {
  targetId: string;
  sponsorships: { liability: Liability; amount: number }[];
}

export const DRIVER_STEPS = ['ASSIGNED', 'GOING_TO_ORIGIN', 'ARRIVED_AT_ORIGIN', 'COLLECTED', 'ARRIVED_AT_DESTINATION'] as const;
export type DriverStep = (typeof DRIVER_STEPS)[number];

export interface Driver {
  name: string;
  phone: string;
  vehicleType: 'MOTORCYCLE' | 'BICYCLE' | 'CAR';
  step: DriverStep;
  assignedAtMs: number;
  /** Where the driver starts from, a short ride away from the store. */
  origin: Coordinates;
  pickupEtaMs: number;
  collectedAtMs?: number;
  deliveryEtaMs: number;
}

export interface OrderRecord {
  detail: OrderDetail;
  /** Epoch ms of the sandbox clock. */
  createdAtMs: number;
  confirmDeadlineMs: number;
  preparationStartMs: number;
  benefits: ItemBenefit[];
  driver?: Driver;
  /** Status to return to when a cancellation request fails. */
  statusBeforeCancellationRequest?: OrderStatus;
  /** The code of the merchant's pending cancellation request. */
  pendingCancellationCode?: string;
  /** Where the order came from: the marketplace, or a delivery-only registration (shipping style B). */
  origin: 'MARKETPLACE' | 'SHIPPING_REGISTRATION';
  cancellation?: Cancellation;
}

export interface Cancellation {
  origin: 'MERCHANT' | 'CUSTOMER' | 'PLATFORM';
  /**
   * The code the terminal words the cancellation by: the spec §4.5 code the merchant chose, or the
   * platform's own (PLATFORM_CANCELLATIONS) when the platform or the customer cancelled.
   */
  cancelCode: string;
  /** The platform's text for it, Portuguese (a delivery-only cancellation keeps the merchant's own words). */
  reason: string;
}

export const FINAL_STATUSES: readonly OrderStatus[] = ['CONCLUDED', 'CANCELLED'];

export function isPlatformDelivery(order: OrderRecord): boolean {
  return order.detail.orderType === 'DELIVERY' && order.detail.delivery?.deliveredBy === 'PLATFORM';
}

export function isMerchantDelivery(order: OrderRecord): boolean {
  return order.detail.orderType === 'DELIVERY' && order.detail.delivery?.deliveredBy === 'MERCHANT';
}

/** Money is a number in the store's currency, rounded to cents. */
export function money(value: number): number {
  return Math.round(value * 100) / 100;
}
