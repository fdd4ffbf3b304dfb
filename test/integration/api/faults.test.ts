import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { ApiError } from '../../../src-main/api/errors';
import { ManualClock } from '../../../src-main/base/clock';
import type { OrderDetail } from '../../../src-sandbox/orders/model';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { connectApi, type ConnectedApi } from '../../support/app/api-client';
import { withSandbox } from '../../support/sandbox/sandbox';
import { TEST_INSTANT_MS } from '../../support/clock';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;

/**
 * Drives a call to its end: real time for the HTTP exchanges, the manual clock (100 ms a step) for
 * the client's waits; `onStep` may change the sandbox between steps.
 */
async function drive<T>(clock: ManualClock, call: Promise<T>, onStep?: () => Promise<void>): Promise<T | ApiError> {
  let outcome: { value: T } | { error: unknown } | undefined;
  call.then(
    (value) => (outcome = { value }),
    (error: unknown) => (outcome = { error }),
  );
  for (let i = 0; i < 2_000 && !outcome; i++) {
    await delay(2);
    await onStep?.();
    if (!outcome) await clock.advance(100);
  }
  assert.ok(outcome, 'the call should settle');
  if ('value' in outcome) return outcome.value;
  assert.ok(outcome.error instanceof ApiError, String(outcome.error));
  return outcome.error;
}

