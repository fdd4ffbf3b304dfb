import { checkPromotionDraft, splitEans, type DraftCheck, type PromotionDraft, type PromotionType } from '../../src-shared/store-rules/promotion';
import type { PromotionItem } from '../../src-shared/wire/promotion';
import { dayOf } from '../../src-shared/local-day';
import { readNumber } from '../lib/numbers';

/** The promotion form as typed: every box is text until it is read. */
export interface PromotionForm {
  name: string;
  promotionType: PromotionType;
  eans: string;
  discountValue: string;
  quantityToBuy: string;
  quantityToPay: string;
  initialDate: string;
  finalDate: string;
}

/** A week from today: what most store promotions run. */
export function emptyForm(nowMs: number): PromotionForm {
  const today = new Date(nowMs);
  const end = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 7, 12);
  return {
    name: '',
    promotionType: 'PERCENTAGE',
    eans: '',
    discountValue: '',
    quantityToBuy: '',
    quantityToPay: '',
    initialDate: dayOf(nowMs),
    finalDate: dayOf(end.getTime()),
  };
}

export function draftOf(form: PromotionForm): PromotionDraft {
  return {
    name: form.name,
    promotionType: form.promotionType,
    eans: splitEans(form.eans),
    discountValue: readNumber(form.discountValue),
    quantityToBuy: readNumber(form.quantityToBuy),
    quantityToPay: readNumber(form.quantityToPay),
    initialDate: form.initialDate.trim(),
    finalDate: form.finalDate.trim(),
  };
}

export function checkForm(form: PromotionForm, nowMs: number): { draft: PromotionDraft; check: DraftCheck } {
  const draft = draftOf(form);
  return { draft, check: checkPromotionDraft(draft, dayOf(nowMs)) };
}

/** How many of a promotion's products are in each status, in the order the screen lists them. */
export function statusCounts(items: readonly PromotionItem[]): [status: string, count: number][] {
  const order = ['ERROR', 'DUPLICATE', 'PROCESSING', 'ACTIVE', 'SCHEDULED', 'FINISHING', 'FINISHED'];
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.status, (counts.get(item.status) ?? 0) + 1);
  const rank = (status: string): number => (order.includes(status) ? order.indexOf(status) : order.length);
  return [...counts.entries()].sort((a, b) => rank(a[0]) - rank(b[0]));
}
