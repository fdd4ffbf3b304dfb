import { isCalendarDate } from '../../src-shared/store-rules/promotion';
import { isValidUpcA } from '../../src-shared/upc';
import type { EanLookup } from '../catalog/state';
import { PROMOTION_TYPES, type ErrorCode, type ItemInput } from './model';

/**
 * The asynchronous validation of one promotion item (spec §2.2, §4.2, §7.3), in this order:
 *   PROMOTION_TYPE_INVALID — not PERCENTAGE, LXPY or PERCENTAGE_PER_X_UNITS;
 *   DATE_INVALID — not YYYY-MM-DD calendar dates, finalDate not after initialDate, or finalDate
 *     already past (store-local date); a past initialDate is fine (a promotion already running);
 *   DISCOUNT_INVALID — the type's fields missing or out of range: discountValue 0..70 for the
 *     percentage types; quantityToBuy an integer ≥ 2 for LXPY and PERCENTAGE_PER_X_UNITS;
 *     quantityToPay an integer from 1 to quantityToBuy - 1 for LXPY, and the discount it makes
 *     (1 - pay/buy) at most 70 %;
 *   ITEM_NOT_FOUND — not a valid UPC-A, not in the store's catalog, inactive, or without stock.
 * Duplicates are found by the caller, which knows the other items.
 */

export const MAX_DISCOUNT_PERCENT = 70;

export type ItemCheck = { ok: true } | { ok: false; code: ErrorCode; message: string };

const bad = (code: ErrorCode, message: string): ItemCheck => ({ ok: false, code, message });
const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);

function checkDiscount(input: ItemInput): ItemCheck {
  const { promotionType: type, discountValue: value, progressiveDiscount: progressive } = input;
  if (type === 'PERCENTAGE' || type === 'PERCENTAGE_PER_X_UNITS') {
    if (typeof value !== 'number') return bad('DISCOUNT_INVALID', `${type} exige discountValue`);
    if (value < 0 || value > MAX_DISCOUNT_PERCENT) return bad('DISCOUNT_INVALID', `discountValue deve ser de 0 a ${MAX_DISCOUNT_PERCENT}`);
  }
  if (type === 'LXPY' || type === 'PERCENTAGE_PER_X_UNITS') {
    const buy = progressive?.quantityToBuy;
    if (!isInt(buy) || buy < 2) return bad('DISCOUNT_INVALID', `${type} exige progressiveDiscount.quantityToBuy, um inteiro de no mínimo 2`);
  }
  if (type === 'LXPY') {
    const buy = progressive?.quantityToBuy as number;
    const pay = progressive?.quantityToPay;
    if (!isInt(pay) || pay < 1 || pay >= buy)
      return bad('DISCOUNT_INVALID', 'LXPY exige progressiveDiscount.quantityToPay, um inteiro de 1 a quantityToBuy - 1');
    if ((1 - pay / buy) * 100 > MAX_DISCOUNT_PERCENT)
      return bad('DISCOUNT_INVALID', `leve ${buy} pague ${pay} é um desconto acima de ${MAX_DISCOUNT_PERCENT}%`);
  }
  return { ok: true };
}

export function checkItem(input: ItemInput, today: string, lookup: (ean: string) => EanLookup): ItemCheck {
  if (!(PROMOTION_TYPES as readonly string[]).includes(input.promotionType)) {
    return bad('PROMOTION_TYPE_INVALID', `promotionType deve ser um entre ${PROMOTION_TYPES.join(', ')}`);
  }
  if (!isCalendarDate(input.initialDate) || !isCalendarDate(input.finalDate)) return bad('DATE_INVALID', 'as datas devem ser AAAA-MM-DD');
  if (input.finalDate <= input.initialDate) return bad('DATE_INVALID', 'finalDate deve ser posterior a initialDate');
  if (input.finalDate < today) return bad('DATE_INVALID', 'finalDate já passou');
  const discount = checkDiscount(input);
  if (!discount.ok) return discount;
  if (!isValidUpcA(input.ean)) return bad('ITEM_NOT_FOUND', 'o ean não é um UPC-A de 12 dígitos');
  const found = lookup(input.ean);
  if (found === 'not-found') return bad('ITEM_NOT_FOUND', 'nenhum produto da loja tem este ean');
  if (found === 'inactive') return bad('ITEM_NOT_FOUND', 'o produto está inativo');
  if (found === 'no-stock') return bad('ITEM_NOT_FOUND', 'o produto está sem estoque');
  return { ok: true };
}

/** Inclusive date ranges overlap. */
export function periodsOverlap(a: ItemInput, b: ItemInput): boolean {
  return a.initialDate <= b.finalDate && b.initialDate <= a.finalDate;
}
