import { randomUUID } from 'node:crypto';
import type { Coordinates } from '../orders/model';
import { money } from '../orders/model';
import type { Quote } from './model';

/**
 * Delivery quotes (spec §2.1): price and time grow with the distance from the store; a quote is
 * valid for QUOTE_TTL_MS and spent by the request or registration that uses it.
 */
export const QUOTE_TTL_MS = 5 * 60_000;
export const MAX_DELIVERY_METERS = 10_000;

/** Great-circle distance in meters. */
export function distanceMeters(a: Coordinates, b: Coordinates): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * 6_371_000 * Math.asin(Math.sqrt(h)));
}

export interface QuoteInput {
  kind: Quote['kind'];
  merchantId: string;
  orderId?: string;
  store: Coordinates;
  destination: Coordinates;
  nowMs: number;
}

export function makeQuote(input: QuoteInput): Quote {
  const distance = distanceMeters(input.store, input.destination);
  const km = distance / 1000;
  const grossValue = money(5.99 + 1.2 * km);
  const discount = km < 2 ? 1 : 0;
  const raise = input.kind === 'MERCHANT' ? (km > 5 ? 2 : 0) : 0;
  const netValue = money(grossValue + raise - discount);
  const min = Math.round(15 + km * 3);
  const id = randomUUID();
  const expiresAtMs = input.nowMs + QUOTE_TTL_MS;
  const wire: Record<string, unknown> = {
    id,
    createdAt: new Date(input.nowMs).toISOString(),
    expirationAt: new Date(expiresAtMs).toISOString(),
    distance,
    ...(input.kind === 'MERCHANT' ? { preparationTime: 20 } : {}),
    quote: { grossValue, discount, netValue, ...(input.kind === 'MERCHANT' ? { raise } : {}) },
    deliveryTime: { min, max: min + 15 },
    hasPaymentMethods: true,
    paymentMethods: [
      { id: 'b6a0f3c2-5d1e-4f7a-9c3b-1e2d3f4a5b60', brand: 'VISA', liability: 'PLATFORM', paymentType: 'OFFLINE', method: 'CREDIT' },
      { id: 'c7b1a4d3-6e2f-4a8b-8d4c-2f3e4a5b6c71', brand: 'MASTERCARD', liability: 'PLATFORM', paymentType: 'OFFLINE', method: 'DEBIT' },
      { id: 'd8c2b5e4-7f3a-4b9c-9e5d-3a4f5b6c7d82', brand: 'CASH', liability: 'PLATFORM', paymentType: 'OFFLINE', method: 'CASH' },
    ],
  };
  return {
    id,
    kind: input.kind,
    merchantId: input.merchantId,
    ...(input.orderId ? { orderId: input.orderId } : {}),
    destination: input.destination,
    expiresAtMs,
    wire,
  };
}
