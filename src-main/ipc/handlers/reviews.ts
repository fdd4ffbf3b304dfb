import { AppError, ReportedError, toAppError, type ErrorInfo } from '../../../src-shared/errors';
import { ANSWER_WINDOW_MS, type AnswerOutcome, type ReviewList } from '../../../src-shared/ipc/channels/reviews';
import { MAX_REVIEW_PAGE_SIZE, ReviewAnswer, type Review, type ReviewListQuery } from '../../../src-shared/wire/review';
import { ApiError } from '../../api/errors';
import type { ReviewApi } from '../../api/review';
import type { Clock } from '../../base/clock';
import { acceptedOrThrow, type StoreActionQueue } from '../../sync/store-action-queue';
import type { Handlers, HandlerInput } from '../dispatcher';

type ReviewChannel = 'reviews:summary' | 'reviews:list' | 'reviews:detail' | 'reviews:answer';
type ListInput = HandlerInput<'reviews:list'>;

/**
 * How far back a review can still await an answer: the 5-day window (spec §3.1) plus a day for the
 * automatic triage (minutes) and for clocks that disagree. Older reviews are never NOT_REPLIED.
 */
export const AWAITING_LOOKBACK_MS = ANSWER_WINDOW_MS + 24 * 3600_000;
/** The awaiting filter reads at most this many pages of 50 (a thousand recent reviews). */
export const AWAITING_MAX_PAGES = 20;
/**
 * A screen waits this long for the API (retries included) before it says the platform is slow; the
 * clerk can try again. Reviews are not cached, so there is nothing to fall back to.
 */
export const REVIEWS_BUDGET_MS = 20_000;

export interface ReviewHandlerDeps {
  review: Pick<ReviewApi, 'listReviews' | 'pages' | 'getReview' | 'answer' | 'getSummary'>;
  clock: Clock;
  budgetMs?: number;
  /** Answers go through the store outbox (registerReviewActions sends them). */
  actions: Pick<StoreActionQueue, 'submit'>;
}

/**
 * How a review answer reaches the platform through the store outbox. A resend after a lost answer
 * first looks at the review: the store's reply with the same text there means it arrived.
 */
export function registerReviewActions(queue: Pick<StoreActionQueue, 'register'>, review: Pick<ReviewApi, 'answer' | 'getReview'>): void {
  queue.register('answerReview', {
    send: async (merchantId, { reviewId, text }, signal) => {
      try {
        return await review.answer(merchantId, String(reviewId), String(text), { signal });
      } catch (error) {
        // The platform's verdict on the text is kept in its own words, for the clerk to fix it.
        const refused = refusalOf(error);
        if (refused) throw new ReportedError({ code: 'validation', status: 422, message: refused.message, ...(refused.reason ? { reason: refused.reason } : {}) });
        throw error;
      }
    },
    alreadyDone: async (merchantId, { reviewId, text }, signal) => {
      const found = (await review.getReview(merchantId, String(reviewId), { signal })).replies?.find((r) => r.from === 'MERCHANT' && r.text === text);
      return found ? { result: { createdAt: found.createdAt, reviewId, text: found.text } } : undefined;
    },
  });
}

/** A 422 kept in the outbox is the platform's verdict on the text, answered as a value. */
function refusalOfInfo(info: ErrorInfo | null): Extract<AnswerOutcome, { outcome: 'refused' }> | undefined {
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

export function reviewHandlers(deps: ReviewHandlerDeps): Pick<Handlers, ReviewChannel> {
  const { review, clock } = deps;
  const budgetMs = deps.budgetMs ?? REVIEWS_BUDGET_MS;

  /** Runs one screen's worth of API calls within the budget; running out of it is a timeout. */
  const withinBudget = async <T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const signal = AbortSignal.timeout(budgetMs);
    try {
      return await work(signal);
    } catch (error) {
      if (signal.aborted && toAppError(error).code === 'aborted') {
        throw new AppError('timeout', `the platform did not answer within ${budgetMs / 1000} s`, { cause: error });
      }
      throw error;
    }
  };

  const listAwaiting = async (input: ListInput, signal: AbortSignal): Promise<Omit<ReviewList, 'fetchedAt'>> => {
    const query = awaitingQuery(input, clock.now());
    const awaiting: Review[] = [];
    let complete = true;
    if (query) {
      let pages = 0;
      for await (const page of review.pages(input.merchantId, query, { signal })) {
        awaiting.push(...page.reviews.filter((r) => r.status === 'NOT_REPLIED'));
        if (++pages >= AWAITING_MAX_PAGES) {
          complete = page.reviews.length < MAX_REVIEW_PAGE_SIZE;
          break;
        }
      }
    }
    return { filter: 'awaiting', page: input.page, pageSize: input.pageSize, complete, ...pageOf(awaiting, input.page, input.pageSize) };
  };

  const listAll = async (input: ListInput, signal: AbortSignal): Promise<Omit<ReviewList, 'fetchedAt'>> => {
    const result = await review.listReviews(input.merchantId, allQuery(input), { signal });
    const counted = typeof result.total === 'number' && typeof result.pageCount === 'number';
    // Without the count (an API that ignored addCount), say as much as the page itself tells.
    const seen = (input.page - 1) * input.pageSize + result.reviews.length;
    const more = result.reviews.length >= input.pageSize;
    return {
      filter: 'all',
      page: input.page,
      pageSize: input.pageSize,
      reviews: result.reviews,
      total: counted ? (result.total ?? 0) : seen,
      pageCount: counted ? (result.pageCount ?? 0) : more ? input.page + 1 : input.page,
      complete: counted,
    };
  };

  return {
    'reviews:summary': ({ merchantId }) => withinBudget((signal) => review.getSummary(merchantId, { signal })),

    'reviews:list': (input) =>
      withinBudget(async (signal) => ({
        ...(input.filter === 'awaiting' ? await listAwaiting(input, signal) : await listAll(input, signal)),
        fetchedAt: new Date(clock.now()).toISOString(),
      })),

    'reviews:detail': ({ merchantId, reviewId }) => withinBudget((signal) => review.getReview(merchantId, reviewId, { signal })),

    'reviews:answer': async ({ merchantId, reviewId, text }): Promise<AnswerOutcome> => {
      const entry = await deps.actions.submit({ merchantId, kind: 'answerReview', subject: reviewId, payload: { reviewId, text } });
      if (entry.state === 'queued') return { outcome: 'queued', action: entry };
      const refused = refusalOfInfo(entry.reason);
      if (refused) return refused;
      return { outcome: 'sent', answer: ReviewAnswer.parse(acceptedOrThrow(entry).result) };
    },
  };
}
