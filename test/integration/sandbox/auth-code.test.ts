import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createMarketplaceApi } from '../../../src-main/api/index';
import { createTransport } from '../../../src-main/api/transport';
import { MerchantAuthorizations } from '../../../src-main/auth/authorizations';
import { MemoryCredentialStore } from '../../../src-main/auth/credentials/credential-store';
import { silentLogger } from '../../../src-main/base/log';
import { AUTHORIZATION_CODE_SECONDS, USER_CODE_SECONDS } from '../../../src-sandbox/auth/authorizations';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { withSandbox } from '../../support/sandbox/sandbox';
import { ack, createOrder, poll, type ControlEvent, type Sandbox } from '../../support/sandbox/orders';
import { testClock } from '../../support/clock';

/**
 * The authorization-code flow of a distributed application (spec §5 items 5–6, docs/merchant-api.md): user
 * code → the merchant authorizes stores in the portal → the code and its verifier buy a token
 * scoped to those stores, whoever owns them.
 */
const USER_CODE = '/authentication/v1.0/oauth/userCode';
const TOKEN = '/authentication/v1.0/oauth/token';
const PARTNER = { client_id: 'partner', client_secret: 'partner-secret' };

interface UserCodeAnswer {
  userCode: string;
  authorizationCodeVerifier: string;
  verificationUrl: string;
  verificationUrlComplete: string;
  expiresIn: number;
}

