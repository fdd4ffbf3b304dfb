import { randomUUID } from 'node:crypto';
import type { SeedStore } from '../seed/stores';
import { seedCustomerNames, seedDeliveryNotes, seedItemNotes, seedStreets } from '../seed/orders-seed';
import type { MenuItem, MenuOption } from './menu';
import {
  money,
  type DeliveryAddress,
  type DeliveryParty,
  type ItemBenefit,
  type OrderItem,
  type OrderRecord,
  type OrderTiming,
  type OrderType,
  type PaymentMethod,
} from './model';
import type { SeededRandom } from './random';

/**
 * Builds a plausible new order for a store: items from its menu, a customer near it, totals that
 * add up, payments that cover them. The content comes from the seeded source (a reset replays it);
 * ids are fresh uuids, so an app that keeps its database across sandbox runs never sees an id twice.
 */
export const CONFIRM_DEADLINE_MS = 8 * 60_000;
const MINUTE = 60_000;

/** Discount a running promotion gives on one item line, if any (wired to the promotion module). */
export type PromotionLookup = (merchantId: string, ean: string, line: { quantity: number; unitPrice: number }, atMs: number) => number | undefined;

export interface NewOrderOptions {
  orderType: OrderType;
  deliveredBy: DeliveryParty;
  orderTiming: OrderTiming;
  nowMs: number;
  /** What the store sells now (menu.ts); an empty menu cannot make an order. */
  menu: readonly MenuItem[];
  /** Exact lines to order (control route); otherwise one to four random lines of the menu. */
  lines?: readonly { item: MenuItem; quantity: number }[];
  promotionFor?: PromotionLookup;
  salesChannel?: string;
  origin?: OrderRecord['origin'];
  /** How the customer pays (control route); otherwise one of the four at random. */
  payment?: PaymentKind;
}

