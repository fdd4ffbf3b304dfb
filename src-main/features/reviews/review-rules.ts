import type { ErrorInfo } from '../../../src-shared/errors';
import { ANSWER_WINDOW_MS, type AnswerOutcome } from '../../../src-shared/ipc/channels/reviews';
import { MAX_REVIEW_PAGE_SIZE, type Review, type ReviewListQuery } from '../../../src-shared/wire/review';
import { ApiError } from '../../api/errors';
import type { HandlerInput } from '../../ipc/dispatcher';

type ListInput = HandlerInput<'reviews:list'>;

/**
 * How far back a review can still await an answer: the 5-day window (spec §3.1) plus a day for the
 * automatic triage (minutes) and for clocks that disagree. Older reviews are never NOT_REPLIED.
 */
export const AWAITING_LOOKBACK_MS = ANSWER_WINDOW_MS + 24 * 3600_000;
/** The awaiting filter reads at most this many pages of 50 (a thousand recent reviews). */
export const AWAITING_MAX_PAGES = 20;
/** A 422 kept in the outbox is the platform's verdict on the text, answered as a value. */
export function refusalOfInfo(info: ErrorInfo | null): Extract<AnswerOutcome, { outcome: 'refused' }> | undefined {
  if (info?.status !== 422) return undefined;
  return { outcome: 'refused', reason: info.reason ?? null, message: info.message };
}

/** The API query that reads the reviews which may still await an answer, within the chosen dates. */
export function awaitingQuery(input: ListInput, nowMs: number): ReviewListQuery | undefined {
  const earliest = nowMs - AWAITING_LOOKBACK_MS;
  const from = input.dateFrom ? Math.max(Date.parse(input.dateFrom), earliest) : earliest;
  if (input.dateTo && Date.parse(input.dateTo) < from) return undefined;
  return {
    dateFrom: new Date(from).toISOString(),
    ...(input.dateTo ? { dateTo: input.dateTo } : {}),
    sort: input.sort,
    sortBy: input.sortBy,
    pageSize: MAX_REVIEW_PAGE_SIZE,
  };
}

/** The API query of one page of the unfiltered list, with the count of every page. */
export function allQuery(input: ListInput): ReviewListQuery {
  return {
    page: input.page,
    pageSize: input.pageSize,
    addCount: true,
    ...(input.dateFrom ? { dateFrom: input.dateFrom } : {}),
    ...(input.dateTo ? { dateTo: input.dateTo } : {}),
    sort: input.sort,
    sortBy: input.sortBy,
  };
}

/** One page of an already filtered list. */
export function pageOf(reviews: readonly Review[], page: number, pageSize: number): { reviews: Review[]; total: number; pageCount: number } {
  const start = (page - 1) * pageSize;
  return { reviews: reviews.slice(start, start + pageSize), total: reviews.length, pageCount: Math.ceil(reviews.length / pageSize) };
}

/** A 422 of the review module is the platform's verdict on the text, answered as a value. */
export function refusalOf(error: unknown): Extract<AnswerOutcome, { outcome: 'refused' }> | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  return { outcome: 'refused', reason: error.body?.reason ?? null, message: error.body?.message ?? error.body?.code ?? '' };
}
