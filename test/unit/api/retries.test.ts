import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { ApiClient, type ApiCall } from '../../../src-main/api/client';
import { ApiError } from '../../../src-main/api/errors';
import { RateLimiter } from '../../../src-main/api/rate-limiter';
import type { HttpResponse } from '../../../src-main/api/transport';
import type { TokenSource } from '../../../src-main/api/tokens';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { fakeTransport, json, settle } from '../../support/app/fake-api';

const staticToken: TokenSource = { accessToken: async () => 'tok', rejected: async () => {} };
const getStore: ApiCall<{ id: string }> = {
  module: 'merchant',
  method: 'GET',
  route: 'GET /merchants/{merchantId}',
  path: '/merchant/v1.0/merchants/m1',
  schema: z.object({ id: z.string() }),
};

function setup(answers: (index: number) => HttpResponse | Error, options: { random?: () => number } = {}) {
  const clock = new ManualClock();
  const transport = fakeTransport((_request, index) => {
    const answer = answers(index);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const client = new ApiClient({ transport, tokens: staticToken, clock, logger: silentLogger, random: options.random ?? (() => 0.5) });
  return { clock, transport, client };
}

/** Runs a call to its end, moving the manual clock; returns the outcome and the waits between attempts. */
async function drive<T>(clock: ManualClock, attempt: () => Promise<T>, times: () => number[]): Promise<{ result: T | ApiError; gaps: number[] }> {
  let outcome: { value: T } | { error: unknown } | undefined;
  attempt().then(
    (value) => (outcome = { value }),
    (error: unknown) => (outcome = { error }),
  );
  for (let i = 0; i < 600 && !outcome; i++) {
    await settle();
    if (!outcome) await clock.advance(100);
  }
  assert.ok(outcome, 'the call should settle');
  const t = times();
  const gaps = t.slice(1).map((x, i) => x - (t[i] as number));
  if ('error' in outcome) {
    assert.ok(outcome.error instanceof ApiError, String(outcome.error));
    return { result: outcome.error, gaps };
  }
  return { result: outcome.value, gaps };
}

function timesOf(clock: ManualClock, transport: { requests: unknown[] }) {
  const times: number[] = [];
  const original = transport.requests.push.bind(transport.requests);
  transport.requests.push = (...items: unknown[]) => {
    times.push(clock.now());
    return original(...items);
  };
  return () => times;
}

describe('API client: errors and retries as spec §7 says', () => {
  it('retries 500 and 503 after 2 s and 4 s, three attempts in all, then gives the server error', async () => {
    for (const status of [500, 503]) {
      const { clock, transport, client } = setup(() => json(status, { code: 'Oops', message: 'down' }));
      const times = timesOf(clock, transport);
      const { result, gaps } = await drive(clock, () => client.call(getStore), times);
      assert.equal(transport.requests.length, 3);
      assert.deepEqual(gaps, [2_000, 4_000], 'random 0.5 means no jitter');
      assert.ok(result instanceof ApiError);
      assert.equal(result.code, 'server');
      assert.equal(result.status, status);
    }
  });

  it('spreads the waits with jitter (±20 %), and succeeds when a retry does', async () => {
    const { clock, transport, client } = setup((i) => (i < 2 ? json(503, {}) : json(200, { id: 'm1' })), { random: () => 1 });
    const times = timesOf(clock, transport);
    const { result, gaps } = await drive(clock, () => client.call(getStore), times);
    assert.deepEqual(result, { id: 'm1' });
    assert.deepEqual(gaps, [2_400, 4_800]);
    const low = setup((i) => (i < 1 ? json(500, {}) : json(200, { id: 'm1' })), { random: () => 0 });
    const lowTimes = timesOf(low.clock, low.transport);
    assert.deepEqual((await drive(low.clock, () => low.client.call(getStore), lowTimes)).gaps, [1_600]);
  });

  it('never retries permanent errors: 400, 403, 404, 409, 412, 422', async () => {
    for (const status of [400, 403, 404, 409, 412, 422]) {
      const { clock, transport, client } = setup(() => json(status, { code: 'No', message: `refused ${status}` }));
      const { result } = await drive(
        clock,
        () => client.call(getStore),
        () => [],
      );
      assert.equal(transport.requests.length, 1, `${status} must not be retried`);
      assert.ok(result instanceof ApiError);
      assert.equal(result.retryable, false);
      assert.equal(result.status, status);
    }
  });

  it('waits X-RateLimit-Reset on a 429, then goes on', async () => {
    const { clock, transport, client } = setup((i) =>
      i === 0 ? json(429, { error: 'TooManyRequests' }, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '7' }) : json(200, { id: 'm1' }),
    );
    const times = timesOf(clock, transport);
    const { result, gaps } = await drive(clock, () => client.call(getStore), times);
    assert.deepEqual(result, { id: 'm1' });
    assert.equal(gaps.length, 1);
    assert.ok((gaps[0] as number) >= 7_000 && (gaps[0] as number) <= 8_500, `waited ${gaps[0]}`);
  });

  it('with the limiter, a 429 holds other callers of the route until the reset too', async () => {
    const clock = new ManualClock();
    const transport = fakeTransport((_r, i) =>
      i === 0 ? json(429, {}, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '20' }) : json(200, { id: 'm1' }),
    );
    const limiter = new RateLimiter({ clock, marginMs: 0 });
    const client = new ApiClient({ transport, tokens: staticToken, clock, logger: silentLogger, limiter, random: () => 0 });
    const first = client.call(getStore);
    await settle();
    const second = client.call(getStore);
    await settle();
    assert.equal(transport.requests.length, 1, 'the second caller waits for the reset instead of hitting 429');
    await clock.advance(20_000);
    await settle(10);
    assert.deepEqual(await Promise.all([first, second]), [{ id: 'm1' }, { id: 'm1' }]);
    assert.equal(transport.requests.length, 3);
  });

  it('retries a dropped connection for GET, but not for a POST that may have been carried out', async () => {
    const drop = () => new ApiError('connection', 'reset', { route: 'x', retryable: true });
    const get = setup((i) => (i === 0 ? drop() : json(200, { id: 'm1' })));
    assert.deepEqual(
      (
        await drive(
          get.clock,
          () => get.client.call(getStore),
          () => [],
        )
      ).result,
      { id: 'm1' },
    );
    const post = setup(() => drop());
    const { result } = await drive(
      post.clock,
      () => post.client.call({ ...getStore, method: 'POST', route: 'POST /orders/{id}/confirm' }),
      () => [],
    );
    assert.equal(post.transport.requests.length, 1);
    assert.ok(result instanceof ApiError && result.code === 'connection');
    // A 503 answer is retried even for a POST: the server said it did nothing.
    const busy = setup((i) => (i === 0 ? json(503, {}) : json(202, { status: 'ACCEPTED' })));
    const accepted = await drive(
      busy.clock,
      () => busy.client.call({ ...getStore, method: 'POST', schema: z.object({ status: z.string() }) }),
      () => [],
    );
    assert.deepEqual(accepted.result, { status: 'ACCEPTED' });
  });

  it('turns a body that breaks its schema into a validation error naming the field', async () => {
    const { clock, transport, client } = setup(() => json(200, { id: 42 }));
    const { result } = await drive(
      clock,
      () => client.call(getStore),
      () => [],
    );
    assert.equal(transport.requests.length, 1, 'a broken body is not retried');
    assert.ok(result instanceof ApiError);
    assert.equal(result.code, 'validation');
    assert.equal(result.field, 'id');
    assert.match(result.message, /GET \/merchants\/\{merchantId\}.*id/);
  });

  it('parses each module error body into the error (spec §7.2 to §7.5)', async () => {
    const cases: [ApiCall<unknown>['module'], unknown, { code?: string; message?: string; reason?: string }][] = [
      [
        'review',
        { error: 'content refused', status: 422, details: { reason: 'INAPPROPRIATE_CONTENT' } },
        { code: 'content refused', reason: 'INAPPROPRIATE_CONTENT' },
      ],
      [
        'promotion',
        { type: 'Invalid Argument', title: 'Invalid Request Body', status: 412, detail: 'ean missing', instance: '/x' },
        { code: 'Invalid Request Body', message: 'ean missing' },
      ],
      ['merchant', { error: 'InterruptionOverlap', message: 'overlaps' }, { code: 'InterruptionOverlap', message: 'overlaps' }],
      ['order', { code: 'InvalidState', message: 'not confirmed' }, { code: 'InvalidState', message: 'not confirmed' }],
    ];
    for (const [module, body, expected] of cases) {
      const { clock, client } = setup(() => json(409, body));
      const { result } = await drive(
        clock,
        () => client.call({ ...getStore, module }),
        () => [],
      );
      assert.ok(result instanceof ApiError);
      assert.equal(result.code, 'conflict');
      for (const [key, value] of Object.entries(expected)) assert.equal(result.body?.[key as 'code'], value, `${module} ${key}`);
    }
  });

  it('stops waiting for a retry when the caller aborts', async () => {
    const { clock, client } = setup(() => json(503, {}));
    const controller = new AbortController();
    const call = client.call(getStore, { signal: controller.signal });
    await settle();
    controller.abort();
    await assert.rejects(call, (error: unknown) => error instanceof ApiError && error.code === 'aborted');
    assert.equal(clock.pendingSleeps, 0);
  });
});
