import type { VirtualBag } from '../../src-shared/wire/order';

/**
 * Spec §4.2: whether a promotion reached an order, read from its virtual bag. The merchant-side
 * discount of an item is the sum of the PARTNER and CHAIN sponsorships of the ITEM benefits whose
 * targetId is the item's uniqueId; the final price is the gross value minus that sum.
 */
export const MERCHANT_LIABILITIES: ReadonlySet<string> = new Set(['PARTNER', 'CHAIN']);

export interface ItemPromotionPrice {
  uniqueId: string;
  name: string | undefined;
  grossValue: number;
  /** Sum of the merchant's sponsorships on this item (0 when no promotion applied). */
  merchantDiscount: number;
  finalPrice: number;
  promoted: boolean;
}

export function finalItemPrices(virtualBag: VirtualBag): ItemPromotionPrice[] {
  const discountOf = new Map<string, number>();
  for (const benefit of virtualBag.bag.benefits?.benefits ?? []) {
    if (benefit.target !== 'ITEM' || !benefit.targetId) continue;
    const amount = benefit.sponsorships.filter((s) => MERCHANT_LIABILITIES.has(s.liability)).reduce((sum, s) => sum + s.amount.value, 0);
    discountOf.set(benefit.targetId, (discountOf.get(benefit.targetId) ?? 0) + amount);
  }
  return virtualBag.bag.items.map((item) => {
    const grossValue = item.prices.grossValue.value;
    const merchantDiscount = roundCents(discountOf.get(item.uniqueId) ?? 0);
    return {
      uniqueId: item.uniqueId,
      name: item.name ?? undefined,
      grossValue,
      merchantDiscount,
      finalPrice: roundCents(grossValue - merchantDiscount),
      promoted: merchantDiscount > 0,
    };
  });
}

/** Money is a number in the store's currency; sums of floats are brought back to cents. */
function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}
