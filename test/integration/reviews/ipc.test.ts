import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import type { AnswerOutcome, ReviewList } from '../../../src-shared/ipc/channels/reviews';
import type { Review, ReviewSummary } from '../../../src-shared/wire/review';
import type { Clock } from '../../../src-main/base/clock';
import { IpcDispatcher, type Handlers } from '../../../src-main/ipc/dispatcher';
import { reviewHandlers } from '../../../src-main/features/reviews/handlers';
import { reviewSenders } from '../../../src-main/features/reviews/senders';
import { StoreOutboxDb } from '../../../src-main/db/store-outbox/store-outbox-db';
import { StoreOutbox } from '../../../src-main/sync/store-outbox';
import { silentLogger } from '../../../src-main/base/log';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { connectApi, type ConnectedApi } from '../../support/app/api-client';
import { testClock } from '../../support/clock';
import { withSandbox } from '../../support/sandbox/sandbox';

/**
 * The reviews channels through the real dispatcher (inputs parsed by the contract) and the real API
 * client, against a sandbox. The app's clock follows the sandbox's simulated clock, so the 5-day and
 * 10-minute rules are reached by moving it.
 */
describe('reviews IPC against the sandbox', () => {
  let sandbox: Awaited<ReturnType<typeof withSandbox>>;
  let api: ConnectedApi;
  let ipc: IpcDispatcher;
  let offsetMs = 0;
  const pinned = testClock();
  const clock: Clock = { now: () => pinned.now() + offsetMs, sleep: pinned.sleep };

  const invoke = async <T>(channel: string, input: unknown): Promise<IpcResult<T>> => (await ipc.invoke(channel, input)) as IpcResult<T>;
  const ok = async <T>(channel: string, input: unknown): Promise<T> => {
    const result = await invoke<T>(channel, input);
    assert.ok(result.ok, `${channel} failed: ${JSON.stringify(!result.ok && result.error)}`);
    return result.value;
  };
  const fails = async (channel: string, input: unknown) => {
    const result = await invoke(channel, input);
    assert.ok(!result.ok, `${channel} should fail`);
    return result.error;
  };
  const list = (input: Record<string, unknown> = {}) => ok<ReviewList>('reviews:list', { merchantId: DEMO_RESTAURANT_ID, ...input });
  const answer = (reviewId: string, text: string) => invoke<AnswerOutcome>('reviews:answer', { merchantId: DEMO_RESTAURANT_ID, reviewId, text });
  const advance = async (seconds: number) => {
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: seconds } });
    offsetMs += seconds * 1000;
  };
  const createReview = async (json: Record<string, unknown>): Promise<Review> => {
    const response = await sandbox.http.send('POST', '/_sandbox/reviews', { json: { merchantId: DEMO_RESTAURANT_ID, ...json } });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body as Review;
  };

  /** The store outbox the answers go through, in memory. */
  const reviewActions = (client: typeof api): StoreOutbox => {
    const queue = new StoreOutbox({ db: StoreOutboxDb.open(':memory:'), clock, logger: silentLogger });
    queue.register(reviewSenders(client.review));
    return queue;
  };

  before(async () => {
    sandbox = await withSandbox();
    api = await connectApi(sandbox.url, { clock });
    ipc = new IpcDispatcher(reviewHandlers({ review: api.review, clock, actions: reviewActions(api) }) as Handlers, silentLogger);
  });
  beforeEach(async () => {
    await sandbox.http.send('POST', '/_sandbox/reset');
    await sandbox.http.send('PUT', '/_sandbox/faults', { json: {} });
    offsetMs = 0;
  });
  after(async () => {
    await api?.close();
    await sandbox?.close();
  });

  it('reads the summary: published, public reviews of the last 3 months count', async () => {
    const summary = await ok<ReviewSummary>('reviews:summary', { merchantId: DEMO_RESTAURANT_ID });
    // Seeds: 15 reviews; PUBLISHED+PUBLIC within 3 months are the 10-, 20- and 40-day-old ones (5, 4, 5).
    assert.equal(summary.totalReviewsCount, 15);
    assert.equal(summary.validReviewsCount, 3);
    assert.equal(summary.score, 4.67);
  });

  it('pages the whole list with its count, newest or oldest first, within dates', async () => {
    const first = await list({ filter: 'all', pageSize: 6 });
    assert.equal(first.total, 15);
    assert.equal(first.pageCount, 3);
    assert.equal(first.reviews.length, 6);
    assert.ok(first.complete);
    const times = first.reviews.map((r) => Date.parse(r.createdAt));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
      'newest first by default',
    );

    const last = await list({ filter: 'all', pageSize: 6, page: 3 });
    assert.equal(last.reviews.length, 3);
    const oldest = await list({ filter: 'all', pageSize: 6, sort: 'ASC' });
    assert.equal(oldest.reviews[0]?.id, last.reviews.at(-1)?.id, 'ASC starts with the oldest review');

    const now = clock.now();
    const week = await list({ filter: 'all', pageSize: 50, dateFrom: new Date(now - 7 * 86_400_000).toISOString(), dateTo: new Date(now).toISOString() });
    assert.ok(week.reviews.length > 0);
    assert.ok(week.reviews.every((r) => Date.parse(r.createdAt) >= now - 7 * 86_400_000));
    assert.equal(week.total, week.reviews.length);
  });

  it('awaiting: only NOT_REPLIED reviews, over several API pages, paged for the screen', async () => {
    // 60 fresh published reviews push the awaiting ones past the first API page of 50.
    for (let i = 0; i < 60; i++) await createReview({ score: 5, status: 'PUBLISHED' });
    const awaiting = await list({ filter: 'awaiting', pageSize: 2 });
    assert.equal(awaiting.total, 3, 'the three seeded NOT_REPLIED reviews');
    assert.equal(awaiting.pageCount, 2);
    assert.ok(awaiting.reviews.every((r) => r.status === 'NOT_REPLIED'));
    assert.ok(awaiting.complete);
    const second = await list({ filter: 'awaiting', pageSize: 2, page: 2 });
    assert.equal(second.reviews.length, 1);
    assert.ok(!awaiting.reviews.some((r) => r.id === second.reviews[0]?.id));

    // The CREATED review with a comment triages to NOT_REPLIED within 3 minutes.
    await advance(3 * 60);
    assert.equal((await list({ filter: 'awaiting' })).total, 4);
    // Dates narrow the awaiting list too; a range ending before any review is empty.
    const lastHours = await list({ filter: 'awaiting', dateFrom: new Date(clock.now() - 3 * 3600_000).toISOString() });
    assert.equal(lastHours.total, 2);
    assert.equal((await list({ filter: 'awaiting', dateTo: new Date(clock.now() - 30 * 86_400_000).toISOString() })).total, 0);
    // Five days later nothing awaits: unanswered reviews were published.
    await advance(5 * 86_400);
    assert.equal((await list({ filter: 'awaiting' })).total, 0);
  });

  it("reads one review in full; another store's review is forbidden, an unknown one not found", async () => {
    const [row] = (await list({ filter: 'awaiting', pageSize: 1 })).reviews;
    assert.ok(row);
    const review = await ok<Review>('reviews:detail', { merchantId: DEMO_RESTAURANT_ID, reviewId: row.id });
    assert.equal(review.id, row.id);
    assert.ok(review.customerName);
    assert.ok((review.questions ?? []).length > 0);
    assert.ok(review.order?.shortId);

    const grocery = await ok<ReviewList>('reviews:list', { merchantId: DEMO_GROCERY_ID, filter: 'all', pageSize: 1 });
    const foreign = grocery.reviews[0]?.id;
    assert.ok(foreign);
    const forbidden = await fails('reviews:detail', { merchantId: DEMO_RESTAURANT_ID, reviewId: foreign });
    assert.equal(forbidden.code, 'forbidden');
    assert.equal(forbidden.status, 403);
    const missing = await fails('reviews:detail', { merchantId: DEMO_RESTAURANT_ID, reviewId: '00000000-0000-4000-8000-000000000000' });
    assert.equal(missing.code, 'not-found');
  });

  it('answers: refusals come back with the platform reason, a good answer is sent, then edited within 10 minutes', async () => {
    const target = await createReview({ score: 2, comment: 'Comida fria', status: 'NOT_REPLIED' });

    const phone = await answer(target.id, 'Ligue para +55 (11) 98765-4321 e a gente resolve.');
    assert.ok(phone.ok);
    assert.equal(phone.value.outcome, 'refused');
    assert.equal(phone.value.outcome === 'refused' && phone.value.reason, 'INAPPROPRIATE_CONTENT');
    assert.match(phone.value.outcome === 'refused' ? phone.value.message : '', /dados pessoais/);
    const link = await answer(target.id, 'Veja nosso cardápio em www.cantina.com.br hoje!');
    assert.equal(link.ok && link.value.outcome === 'refused' && link.value.reason, 'INAPPROPRIATE_CONTENT');
    assert.equal(
      (await ok<Review>('reviews:detail', { merchantId: DEMO_RESTAURANT_ID, reviewId: target.id })).status,
      'NOT_REPLIED',
      'a refusal changes nothing',
    );

    const sent = await answer(target.id, '  Sorry about that, the next one is on us.  ');
    assert.ok(sent.ok && sent.value.outcome === 'sent');
    assert.equal(sent.value.answer.text, 'Sorry about that, the next one is on us.', 'ends trimmed');
    const replied = await ok<Review>('reviews:detail', { merchantId: DEMO_RESTAURANT_ID, reviewId: target.id });
    assert.equal(replied.status, 'REPLIED');
    assert.equal(replied.replies.find((r) => r.from === 'MERCHANT')?.text, 'Sorry about that, the next one is on us.');

    await advance(9 * 60);
    const edited = await answer(target.id, 'Sorry about that, we will do better.');
    assert.ok(edited.ok && edited.value.outcome === 'sent');
    assert.equal(edited.value.answer.createdAt, sent.value.answer.createdAt, 'an edit keeps the first answer time');
    const after = await ok<Review>('reviews:detail', { merchantId: DEMO_RESTAURANT_ID, reviewId: target.id });
    assert.deepEqual(
      after.replies.filter((r) => r.from === 'MERCHANT').map((r) => r.text),
      ['Sorry about that, we will do better.'],
    );

    await advance(2 * 60);
    const late = await answer(target.id, 'One more change after the window.');
    assert.ok(!late.ok);
    assert.equal(late.error.code, 'conflict');
    assert.equal(late.error.status, 409);
  });

  it('answers: a published review is a conflict; text out of 10..300 is refused before the API', async () => {
    const published = (await list({ filter: 'all', pageSize: 50 })).reviews.find((r) => r.status === 'PUBLISHED');
    assert.ok(published);
    const conflict = await answer(published.id, 'Thank you for the kind words!');
    assert.equal(!conflict.ok && conflict.error.code, 'conflict');

    const sentBefore = api.sent();
    for (const text of ['too short', '         short    ', 'x'.repeat(301)]) {
      const refused = await answer(published.id, text);
      assert.equal(!refused.ok && refused.error.code, 'bad-input', JSON.stringify(text));
      assert.equal(!refused.ok && refused.error.field, 'text');
    }
    assert.equal(api.sent(), sentBefore, 'nothing sent to the platform');
  });

  it('refuses list inputs the spec does not allow, without calling the API', async () => {
    const sentBefore = api.sent();
    const bad: Record<string, unknown>[] = [
      { pageSize: 51 },
      { pageSize: 0 },
      { page: 0 },
      { dateFrom: '2026-01-01' },
      { dateFrom: '2026-01-01T00:00:00' },
      { dateFrom: '2026-02-01T00:00:00Z', dateTo: '2026-01-01T00:00:00Z' },
      { sort: 'UP' },
      { filter: 'NOT_REPLIED' },
      { status: 'NOT_REPLIED' },
    ];
    for (const input of bad) {
      const error = await fails('reviews:list', { merchantId: DEMO_RESTAURANT_ID, ...input });
      assert.equal(error.code, 'bad-input', JSON.stringify(input));
    }
    assert.equal((await fails('reviews:summary', { merchantId: 'not-a-store' })).code, 'bad-input');
    assert.equal(api.sent(), sentBefore);
  });

  it('says "timeout" when the platform is slower than the screen waits', async () => {
    const slow = new IpcDispatcher(reviewHandlers({ review: api.review, clock, budgetMs: 150, actions: reviewActions(api) }) as Handlers, silentLogger);
    await sandbox.http.send('PUT', '/_sandbox/faults', { json: { latencyMs: 1_000 } });
    const result = await slow.invoke('reviews:summary', { merchantId: DEMO_RESTAURANT_ID });
    assert.ok(!result.ok);
    assert.equal(result.error.code, 'timeout');
  });
});
