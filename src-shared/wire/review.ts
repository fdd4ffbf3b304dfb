import { z } from 'zod';

/** Wire shapes of the review module (spec §2.3, §3.1, §4.3). */

export const REVIEW_STATUSES = ['CREATED', 'NOT_REPLIED', 'REPLIED', 'PUBLISHED', 'INVALID', 'DISCARDED'] as const;

export const ReviewReply = z.object({
  text: z.string(),
  /** `MERCHANT` or `CUSTOMER`. */
  from: z.string(),
  createdAt: z.string(),
});

export const ReviewQuestion = z.object({
  id: z.string(),
  /** `RATING`, `CHOICE`, `BINARY`. */
  type: z.string(),
  title: z.string(),
  answers: z.array(z.object({ id: z.string(), title: z.string() })).default([]),
});

export const Review = z.object({
  id: z.string(),
  /** 1.0 to 5.0. */
  score: z.number(),
  status: z.string(),
  /** `PUBLIC` or `PRIVATE`. */
  visibility: z.string().nullish(),
  /** `v1` (legacy API) or `v2`. */
  version: z.string().nullish(),
  comment: z.string().nullish(),
  customerName: z.string().nullish(),
  createdAt: z.string(),
  replies: z.array(ReviewReply).default([]),
  order: z.object({ id: z.string(), shortId: z.string().nullish(), createdAt: z.string().nullish() }).nullish(),
  questions: z.array(ReviewQuestion).nullish(),
  surveyId: z.string().nullish(),
});
export type Review = z.infer<typeof Review>;

export const ReviewPage = z.object({
  page: z.number().int(),
  size: z.number().int(),
  reviews: z.array(Review),
  /** Only with `addCount=true`. */
  total: z.number().int().nullish(),
  pageCount: z.number().int().nullish(),
});
export type ReviewPage = z.infer<typeof ReviewPage>;

export const ReviewListQuery = z.object({
  /** Starts at 1. */
  page: z.number().int().optional(),
  /** Default 10, maximum 50. */
  pageSize: z.number().int().optional(),
  addCount: z.boolean().optional(),
  /** ISO 8601 with zone. */
  dateFrom: z.string().optional(),
  dateTo: z.string().optional(),
  sort: z.enum(['ASC', 'DESC']).optional(),
  sortBy: z.enum(['CREATED_AT', 'ORDER_DATE']).optional(),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;
export const MAX_REVIEW_PAGE_SIZE = 50;

export const ReviewAnswer = z.object({ createdAt: z.string(), reviewId: z.string(), text: z.string() });
export type ReviewAnswer = z.infer<typeof ReviewAnswer>;

export const ReviewSummary = z.object({
  totalReviewsCount: z.number().int(),
  validReviewsCount: z.number().int(),
  /** Mean of valid reviews; absent or null when none counts yet. */
  score: z.number().nullish(),
});
export type ReviewSummary = z.infer<typeof ReviewSummary>;