describe('sandbox authorization-code flow', () => {
  let sandbox: Sandbox;
  before(async () => (sandbox = await withSandbox()));
  beforeEach(async () => {
    assert.equal((await sandbox.http.send('POST', '/_sandbox/reset')).status, 200);
  });
  after(() => sandbox.close());

  const userCode = async (): Promise<UserCodeAnswer> => {
    const response = await sandbox.http.send('POST', USER_CODE, { form: { client_id: 'partner' } });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body as UserCodeAnswer;
  };
  const authorize = async (code: string, merchantIds: string[]) => sandbox.http.send('POST', '/_sandbox/authorize', { json: { userCode: code, merchantIds } });
  const authorizationCode = async (code: string, merchantIds: string[]): Promise<string> => {
    const response = await authorize(code, merchantIds);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return (response.body as { authorizationCode: string }).authorizationCode;
  };
  const exchange = (code: string, verifier: string, client = PARTNER) =>
    sandbox.http.send('POST', TOKEN, {
      form: { grant_type: 'authorization_code', ...client, authorization_code: code, authorization_code_verifier: verifier },
    });
  const scopedTokens = async (merchantIds: string[]) => {
    const started = await userCode();
    const code = await authorizationCode(started.userCode, merchantIds);
    const response = await exchange(code, started.authorizationCodeVerifier);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body as { access_token: string; refresh_token: string; token_type: string; expires_in: number };
  };
  const oauthError = (response: { status: number; body: unknown }, status: number, error: string) => {
    assert.equal(response.status, status, JSON.stringify(response.body));
    assert.deepEqual(Object.keys(response.body as object).sort(), ['error', 'error_description']);
    assert.equal((response.body as { error: string }).error, error);
  };
  const controlError = (response: { status: number; body: unknown }, status: number, code: string) => {
    assert.equal(response.status, status, JSON.stringify(response.body));
    assert.equal((response.body as { code: string }).code, code);
    assert.equal(typeof (response.body as { message: string }).message, 'string');
  };

  it('hands out a user code, form-encoded or JSON, with its verifier and the portal address', async () => {
    for (const body of [{ form: { client_id: 'partner' } }, { json: { client_id: 'partner' } }]) {
      const response = await sandbox.http.send('POST', USER_CODE, body);
      assert.equal(response.status, 200);
      const answer = response.body as UserCodeAnswer;
      assert.deepEqual(Object.keys(answer).sort(), ['authorizationCodeVerifier', 'expiresIn', 'userCode', 'verificationUrl', 'verificationUrlComplete']);
      assert.match(answer.userCode, /^[A-Z]{4}-[A-Z]{4}$/);
      assert.ok(answer.authorizationCodeVerifier.length >= 32);
      assert.equal(answer.expiresIn, USER_CODE_SECONDS);
      assert.equal(answer.verificationUrl, `${sandbox.url}/_sandbox/authorize`);
      assert.equal(answer.verificationUrlComplete, `${answer.verificationUrl}?userCode=${answer.userCode}`);
      assert.equal(response.headers['x-ratelimit-limit'], '20');
    }
  });

  it('refuses a user code without client_id (400), for an unknown client (401) or a centralized one (400)', async () => {
    oauthError(await sandbox.http.send('POST', USER_CODE, { form: {} }), 400, 'invalid_request');
    oauthError(await sandbox.http.send('POST', USER_CODE, { json: { client_id: 42 } }), 400, 'invalid_request');
    oauthError(await sandbox.http.send('POST', USER_CODE, { form: { client_id: 'ghost' } }), 401, 'invalid_client');
    oauthError(await sandbox.http.send('POST', USER_CODE, { form: { client_id: 'demo' } }), 400, 'unauthorized_client');
  });

  it('a distributed application reaches nothing before a merchant authorizes it (spec §5 item 5)', async () => {
    oauthError(await sandbox.http.send('POST', TOKEN, { form: { grant_type: 'client_credentials', ...PARTNER } }), 400, 'unauthorized_client');
    oauthError(
      await sandbox.http.send('POST', TOKEN, { form: { grant_type: 'client_credentials', client_id: 'partner', client_secret: 'nope' } }),
      401,
      'invalid_client',
    );
  });

  it('exchanges the authorized code for a token scoped to the stores the merchant picked, whoever owns them', async () => {
    const tokens = await scopedTokens([DEMO_GROCERY_ID, OTHER_BAKERY_ID]);
    assert.equal(tokens.token_type, 'Bearer');
    assert.ok(tokens.expires_in > 0);
    const token = tokens.access_token;
    const stores = (await sandbox.http.send('GET', '/merchant/v1.0/merchants', { token })).body as { id: string }[];
    assert.deepEqual(stores.map((s) => s.id).sort(), [DEMO_GROCERY_ID, OTHER_BAKERY_ID].sort());
    assert.equal((await sandbox.http.send('GET', `/merchant/v1.0/merchants/${DEMO_GROCERY_ID}/status`, { token })).status, 200);
    assert.equal((await sandbox.http.send('GET', `/review/v2.0/merchants/${OTHER_BAKERY_ID}/summary`, { token })).status, 200);
    const forbidden = await sandbox.http.send('GET', `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}`, { token });
    assert.equal(forbidden.status, 403);
    const grocery = await createOrder(sandbox, { merchantId: DEMO_GROCERY_ID });
    const restaurant = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    assert.equal((await sandbox.http.send('GET', `/order/v1.0/orders/${grocery.id}`, { token })).status, 200);
    assert.equal((await sandbox.http.send('GET', `/order/v1.0/orders/${restaurant.id}`, { token })).status, 403);
    // The owner keeps its access; the refreshed token keeps the scope.
    const demo = await sandbox.http.token();
    assert.equal((await sandbox.http.send('GET', `/order/v1.0/orders/${grocery.id}`, { token: demo })).status, 200);
    const renewed = await sandbox.http.send('POST', TOKEN, { json: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token } });
    assert.equal(renewed.status, 200);
    const next = (renewed.body as { access_token: string }).access_token;
    const again = (await sandbox.http.send('GET', '/merchant/v1.0/merchants', { token: next })).body as { id: string }[];
    assert.deepEqual(again.map((s) => s.id).sort(), [DEMO_GROCERY_ID, OTHER_BAKERY_ID].sort());
  });

  it('uses each user code and each authorization code once', async () => {
    const started = await userCode();
    const code = await authorizationCode(started.userCode, [DEMO_GROCERY_ID]);
    controlError(await authorize(started.userCode, [DEMO_GROCERY_ID]), 409, 'UserCodeAlreadyUsed');
    assert.equal((await exchange(code, started.authorizationCodeVerifier)).status, 200);
    oauthError(await exchange(code, started.authorizationCodeVerifier), 400, 'invalid_grant');
  });

  it('refuses a wrong verifier (400 invalid_grant) and spends the code', async () => {
    const started = await userCode();
    const code = await authorizationCode(started.userCode, [DEMO_GROCERY_ID]);
    oauthError(await exchange(code, 'not-the-verifier'), 400, 'invalid_grant');
    oauthError(await exchange(code, started.authorizationCodeVerifier), 400, 'invalid_grant');
  });

  it('refuses a code of another client, a wrong secret, and missing fields', async () => {
    const started = await userCode();
    const code = await authorizationCode(started.userCode, [DEMO_GROCERY_ID]);
    oauthError(await exchange(code, started.authorizationCodeVerifier, { client_id: 'demo', client_secret: 'demo-secret' }), 400, 'invalid_grant');
    oauthError(await exchange(code, started.authorizationCodeVerifier, { client_id: 'partner', client_secret: 'wrong' }), 401, 'invalid_client');
    oauthError(
      await sandbox.http.send('POST', TOKEN, { form: { grant_type: 'authorization_code', ...PARTNER, authorization_code: code } }),
      400,
      'invalid_request',
    );
    oauthError(
      await sandbox.http.send('POST', TOKEN, { form: { grant_type: 'authorization_code', ...PARTNER, authorization_code_verifier: 'x' } }),
      400,
      'invalid_request',
    );
    oauthError(await exchange('BBBB-CCCC-DDDD', started.authorizationCodeVerifier), 400, 'invalid_grant');
    // Not spent by the other client's attempt: the right client still exchanges it.
    assert.equal((await exchange(code.toLowerCase(), started.authorizationCodeVerifier)).status, 200, 'typed codes ignore case');
  });

  it('expires user codes and authorization codes on the sandbox clock', async () => {
    const late = await userCode();
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: USER_CODE_SECONDS } });
    controlError(await authorize(late.userCode, [DEMO_GROCERY_ID]), 400, 'UserCodeExpired');
    const started = await userCode();
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: USER_CODE_SECONDS - 1 } });
    const code = await authorizationCode(started.userCode, [DEMO_GROCERY_ID]);
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: AUTHORIZATION_CODE_SECONDS } });
    oauthError(await exchange(code, started.authorizationCodeVerifier), 400, 'invalid_grant');
    controlError(await authorize('ZZZZ-ZZZZ', [DEMO_GROCERY_ID]), 404, 'UserCodeNotFound');
  });

  it('checks the portal body: 400 without stores or with non-uuids, 404 for an unknown store', async () => {
    const started = await userCode();
    controlError(await authorize(started.userCode, []), 400, 'BadRequest');
    controlError(await authorize(started.userCode, ['not-a-uuid']), 400, 'BadRequest');
    controlError(await sandbox.http.send('POST', '/_sandbox/authorize', { json: { userCode: started.userCode } }), 400, 'BadRequest');
    controlError(await authorize(started.userCode, ['00000000-0000-4000-8000-000000000000']), 404, 'NotFound');
    // Nothing was spent by the refusals.
    assert.equal((await authorize(started.userCode, [DEMO_GROCERY_ID])).status, 201);
  });

  it('gives the authorized application its own event queue and connects the stores it polls', async () => {
    const demo = await sandbox.http.token();
    const before = await createOrder(sandbox, { merchantId: DEMO_GROCERY_ID });
    const token = (await scopedTokens([DEMO_GROCERY_ID])).access_token;
    const after = await createOrder(sandbox, { merchantId: DEMO_GROCERY_ID });
    await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const partnerEvents = await poll(sandbox, token);
    assert.deepEqual(
      partnerEvents.map((e) => e.orderId),
      [after.id],
      'events from the authorization on, of the authorized store only',
    );
    await ack(
      sandbox,
      token,
      partnerEvents.map((e) => e.id),
    );
    assert.deepEqual(await poll(sandbox, token), []);
    const demoEvents = await poll(sandbox, demo);
    assert.deepEqual(
      demoEvents.filter((e) => e.merchantId === DEMO_GROCERY_ID).map((e) => e.orderId),
      [before.id, after.id],
      'the partner’s acknowledgment hides nothing from the owner',
    );
    const control = (await sandbox.http.send('GET', `/_sandbox/events?merchantId=${DEMO_GROCERY_ID}`)).body as {
      events: (ControlEvent & { audience: string[]; acknowledgedBy: string[] })[];
    };
    const shared = control.events.find((e) => e.orderId === after.id);
    assert.deepEqual(shared?.audience, ['demo', 'partner']);
    assert.deepEqual(shared?.acknowledgedBy, ['partner']);
    assert.equal(shared?.acknowledged, false);
    // is-connected follows the partner's polls for the stores its token covers.
    sandbox.world.lastPollByStore.clear();
    await poll(sandbox, token);
    assert.ok(sandbox.world.lastPollByStore.has(DEMO_GROCERY_ID));
    assert.ok(!sandbox.world.lastPollByStore.has(DEMO_RESTAURANT_ID));
  });

  it('serves the portal page: a form for the user code and the stores, then the authorization code', async () => {
    const started = await userCode();
    const page = await sandbox.http.send('GET', `/_sandbox/authorize?userCode=${started.userCode}`);
    assert.equal(page.status, 200);
    assert.match(page.headers['content-type'] ?? '', /text\/html/);
    const html = page.bytes.toString('utf8');
    assert.match(html, /<form method="post" action="\/_sandbox\/authorize">/);
    assert.ok(html.includes(`value="${started.userCode}"`));
    assert.ok(html.includes('Mercado Bom Preço') && html.includes(DEMO_GROCERY_ID));
    assert.ok(html.includes('partner'));
    assert.ok(!/<script/i.test(html), 'no script');
    const refused = await sandbox.http.send('POST', '/_sandbox/authorize', {
      raw: `userCode=${started.userCode}`,
      contentType: 'application/x-www-form-urlencoded',
    });
    assert.equal(refused.status, 400);
    assert.match(refused.bytes.toString('utf8'), /class="error"/);
    const form = `userCode=${started.userCode.toLowerCase()}&merchantIds=${DEMO_GROCERY_ID}&merchantIds=${DEMO_PIZZERIA_ID}`;
    const done = await sandbox.http.send('POST', '/_sandbox/authorize', { raw: form, contentType: 'application/x-www-form-urlencoded' });
    assert.equal(done.status, 201);
    const code = /id="authorization-code">([A-Z-]+)</.exec(done.bytes.toString('utf8'))?.[1];
    assert.ok(code, 'the page shows the code');
    const token = await exchange(code, started.authorizationCodeVerifier);
    assert.equal(token.status, 200);
    const stores = (await sandbox.http.send('GET', '/merchant/v1.0/merchants', { token: (token.body as { access_token: string }).access_token })).body as {
      id: string;
    }[];
    assert.deepEqual(stores.map((s) => s.id).sort(), [DEMO_GROCERY_ID, DEMO_PIZZERIA_ID].sort());
    const unknown = await sandbox.http.send('GET', '/_sandbox/authorize?userCode=QQQQ-QQQQ');
    assert.equal(unknown.status, 404);
    assert.match(unknown.bytes.toString('utf8'), /código de usuário QQQQ-QQQQ desconhecido/);
    const used = await sandbox.http.send('GET', `/_sandbox/authorize?userCode=${started.userCode}`);
    assert.equal(used.status, 409);
  });

  it('agrees with the app’s client: MerchantAuthorizations completes against the sandbox and routes calls per store', async () => {
    const transport = createTransport(sandbox.url);
    try {
      const factory = createMarketplaceApi({ transport, clock: testClock(), logger: silentLogger, retryDelaysMs: [10] });
      const authorizations = new MerchantAuthorizations({
        endpoint: factory.authentication,
        clock: testClock(),
        store: new MemoryCredentialStore(),
        logger: silentLogger,
        clientId: 'partner',
        clientSecret: 'partner-secret',
        listMerchantIds: async (tokens, signal) => (await factory.withTokens(tokens).merchant.listStores({}, signal ? { signal } : {})).map((s) => s.id),
      });
      const pending = await authorizations.start();
      assert.ok(pending.verificationUrlComplete.startsWith(sandbox.url));
      const code = await authorizationCode(pending.userCode, [DEMO_GROCERY_ID, OTHER_BAKERY_ID]);
      const summary = await authorizations.complete(code);
      assert.deepEqual([...summary.merchantIds].sort(), [DEMO_GROCERY_ID, OTHER_BAKERY_ID].sort());
      const api = factory.withTokens(authorizations);
      assert.equal((await api.merchant.getStore(OTHER_BAKERY_ID)).id, OTHER_BAKERY_ID);
      assert.equal((await api.merchant.getStore(DEMO_GROCERY_ID)).type, 'GROCERY');
      await assert.rejects(api.merchant.getStore(DEMO_RESTAURANT_ID));
    } finally {
      await transport.close();
    }
  });
});

