import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../../src-main/api/errors';
import { RateLimiter, type LimiterPermit, type RouteKey } from '../../../src-main/api/rate-limiter';
import { ManualClock } from '../../../src-main/base/clock';
import { settle } from '../../support/app/fake-api';

const MERCHANTS: RouteKey = { module: 'merchant', route: 'GET /merchants' };
const MINUTE = 60_000;

/** Fires `count` acquires at once; each records when it left and answers after `latencyMs`. */
function burst(limiter: RateLimiter, clock: ManualClock, key: RouteKey, count: number, latencyMs = 0) {
  const sent: number[] = [];
  const answered: number[] = [];
  const all = Array.from({ length: count }, async () => {
    const permit = await limiter.acquire(key);
    sent.push(clock.now());
    if (latencyMs > 0) await clock.sleep(latencyMs);
    answered.push(clock.now());
    permit.done();
  });
  return { sent, answered, done: Promise.all(all) };
}

async function runUntil(clock: ManualClock, finished: () => boolean, stepMs = 1_000, maxMs = 60 * MINUTE): Promise<void> {
  for (let elapsed = 0; !finished(); elapsed += stepMs) {
    assert.ok(elapsed <= maxMs, 'the limiter should have let everything through by now');
    await settle();
    await clock.advance(stepMs);
  }
}

