import { z } from 'zod';

/**
 * The promotion request (spec §2.2) as checked synchronously: required fields present and of the
 * right JSON type, promotionName at most 255 characters, at most 10,000 items with reset → 412
 * "Invalid Request Body". Values (dates, types, discounts, eans) are checked later, per item.
 */

export const MAX_RESET_ITEMS = 10_000;

const ItemBody = z.object({
  ean: z.string(),
  discountValue: z.number().nullable().optional(),
  initialDate: z.string(),
  finalDate: z.string(),
  promotionType: z.string(),
  progressiveDiscount: z.object({ quantityToBuy: z.number().optional(), quantityToPay: z.number().nullable().optional() }).nullable().optional(),
});

export const PromotionRequest = z.object({
  aggregationTag: z.string().max(255).optional(),
  promotions: z.array(
    z.object({
      promotionName: z.string().max(255, 'promotionName tem no máximo 255 caracteres').optional(),
      channels: z.array(z.string()),
      items: z.array(ItemBody),
    }),
  ),
});
export type PromotionRequest = z.infer<typeof PromotionRequest>;

export const ResetQuery = z.object({ reset: z.enum(['true', 'false']).default('false') });

export function itemCount(request: PromotionRequest): number {
  return request.promotions.reduce((n, p) => n + p.items.length, 0);
}

/** Business rules answered 400 "Business Exception", or undefined. */
export function businessProblem(request: PromotionRequest, reset: boolean, tagTaken: boolean): string | undefined {
  if (tagTaken) return `aggregationTag ${request.aggregationTag} já foi usada`;
  if (!reset && itemCount(request) === 0) return 'a requisição não tem item de promoção (só reset=true pode enviar um conjunto vazio)';
  const noChannel = request.promotions.findIndex((p) => p.items.length > 0 && p.channels.filter((c) => c.trim()).length === 0);
  if (noChannel >= 0) return `promotions.${noChannel}.channels precisa de pelo menos um canal`;
  return undefined;
}