describe('sandbox authentication limits: the token and user-code routes allow 20 requests a minute (spec §8)', () => {
  it('answers 429 in the authentication error shape past 20, with the rate-limit headers, per application', async () => {
    const sandbox = await withSandbox();
    try {
      for (const [path, form] of [
        [USER_CODE, { client_id: 'partner' }],
        [TOKEN, { grant_type: 'client_credentials', client_id: 'demo', client_secret: 'demo-secret' }],
      ] as const) {
        const statuses: number[] = [];
        for (let i = 0; i < 20; i++) statuses.push((await sandbox.http.send('POST', path, { form })).status);
        assert.deepEqual(new Set(statuses), new Set([200]), path);
        const limited = await sandbox.http.send('POST', path, { form });
        assert.equal(limited.status, 429, path);
        assert.equal((limited.body as { error: string }).error, 'TooManyRequests');
        assert.equal(typeof (limited.body as { error_description: string }).error_description, 'string');
        assert.equal(limited.headers['x-ratelimit-limit'], '20');
        assert.equal(limited.headers['x-ratelimit-remaining'], '0');
        assert.ok(Number(limited.headers['x-ratelimit-reset']) > 0);
      }
      // Another application has its own budget; the window resets on the clock.
      assert.equal(
        (await sandbox.http.send('POST', TOKEN, { form: { grant_type: 'client_credentials', client_id: 'other', client_secret: 'other-secret' } })).status,
        200,
      );
      await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 60 } });
      assert.equal((await sandbox.http.send('POST', USER_CODE, { form: { client_id: 'partner' } })).status, 200);
    } finally {
      await sandbox.close();
    }
  });
});
