import { AppError, toAppError } from '../../../src-shared/errors';
import type { AnswerOutcome, ReviewList } from '../../../src-shared/ipc/channels/reviews';
import { MAX_REVIEW_PAGE_SIZE, ReviewAnswer, type Review } from '../../../src-shared/wire/review';
import type { ReviewApi } from '../../api/review';
import type { Clock } from '../../base/clock';
import { acceptedOrThrow, type StoreOutbox } from '../../sync/store-outbox';
import type { Handlers, HandlerInput } from '../../ipc/dispatcher';
import { allQuery, AWAITING_MAX_PAGES, awaitingQuery, pageOf, refusalOfInfo } from './review-rules';

type ReviewChannel = 'reviews:summary' | 'reviews:list' | 'reviews:detail' | 'reviews:answer';
type ListInput = HandlerInput<'reviews:list'>;

/**
 * A screen waits this long for the API (retries included) before it says the platform is slow; the
 * clerk can try again. Reviews are not cached, so there is nothing to fall back to.
 */
export const REVIEWS_BUDGET_MS = 20_000;

export interface ReviewHandlerDeps {
  review: Pick<ReviewApi, 'listReviews' | 'pages' | 'getReview' | 'answer' | 'getSummary'>;
  clock: Clock;
  budgetMs?: number;
  /** Answers go through the store outbox (senders.ts sends them). */
  actions: Pick<StoreOutbox, 'submit'>;
}

/** Reviews (spec §3.1): read on demand within a budget; answers through the store outbox. */
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
