import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { ApiError } from '../../../src-main/api/errors';
import { SIGN_IN_AGAIN } from '../../../src-main/auth/token-manager';
import { ManualClock } from '../../../src-main/base/clock';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { connectApi } from '../../support/app/api-client';
import { withSandbox } from '../../support/sandbox/sandbox';
import { TEST_INSTANT_MS } from '../../support/clock';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const TOKEN_ROUTE = 'POST /oauth/token';

describe('client ↔ sandbox: tokens obtained, renewed and refused (spec §5)', () => {
  let sandbox: Sandbox;
  before(async () => (sandbox = await withSandbox()));
  beforeEach(() => sandbox.http.send('POST', '/_sandbox/reset'));
  after(() => sandbox.close());

  const advanceSandbox = (seconds: number) => sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: seconds } });

  it('obtains a token with client credentials, then renews transparently after the server expires it (401 → refresh → retry)', async () => {
    const api = await connectApi(sandbox.url);
    try {
      assert.equal((await api.merchant.getStore(DEMO_RESTAURANT_ID)).id, DEMO_RESTAURANT_ID);
      await advanceSandbox(3_601);
      // The terminal's clock has not moved: only the 401 tells it the token died.
      assert.equal((await api.merchant.getStore(DEMO_RESTAURANT_ID)).id, DEMO_RESTAURANT_ID);
      assert.deepEqual(
        api.answers.map((a) => `${a.route} ${a.status}`),
        [`${TOKEN_ROUTE} 200`, 'GET /merchants/{merchantId} 200', 'GET /merchants/{merchantId} 401', `${TOKEN_ROUTE} 200`, 'GET /merchants/{merchantId} 200'],
      );
    } finally {
      await api.close();
    }
  });

  it('many calls meeting the expired token at once share one renewal', async () => {
    const api = await connectApi(sandbox.url);
    try {
      await api.merchant.listStores();
      await advanceSandbox(3_601);
      const results = await Promise.all(Array.from({ length: 25 }, () => api.merchant.getStatus(DEMO_RESTAURANT_ID)));
      assert.equal(results.length, 25);
      assert.equal(api.answers.filter((a) => a.route === TOKEN_ROUTE).length, 2, 'the first token and exactly one renewal');
    } finally {
      await api.close();
    }
  });

  it('renews before expiry by its own clock, without waiting for a 401', async () => {
    const clock = new ManualClock(TEST_INSTANT_MS);
    const api = await connectApi(sandbox.url, { clock });
    try {
      await api.merchant.listStores();
      await clock.advance(3_545_000);
      await advanceSandbox(3_545);
      await api.merchant.listStores();
      assert.deepEqual(
        api.answers.map((a) => a.status),
        [200, 200, 200, 200],
        'token, call, renewal a minute before expiry, call: no 401 on the way',
      );
      assert.equal(api.answers[2]?.route, TOKEN_ROUTE);
    } finally {
      await api.close();
    }
  });

  it('when the refresh token has expired too, signs in again with the client credentials', async () => {
    const api = await connectApi(sandbox.url);
    try {
      await api.merchant.listStores();
      await advanceSandbox(8 * 24 * 3600);
      assert.ok((await api.merchant.listStores()).length > 0);
      const tokenAnswers = api.answers.filter((a) => a.route === TOKEN_ROUTE).map((a) => a.status);
      assert.deepEqual(tokenAnswers, [200, 401, 200], 'refresh refused, then client credentials');
    } finally {
      await api.close();
    }
  });

  it('a wrong secret is "sign in again", once: later calls do not hammer the token route', async () => {
    const api = await connectApi(sandbox.url, { clientSecret: 'wrong' });
    try {
      for (let i = 0; i < 4; i++) {
        await assert.rejects(api.merchant.listStores(), (e: unknown) => e instanceof ApiError && e.code === 'auth' && e.message === SIGN_IN_AGAIN);
      }
      assert.deepEqual(
        api.answers.map((a) => `${a.route} ${a.status}`),
        [`${TOKEN_ROUTE} 401`],
      );
    } finally {
      await api.close();
    }
  });
});
