import { z } from 'zod';

/** Wire shapes of the promotion module (spec §2.2, §3.2, §4.2). */

export const PROMOTION_TYPES = ['PERCENTAGE', 'LXPY', 'PERCENTAGE_PER_X_UNITS'] as const;

export const ProgressiveDiscount = z.object({
  quantityToBuy: z.number().int(),
  quantityToPay: z.number().int().nullish(),
});

/**
 * One item of a promotion request. Value rules (discount 0–70, dates, type-dependent fields) are the
 * server's to check: its answer is the authority, so the client sends what it is given.
 */
export const PromotionItemInput = z.object({
  /** UPC-A, 12 digits. */
  ean: z.string(),
  discountValue: z.number().nullish(),
  /** `YYYY-MM-DD`. */
  initialDate: z.string(),
  finalDate: z.string(),
  promotionType: z.string(),
  progressiveDiscount: ProgressiveDiscount.optional(),
});
export type PromotionItemInput = z.infer<typeof PromotionItemInput>;

export const PromotionInput = z.object({
  promotionName: z.string().optional(),
  /** e.g. `PLATFORM-APP`. */
  channels: z.array(z.string()),
  items: z.array(PromotionItemInput),
});

export const PromotionRequest = z.object({
  /** Custom tracking identifier; must be unique. */
  aggregationTag: z.string().optional(),
  promotions: z.array(PromotionInput),
});
export type PromotionRequest = z.infer<typeof PromotionRequest>;

/** 202: queued only; validation happens asynchronously. */
export const PromotionAccepted = z.object({ aggregationId: z.string(), message: z.string().nullish() });
export type PromotionAccepted = z.infer<typeof PromotionAccepted>;

export const PromotionItem = z.object({
  promotionItemId: z.string(),
  ean: z.string(),
  status: z.string(),
  initialDate: z.string(),
  finalDate: z.string(),
  promotionType: z.string(),
  promotionName: z.string().nullish(),
  progressiveDiscount: ProgressiveDiscount.nullish(),
  discountValue: z.number().nullish(),
  /** Filled when status is `ERROR` (e.g. `DISCOUNT_INVALID`). */
  error: z.string().nullish(),
});
export type PromotionItem = z.infer<typeof PromotionItem>;

export const PromotionItemsPage = z.object({
  promotions: z.array(PromotionItem),
  pagination: z.object({ nextOffset: z.number().int().nullish(), currentOffset: z.number().int().nullish() }).nullish(),
});
export type PromotionItemsPage = z.infer<typeof PromotionItemsPage>;

export const PromotionItemsQuery = z.object({
  ean: z.string().optional(),
  promotionName: z.string().optional(),
  promotionType: z.string().optional(),
  status: z.string().optional(),
  offset: z.number().int().min(0).optional(),
  /** Default 100, maximum 1000. */
  limit: z.number().int().optional(),
});
export type PromotionItemsQuery = z.infer<typeof PromotionItemsQuery>;
