import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReviewListInput } from '../../../src-shared/ipc/channels/reviews';
import type { Review, ReviewListQuery, ReviewPage } from '../../../src-shared/wire/review';
import { ApiError } from '../../../src-main/api/errors';
import { ManualClock } from '../../../src-main/base/clock';
import { reviewHandlers } from '../../../src-main/features/reviews/handlers';
import { allQuery, AWAITING_LOOKBACK_MS, AWAITING_MAX_PAGES, awaitingQuery, pageOf, refusalOf } from '../../../src-main/features/reviews/review-rules';

const STORE = '3f6c1f0e-8a51-4c1e-9d52-1b7a2f0c9e01';
const DAY = 86_400_000;
const input = (over: Record<string, unknown> = {}) => ReviewListInput.parse({ merchantId: STORE, ...over });

describe('reviews handlers: filter → API query', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');

  it('awaiting reads only the days in which a review can still await an answer', () => {
    assert.deepEqual(awaitingQuery(input({ filter: 'awaiting' }), now), {
      dateFrom: new Date(now - AWAITING_LOOKBACK_MS).toISOString(),
      sort: 'DESC',
      sortBy: 'CREATED_AT',
      pageSize: 50,
    });
    assert.ok(AWAITING_LOOKBACK_MS > 5 * DAY, 'more than the 5-day window (triage, clock skew)');
    // A later dateFrom narrows it; an earlier one is clamped; dateTo is kept.
    const from = new Date(now - DAY).toISOString();
    assert.equal(awaitingQuery(input({ filter: 'awaiting', dateFrom: from }), now)?.dateFrom, from);
    assert.equal(
      awaitingQuery(input({ filter: 'awaiting', dateFrom: '2020-01-01T00:00:00Z' }), now)?.dateFrom,
      new Date(now - AWAITING_LOOKBACK_MS).toISOString(),
    );
    const to = new Date(now - 2 * DAY).toISOString();
    assert.equal(awaitingQuery(input({ filter: 'awaiting', dateTo: to, sort: 'ASC' }), now)?.dateTo, to);
    // A range that ends before the window: nothing can await an answer, nothing is asked.
    assert.equal(awaitingQuery(input({ filter: 'awaiting', dateTo: new Date(now - 30 * DAY).toISOString() }), now), undefined);
  });

  it('all asks for one page with its count, passing dates and order through', () => {
    assert.deepEqual(allQuery(input({ page: 2, pageSize: 50, sort: 'ASC', sortBy: 'ORDER_DATE', dateFrom: '2026-11-01T03:00:00Z' })), {
      page: 2,
      pageSize: 50,
      addCount: true,
      dateFrom: '2026-11-01T03:00:00Z',
      sort: 'ASC',
      sortBy: 'ORDER_DATE',
    });
  });

  it('pages a filtered list', () => {
    const items = Array.from({ length: 7 }, (_, i) => ({ id: String(i) }) as Review);
    assert.deepEqual(
      pageOf(items, 1, 3).reviews.map((r) => r.id),
      ['0', '1', '2'],
    );
    assert.deepEqual(pageOf(items, 3, 3), { reviews: [items[6]], total: 7, pageCount: 3 });
    assert.deepEqual(pageOf([], 1, 20), { reviews: [], total: 0, pageCount: 0 });
  });

  it("a 422 becomes a refusal with the platform's reason and words; other errors stay errors", () => {
    const refused = ApiError.fromResponse({
      module: 'review',
      route: 'POST /answers',
      status: 422,
      body: { error: 'answer rejected: link', status: 422, details: { reason: 'INAPPROPRIATE_CONTENT' } },
    });
    assert.deepEqual(refusalOf(refused), { outcome: 'refused', reason: 'INAPPROPRIATE_CONTENT', message: 'answer rejected: link' });
    const bare = ApiError.fromResponse({ module: 'review', route: 'POST /answers', status: 422, body: null });
    assert.deepEqual(refusalOf(bare), { outcome: 'refused', reason: null, message: '' });
    assert.equal(refusalOf(ApiError.fromResponse({ module: 'review', route: 'POST /answers', status: 409, body: { error: 'x', status: 409 } })), undefined);
    assert.equal(refusalOf(new Error('boom')), undefined);
  });
});

describe('reviews handlers: the awaiting scan', () => {
  const mk = (i: number, status: string): Review => ({ id: `r${i}`, score: 3, status, createdAt: '2026-11-20T00:00:00Z', replies: [] });

  it('stops after the page cap and says the count is a lower bound', async () => {
    const asked: ReviewListQuery[] = [];
    const review = {
      async *pages(_m: string, query: ReviewListQuery): AsyncGenerator<ReviewPage> {
        asked.push(query);
        // An endless store: every page is full, one review in ten awaits an answer.
        for (let page = 1; ; page++)
          yield { page, size: 50, reviews: Array.from({ length: 50 }, (_, i) => mk(page * 50 + i, i % 10 === 0 ? 'NOT_REPLIED' : 'PUBLISHED')) };
      },
    };
    const handlers = reviewHandlers({
      review: review as never,
      clock: new ManualClock(),
      actions: { submit: () => Promise.reject(new Error('no answers here')) },
    });
    const result = await handlers['reviews:list'](input({ filter: 'awaiting', pageSize: 10 }) as never);
    assert.equal(result.total, AWAITING_MAX_PAGES * 5);
    assert.equal(result.complete, false);
    assert.equal(result.reviews.length, 10);
    assert.ok(result.reviews.every((r) => r.status === 'NOT_REPLIED'));
    assert.equal(asked.length, 1);
  });

  it('all without a count from the API still pages forward', async () => {
    const review = {
      listReviews: async (): Promise<ReviewPage> => ({ page: 2, size: 2, reviews: [mk(1, 'PUBLISHED'), mk(2, 'REPLIED')] }),
    };
    const handlers = reviewHandlers({
      review: review as never,
      clock: new ManualClock(),
      actions: { submit: () => Promise.reject(new Error('no answers here')) },
    });
    const result = await handlers['reviews:list'](input({ filter: 'all', page: 2, pageSize: 2 }) as never);
    assert.deepEqual({ total: result.total, pageCount: result.pageCount, complete: result.complete }, { total: 4, pageCount: 3, complete: false });
  });
});
