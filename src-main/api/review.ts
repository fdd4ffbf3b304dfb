import { MAX_REVIEW_PAGE_SIZE, Review, ReviewAnswer, ReviewPage, ReviewSummary, type ReviewListQuery } from '../../src-shared/wire/review';
import type { ApiClient, CallOptions } from './client';

const PREFIX = '/review/v2.0';
const seg = encodeURIComponent;

/** Review module (spec §4.3): list (paged), detail, answer, summary. */
export class ReviewApi {
  constructor(private readonly client: ApiClient) {}

  /** One page; `page` starts at 1, `pageSize` at most 50; `addCount` adds total and pageCount. */
  listReviews(merchantId: string, query: ReviewListQuery = {}, options?: CallOptions): Promise<ReviewPage> {
    return this.client.call(
      {
        module: 'review',
        method: 'GET',
        route: 'GET /merchants/{merchantId}/reviews',
        path: `${PREFIX}/merchants/${seg(merchantId)}/reviews`,
        query: { ...query },
        merchantId,
        schema: ReviewPage,
      },
      options,
    );
  }

  /**
   * Every page from `query.page` (default 1) on, one request at a time as the consumer asks for
   * the next; stops after a short page, an empty page, or the last of `pageCount`.
   */
  async *pages(merchantId: string, query: ReviewListQuery = {}, options?: CallOptions): AsyncGenerator<ReviewPage, void, undefined> {
    const pageSize = Math.min(query.pageSize ?? MAX_REVIEW_PAGE_SIZE, MAX_REVIEW_PAGE_SIZE);
    let page = query.page ?? 1;
    for (;;) {
      const result = await this.listReviews(merchantId, { ...query, page, pageSize }, options);
      yield result;
      const last = result.pageCount !== undefined && result.pageCount !== null ? page >= result.pageCount : false;
      if (last || result.reviews.length < pageSize || result.reviews.length === 0) return;
      page++;
    }
  }

  /** Every review, page after page. */
  async *reviews(merchantId: string, query: ReviewListQuery = {}, options?: CallOptions): AsyncGenerator<Review, void, undefined> {
    for await (const page of this.pages(merchantId, query, options)) yield* page.reviews;
  }

  /** The full review, with questions and replies; 403 when it belongs to another store. */
  getReview(merchantId: string, reviewId: string, options?: CallOptions): Promise<Review> {
    return this.client.call(
      {
        module: 'review',
        method: 'GET',
        route: 'GET /merchants/{merchantId}/reviews/{reviewId}',
        path: `${PREFIX}/merchants/${seg(merchantId)}/reviews/${seg(reviewId)}`,
        merchantId,
        schema: Review,
      },
      options,
    );
  }

  /**
   * Answers a NOT_REPLIED review (201). Text of 10 to 300 characters; 409 when the review no longer
   * takes an answer, 422 with reason INAPPROPRIATE_CONTENT when the text breaks the guidelines.
   * Posting again within 10 minutes edits the answer.
   */
  answer(merchantId: string, reviewId: string, text: string, options?: CallOptions): Promise<ReviewAnswer> {
    return this.client.call(
      {
        module: 'review',
        method: 'POST',
        route: 'POST /merchants/{merchantId}/reviews/{reviewId}/answers',
        path: `${PREFIX}/merchants/${seg(merchantId)}/reviews/${seg(reviewId)}/answers`,
        json: { text },
        merchantId,
        schema: ReviewAnswer,
      },
      options,
    );
  }

  getSummary(merchantId: string, options?: CallOptions): Promise<ReviewSummary> {
    return this.client.call(
      {
        module: 'review',
        method: 'GET',
        route: 'GET /merchants/{merchantId}/summary',
        path: `${PREFIX}/merchants/${seg(merchantId)}/summary`,
        merchantId,
        schema: ReviewSummary,
      },
      options,
    );
  }
}