/** The ways a sandbox customer pays, in the order the random pick numbers them. */
export const PAYMENT_KINDS = ['CREDIT', 'PIX', 'CASH', 'DEBIT'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

const iso = (ms: number) => new Date(ms).toISOString();

function randomLines(rng: SeededRandom, menu: readonly MenuItem[]) {
  const count = Math.min(menu.length, rng.int(1, 4));
  const chosen = new Set<MenuItem>();
  while (chosen.size < count) chosen.add(rng.pick(menu));
  return [...chosen].map((item) => ({ item, quantity: item.unit === 'KG' ? rng.int(2, 8) / 4 : rng.int(1, 3), random: true }));
}

function oneOptionPerGroup(rng: SeededRandom, options: readonly MenuOption[], random: boolean): MenuOption[] {
  if (!random) return [];
  const groups = new Map<string, MenuOption[]>();
  for (const o of options) groups.set(o.group, [...(groups.get(o.group) ?? []), o]);
  return [...groups.values()].filter(() => rng.chance(0.6)).map((group) => rng.pick(group));
}

function pickItems(rng: SeededRandom, menu: readonly MenuItem[], lines?: NewOrderOptions['lines']): OrderItem[] {
  const chosen = lines ? lines.map((l) => ({ ...l, random: false })) : randomLines(rng, menu);
  return chosen.map(({ item, quantity, random }, i) => {
    const options = oneOptionPerGroup(rng, item.options, random).map((o) => ({
      id: o.id,
      name: o.name,
      quantity,
      unitPrice: o.unitPrice,
      price: money(o.unitPrice * quantity),
    }));
    const optionsPrice = money(options.reduce((sum, o) => sum + o.price, 0));
    return {
      index: i + 1,
      id: item.id,
      uniqueId: randomUUID(),
      name: item.name,
      externalCode: item.externalCode,
      ...(item.ean ? { ean: item.ean } : {}),
      quantity,
      unit: item.unit,
      unitPrice: item.unitPrice,
      optionsPrice,
      totalPrice: money(item.unitPrice * quantity + optionsPrice),
      ...(random && rng.chance(0.25) ? { observations: rng.pick(seedItemNotes) } : {}),
      options,
    };
  });
}

function benefitsFor(
  rng: SeededRandom,
  merchantId: string,
  items: OrderItem[],
  nowMs: number,
  randomShare: boolean,
  promotionFor?: PromotionLookup,
): ItemBenefit[] {
  const out: ItemBenefit[] = [];
  for (const item of items) {
    const promoted = item.ean && promotionFor?.(merchantId, item.ean, { quantity: item.quantity, unitPrice: item.unitPrice }, nowMs);
    if (promoted && promoted > 0) {
      out.push({ targetId: item.uniqueId, sponsorships: [{ liability: 'PARTNER', amount: money(Math.min(promoted, item.totalPrice)) }] });
    }
  }
  // Now and then (random orders only) the platform and the store share a discount on one line.
  if (randomShare && out.length === 0 && items.length > 0 && rng.chance(0.3)) {
    const item = rng.pick(items);
    const total = money((item.totalPrice * rng.int(10, 20)) / 100);
    const platform = money(total / 2);
    out.push({
      targetId: item.uniqueId,
      sponsorships: [
        { liability: 'PLATFORM', amount: platform },
        { liability: rng.chance(0.5) ? 'PARTNER' : 'CHAIN', amount: money(total - platform) },
      ],
    });
  }
  return out;
}

function addressNear(rng: SeededRandom, store: SeedStore): DeliveryAddress {
  const street = rng.pick(seedStreets);
  const streetNumber = String(rng.int(10, 2500));
  const complement = rng.chance(0.4) ? `Apto ${rng.int(11, 184)}` : undefined;
  return {
    streetName: street.streetName,
    streetNumber,
    formattedAddress: `${street.streetName}, ${streetNumber}${complement ? ` - ${complement}` : ''}`,
    neighborhood: street.neighborhood,
    ...(complement ? { complement } : {}),
    postalCode: street.postalCode,
    city: store.address.city,
    state: store.address.state,
    country: store.address.country,
    coordinates: {
      latitude: Number((store.address.latitude + (rng.next() - 0.5) * 0.04).toFixed(6)),
      longitude: Number((store.address.longitude + (rng.next() - 0.5) * 0.04).toFixed(6)),
    },
  };
}

function paymentsFor(rng: SeededRandom, amount: number, chosen?: PaymentKind) {
  // Drawn even when chosen, so a chosen payment leaves the rest of the sequence as it was.
  const drawn = rng.int(0, 3);
  const kind = chosen === undefined ? drawn : PAYMENT_KINDS.indexOf(chosen);
  const method: PaymentMethod =
    kind === 0
      ? { method: 'CREDIT', type: 'ONLINE', value: amount, currency: 'BRL', card: { brand: rng.pick(['VISA', 'MASTERCARD']) } }
      : kind === 1
        ? { method: 'PIX', type: 'ONLINE', value: amount, currency: 'BRL' }
        : kind === 2
          ? { method: 'CASH', type: 'OFFLINE', value: amount, currency: 'BRL', cash: { changeFor: Math.ceil(amount / 50) * 50 } }
          : { method: 'DEBIT', type: 'OFFLINE', value: amount, currency: 'BRL', card: { brand: 'ELO' } };
  const prepaid = method.type === 'ONLINE' ? amount : 0;
  return { prepaid, pending: money(amount - prepaid), methods: [method] };
}

/** First half-hour slot at least two hours from now. */
function scheduleStart(nowMs: number): number {
  const slot = 30 * MINUTE;
  return Math.ceil((nowMs + 120 * MINUTE) / slot) * slot;
}

export function newOrder(rng: SeededRandom, store: SeedStore, options: NewOrderOptions): OrderRecord {
  const { nowMs, orderType, orderTiming } = options;
  const menu = options.menu;
  if (menu.length === 0) throw new RangeError(`store ${store.id} has nothing to sell`);
  const items = pickItems(rng, menu, options.lines);
  const benefits = benefitsFor(rng, store.id, items, nowMs, !options.lines, options.promotionFor);
  const subTotal = money(items.reduce((sum, i) => sum + i.totalPrice, 0));
  const deliveryFee = orderType === 'DELIVERY' ? rng.pick([0, 5.99, 7.99, 9.99]) : 0;
  const additionalFees = subTotal < 20 ? 0.99 : 0;
  const discount = money(benefits.reduce((sum, b) => sum + b.sponsorships.reduce((s, x) => s + x.amount, 0), 0));
  const orderAmount = money(subTotal + deliveryFee + additionalFees - discount);

  const scheduled = orderTiming === 'SCHEDULED';
  const start = scheduled ? scheduleStart(nowMs) : undefined;
  const readyAt = start ?? nowMs + rng.int(20, 30) * MINUTE;
  const deliveryAt = start ?? nowMs + rng.int(40, 55) * MINUTE;
  const preparationStartMs = start !== undefined ? start - (orderType === 'DELIVERY' ? 50 : 30) * MINUTE : nowMs;
  const deliveredBy = options.deliveredBy;

  return {
    createdAtMs: nowMs,
    confirmDeadlineMs: nowMs + CONFIRM_DEADLINE_MS,
    preparationStartMs,
    benefits,
    origin: options.origin ?? 'MARKETPLACE',
    detail: {
      id: randomUUID(),
      displayId: rng.digits(4),
      status: 'PLACED',
      orderType,
      orderTiming,
      salesChannel: options.salesChannel ?? 'PLATFORM-APP',
      category: store.type === 'GROCERY' ? 'GROCERY' : 'FOOD',
      createdAt: iso(nowMs),
      preparationStartDateTime: iso(preparationStartMs),
      merchant: { id: store.id, name: store.name },
      customer: {
        id: rng.uuid(),
        name: rng.pick(seedCustomerNames),
        ordersCountOnMerchant: rng.int(0, 40),
        phone: { number: `0800 ${rng.digits(3)} ${rng.digits(4)}`, localizer: rng.digits(8), localizerExpiration: iso(nowMs + 6 * 60 * MINUTE) },
      },
      items,
      total: { subTotal, deliveryFee, benefits: discount, additionalFees, orderAmount },
      payments: paymentsFor(rng, orderAmount, options.payment),
      ...(orderType === 'DELIVERY'
        ? {
            delivery: {
              mode: rng.chance(0.2) ? ('EXPRESS' as const) : ('DEFAULT' as const),
              deliveredBy,
              deliveryDateTime: iso(deliveryAt),
              ...(deliveredBy === 'PLATFORM' ? { pickupCode: rng.digits(4) } : {}),
              ...(rng.chance(0.4) ? { observations: rng.pick(seedDeliveryNotes) } : {}),
              deliveryAddress: addressNear(rng, store),
            },
          }
        : {}),
      ...(orderType === 'TAKEOUT' ? { takeout: { mode: 'DEFAULT' as const, takeoutDateTime: iso(readyAt) } } : {}),
      ...(start !== undefined ? { schedule: { deliveryDateTimeStart: iso(start), deliveryDateTimeEnd: iso(start + 30 * MINUTE) } } : {}),
    },
  };
}
