import { z } from 'zod';
import type { AddressChangeRequest, DeliveryOrderRegistration } from '../wire/shipping';

/**
 * A delivery-only order (shipping style B, spec §4.1): an order the store took elsewhere (phone,
 * counter, its own site) that a platform driver delivers. The store asks a price and time for the
 * customer's spot (a quote by coordinates), then registers the order with that quote. The spec
 * lists the fields without saying which are mandatory; these rules ask what a driver cannot do
 * without (the customer's name and phone, a full address with its coordinates, at least one item,
 * how the customer pays) and check what the spec fixes: state and country are two letters, the
 * quote is the one asked for this spot. A landline phone is allowed but the platform's safe-delivery
 * rules count it against the delivery (`customer_phone_is_fixed`): the screen says so.
 */

export const MAX_ORDER_ITEMS = 50;
export const MAX_ITEM_PRICE = 10_000;
export const MAX_ITEM_QUANTITY = 999;
export const MAX_DELIVERY_FEE = 1_000;
/** How the customer pays: with the driver (`OFFLINE`) or already paid (`ONLINE`). */
export const PAYMENT_TYPES = ['OFFLINE', 'ONLINE'] as const;
/** The methods a counter offers; the spec names `CREDIT` and leaves the rest open. */
export const PAYMENT_METHODS = ['CASH', 'CREDIT', 'DEBIT', 'PIX'] as const;

const text = (max: number) => z.string().max(max);

export const DeliveryAddressDraft = z
  .object({
    postalCode: text(20),
    streetName: text(300),
    streetNumber: text(60),
    complement: text(300),
    neighborhood: text(300),
    city: text(300),
    state: text(10),
    country: text(10),
    reference: text(300),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  })
  .strict();
export type DeliveryAddressDraft = z.infer<typeof DeliveryAddressDraft>;

export const DeliveryItemDraft = z.object({ name: text(300), quantity: z.number().nullable(), unitPrice: z.number().nullable() }).strict();
export type DeliveryItemDraft = z.infer<typeof DeliveryItemDraft>;

export const DeliveryOrderDraft = z
  .object({
    customerName: text(300),
    phoneCountry: text(10),
    phoneArea: text(10),
    phoneNumber: text(30),
    address: DeliveryAddressDraft,
    items: z.array(DeliveryItemDraft).max(MAX_ORDER_ITEMS * 2),
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentType: z.enum(PAYMENT_TYPES),
    cardBrand: text(60),
    /** What the store charges the customer for the delivery (spec: delivery.merchantFee). */
    merchantFee: z.number().nullable(),
  })
  .strict();
export type DeliveryOrderDraft = z.infer<typeof DeliveryOrderDraft>;

export type AddressField = 'postalCode' | 'streetName' | 'streetNumber' | 'neighborhood' | 'city' | 'state' | 'country' | 'coordinates';
export type OrderField = 'customerName' | 'phone' | 'items' | 'merchantFee' | 'cardBrand';
export type DeliveryProblem =
  | 'required'
  | 'too-long'
  | 'postal-code'
  | 'two-letters'
  | 'coordinates'
  | 'phone-country'
  | 'phone-area'
  | 'phone-number'
  | 'items-missing'
  | 'items-too-many'
  | 'item-name'
  | 'item-quantity'
  | 'item-price'
  | 'fee';

export interface DeliveryCheck<F extends string> {
  ok: boolean;
  problems: Partial<Record<F, DeliveryProblem>>;
  /** Per item line: its first problem, or null. */
  itemProblems: (DeliveryProblem | null)[];
  /** Warnings that do not stop the order (a landline phone). */
  warnings: 'landline'[];
}

const digits = (s: string) => s.replace(/\D/g, '');
const filled = (s: string) => s.trim().length > 0;
const inRange = (n: number | null, min: number, max: number): n is number => n !== null && Number.isFinite(n) && n >= min && n <= max;

/**
 * The address of a delivery (the quote needs its coordinates; the registration, all of it). An
 * address change (spec §4.1) has no postal code and may leave the number out (`change: true`).
 */
export function checkDeliveryAddress(address: DeliveryAddressDraft, { change = false } = {}): DeliveryCheck<AddressField> {
  const problems: Partial<Record<AddressField, DeliveryProblem>> = {};
  for (const field of ['streetName', 'streetNumber', 'neighborhood', 'city'] as const) {
    if (!filled(address[field])) {
      if (!(change && field === 'streetNumber')) problems[field] = 'required';
    } else if (address[field].trim().length > 255) problems[field] = 'too-long';
  }
  if (!change) {
    if (!filled(address.postalCode)) problems.postalCode = 'required';
    else if (!/^[\d\s.-]{4,12}$/.test(address.postalCode.trim()) || digits(address.postalCode).length < 4) problems.postalCode = 'postal-code';
  }
  for (const field of ['state', 'country'] as const) {
    if (!/^[A-Za-z]{2}$/.test(address[field].trim())) problems[field] = 'two-letters';
  }
  const { latitude, longitude } = address;
  if (!inRange(latitude, -90, 90) || !inRange(longitude, -180, 180) || (latitude === 0 && longitude === 0)) problems.coordinates = 'coordinates';
  return { ok: Object.keys(problems).length === 0, problems, itemProblems: [], warnings: [] };
}