describe('client ↔ sandbox: faults, retries (spec §7) and unreadable answers', () => {
  let sandbox: Sandbox;
  let clock: ManualClock;
  let api: ConnectedApi;
  const faults = (config: Record<string, unknown>) => sandbox.http.send('PUT', '/_sandbox/faults', { json: config });

  before(async () => (sandbox = await withSandbox()));
  beforeEach(async () => {
    await faults({});
    clock = new ManualClock(TEST_INSTANT_MS);
    api = await connectApi(sandbox.url, { clock, retryDelaysMs: [2_000, 4_000] });
    await api.merchant.listStores(); // a token before any fault
    api.answers.length = 0;
  });
  after(async () => {
    await faults({});
    await api.close();
    await sandbox.close();
  });

  it('retries 503 twice, after about 2 s and 4 s, then gives the server error', async () => {
    await faults({ errorRate: 1, errorStatus: 503 });
    const result = await drive(clock, api.merchant.getStore(DEMO_RESTAURANT_ID));
    assert.ok(result instanceof ApiError && result.code === 'server' && result.status === 503);
    assert.deepEqual(
      api.answers.map((a) => a.status),
      [503, 503, 503],
      'three attempts in all',
    );
    const [first, second, third] = api.answers.map((a) => a.at) as [number, number, number];
    assert.ok(second - first >= 1_600 && second - first <= 2_500, `first wait ${second - first}`);
    assert.ok(third - second >= 3_200 && third - second <= 4_900, `second wait ${third - second}`);
  });

  it('a 500 that clears on the retry is invisible to the caller', async () => {
    await faults({ errorRate: 1, errorStatus: 500 });
    const result = await drive(clock, api.merchant.getStore(DEMO_RESTAURANT_ID), async () => {
      if (api.answers.length === 1) await faults({});
    });
    assert.equal((result as { id: string }).id, DEMO_RESTAURANT_ID);
    assert.deepEqual(
      api.answers.map((a) => a.status),
      [500, 200],
    );
  });

  it('a 429 waits for the reset the server names, then goes on', async () => {
    await faults({ errorRate: 1, errorStatus: 429 });
    const result = await drive(clock, api.merchant.getStore(DEMO_RESTAURANT_ID), async () => {
      if (api.answers.length === 1) await faults({});
    });
    assert.equal((result as { id: string }).id, DEMO_RESTAURANT_ID);
    assert.deepEqual(
      api.answers.map((a) => a.status),
      [429, 200],
    );
    assert.ok((api.answers[1]?.at ?? 0) - (api.answers[0]?.at ?? 0) >= 1_000, 'waited the Retry-After second');
  });

  it('never retries a permanent error', async () => {
    for (const status of [400, 403, 404, 409, 412, 422]) {
      await faults({ errorRate: 1, errorStatus: status });
      api.answers.length = 0;
      const result = await drive(clock, api.merchant.getStore(DEMO_RESTAURANT_ID));
      assert.ok(result instanceof ApiError && result.status === status);
      assert.equal(api.answers.length, 1, `${status} sent once`);
    }
  });

  it('a dropped connection is retried for a read; a POST that may have been carried out is not', async () => {
    await faults({ dropRate: 1, dropMode: 'beforeAction' });
    const read = await drive(clock, api.merchant.getStore(DEMO_RESTAURANT_ID), async () => {
      if (api.sent() >= 2) await faults({});
    });
    assert.equal((read as { id: string }).id, DEMO_RESTAURANT_ID);

    const order = (await sandbox.http.send('POST', '/_sandbox/orders', { json: { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' } })).body as OrderDetail;
    await faults({ dropRate: 1, dropMode: 'afterAction' });
    const before = api.sent();
    const confirm = await drive(clock, api.order.confirm(order.id));
    await faults({});
    assert.ok(confirm instanceof ApiError && confirm.code === 'connection', String(confirm));
    assert.equal(api.sent() - before, 1, 'not sent again: the outbox decides, knowing the action may have happened');
    assert.equal((await api.order.getOrder(order.id)).status, 'CONFIRMED', 'and indeed the sandbox did carry it out');
  });
});

describe('client ↔ a server that answers broken bodies', () => {
  let server: Server;
  let url: string;
  const bodies: Record<string, string> = {
    '/merchant/v1.0/merchants/m-missing': JSON.stringify({
      id: 'm-missing',
      name: 'No address',
      corporateName: 'x',
      description: '',
      averageTicket: 1,
      exclusive: false,
      type: 'RESTAURANT',
      status: 'AVAILABLE',
      createdAt: '2024-01-01T00:00:00',
      operations: [],
    }),
    '/merchant/v1.0/merchants/m-truncated': '{"id":"m-truncated","name":',
    '/order/v1.0/orders/o-bad': JSON.stringify({
      id: 'o-bad',
      status: 'PLACED',
      orderType: 'DELIVERY',
      createdAt: '2026-11-21T12:00:00Z',
      merchant: { id: 'm' },
      items: [{ name: 'Pizza', quantity: 'two' }],
    }),
  };

  before(async () => {
    server = createServer((request, response) => {
      if (request.url?.startsWith('/authentication/')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ access_token: 'fake-token', refresh_token: 'fake-refresh', expires_in: 3600 }));
        return;
      }
      const body = bodies[request.url ?? ''];
      response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
      response.end(body ?? '{"code":"NotFound","message":"nothing"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('names the field that broke the schema, and never retries it; an order detail is read field by field instead', async () => {
    const api = await connectApi(url);
    try {
      await assert.rejects(api.merchant.getStore('m-missing'), (e: unknown) => e instanceof ApiError && e.code === 'validation' && e.field === 'address');
      await assert.rejects(api.merchant.getStore('m-truncated'), (e: unknown) => e instanceof ApiError && e.code === 'validation');
      // An order detail is read field by field: the kitchen sees the order, the odd field left blank.
      const odd = await api.order.getOrder('o-bad');
      assert.equal(odd.items[0]?.quantity, null);
      assert.equal(odd.items[0]?.name, 'Pizza');
      assert.equal(api.answers.filter((a) => a.route !== 'POST /oauth/token').length, 3, 'one request each');
    } finally {
      await api.close();
    }
  });

  it('a token answer without a token is an unreadable answer naming access_token', async () => {
    const api = await connectApi(url);
    try {
      const sent = api.authentication.requestToken({ grant_type: 'client_credentials', client_id: 'a', client_secret: 'b' });
      assert.ok(await sent);
      server.removeAllListeners('request');
      server.on('request', (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"token_type":"Bearer"}');
      });
      await assert.rejects(
        api.authentication.requestToken({ grant_type: 'client_credentials', client_id: 'a', client_secret: 'b' }),
        (e: unknown) => e instanceof ApiError && e.code === 'validation' && e.field === 'access_token',
      );
    } finally {
      await api.close();
    }
  });
});
