import { z } from 'zod';
import type { PromotionItemRecord } from './model';

/** GET .../promotions/{aggregationId}/items query (spec §4.2): filters, offset 0.., limit 1..1000. */

export const MAX_ITEMS_LIMIT = 1000;

const count = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} deve ser um inteiro não negativo`)
    .transform(Number);

export const ItemsQuery = z.object({
  ean: z.string().optional(),
  promotionName: z.string().optional(),
  promotionType: z.string().optional(),
  status: z.string().optional(),
  offset: count('offset').default(0),
  limit: count('limit')
    .refine((n) => n >= 1 && n <= MAX_ITEMS_LIMIT, `limit deve ser de 1 a ${MAX_ITEMS_LIMIT}`)
    .default(100),
});
export type ItemsQuery = z.infer<typeof ItemsQuery>;

/**
 * One page. `nextOffset` is where the next page starts, or null when this page is the last;
 * `currentOffset` is the offset asked for.
 */
export function pageOf(items: readonly PromotionItemRecord[], query: ItemsQuery) {
  const matching = items.filter(
    (i) =>
      (query.ean === undefined || i.input.ean === query.ean) &&
      (query.promotionName === undefined || i.promotionName === query.promotionName) &&
      (query.promotionType === undefined || i.input.promotionType === query.promotionType) &&
      (query.status === undefined || i.status === query.status),
  );
  const page = matching.slice(query.offset, query.offset + query.limit);
  const end = query.offset + page.length;
  return { page, pagination: { nextOffset: end < matching.length ? end : null, currentOffset: query.offset } };
}
