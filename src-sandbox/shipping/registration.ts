import { randomUUID } from 'node:crypto';
import { money, type OrderRecord } from '../orders/model';
import { CONFIRM_DEADLINE_MS } from '../orders/order-factory';
import type { SeededRandom } from '../orders/random';
import type { SeedStore } from '../seed/stores';
import type { RegisterOrderBody } from './bodies';

/**
 * A delivery-only order the merchant registers (style B) becomes an order of the platform like
 * any other: same detail, same events, delivered by a PLATFORM driver. The merchant made it, so it
 * starts confirmed.
 */
export function registeredOrder(rng: SeededRandom, store: SeedStore, body: RegisterOrderBody, deliveryFee: number, nowMs: number): OrderRecord {
  const iso = (ms: number) => new Date(ms).toISOString();
  const items = body.items.map((item, i) => ({
    index: i + 1,
    id: item.id,
    uniqueId: randomUUID(),
    name: item.name,
    externalCode: item.id,
    quantity: item.quantity,
    unit: 'UN' as const,
    unitPrice: item.unitPrice,
    optionsPrice: item.optionsPrice ?? 0,
    totalPrice: item.totalPrice,
    options: [],
  }));
  const subTotal = money(items.reduce((sum, i) => sum + i.totalPrice, 0));
  const orderAmount = money(subTotal + deliveryFee);
  const methods = body.payments.methods.map((m) => ({
    method: m.method,
    type: m.type === 'ONLINE' ? ('ONLINE' as const) : ('OFFLINE' as const),
    value: m.value,
    currency: 'BRL' as const,
    ...(m.card ? { card: { brand: m.card.brand } } : {}),
  }));
  const prepaid = money(methods.filter((m) => m.type === 'ONLINE').reduce((s, m) => s + m.value, 0));
  const address = body.delivery.deliveryAddress;
  const phone = body.customer.phone;
  return {
    createdAtMs: nowMs,
    confirmDeadlineMs: nowMs + CONFIRM_DEADLINE_MS,
    preparationStartMs: nowMs,
    benefits: [],
    origin: 'SHIPPING_REGISTRATION',
    detail: {
      id: randomUUID(),
      displayId: rng.digits(4),
      status: 'PLACED',
      orderType: 'DELIVERY',
      orderTiming: 'IMMEDIATE',
      salesChannel: 'POS',
      category: store.type === 'GROCERY' ? 'GROCERY' : 'FOOD',
      createdAt: iso(nowMs),
      preparationStartDateTime: iso(nowMs),
      merchant: { id: store.id, name: store.name },
      customer: {
        id: randomUUID(),
        name: body.customer.name,
        ordersCountOnMerchant: 0,
        phone: {
          number: `+${phone.countryCode.replace('+', '')} ${phone.areaCode} ${phone.number}`,
          localizer: rng.digits(8),
          localizerExpiration: iso(nowMs + 6 * 3_600_000),
        },
      },
      items,
      total: { subTotal, deliveryFee, benefits: 0, additionalFees: 0, orderAmount },
      payments: { prepaid, pending: money(orderAmount - prepaid), methods },
      delivery: {
        mode: 'DEFAULT',
        deliveredBy: 'PLATFORM',
        deliveryDateTime: iso(nowMs + 45 * 60_000),
        pickupCode: rng.digits(4),
        deliveryAddress: {
          streetName: address.streetName,
          streetNumber: address.streetNumber,
          formattedAddress: `${address.streetName}, ${address.streetNumber}${address.complement ? ` - ${address.complement}` : ''}`,
          neighborhood: address.neighborhood,
          ...(address.complement ? { complement: address.complement } : {}),
          ...(address.reference ? { reference: address.reference } : {}),
          postalCode: address.postalCode,
          city: address.city,
          state: address.state.toUpperCase(),
          country: address.country.toUpperCase(),
          coordinates: address.coordinates,
        },
      },
    },
  };
}
