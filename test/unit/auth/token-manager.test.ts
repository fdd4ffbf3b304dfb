import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { ApiClient } from '../../../src-main/api/client';
import { ApiError } from '../../../src-main/api/errors';
import type { TokenEndpoint } from '../../../src-main/api/tokens';
import { SIGN_IN_AGAIN, TokenManager } from '../../../src-main/auth/token-manager';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import type { TokenGrant, TokenResponse } from '../../../src-shared/wire/auth';
import { fakeTransport, json, settle } from '../../support/app/fake-api';

/** A token route that counts grants and answers as told. */
function endpoint(answer?: (grant: TokenGrant, n: number) => TokenResponse | ApiError | Promise<TokenResponse | ApiError>) {
  const grants: TokenGrant[] = [];
  const api: TokenEndpoint & { grants: TokenGrant[] } = {
    grants,
    async requestToken(grant) {
      grants.push(grant);
      const n = grants.length;
      const result = await (answer ? answer(grant, n) : { access_token: `access-${n}`, refresh_token: `refresh-${n}`, expires_in: 3600 });
      if (result instanceof ApiError) throw result;
      return result;
    },
  };
  return api;
}

const refusal = (status = 401) => new ApiError('auth', 'invalid_grant', { route: 'POST /oauth/token', status });
const clientCredentials: TokenGrant = { grant_type: 'client_credentials', client_id: 'demo', client_secret: 'demo-secret' };

describe('token manager: renewal before expiry, single flight, sign in again without loops', () => {
  it('asks once, reuses the token, and renews with the refresh token a minute before expiry', async () => {
    const clock = new ManualClock();
    const api = endpoint();
    const tokens = new TokenManager({ endpoint: api, clock, initialGrant: () => clientCredentials });
    assert.equal(await tokens.accessToken(), 'access-1');
    await clock.advance(3_539_000);
    assert.equal(await tokens.accessToken(), 'access-1');
    await clock.advance(1_000);
    assert.equal(await tokens.accessToken(), 'access-2', 'renewed 60 s before expiry');
    assert.deepEqual(
      api.grants.map((g) => g.grant_type),
      ['client_credentials', 'refresh_token'],
    );
    assert.equal((api.grants[1] as { refresh_token: string }).refresh_token, 'refresh-1');
  });

  it('shares one renewal among concurrent callers', async () => {
    const clock = new ManualClock();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = endpoint(async (_g, n) => {
      await gate;
      return { access_token: `access-${n}`, refresh_token: `r${n}`, expires_in: 3600 };
    });
    const tokens = new TokenManager({ endpoint: api, clock, initialGrant: () => clientCredentials });
    const all = Promise.all(Array.from({ length: 50 }, () => tokens.accessToken()));
    await settle();
    release();
    assert.deepEqual(new Set(await all), new Set(['access-1']));
    assert.equal(api.grants.length, 1);
  });

  it('one caller giving up does not fail the renewal the others wait for', async () => {
    const clock = new ManualClock();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = endpoint(async () => {
      await gate;
      return { access_token: 'fresh', expires_in: 3600 };
    });
    const tokens = new TokenManager({ endpoint: api, clock, initialGrant: () => clientCredentials });
    const controller = new AbortController();
    const quitter = tokens.accessToken(controller.signal);
    const stayer = tokens.accessToken();
    controller.abort();
    await assert.rejects(quitter, (e: unknown) => e instanceof ApiError && e.code === 'aborted');
    release();
    assert.equal(await stayer, 'fresh');
  });

  it('falls back to the initial grant when the refresh token is refused; a network fault does not', async () => {
    const clock = new ManualClock();
    const api = endpoint((grant, n) =>
      grant.grant_type === 'refresh_token' ? refusal() : { access_token: `a${n}`, refresh_token: `r${n}`, expires_in: 3600 },
    );
    const tokens = new TokenManager({
      endpoint: api,
      clock,
      initialGrant: () => clientCredentials,
      initial: { accessToken: '', refreshToken: 'stale', expiresAt: 0 },
    });
    assert.equal(await tokens.accessToken(), 'a2');
    assert.deepEqual(
      api.grants.map((g) => g.grant_type),
      ['refresh_token', 'client_credentials'],
    );

    const flaky = endpoint(() => new ApiError('connection', 'down', { route: 'POST /oauth/token', retryable: true }));
    const offline = new TokenManager({
      endpoint: flaky,
      clock,
      initialGrant: () => clientCredentials,
      initial: { accessToken: '', refreshToken: 'r', expiresAt: 0 },
    });
    await assert.rejects(offline.accessToken(), (e: unknown) => e instanceof ApiError && e.code === 'connection');
    assert.equal(flaky.grants.length, 1, 'no client-credentials attempt while the network is down');
    assert.equal(offline.refusal, undefined, 'a network fault is not a refusal');
  });

  it('a refused credential becomes "sign in again" once, and no further request is made', async () => {
    const clock = new ManualClock();
    const api = endpoint(() => refusal());
    const refused: ApiError[] = [];
    const tokens = new TokenManager({ endpoint: api, clock, initialGrant: () => clientCredentials, onRefused: (e) => refused.push(e) });
    for (let i = 0; i < 5; i++) {
      await assert.rejects(tokens.accessToken(), (e: unknown) => e instanceof ApiError && e.code === 'auth' && e.message === SIGN_IN_AGAIN);
    }
    assert.equal(api.grants.length, 1, 'no loop: one refusal, then answered from memory');
    assert.equal(refused.length, 1);
    tokens.reset();
    await assert.rejects(tokens.accessToken());
    assert.equal(api.grants.length, 2, 'after reset (signed in again) it tries once more');
  });

  it('an authorization without refresh token or grant asks to sign in again', async () => {
    const tokens = new TokenManager({ endpoint: endpoint(), clock: new ManualClock(), initialGrant: () => undefined });
    await assert.rejects(tokens.accessToken(), (e: unknown) => e instanceof ApiError && e.code === 'auth');
  });

  it('a lifetime shorter than the margin renews halfway, not on every call', async () => {
    const clock = new ManualClock();
    const api = endpoint((_g, n) => ({ access_token: `a${n}`, refresh_token: `r${n}`, expires_in: 30 }));
    const tokens = new TokenManager({ endpoint: api, clock, initialGrant: () => clientCredentials });
    for (let i = 0; i < 10; i++) await tokens.accessToken();
    assert.equal(api.grants.length, 1);
    await clock.advance(15_000);
    await tokens.accessToken();
    assert.equal(api.grants.length, 2);
  });
});

