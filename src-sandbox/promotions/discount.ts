import type { ItemInput } from './model';

/**
 * What an active promotion takes off one order line (spec §2.2), so a store's promotions show up in
 * new orders and in their virtual bag:
 *   PERCENTAGE: discountValue % of every unit;
 *   LXPY (take X pay Y): every complete group of X units costs Y;
 *   PERCENTAGE_PER_X_UNITS: discountValue % off every Xth unit.
 */
export function lineDiscount(input: ItemInput, line: { quantity: number; unitPrice: number }): number {
  const percent = Math.min(Math.max(input.discountValue ?? 0, 0), 70) / 100;
  const buy = input.progressiveDiscount?.quantityToBuy ?? 0;
  const pay = input.progressiveDiscount?.quantityToPay ?? 0;
  const groups = buy >= 2 ? Math.floor(line.quantity / buy) : 0;
  switch (input.promotionType) {
    case 'PERCENTAGE':
      return round(line.quantity * line.unitPrice * percent);
    case 'LXPY':
      return pay < buy ? round(groups * (buy - pay) * line.unitPrice) : 0;
    case 'PERCENTAGE_PER_X_UNITS':
      return round(groups * line.unitPrice * percent);
    default:
      return 0;
  }
}

const round = (value: number): number => Math.round(value * 100) / 100;
