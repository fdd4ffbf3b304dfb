import type { OrderRecord } from './model';

/**
 * GET /orders/{id}/virtual-bag (spec §2.5, §4.2): the items with their gross line price, and the
 * item benefits with who sponsors them. Final line price = grossValue − the merchant-side
 * (PARTNER, CHAIN) sponsorships, which is how the merchant checks a promotion was applied.
 */
export function virtualBag(order: OrderRecord) {
  return {
    bag: {
      items: order.detail.items.map((item) => ({
        uniqueId: item.uniqueId,
        id: item.id,
        name: item.name,
        externalCode: item.externalCode,
        ...(item.ean ? { ean: item.ean } : {}),
        quantity: item.quantity,
        prices: { grossValue: { value: item.totalPrice, currency: 'BRL' } },
      })),
      benefits: {
        benefits: order.benefits.map((b) => ({
          target: 'ITEM',
          targetId: b.targetId,
          sponsorships: b.sponsorships.map((s) => ({ liability: s.liability, amount: { value: s.amount, currency: 'BRL' } })),
        })),
      },
    },
  };
}
