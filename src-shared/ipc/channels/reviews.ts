import { z } from 'zod';
import { MAX_REVIEW_PAGE_SIZE, Review, ReviewAnswer, ReviewSummary } from '../../wire/review';
import { channel } from '../channel';
import { IdempotencyKey, StoreActionEntry } from './store-actions';
import { MerchantId } from './stores';

/**
 * The reviews screen (spec §2.3, §3.1, §4.3, §7.2): the store's summary, its reviews page by page,
 * one review in full, and the merchant's answer. Nothing is cached: reviews are read from the API.
 */

/** Spec §8: the answer text, the 5-day answer deadline and the 10-minute edit window. */
export const ANSWER_MIN_CHARS = 10;
export const ANSWER_MAX_CHARS = 300;
export const ANSWER_WINDOW_MS = 5 * 24 * 3600_000;
export const EDIT_WINDOW_MS = 10 * 60_000;
/** Spec §2.3: only reviews created in the last 3 months count for the score. */
export const SCORE_WINDOW_MONTHS = 3;

const IsoWithZone = z.iso.datetime({ offset: true });

/**
 * `awaiting`: only reviews waiting for the store's answer (status NOT_REPLIED). The API has no
 * status filter, so the main process reads the pages that can hold such reviews (the last days,
 * see the handler) and pages the result itself; `all`: the API's list as it is.
 */
export const ReviewFilter = z.enum(['awaiting', 'all']);
export type ReviewFilter = z.infer<typeof ReviewFilter>;

export const ReviewListInput = z
  .object({
    merchantId: MerchantId,
    filter: ReviewFilter.default('all'),
    /** Starts at 1. */
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(MAX_REVIEW_PAGE_SIZE).default(20),
    /** Inclusive bounds on the review's creation time, ISO 8601 with a zone. */
    dateFrom: IsoWithZone.optional(),
    dateTo: IsoWithZone.optional(),
    sort: z.enum(['ASC', 'DESC']).default('DESC'),
    sortBy: z.enum(['CREATED_AT', 'ORDER_DATE']).default('CREATED_AT'),
  })
  .strict()
  .refine((q) => !q.dateFrom || !q.dateTo || Date.parse(q.dateFrom) <= Date.parse(q.dateTo), {
    message: 'dateFrom must not be after dateTo',
    path: ['dateTo'],
  });
export type ReviewListInput = z.input<typeof ReviewListInput>;

export const ReviewList = z.object({
  filter: ReviewFilter,
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Reviews matching the filter and dates, over every page. */
  total: z.number().int(),
  pageCount: z.number().int(),
  reviews: z.array(Review),
  /**
   * False when the awaiting filter stopped reading before the end (a store with a very large number
   * of recent reviews): the count is then a lower bound.
   */
  complete: z.boolean(),
  fetchedAt: z.string(),
});
export type ReviewList = z.infer<typeof ReviewList>;

const reviewRef = { merchantId: MerchantId, reviewId: z.guid() };

export const AnswerInput = z
  .object({
    ...reviewRef,
    /** Spec §4.3: 10 to 300 characters, counted after trimming the ends. */
    text: z.string().trim().min(ANSWER_MIN_CHARS).max(ANSWER_MAX_CHARS),
    idempotencyKey: IdempotencyKey.optional(),
  })
  .strict();
export type AnswerInput = z.input<typeof AnswerInput>;

/**
 * `sent`: the platform took the answer (201; a second post within 10 minutes edits it);
 * `refused`: the platform judged the text (422), with its reason (e.g. INAPPROPRIATE_CONTENT) and
 * its own words, so the screen can say what to change; `queued`: offline, it waits. Other failures (400, 403, 404, 409, no
 * connection) arrive as errors with their kind and status.
 */
export const AnswerOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('sent'), answer: ReviewAnswer }),
  z.object({ outcome: z.literal('refused'), reason: z.string().nullable(), message: z.string() }),
  /** The platform could not be reached: the answer waits in the store outbox and is sent once when it can. */
  z.object({ outcome: z.literal('queued'), action: StoreActionEntry }),
]);
export type AnswerOutcome = z.infer<typeof AnswerOutcome>;

export const reviewChannels = {
  'reviews:summary': channel(z.object({ merchantId: MerchantId }).strict(), ReviewSummary),
  'reviews:list': channel(ReviewListInput, ReviewList),
  'reviews:detail': channel(z.object(reviewRef).strict(), Review),
  'reviews:answer': channel(AnswerInput, AnswerOutcome),
} as const;
