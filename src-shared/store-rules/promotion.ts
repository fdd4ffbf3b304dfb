import { z } from 'zod';
import { isValidUpcA } from '../upc';
import { PROMOTION_TYPES, type PromotionRequest } from '../wire/promotion';

/**
 * A promotion as staff fill it in, and the spec's rules for it (§2.2, §4.2, §7.3), checked on
 * screen before anything is sent and again by the main process: every product code a 12-digit
 * UPC-A (its check digit right), the type one of the three this module takes, the discount a
 * percentage from 0 to 70 where the type has one, "take X" at least 2, "pay Y" from 1 to X - 1 and
 * no more than 70 % off (the spec's ceiling holds for every type), dates `YYYY-MM-DD` with the first
 * day before the last and the last not already past (a start in the past is allowed: a promotion
 * already running), the name at most 255 characters. One draft is one promotion: the same rule for
 * each product code listed.
 */

export const MAX_DISCOUNT_PERCENT = 70;
export const MAX_PROMOTION_NAME = 255;
/** Product codes per promotion made on screen (the API takes far more; a form does not). */
export const MAX_DRAFT_EANS = 500;
/** The channel customers order on; the only one this module names. */
export const PROMOTION_CHANNEL = 'PLATFORM-APP';

export const PromotionType = z.enum(PROMOTION_TYPES);
export type PromotionType = z.infer<typeof PromotionType>;

export const PromotionDraft = z
  .object({
    name: z.string().max(1_000),
    promotionType: PromotionType,
    eans: z.array(z.string().max(40)).max(MAX_DRAFT_EANS * 2),
    discountValue: z.number().nullable(),
    quantityToBuy: z.number().nullable(),
    quantityToPay: z.number().nullable(),
    initialDate: z.string().max(40),
    finalDate: z.string().max(40),
  })
  .strict();
export type PromotionDraft = z.infer<typeof PromotionDraft>;

export type DraftField = 'name' | 'eans' | 'discountValue' | 'quantityToBuy' | 'quantityToPay' | 'initialDate' | 'finalDate';
export type DraftProblem =
  | 'name-too-long'
  | 'eans-missing'
  | 'eans-too-many'
  | 'ean-not-12-digits'
  | 'ean-check-digit'
  | 'ean-repeated'
  | 'discount-missing'
  | 'discount-range'
  | 'buy-missing'
  | 'buy-too-small'
  | 'pay-missing'
  | 'pay-range'
  | 'take-pay-over-limit'
  | 'date-format'
  | 'date-order'
  | 'date-past';

export interface DraftCheck {
  ok: boolean;
  /** The first problem of each field that has one. */
  problems: Partial<Record<DraftField, DraftProblem>>;
  /** The product codes the `eans` problem is about (for the screen to name them). */
  badEans: string[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Needs a percentage (`discountValue`). */
export const hasPercentage = (type: PromotionType): boolean => type !== 'LXPY';
/** Needs "take X" (`progressiveDiscount.quantityToBuy`). */
export const hasQuantityToBuy = (type: PromotionType): boolean => type !== 'PERCENTAGE';
/** Needs "pay Y" (`progressiveDiscount.quantityToPay`). */
export const hasQuantityToPay = (type: PromotionType): boolean => type === 'LXPY';

/** Product codes as typed: split on spaces, commas, semicolons or lines. */
export function splitEans(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function eanProblem(eans: readonly string[]): { problem?: DraftProblem; bad: string[] } {
  if (eans.length === 0) return { problem: 'eans-missing', bad: [] };
  if (eans.length > MAX_DRAFT_EANS) return { problem: 'eans-too-many', bad: [] };
  const notDigits = eans.filter((e) => !/^\d{12}$/.test(e));
  if (notDigits.length > 0) return { problem: 'ean-not-12-digits', bad: notDigits };
  const wrongDigit = eans.filter((e) => !isValidUpcA(e));
  if (wrongDigit.length > 0) return { problem: 'ean-check-digit', bad: wrongDigit };
  const repeated = eans.filter((e, i) => eans.indexOf(e) !== i);
  if (repeated.length > 0) return { problem: 'ean-repeated', bad: [...new Set(repeated)] };
  return { bad: [] };
}

const isInt = (n: number | null): n is number => n !== null && Number.isInteger(n);

/** Checks a draft against the spec's rules; `today` is the store's date, `YYYY-MM-DD`. */
export function checkPromotionDraft(draft: PromotionDraft, today: string): DraftCheck {
  const problems: Partial<Record<DraftField, DraftProblem>> = {};
  if (draft.name.trim().length > MAX_PROMOTION_NAME) problems.name = 'name-too-long';
  const eans = eanProblem(draft.eans);
  if (eans.problem) problems.eans = eans.problem;

  const type = draft.promotionType;
  const { discountValue: value, quantityToBuy: buy, quantityToPay: pay } = draft;
  if (hasPercentage(type)) {
    if (value === null || !Number.isFinite(value)) problems.discountValue = 'discount-missing';
    else if (value <= 0 || value > MAX_DISCOUNT_PERCENT) problems.discountValue = 'discount-range';
  }
  if (hasQuantityToBuy(type)) {
    if (buy === null) problems.quantityToBuy = 'buy-missing';
    else if (!isInt(buy) || buy < 2) problems.quantityToBuy = 'buy-too-small';
  }
  if (hasQuantityToPay(type) && !problems.quantityToBuy && isInt(buy)) {
    if (pay === null) problems.quantityToPay = 'pay-missing';
    else if (!isInt(pay) || pay < 1 || pay >= buy) problems.quantityToPay = 'pay-range';
    else if ((1 - pay / buy) * 100 > MAX_DISCOUNT_PERCENT) problems.quantityToPay = 'take-pay-over-limit';
  }

  if (!isCalendarDate(draft.initialDate)) problems.initialDate = 'date-format';
  if (!isCalendarDate(draft.finalDate)) problems.finalDate = 'date-format';
  else if (!problems.initialDate && draft.finalDate <= draft.initialDate) problems.finalDate = 'date-order';
  else if (draft.finalDate < today) problems.finalDate = 'date-past';

  return { ok: Object.keys(problems).length === 0, problems, badEans: eans.bad };
}

/** The wire request (spec §2.2) for a draft that passed the check: one promotion, one item per product code. */
export function toPromotionRequest(draft: PromotionDraft): PromotionRequest {
  const type = draft.promotionType;
  const name = draft.name.trim();
  return {
    promotions: [
      {
        ...(name ? { promotionName: name } : {}),
        channels: [PROMOTION_CHANNEL],
        items: draft.eans.map((ean) => ({
          ean,
          discountValue: hasPercentage(type) ? draft.discountValue : null,
          initialDate: draft.initialDate,
          finalDate: draft.finalDate,
          promotionType: type,
          ...(hasQuantityToBuy(type)
            ? {
                progressiveDiscount: {
                  quantityToBuy: draft.quantityToBuy as number,
                  ...(hasQuantityToPay(type) ? { quantityToPay: draft.quantityToPay } : {}),
                },
              }
            : {}),
        })),
      },
    ],
  };
}
