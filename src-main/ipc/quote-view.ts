import type { DriverQuoteView } from '../../src-shared/order-requests';
import type { DeliveryQuote } from '../../src-shared/wire/shipping';

/** A platform driver's quote as the screens show it (an order's driver, a delivery-only order's price). */
export function quoteView(q: DeliveryQuote): DriverQuoteView {
  return {
    quoteId: q.id,
    expiresAt: q.expirationAt ?? null,
    grossValue: q.quote.grossValue,
    discount: q.quote.discount ?? null,
    netValue: q.quote.netValue,
    deliveryMin: q.deliveryTime?.min ?? null,
    deliveryMax: q.deliveryTime?.max ?? null,
    distance: q.distance ?? null,
  };
}
