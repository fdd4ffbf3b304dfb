import { z } from 'zod';
import type { ReviewRecord } from './model';

/** The review list's query (spec §4.3): every parameter checked, 400 for anything out of range. */

export const MAX_PAGE_SIZE = 50;

const positiveInt = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} deve ser um inteiro positivo`)
    .transform(Number)
    .refine((n) => n >= 1, `${name} começa em 1`);

export const ReviewListQuery = z.object({
  page: positiveInt('page').default(1),
  pageSize: positiveInt('pageSize')
    .refine((n) => n <= MAX_PAGE_SIZE, `pageSize é no máximo ${MAX_PAGE_SIZE}`)
    .default(10),
  addCount: z
    .enum(['true', 'false'], 'addCount deve ser true ou false')
    .transform((v) => v === 'true')
    .default(false),
  dateFrom: z.iso.datetime({ offset: true, error: 'dateFrom deve ser ISO 8601 com fuso' }).optional(),
  dateTo: z.iso.datetime({ offset: true, error: 'dateTo deve ser ISO 8601 com fuso' }).optional(),
  sort: z.enum(['ASC', 'DESC'], 'sort deve ser ASC ou DESC').default('DESC'),
  sortBy: z.enum(['CREATED_AT', 'ORDER_DATE'], 'sortBy deve ser CREATED_AT ou ORDER_DATE').default('CREATED_AT'),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

export interface ReviewPage {
  reviews: ReviewRecord[];
  total: number;
  pageCount: number;
}

/** Filters by creation date (inclusive bounds), sorts (ties by id), and cuts one page. */
export function pageOf(reviews: readonly ReviewRecord[], query: ReviewListQuery): ReviewPage {
  const from = query.dateFrom ? Date.parse(query.dateFrom) : -Infinity;
  const to = query.dateTo ? Date.parse(query.dateTo) : Infinity;
  const key = query.sortBy === 'ORDER_DATE' ? (r: ReviewRecord) => r.order.createdAt : (r: ReviewRecord) => r.createdAt;
  const direction = query.sort === 'ASC' ? 1 : -1;
  const matching = reviews.filter((r) => r.createdAt >= from && r.createdAt <= to).sort((a, b) => direction * (key(a) - key(b) || a.id.localeCompare(b.id)));
  const start = (query.page - 1) * query.pageSize;
  return {
    reviews: matching.slice(start, start + query.pageSize),
    total: matching.length,
    pageCount: Math.ceil(matching.length / query.pageSize),
  };
}