describe('API client with the token manager: a 401 renews and retries once', () => {
  const schema = z.object({ ok: z.boolean() });
  const call = { module: 'merchant' as const, method: 'GET' as const, route: 'GET /merchants', path: '/merchant/v1.0/merchants', schema };

  it('renews on a 401 and sends the request again with the new token', async () => {
    const clock = new ManualClock();
    const transport = fakeTransport((request) =>
      request.headers?.authorization === 'Bearer access-1' ? json(401, { error: 'Unauthorized' }) : json(200, { ok: true }),
    );
    const api = endpoint();
    const tokens = new TokenManager({ endpoint: api, clock, initialGrant: () => clientCredentials });
    const client = new ApiClient({ transport, tokens, clock, logger: silentLogger });
    assert.deepEqual(await client.call(call), { ok: true });
    assert.deepEqual(
      transport.requests.map((r) => r.headers?.authorization),
      ['Bearer access-1', 'Bearer access-2'],
    );
  });

  it('many requests refused at once share one renewal', async () => {
    const clock = new ManualClock();
    const transport = fakeTransport(async (request) => {
      await settle(1);
      return request.headers?.authorization === 'Bearer access-1' ? json(401, {}) : json(200, { ok: true });
    });
    const api = endpoint();
    const tokens = new TokenManager({ endpoint: api, clock, initialGrant: () => clientCredentials });
    const client = new ApiClient({ transport, tokens, clock, logger: silentLogger });
    const results = await Promise.all(Array.from({ length: 20 }, () => client.call(call)));
    assert.equal(results.length, 20);
    assert.deepEqual(
      api.grants.map((g) => g.grant_type),
      ['client_credentials', 'refresh_token'],
    );
  });

  it('a fresh token refused as well is "sign in again", after exactly one retry', async () => {
    const clock = new ManualClock();
    const transport = fakeTransport(() => json(401, { error: 'Unauthorized', message: 'revoked' }));
    const api = endpoint();
    const tokens = new TokenManager({ endpoint: api, clock, initialGrant: () => clientCredentials });
    const client = new ApiClient({ transport, tokens, clock, logger: silentLogger });
    await assert.rejects(client.call(call), (e: unknown) => e instanceof ApiError && e.code === 'auth' && /sign in again/.test(e.message));
    assert.equal(transport.requests.length, 2);
    assert.equal(api.grants.length, 2);
  });

  it('a refused renewal is "sign in again", and later calls do not hit the API at all', async () => {
    const clock = new ManualClock();
    const transport = fakeTransport(() => json(401, {}));
    const api = endpoint((grant, n) => (n === 1 ? { access_token: 'a1', refresh_token: 'r1', expires_in: 3600 } : refusal()));
    const tokens = new TokenManager({ endpoint: api, clock, initialGrant: () => clientCredentials });
    const client = new ApiClient({ transport, tokens, clock, logger: silentLogger });
    await assert.rejects(client.call(call), (e: unknown) => e instanceof ApiError && e.message === SIGN_IN_AGAIN);
    const sent = transport.requests.length;
    await assert.rejects(client.call(call), (e: unknown) => e instanceof ApiError && e.message === SIGN_IN_AGAIN);
    assert.equal(transport.requests.length, sent, 'no request leaves once the credential stands refused');
  });
});
