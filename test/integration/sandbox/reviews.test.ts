import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Review, ReviewAnswer, ReviewPage, ReviewSummary } from '../../../src-shared/wire/review';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { withSandbox } from '../../support/sandbox/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const R = `/review/v2.0/merchants`;
const MIN = 60;
const DAY = 24 * 3600;

describe('sandbox reviews (spec §2.3, §3.1, §4.3, §7.2)', () => {
  let sandbox: Sandbox;
  let demo: string;
  const get = (path: string) => sandbox.http.send('GET', path, { token: demo });
  const list = async (merchantId: string, query = '') => {
    const response = await get(`${R}/${merchantId}/reviews${query}`);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return ReviewPage.parse(response.body);
  };
  const all = async (merchantId = DEMO_RESTAURANT_ID) => (await list(merchantId, '?pageSize=50')).reviews;
  const detail = async (id: string, merchantId = DEMO_RESTAURANT_ID) => Review.parse((await get(`${R}/${merchantId}/reviews/${id}`)).body);
  const answer = (id: string, text: unknown, merchantId = DEMO_RESTAURANT_ID) =>
    sandbox.http.send('POST', `${R}/${merchantId}/reviews/${id}/answers`, { token: demo, json: { text } });
  // Moving the clock past the token's hour needs a fresh token.
  const advance = async (advanceSeconds: number) => {
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds } });
    demo = await sandbox.http.token();
  };
  const createReview = async (json: Record<string, unknown>) => {
    const response = await sandbox.http.send('POST', '/_sandbox/reviews', { json: { merchantId: DEMO_RESTAURANT_ID, ...json } });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return Review.parse(response.body);
  };
  const expectError = (response: { status: number; body: unknown }, status: number) => {
    assert.equal(response.status, status);
    const body = response.body as { error: unknown; status: unknown };
    assert.equal(body.status, status);
    assert.equal(typeof body.error, 'string');
  };
  const firstWith = async (status: string) => {
    const found = (await all()).find((r) => r.status === status);
    assert.ok(found, `a seeded ${status} review`);
    return found;
  };

  before(async () => (sandbox = await withSandbox()));
  beforeEach(async () => {
    await sandbox.http.send('POST', '/_sandbox/reset');
    demo = await sandbox.http.token();
  });
  after(() => sandbox.close());

  describe('list', () => {
    it('seeds reviews in every status, v1 and v2, PUBLIC and PRIVATE', async () => {
      const reviews = await all();
      assert.deepEqual(new Set(reviews.map((r) => r.status)), new Set(['CREATED', 'NOT_REPLIED', 'REPLIED', 'PUBLISHED', 'INVALID', 'DISCARDED']));
      assert.deepEqual(new Set(reviews.map((r) => r.version)), new Set(['v1', 'v2']));
      assert.deepEqual(new Set(reviews.map((r) => r.visibility)), new Set(['PUBLIC', 'PRIVATE']));
      for (const id of [DEMO_GROCERY_ID]) assert.ok((await all(id)).length > 0);
    });

    it('defaults to page 1, 10 per page, newest first, without counts; list items carry no customerName', async () => {
      const page = await list(DEMO_RESTAURANT_ID);
      assert.equal(page.page, 1);
      assert.equal(page.size, 10);
      assert.equal(page.reviews.length, 10);
      assert.equal(page.total, undefined);
      assert.equal(page.pageCount, undefined);
      const times = page.reviews.map((r) => Date.parse(r.createdAt));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
      );
      assert.equal(page.reviews[0]?.customerName, undefined);
      assert.ok(page.reviews.every((r) => r.order?.id && r.order.shortId));
    });

    it('pages with page and pageSize, and counts with addCount', async () => {
      const first = await list(DEMO_RESTAURANT_ID, '?addCount=true&pageSize=4');
      assert.equal(first.total, 15);
      assert.equal(first.pageCount, 4);
      const last = await list(DEMO_RESTAURANT_ID, '?addCount=true&pageSize=4&page=4');
      assert.equal(last.reviews.length, 3);
      const beyond = await list(DEMO_RESTAURANT_ID, '?page=9');
      assert.equal(beyond.reviews.length, 0);
      assert.equal((await list(DEMO_RESTAURANT_ID, '?pageSize=50')).reviews.length, 15);
      const ids = new Set<string>();
      for (let page = 1; page <= 4; page++) for (const r of (await list(DEMO_RESTAURANT_ID, `?pageSize=4&page=${page}`)).reviews) ids.add(r.id);
      assert.equal(ids.size, 15, 'pages do not repeat or skip reviews');
    });

    it('sorts ASC or DESC by CREATED_AT or ORDER_DATE', async () => {
      const asc = (await list(DEMO_RESTAURANT_ID, '?pageSize=50&sort=ASC')).reviews.map((r) => Date.parse(r.createdAt));
      assert.deepEqual(
        asc,
        [...asc].sort((a, b) => a - b),
      );
      const byOrder = (await list(DEMO_RESTAURANT_ID, '?pageSize=50&sortBy=ORDER_DATE&sort=ASC')).reviews.map((r) => Date.parse(r.order?.createdAt ?? ''));
      assert.deepEqual(
        byOrder,
        [...byOrder].sort((a, b) => a - b),
      );
    });

    it('filters by dateFrom and dateTo (ISO 8601 with zone)', async () => {
      const now = sandbox.world.clock.now();
      const from = new Date(now - 3 * DAY * 1000).toISOString();
      const to = new Date(now - 3600 * 1000).toISOString();
      const page = await list(DEMO_RESTAURANT_ID, `?pageSize=50&dateFrom=${from}&dateTo=${to}`);
      assert.ok(page.reviews.length > 0);
      for (const r of page.reviews) {
        assert.ok(Date.parse(r.createdAt) >= Date.parse(from) && Date.parse(r.createdAt) <= Date.parse(to));
      }
      const offset = new Date(now - 3 * DAY * 1000 - 3 * 3600_000).toISOString().replace('Z', '-03:00');
      assert.equal((await list(DEMO_RESTAURANT_ID, `?pageSize=50&dateFrom=${encodeURIComponent(offset)}&dateTo=${to}`)).reviews.length, page.reviews.length);
    });

    it('answers 400 for pageSize above 50, bad page numbers, dates without zone, and unknown sort values', async () => {
      for (const query of [
        '?pageSize=51',
        '?pageSize=0',
        '?pageSize=ten',
        '?page=0',
        '?page=-1',
        '?page=1.5',
        '?dateFrom=2025-01-01',
        '?dateFrom=2025-01-01T10:00:00',
        '?dateTo=yesterday',
        '?sort=UP',
        '?sortBy=SCORE',
        '?addCount=yes',
      ]) {
        expectError(await get(`${R}/${DEMO_RESTAURANT_ID}/reviews${query}`), 400);
      }
    });

    it('answers 401 without a token, 403 for a foreign merchant, 404 for an unknown one; limit 2000/min', async () => {
      expectError(await sandbox.http.send('GET', `${R}/${DEMO_RESTAURANT_ID}/reviews`), 401);
      expectError(await get(`${R}/${OTHER_BAKERY_ID}/reviews`), 403);
      expectError(await get(`${R}/00000000-0000-4000-8000-000000000000/reviews`), 404);
      assert.equal((await get(`${R}/${DEMO_RESTAURANT_ID}/reviews`)).headers['x-ratelimit-limit'], '2000');
    });
  });

  describe('detail', () => {
    it('carries customerName, questions, replies and surveyId', async () => {
      const replied = await firstWith('REPLIED');
      const review = await detail(replied.id);
      assert.ok(review.customerName);
      assert.ok(review.surveyId);
      assert.ok((review.questions?.length ?? 0) >= 2);
      assert.ok(review.questions?.every((q) => ['RATING', 'CHOICE', 'BINARY'].includes(q.type) && q.answers.length > 0));
      assert.equal(review.replies[0]?.from, 'MERCHANT');
    });

    it("carries each question with its customer's own answers, agreeing with the score (not the whole questionnaire)", async () => {
      const answers = (review: Review) => Object.fromEntries((review.questions ?? []).map((q) => [q.type, q.answers.map((a) => a.title)]));
      const unhappy = await detail((await createReview({ score: 2, status: 'NOT_REPLIED' })).id);
      assert.deepEqual(answers(unhappy), { RATING: ['2'], CHOICE: ['Embalagem'], BINARY: ['Não'] });
      const happy = await detail((await createReview({ score: 4.6, status: 'NOT_REPLIED' })).id);
      assert.deepEqual(answers(happy), { RATING: ['5'], CHOICE: ['Sabor', 'Tamanho da porção'], BINARY: ['Sim'] });
      // The same answer has the same id on every review (the questionnaire's), and a v1 survey has no "order again".
      const again = await detail((await createReview({ score: 2, status: 'PUBLISHED' })).id);
      assert.deepEqual(
        again.questions?.map((q) => q.answers.map((a) => a.id)),
        unhappy.questions?.map((q) => q.answers.map((a) => a.id)),
      );
      const legacy = await detail((await createReview({ score: 3, status: 'PUBLISHED', version: 'v1' })).id);
      assert.deepEqual(answers(legacy), { RATING: ['3'], CHOICE: ['Tamanho da porção'] });
      for (const seeded of await all()) {
        const full = await detail(seeded.id);
        const rating = full.questions?.find((q) => q.type === 'RATING');
        assert.deepEqual(
          rating?.answers.map((a) => a.title),
          [String(Math.round(full.score))],
          `the seeded review ${full.id} rates as it scores`,
        );
      }
    });

    it('answers 404 for an unknown review and 403 for a review of another merchant', async () => {
      expectError(await get(`${R}/${DEMO_RESTAURANT_ID}/reviews/00000000-0000-4000-8000-000000000000`), 404);
      const groceryReview = (await all(DEMO_GROCERY_ID))[0]!;
      expectError(await get(`${R}/${DEMO_RESTAURANT_ID}/reviews/${groceryReview.id}`), 403);
      expectError(await sandbox.http.send('GET', `${R}/${DEMO_RESTAURANT_ID}/reviews/${groceryReview.id}`), 401);
    });
  });

  describe('answer', () => {
    it('answers a NOT_REPLIED review (201) and the review becomes REPLIED with the merchant reply', async () => {
      const target = await firstWith('NOT_REPLIED');
      const response = await answer(target.id, 'Sorry about that, we will do better.');
      assert.equal(response.status, 201);
      const body = ReviewAnswer.parse(response.body);
      assert.equal(body.reviewId, target.id);
      assert.equal(body.text, 'Sorry about that, we will do better.');
      const after = await detail(target.id);
      assert.equal(after.status, 'REPLIED');
      assert.equal(after.replies.at(-1)?.text, body.text);
      assert.equal(after.replies.at(-1)?.from, 'MERCHANT');
    });

    it('edits the answer by posting again within 10 minutes, and refuses with 409 after', async () => {
      const target = await firstWith('NOT_REPLIED');
      const first = ReviewAnswer.parse((await answer(target.id, 'First version of our answer.')).body);
      await advance(9 * MIN);
      const edit = await answer(target.id, 'Second version of our answer.');
      assert.equal(edit.status, 201);
      assert.equal(ReviewAnswer.parse(edit.body).createdAt, first.createdAt, 'the edit keeps the time the answer was sent');
      const review = await detail(target.id);
      assert.deepEqual(
        review.replies.filter((r) => r.from === 'MERCHANT').map((r) => r.text),
        ['Second version of our answer.'],
      );
      await advance(MIN + 5);
      expectError(await answer(target.id, 'Third version, too late now.'), 409);
      assert.equal((await detail(target.id)).replies.at(-1)?.text, 'Second version of our answer.');
    });

    it('answers 409 when the status is not NOT_REPLIED (published, discarded, invalid, created, replied long ago)', async () => {
      for (const status of ['PUBLISHED', 'DISCARDED', 'INVALID', 'CREATED', 'REPLIED']) {
        const target = await firstWith(status);
        expectError(await answer(target.id, 'Thank you very much for your review!'), 409);
      }
      const controlReplied = await createReview({ score: 3, comment: 'ok', status: 'REPLIED' });
      expectError(await answer(controlReplied.id, 'Thank you very much for your review!'), 409);
    });

    it('checks the text: 10 to 300 characters (400 otherwise)', async () => {
      const target = await firstWith('NOT_REPLIED');
      expectError(await answer(target.id, 'x'.repeat(9)), 400);
      expectError(await answer(target.id, 'x'.repeat(301)), 400);
      expectError(await answer(target.id, 42), 400);
      expectError(await sandbox.http.send('POST', `${R}/${DEMO_RESTAURANT_ID}/reviews/${target.id}/answers`, { token: demo, json: {} }), 400);
      expectError(await sandbox.http.send('POST', `${R}/${DEMO_RESTAURANT_ID}/reviews/${target.id}/answers`, { token: demo, raw: '{"text":' }), 400);
      assert.equal((await detail(target.id)).status, 'NOT_REPLIED');
      assert.equal((await answer(target.id, 'x'.repeat(300))).status, 201);
      const other = (await all()).find((r) => r.status === 'NOT_REPLIED');
      assert.equal((await answer(other!.id, 'x'.repeat(10))).status, 201);
    });

    it('answers 422 INAPPROPRIATE_CONTENT for insults, customer personal data, links and promotions; the review is unchanged', async () => {
      const target = await firstWith('NOT_REPLIED');
      for (const text of [
        'You are an idiot, the food was fine.',
        'Você é um IDIOTA, a comida estava ótima.',
        'Call us at +55 (11) 98765-4321 to sort it out.',
        'Write to ana.souza@example.com and we will help.',
        'See our menu at https://example.com/menu today.',
        'Visit www.cantina-da-vila.example for more.',
        'Use the coupon VOLTA10 on your next order!',
      ]) {
        const response = await answer(target.id, text);
        expectError(response, 422);
        assert.deepEqual((response.body as { details: unknown }).details, { reason: 'INAPPROPRIATE_CONTENT' });
      }
      assert.equal((await detail(target.id)).status, 'NOT_REPLIED');
    });

    it('answers 404 for an unknown review, 403 for a review of another merchant or store, 401 without a token', async () => {
      expectError(await answer('00000000-0000-4000-8000-000000000000', 'Thank you for the review!'), 404);
      const groceryReview = (await all(DEMO_GROCERY_ID)).find((r) => r.status === 'NOT_REPLIED')!;
      expectError(await answer(groceryReview.id, 'Thank you for the review!'), 403);
      expectError(await answer(groceryReview.id, 'Thank you for the review!', OTHER_BAKERY_ID), 403);
      expectError(
        await sandbox.http.send('POST', `${R}/${DEMO_RESTAURANT_ID}/reviews/${groceryReview.id}/answers`, { json: { text: 'Thank you for the review!' } }),
        401,
      );
    });
  });

  describe('status machine on the clock', () => {
    it('triages CREATED after a few minutes: needs an answer → NOT_REPLIED → PUBLISHED after 5 days', async () => {
      const review = await createReview({ score: 2, comment: 'Cold food.' });
      assert.equal(review.status, 'CREATED');
      await advance(2 * MIN);
      assert.equal((await detail(review.id)).status, 'CREATED');
      await advance(MIN + 1);
      assert.equal((await detail(review.id)).status, 'NOT_REPLIED');
      await advance(5 * DAY - 10);
      assert.equal((await detail(review.id)).status, 'NOT_REPLIED');
      await advance(20);
      assert.equal((await detail(review.id)).status, 'PUBLISHED');
    });

    it('publishes at triage a good review without comment; marks INVALID a comment that insults', async () => {
      const good = await createReview({ score: 5 });
      const rude = await createReview({ score: 1, comment: 'What a bunch of morons.' });
      await advance(3 * MIN + 1);
      assert.equal((await detail(good.id)).status, 'PUBLISHED');
      assert.equal((await detail(rude.id)).status, 'INVALID');
    });

    it('publishes a REPLIED review 5 days after the answer (customer reaction window)', async () => {
      const review = await createReview({ score: 3, comment: 'Average.', status: 'NOT_REPLIED' });
      assert.equal((await answer(review.id, 'Thanks, we will improve the recipe.')).status, 201);
      await advance(5 * DAY - 10);
      assert.equal((await detail(review.id)).status, 'REPLIED');
      await advance(20);
      assert.equal((await detail(review.id)).status, 'PUBLISHED');
    });
  });

  describe('summary', () => {
    const summary = async (merchantId = DEMO_RESTAURANT_ID) => {
      const response = await get(`${R}/${merchantId}/summary`);
      assert.equal(response.status, 200);
      return ReviewSummary.parse(response.body);
    };

    it('counts all reviews and the valid ones (PUBLISHED, PUBLIC, last 3 months) with their mean', async () => {
      const reviews = await all();
      const now = sandbox.world.clock.now();
      const windowStart = new Date(now);
      windowStart.setUTCMonth(windowStart.getUTCMonth() - 3);
      const valid = reviews.filter((r) => r.status === 'PUBLISHED' && r.visibility === 'PUBLIC' && Date.parse(r.createdAt) >= windowStart.getTime());
      const s = await summary();
      assert.equal(s.totalReviewsCount, reviews.length);
      assert.equal(s.validReviewsCount, valid.length);
      assert.ok(valid.length > 0 && valid.length < reviews.filter((r) => r.status === 'PUBLISHED').length, 'private and old ones do not count');
      assert.equal(s.score, Math.round((valid.reduce((t, r) => t + r.score, 0) / valid.length) * 100) / 100);
    });

    it('moves with new reviews: a private or old published review does not count, a public recent one does', async () => {
      const before = await summary();
      await createReview({ score: 1, status: 'PUBLISHED', visibility: 'PRIVATE' });
      await createReview({ score: 1, status: 'PUBLISHED', createdAt: new Date(sandbox.world.clock.now() - 100 * DAY * 1000).toISOString() });
      let s = await summary();
      assert.equal(s.totalReviewsCount, before.totalReviewsCount + 2);
      assert.equal(s.validReviewsCount, before.validReviewsCount);
      await createReview({ score: 1, status: 'PUBLISHED' });
      s = await summary();
      assert.equal(s.validReviewsCount, before.validReviewsCount + 1);
      assert.ok((s.score ?? 5) < (before.score ?? 0));
    });

    it('has a null score when no review counts', async () => {
      const response = await sandbox.http.send('GET', `${R}/${OTHER_BAKERY_ID}/summary`, { token: await sandbox.http.token('other', 'other-secret') });
      assert.equal(response.status, 200);
      for (const r of sandbox.world.reviews.of(OTHER_BAKERY_ID)) r.visibility = 'PRIVATE';
      const empty = ReviewSummary.parse(
        (await sandbox.http.send('GET', `${R}/${OTHER_BAKERY_ID}/summary`, { token: await sandbox.http.token('other', 'other-secret') })).body,
      );
      assert.equal(empty.validReviewsCount, 0);
      assert.equal(empty.score, null);
    });

    it('answers 401, 403 and 404 like the list', async () => {
      expectError(await sandbox.http.send('GET', `${R}/${DEMO_RESTAURANT_ID}/summary`), 401);
      expectError(await get(`${R}/${OTHER_BAKERY_ID}/summary`), 403);
      expectError(await get(`${R}/00000000-0000-4000-8000-000000000000/summary`), 404);
    });
  });

  describe('control route POST /_sandbox/reviews', () => {
    it('creates a review in any status, visibility, version and age (201)', async () => {
      const createdAt = new Date(sandbox.world.clock.now() - 30 * DAY * 1000).toISOString();
      const review = await createReview({ score: 4.5, comment: 'Nice', status: 'PUBLISHED', visibility: 'PRIVATE', version: 'v1', createdAt });
      assert.equal(review.status, 'PUBLISHED');
      assert.equal(review.visibility, 'PRIVATE');
      assert.equal(review.version, 'v1');
      assert.equal(Date.parse(review.createdAt), Date.parse(createdAt));
      assert.ok((await all()).some((r) => r.id === review.id));
    });

    it('answers 400 for bad bodies and future dates, 404 for an unknown merchant', async () => {
      for (const json of [
        { merchantId: DEMO_RESTAURANT_ID },
        { merchantId: DEMO_RESTAURANT_ID, score: 6 },
        { merchantId: DEMO_RESTAURANT_ID, score: 0 },
        { merchantId: DEMO_RESTAURANT_ID, score: '5' },
        { merchantId: DEMO_RESTAURANT_ID, score: 5, status: 'LOST' },
        { merchantId: DEMO_RESTAURANT_ID, score: 5, visibility: 'HIDDEN' },
        { merchantId: DEMO_RESTAURANT_ID, score: 5, createdAt: '2025-01-01' },
        { merchantId: DEMO_RESTAURANT_ID, score: 5, createdAt: new Date(sandbox.world.clock.now() + DAY * 1000).toISOString() },
      ]) {
        const response = await sandbox.http.send('POST', '/_sandbox/reviews', { json });
        assert.equal(response.status, 400, JSON.stringify(json));
      }
      const unknown = await sandbox.http.send('POST', '/_sandbox/reviews', { json: { merchantId: 'nope', score: 5 } });
      assert.equal(unknown.status, 404);
    });
  });
});
