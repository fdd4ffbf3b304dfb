import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { createSandboxServer, DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { DEFAULT_CLOSURE_RULES } from '../../../src-shared/store-rules/closure-rules';
import { TEST_INSTANT_MS } from '../../support/clock';

/**
 * The automatic closure's control routes, through the server (fastify's inject, no socket; the
 * sandbox clock stands still unless a test moves it): reading and setting the settings of a store or
 * of every store, refusals in words, the closures, and the store's status as the API answers it.
 */
describe('sandbox automatic closure: control routes', () => {
  let app: FastifyInstance;
  let token: string;

  const send = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => {
    const response = await app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const store = (id = DEMO_RESTAURANT_ID) => `/_sandbox/merchants/${id}/auto-closure`;

  before(async () => {
    app = createSandboxServer({ now: () => TEST_INSTANT_MS, rateLimitFactor: 0 }).app;
    const response = await app.inject({
      method: 'POST',
      url: '/authentication/v1.0/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: 'demo', client_secret: 'demo-secret' },
    });
    token = (response.json() as { access_token: string }).access_token;
  });
  after(() => app.close());

  type Settings = { on: Record<string, boolean>; lateMinimum: number; driverWaitMinutes: number };
  const settingsOf = async (url: string) => (await send('GET', url)).body.settings as Settings;

  it('answers every rule off by default, with the project’s thresholds (closure-rules.ts) and the sandbox’s own settings', async () => {
    const every = await send('GET', '/_sandbox/auto-closure');
    assert.equal(every.status, 200);
    assert.deepEqual(every.body.settings, {
      ...DEFAULT_CLOSURE_RULES,
      on: { timeouts: false, 'driver-wait': false, 'late-share': false },
      preparationMinutes: 20,
      closeMinutes: 30,
    });
    const one = await send('GET', store());
    assert.deepEqual(one.body.settings, every.body.settings);
    assert.equal(one.body.closedUntil, null);
  });

  it('refuses bad input with 400 and words naming the field, changing nothing', async () => {
    const refusals: [unknown, RegExp][] = [
      [{}, /diga o que mudar: timeouts, timeoutWindowMinutes, driverWaitMinutes, lateShare, lateMinimum, on, preparationMinutes, closeMinutes/],
      [{ timeouts: 0 }, /^timeouts: Pequeno demais/],
      [{ preparationMinutes: 2.5 }, /^preparationMinutes: deve ser um número inteiro de 1 a 240$/],
      [{ closeMinutes: 0 }, /^closeMinutes: deve ser um número inteiro de 1 a 1440$/],
      [{ lateShare: 1.5 }, /^lateShare: Grande demais/],
      [{ on: 'yes' }, /^on: deve ser true, false ou \{timeouts, driver-wait, late-share\}/],
      [{ on: { 'driver-wait': true, speed: true } }, /on/],
      [{ closeEverything: true }, /closeEverything/],
      [null, /objeto/],
      [[], /objeto/],
    ];
    for (const [body, words] of refusals) {
      for (const url of [store(), '/_sandbox/auto-closure']) {
        const response = await send('PUT', url, body);
        assert.equal(response.status, 400, `${url} ${JSON.stringify(body)}`);
        assert.equal(response.body.code, 'BadRequest');
        assert.match(String(response.body.message), words, `${url} ${JSON.stringify(body)}`);
      }
    }
    assert.deepEqual(await settingsOf(store()), (await send('GET', '/_sandbox/auto-closure')).body.settings);
    assert.equal((await settingsOf(store())).on['driver-wait'], false);
    assert.equal((await send('PUT', store('00000000-0000-4000-8000-000000000000'), { on: true })).status, 404);
    assert.equal((await send('GET', '/_sandbox/auto-closure/closures?merchantId=nobody')).status, 404);
  });

  it("sets one store's settings without touching another's; every store's settings replace the stores' own", async () => {
    const set = await send('PUT', store(), { on: true, lateMinimum: 8 });
    assert.equal(set.status, 200);
    assert.deepEqual((set.body.settings as Settings).on, { timeouts: true, 'driver-wait': true, 'late-share': true });
    assert.equal((set.body.settings as Settings).lateMinimum, 8);
    const some = await send('PUT', store(), { on: { timeouts: false } });
    assert.deepEqual((some.body.settings as Settings).on, { timeouts: false, 'driver-wait': true, 'late-share': true }, 'the rules it names, the others kept');
    assert.equal((await settingsOf(store(DEMO_GROCERY_ID))).on.timeouts, false);
    await send('PUT', '/_sandbox/auto-closure', { on: { 'driver-wait': true }, driverWaitMinutes: 7 });
    const after = await settingsOf(store());
    assert.deepEqual(after.on, { timeouts: false, 'driver-wait': true, 'late-share': false }, "the store's own settings gave way");
    assert.equal(after.driverWaitMinutes, 7);
    assert.equal(after.lateMinimum, DEFAULT_CLOSURE_RULES.lateMinimum);
    await send('POST', '/_sandbox/reset');
    assert.equal((await settingsOf('/_sandbox/auto-closure')).on['driver-wait'], false);
  });

  it('records a closure the closures route lists, and the status the API answers says closed, then open again', async () => {
    await send('POST', '/_sandbox/reset');
    await send('PUT', store(), { on: { timeouts: true } });
    for (let i = 0; i < 3; i++) assert.equal((await send('POST', '/_sandbox/orders', { merchantId: DEMO_RESTAURANT_ID })).status, 201);
    await send('POST', '/_sandbox/orders', { merchantId: DEMO_GROCERY_ID });
    await send('POST', '/_sandbox/clock', { advanceSeconds: 8 * 60 });
    const closures = await send('GET', '/_sandbox/auto-closure/closures');
    const at = new Date(TEST_INSTANT_MS + 8 * 60_000).toISOString();
    const until = new Date(TEST_INSTANT_MS + 38 * 60_000).toISOString();
    assert.deepEqual(closures.body.closures, [
      { merchantId: DEMO_RESTAURANT_ID, rule: 'timeouts', reason: '3 pedidos cancelados por falta de confirmação em 30 minutos', at, until },
    ]);
    assert.deepEqual((await send('GET', `/_sandbox/auto-closure/closures?merchantId=${DEMO_GROCERY_ID}`)).body.closures, []);
    assert.equal((await send('GET', store())).body.closedUntil, until);

    const status = async (id: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/merchant/v1.0/merchants/${id}/status/DELIVERY`,
        headers: { authorization: `Bearer ${token}` },
      });
      const [entry] = response.json() as { state: string; validations: { code: string; state: string }[] }[];
      return { state: entry?.state, autoClosure: entry?.validations.find((v) => v.code === 'auto-closure')?.state };
    };
    assert.deepEqual(await status(DEMO_RESTAURANT_ID), { state: 'CLOSED', autoClosure: 'CLOSED' });
    const grocery = await status(DEMO_GROCERY_ID);
    assert.equal(grocery.autoClosure, undefined, 'the grocery is not under the rules');
    assert.notEqual(grocery.state, 'CLOSED');
    await send('POST', '/_sandbox/clock', { advanceSeconds: 30 * 60 });
    assert.equal((await status(DEMO_RESTAURANT_ID)).autoClosure, 'OK');
    assert.equal((await send('GET', store())).body.closedUntil, null);
  });
});

describe('sandbox automatic closure: the server option (npm run sandbox -- --auto-closure)', () => {
  it('puts every store under the default rules, and a reset keeps them on', async () => {
    const { app } = createSandboxServer({ now: () => TEST_INSTANT_MS, autoClosure: true });
    const enabled = async () => {
      const body = (await app.inject({ method: 'GET', url: `/_sandbox/merchants/${DEMO_GROCERY_ID}/auto-closure` })).json() as {
        settings: { on: Record<string, boolean> };
      };
      return Object.values(body.settings.on);
    };
    assert.deepEqual(await enabled(), [true, true, true]);
    await app.inject({ method: 'PUT', url: '/_sandbox/auto-closure', payload: { on: false } });
    assert.deepEqual(await enabled(), [false, false, false]);
    await app.inject({ method: 'POST', url: '/_sandbox/reset' });
    assert.deepEqual(await enabled(), [true, true, true]);
    await app.close();
  });
});
