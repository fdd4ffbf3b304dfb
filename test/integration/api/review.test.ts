import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiError } from '../../../src-main/api/errors';
import type { Review } from '../../../src-shared/wire/review';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { connectApi, type ConnectedApi } from '../../support/app/api-client';
import { withSandbox } from '../../support/sandbox/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const failsWith = (code: string, status: number) => (error: unknown) => {
  assert.ok(error instanceof ApiError, String(error));
  assert.equal(error.code, code, error.message);
  assert.equal(error.status, status);
  assert.equal(error.retryable, false);
  return true;
};

describe('client ↔ sandbox: review module (spec §4.3, §7.2)', () => {
  let sandbox: Sandbox;
  let api: ConnectedApi;
  let now: number;
  const addReview = async (body: Record<string, unknown>): Promise<Review> => {
    const response = await sandbox.http.send('POST', '/_sandbox/reviews', { json: { merchantId: DEMO_PIZZERIA_ID, score: 4, ...body } });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body as Review;
  };

  before(async () => {
    sandbox = await withSandbox();
    api = await connectApi(sandbox.url);
    now = Date.parse(((await sandbox.http.send('GET', '/_sandbox/clock')).body as { now: string }).now);
    for (let i = 0; i < 23; i++) {
      await addReview({
        status: i % 2 === 0 ? 'PUBLISHED' : 'NOT_REPLIED',
        createdAt: new Date(now - (i + 1) * 3_600_000).toISOString(),
        comment: `review ${i}`,
      });
    }
  });
  after(async () => {
    await api.close();
    await sandbox.close();
  });

  it('lists a page with every query parameter; addCount adds total and pageCount', async () => {
    const page = await api.review.listReviews(DEMO_PIZZERIA_ID, { page: 1, pageSize: 5, addCount: true, sort: 'ASC', sortBy: 'CREATED_AT' });
    assert.equal(page.page, 1);
    assert.equal(page.size, 5);
    assert.equal(page.reviews.length, 5);
    assert.ok((page.total ?? 0) >= 23);
    assert.equal(page.pageCount, Math.ceil((page.total ?? 0) / 5));
    const times = page.reviews.map((r) => Date.parse(r.createdAt));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => a - b),
      'ascending',
    );
    const recent = await api.review.listReviews(DEMO_PIZZERIA_ID, {
      dateFrom: new Date(now - 5.5 * 3_600_000).toISOString(),
      dateTo: new Date(now).toISOString(),
      sort: 'DESC',
      sortBy: 'ORDER_DATE',
      pageSize: 50,
    });
    assert.equal(recent.reviews.filter((r) => r.comment?.startsWith('review ')).length, 5, 'the five reviews of the last 5.5 hours');
    assert.equal(recent.total ?? undefined, undefined, 'no count without addCount');
  });

  it('pages through every review with the async iterator, one request per page', async () => {
    const total = (await api.review.listReviews(DEMO_PIZZERIA_ID, { addCount: true })).total ?? 0;
    const before = api.answers.length;
    const ids = new Set<string>();
    for await (const review of api.review.reviews(DEMO_PIZZERIA_ID, { pageSize: 10 })) ids.add(review.id);
    assert.equal(ids.size, total);
    assert.equal(api.answers.length - before, Math.ceil(total / 10) + (total % 10 === 0 ? 1 : 0));
  });

  it('refuses a page size above 50 and a date that is not ISO 8601 (400); 403 and 404 for the store', async () => {
    await assert.rejects(api.review.listReviews(DEMO_PIZZERIA_ID, { pageSize: 51 }), failsWith('validation', 400));
    await assert.rejects(api.review.listReviews(DEMO_PIZZERIA_ID, { dateFrom: 'yesterday' }), failsWith('validation', 400));
    await assert.rejects(api.review.listReviews(OTHER_BAKERY_ID), failsWith('forbidden', 403));
    await assert.rejects(api.review.listReviews(UNKNOWN), failsWith('not-found', 404));
    await assert.rejects(api.review.getSummary(OTHER_BAKERY_ID), failsWith('forbidden', 403));
    await assert.rejects(api.review.getSummary(UNKNOWN), failsWith('not-found', 404));
  });

  it('reads one review with its questions and replies; 403 through another store, 404 unknown', async () => {
    const created = await addReview({ status: 'NOT_REPLIED', customerName: 'Bruna', comment: 'Pizza chegou fria' });
    const review = await api.review.getReview(DEMO_PIZZERIA_ID, created.id);
    assert.equal(review.id, created.id);
    assert.equal(review.customerName, 'Bruna');
    assert.ok(Array.isArray(review.replies));
    await assert.rejects(api.review.getReview(DEMO_GROCERY_ID, created.id), failsWith('forbidden', 403));
    await assert.rejects(api.review.getReview(DEMO_PIZZERIA_ID, UNKNOWN), failsWith('not-found', 404));
  });

  it('answers a NOT_REPLIED review and edits it; the documented refusals are typed', async () => {
    const open = await addReview({ status: 'NOT_REPLIED', comment: 'Demorou um pouco' });
    const answer = await api.review.answer(DEMO_PIZZERIA_ID, open.id, 'Obrigado pelo retorno, vamos melhorar o tempo de entrega!');
    assert.equal(answer.reviewId, open.id);
    const edited = await api.review.answer(DEMO_PIZZERIA_ID, open.id, 'Obrigado! Ajustamos a rota de entrega da pizzaria.');
    assert.match(edited.text, /Ajustamos/);
    const replies = (await api.review.getReview(DEMO_PIZZERIA_ID, open.id)).replies.filter((r) => r.from === 'MERCHANT');
    assert.equal(replies.length, 1, 'an edit within 10 minutes replaces the answer');

    const published = await addReview({ status: 'PUBLISHED' });
    await assert.rejects(api.review.answer(DEMO_PIZZERIA_ID, published.id, 'Obrigado pela avaliação!'), failsWith('conflict', 409));
    const another = await addReview({ status: 'NOT_REPLIED' });
    await assert.rejects(api.review.answer(DEMO_PIZZERIA_ID, another.id, 'curto'), failsWith('validation', 400));
    await assert.rejects(api.review.answer(DEMO_PIZZERIA_ID, another.id, 'x'.repeat(301)), failsWith('validation', 400));
    await assert.rejects(api.review.answer(DEMO_PIZZERIA_ID, another.id, 'Use o cupom em www.promo-pizza.com na próxima'), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 422);
      assert.equal(error.body?.reason, 'INAPPROPRIATE_CONTENT');
      return true;
    });
    await assert.rejects(api.review.answer(DEMO_PIZZERIA_ID, UNKNOWN, 'Obrigado pela avaliação!'), failsWith('not-found', 404));
  });

  it('reads the summary: totals and the score of valid reviews', async () => {
    const summary = await api.review.getSummary(DEMO_PIZZERIA_ID);
    assert.ok(summary.totalReviewsCount >= 23);
    assert.ok(summary.validReviewsCount <= summary.totalReviewsCount);
    if (summary.validReviewsCount > 0) assert.ok((summary.score ?? 0) >= 1 && (summary.score ?? 0) <= 5);
  });
});