describe('rate limiter: spreading bursts under the §8 limits', () => {
  it('spreads 10x the limit of GET /merchants (100/min) so that no minute ever holds more than 100', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ clock });
    const start = clock.now();
    const run = burst(limiter, clock, MERCHANTS, 1000, 40);
    await runUntil(clock, () => run.answered.length === 1000);
    await run.done;

    const sent = [...run.sent].sort((a, b) => a - b);
    const answered = [...run.answered].sort((a, b) => a - b);
    // Sliding-window property, the strongest form: the 101st request leaves a full minute after the
    // answer to the 1st came back, so no server window of a minute, wherever it starts, sees 101.
    for (let i = 0; i + 100 < sent.length; i++) {
      assert.ok((sent[i + 100] as number) - (answered[i] as number) >= MINUTE, `request ${i + 100} left too early`);
    }
    // And it is spread over ten windows, not answered by refusals.
    const perMinute = new Map<number, number>();
    for (const t of sent) perMinute.set(Math.floor((t - start) / MINUTE), (perMinute.get(Math.floor((t - start) / MINUTE)) ?? 0) + 1);
    assert.ok(perMinute.size >= 10, `expected at least 10 minutes, got ${perMinute.size}`);
    assert.ok([...perMinute.values()].every((n) => n <= 100));
    assert.equal(sent.filter((t) => t - start < MINUTE).length, 100, 'the first minute takes exactly the limit');
    assert.equal(limiter.waiting, 0);
    assert.equal(clock.pendingSleeps, 0, 'an idle limiter holds no timer');
  });

  it('counts a request until its answer: a slow answer holds its slot', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ clock, marginMs: 0 });
    const permits: LimiterPermit[] = [];
    for (let i = 0; i < 100; i++) permits.push(await limiter.acquire(MERCHANTS));
    let next: LimiterPermit | undefined;
    void limiter.acquire(MERCHANTS).then((p) => (next = p));
    await clock.advance(5 * MINUTE);
    await settle();
    assert.equal(next, undefined, 'a hundred requests are still out: the 101st waits');
    permits[0]?.done();
    await clock.advance(MINUTE - 1);
    await settle();
    assert.equal(next, undefined, 'a minute after the first answer, not before');
    await clock.advance(1);
    await settle();
    assert.ok(next, 'the slot frees a minute after the answer');
  });

  it('follows the server: X-RateLimit-Remaining 0 holds every caller until the reset', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ clock, marginMs: 0 });
    const key: RouteKey = { module: 'merchant', route: 'GET /merchants/{merchantId}' };
    (await limiter.acquire(key)).done({ 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '30' });
    let granted = false;
    void limiter.acquire(key).then((p) => {
      granted = true;
      p.done();
    });
    await clock.advance(29_999);
    await settle();
    assert.equal(granted, false, 'another terminal spent the budget: wait for the reset');
    await clock.advance(1);
    await settle();
    assert.equal(granted, true);
  });

  it('counts the server budget down: Remaining 2 lets two more through, then waits', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ clock, marginMs: 0 });
    const key: RouteKey = { module: 'review', route: 'GET /merchants/{merchantId}/summary' };
    (await limiter.acquire(key)).done({ 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': '10' });
    const times: number[] = [];
    const three = Array.from({ length: 3 }, async () => {
      const p = await limiter.acquire(key);
      times.push(clock.now());
      p.done();
    });
    await runUntil(clock, () => times.length === 3, 500);
    await Promise.all(three);
    assert.deepEqual(
      times.map((t) => t - (times[0] as number)),
      [0, 0, 10_000],
    );
  });

  it('keeps the catalog under its 15000/min total as well as each route limit', async () => {
    const clock = new ManualClock();
    // The same rule as the real table, scaled down: routes of 5 and a module total of 6.
    const limiter = new RateLimiter({
      clock,
      marginMs: 0,
      limitOf: () => ({ limit: 5, windowMs: MINUTE }),
      moduleLimitOf: (module) => (module === 'catalog' ? { limit: 6, windowMs: MINUTE } : undefined),
    });
    const a = burst(limiter, clock, { module: 'catalog', route: 'GET /categories' }, 6);
    const b = burst(limiter, clock, { module: 'catalog', route: 'PATCH /items/price' }, 6);
    await settle();
    assert.equal(a.sent.length + b.sent.length, 6, 'the module total binds before either route limit');
    assert.equal(a.sent.length, 5, 'and each route keeps to its own');
    await runUntil(clock, () => a.sent.length + b.sent.length === 12);
    await Promise.all([a.done, b.done]);
  });

  it('uses the real table: catalog total 15000/min over three routes of 5000', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ clock });
    const routes = ['PATCH /products/price', 'PATCH /products/status', 'GET /batch/{batchId}', 'POST /inventory'];
    const runs = routes.map((route) => burst(limiter, clock, { module: 'catalog', route }, 5000));
    await settle(20);
    const first = runs.reduce((n, r) => n + r.sent.length, 0);
    assert.equal(first, 15000, 'four routes of 5000 share 15000 a minute');
    assert.ok(runs.every((r) => r.sent.length <= 5000));
    await runUntil(clock, () => runs.every((r) => r.sent.length === 5000), 5_000);
    await Promise.all(runs.map((r) => r.done));
  });

  it('lets unlisted routes and raised budgets through at once; keeps FIFO order per route', async () => {
    const clock = new ManualClock();
    const unlisted = new RateLimiter({ clock });
    const key: RouteKey = { module: 'order', route: 'GET /orders/{id}/cancellationReasons' };
    for (let i = 0; i < 500; i++) (await unlisted.acquire(key)).done();

    const raised = new RateLimiter({ clock, factor: 1000 });
    for (let i = 0; i < 1000; i++) (await raised.acquire(MERCHANTS)).done();
    assert.equal(raised.waiting, 0);

    const strict = new RateLimiter({ clock, marginMs: 0, limitOf: () => ({ limit: 1, windowMs: 1_000 }) });
    const order: number[] = [];
    const waits = [0, 1, 2, 3].map(async (n) => {
      const p = await strict.acquire(MERCHANTS);
      order.push(n);
      p.done();
    });
    await runUntil(clock, () => order.length === 4, 1_000);
    await Promise.all(waits);
    assert.deepEqual(order, [0, 1, 2, 3]);
  });

  it('gives up waiting when the caller aborts, and the next caller moves up', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ clock, marginMs: 0, limitOf: () => ({ limit: 1, windowMs: MINUTE }) });
    (await limiter.acquire(MERCHANTS)).done();
    const controller = new AbortController();
    const abandoned = limiter.acquire(MERCHANTS, controller.signal);
    let second = false;
    void limiter.acquire(MERCHANTS).then(() => (second = true));
    controller.abort();
    await assert.rejects(abandoned, (error: unknown) => error instanceof ApiError && error.code === 'aborted');
    await clock.advance(MINUTE);
    await settle();
    assert.equal(second, true);
    await assert.rejects(limiter.acquire(MERCHANTS, AbortSignal.abort()), (error: unknown) => error instanceof ApiError && error.code === 'aborted');
  });
});