function itemProblem(item: DeliveryItemDraft): DeliveryProblem | null {
  if (!filled(item.name) || item.name.trim().length > 255) return 'item-name';
  if (item.quantity === null || !Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > MAX_ITEM_QUANTITY) return 'item-quantity';
  if (!inRange(item.unitPrice, 0.01, MAX_ITEM_PRICE)) return 'item-price';
  return null;
}

/** The order around the address: customer, phone, items, payment. */
export function checkDeliveryOrder(draft: DeliveryOrderDraft): DeliveryCheck<OrderField> {
  const problems: Partial<Record<OrderField, DeliveryProblem>> = {};
  const warnings: 'landline'[] = [];
  if (!filled(draft.customerName)) problems.customerName = 'required';
  else if (draft.customerName.trim().length > 255) problems.customerName = 'too-long';

  const number = digits(draft.phoneNumber);
  if (!/^\+?\d{1,3}$/.test(draft.phoneCountry.trim())) problems.phone = 'phone-country';
  else if (!/^\d{2,3}$/.test(digits(draft.phoneArea)) || digits(draft.phoneArea).length !== draft.phoneArea.trim().length) problems.phone = 'phone-area';
  else if (number.length < 8 || number.length > 9 || !/^[\d\s-]+$/.test(draft.phoneNumber.trim())) problems.phone = 'phone-number';
  // A Brazilian mobile has 9 digits starting with 9; 8 digits is a landline.
  else if (number.length === 8) warnings.push('landline');

  // A line counts once it has a name or a price (the quantity box starts at 1).
  const lines = draft.items.filter((i) => filled(i.name) || i.unitPrice !== null);
  const itemProblems = draft.items.map((i) => (lines.includes(i) ? itemProblem(i) : null));
  if (lines.length === 0) problems.items = 'items-missing';
  else if (lines.length > MAX_ORDER_ITEMS) problems.items = 'items-too-many';
  else if (itemProblems.some((p) => p !== null)) problems.items = itemProblems.find((p) => p !== null) as DeliveryProblem;

  if (draft.merchantFee !== null && !inRange(draft.merchantFee, 0, MAX_DELIVERY_FEE)) problems.merchantFee = 'fee';
  if (draft.cardBrand.trim().length > 50) problems.cardBrand = 'too-long';
  return { ok: Object.keys(problems).length === 0, problems, itemProblems, warnings };
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** The filled item lines, with their totals. */
export function orderLines(draft: DeliveryOrderDraft): { name: string; quantity: number; unitPrice: number; totalPrice: number }[] {
  return draft.items
    .filter((i) => filled(i.name) && i.quantity !== null && i.unitPrice !== null)
    .map((i) => ({
      name: i.name.trim(),
      quantity: i.quantity as number,
      unitPrice: i.unitPrice as number,
      totalPrice: cents((i.quantity as number) * (i.unitPrice as number)),
    }));
}

/** What the customer pays: the items and the store's delivery fee. */
export function orderTotal(draft: DeliveryOrderDraft): number {
  return cents(orderLines(draft).reduce((sum, l) => sum + l.totalPrice, 0) + (draft.merchantFee ?? 0));
}

const optional = (s: string) => (filled(s) ? { value: s.trim() } : undefined);

/** The address as the shipping module takes it (an address change; a registration adds the postal code). */
export function toAddressChange(a: DeliveryAddressDraft): AddressChangeRequest {
  const complement = optional(a.complement);
  const reference = optional(a.reference);
  const number = optional(a.streetNumber);
  return {
    ...(number ? { streetNumber: number.value } : {}),
    streetName: a.streetName.trim(),
    neighborhood: a.neighborhood.trim(),
    city: a.city.trim(),
    state: a.state.trim().toUpperCase(),
    country: a.country.trim().toUpperCase(),
    ...(complement ? { complement: complement.value } : {}),
    ...(reference ? { reference: reference.value } : {}),
    coordinates: { latitude: a.latitude as number, longitude: a.longitude as number },
  };
}

/** The registration body (spec §4.1) for a draft that passed both checks, with the quote asked for its address. */
export function toRegistration(draft: DeliveryOrderDraft, quoteId: string): DeliveryOrderRegistration {
  const brand = optional(draft.cardBrand);
  const card = brand && (draft.paymentMethod === 'CREDIT' || draft.paymentMethod === 'DEBIT') ? { card: { brand: brand.value } } : {};
  return {
    customer: {
      name: draft.customerName.trim(),
      phone: { countryCode: digits(draft.phoneCountry), areaCode: digits(draft.phoneArea), number: digits(draft.phoneNumber), type: 'CUSTOMER' },
    },
    delivery: {
      ...(draft.merchantFee !== null ? { merchantFee: cents(draft.merchantFee) } : {}),
      quoteId,
      deliveryAddress: { postalCode: draft.address.postalCode.trim(), ...toAddressChange(draft.address), streetNumber: draft.address.streetNumber.trim() },
    },
    items: orderLines(draft).map((line, index) => ({
      id: String(index + 1),
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      price: line.totalPrice,
      optionsPrice: 0,
      totalPrice: line.totalPrice,
    })),
    payments: { methods: [{ method: draft.paymentMethod, type: draft.paymentType, value: orderTotal(draft), ...card }] },
  };
}

/** "-23.5614, -46.6559" as a map app copies it: two decimals, comma or space between. */
export function readCoordinates(text: string): { latitude: number; longitude: number } | null {
  const match = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*[,;\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}
