import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { ApiClient } from '../../../src-main/api/client';
import { ApiError } from '../../../src-main/api/errors';
import { MerchantAuthorizations, type AuthorizationEndpoint } from '../../../src-main/auth/authorizations';
import { accountFor, MemoryCredentialStore } from '../../../src-main/auth/credentials/credential-store';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import type { TokenGrant } from '../../../src-shared/wire/auth';
import { fakeTransport, json } from '../../support/app/fake-api';

/**
 * A fake authorization server: each authorization code opens a set of stores; tokens name their
 * set; refresh tokens rotate and work once.
 */
function authServer() {
  const codes = new Map([
    ['CODE-A', ['m1', 'm2']],
    ['CODE-B', ['m3']],
  ]);
  const tokens = new Map<string, string[]>();
  const refresh = new Map<string, string[]>();
  const grants: TokenGrant[] = [];
  let n = 0;
  const issue = (stores: string[]) => {
    n++;
    tokens.set(`access-${n}`, stores);
    refresh.set(`refresh-${n}`, stores);
    return { access_token: `access-${n}`, refresh_token: `refresh-${n}`, expires_in: 3600 };
  };
  const endpoint: AuthorizationEndpoint = {
    async requestUserCode(clientId) {
      assert.equal(clientId, 'dist');
      return {
        userCode: 'ABCD-EFGH',
        authorizationCodeVerifier: 'verifier-secret',
        verificationUrl: 'https://portal/x',
        verificationUrlComplete: 'https://portal/x?c=ABCD-EFGH',
        expiresIn: 600,
      };
    },
    async requestToken(grant) {
      grants.push(grant);
      if (grant.grant_type === 'authorization_code') {
        const stores = codes.get(grant.authorization_code);
        if (!stores || grant.authorization_code_verifier !== 'verifier-secret')
          throw new ApiError('auth', 'invalid_grant', { route: 'POST /oauth/token', status: 401 });
        codes.delete(grant.authorization_code);
        return issue(stores);
      }
      if (grant.grant_type === 'refresh_token') {
        const stores = refresh.get(grant.refresh_token);
        refresh.delete(grant.refresh_token);
        if (!stores) throw new ApiError('auth', 'invalid_grant', { route: 'POST /oauth/token', status: 401 });
        return issue(stores);
      }
      throw new ApiError('validation', 'unsupported', { route: 'POST /oauth/token', status: 400 });
    },
  };
  /** The merchant revokes the terminal: its tokens and refresh tokens die. */
  const revoke = () => {
    tokens.clear();
    refresh.clear();
  };
  return { endpoint, tokens, grants, codes, revoke };
}

function setup(store = new MemoryCredentialStore(), server = authServer()) {
  const clock = new ManualClock();
  // The API: a store answers only to a token of its own set.
  const transport = fakeTransport((request) => {
    const token = request.headers?.authorization?.replace('Bearer ', '') ?? '';
    const stores = server.tokens.get(token);
    if (!stores) return json(401, { error: 'Unauthorized' });
    if (request.path === '/merchant/v1.0/merchants')
      return json(
        200,
        stores.map((id) => ({ id, name: id, corporateName: id })),
      );
    const id = request.path.split('/').pop() ?? '';
    return stores.includes(id) ? json(200, { id }) : json(403, { error: 'Forbidden' });
  });
  const holder: { client?: ApiClient } = {};
  const authorizations = new MerchantAuthorizations({
    endpoint: server.endpoint,
    clock,
    store,
    logger: silentLogger,
    clientId: 'dist',
    clientSecret: 'dist-secret',
    listMerchantIds: async (tokens) =>
      (
        await (holder.client as ApiClient).call(
          { module: 'merchant', method: 'GET', route: 'GET /merchants', path: '/merchant/v1.0/merchants', schema: z.array(z.object({ id: z.string() })) },
          { tokens },
        )
      ).map((s) => s.id),
  });
  const client = new ApiClient({ transport, tokens: authorizations, clock, logger: silentLogger });
  holder.client = client;
  const getStore = (merchantId: string) =>
    client.call({
      module: 'merchant',
      method: 'GET',
      route: 'GET /merchants/{merchantId}',
      path: `/merchant/v1.0/merchants/${merchantId}`,
      merchantId,
      schema: z.object({ id: z.string() }),
    });
  return { clock, transport, authorizations, getStore, server, store };
}

describe('distributed application: one token set per authorized merchant set', () => {
  it('runs the authorization-code flow and routes each store to its own token', async () => {
    const { authorizations, getStore, transport, server } = setup();
    const pending = await authorizations.start();
    assert.deepEqual(Object.keys(pending).sort(), ['expiresAt', 'userCode', 'verificationUrl', 'verificationUrlComplete'], 'the verifier stays inside');
    assert.deepEqual((await authorizations.complete(' CODE-A ')).merchantIds, ['m1', 'm2']);
    await authorizations.start();
    assert.deepEqual((await authorizations.complete('CODE-B')).merchantIds, ['m3']);
    assert.equal(server.grants[0]?.grant_type, 'authorization_code');
    assert.equal((server.grants[0] as { authorization_code_verifier: string }).authorization_code_verifier, 'verifier-secret');

    assert.deepEqual(await getStore('m2'), { id: 'm2' });
    assert.deepEqual(await getStore('m3'), { id: 'm3' });
    const used = transport.requests.slice(-2).map((r) => r.headers?.authorization);
    assert.notEqual(used[0], used[1], 'each store went with its own token');
    await assert.rejects(getStore('m9'), (e: unknown) => e instanceof ApiError && e.code === 'auth' && /authorize/.test(e.message));
  });

  it('keeps each rotated refresh token and restores the authorizations on the next launch', async () => {
    const store = new MemoryCredentialStore();
    const server = authServer();
    const first = setup(store, server);
    await first.authorizations.start();
    await first.authorizations.complete('CODE-A');
    await first.clock.advance(3_600_000);
    await first.getStore('m1'); // renews: refresh-1 is spent, refresh-2 kept
    await new Promise((r) => setImmediate(r));
    const [account] = await store.accounts();
    assert.ok(account?.startsWith(accountFor.authorization('')));
    assert.match((await store.get(account as string)) ?? '', /"refreshToken":"refresh-2"/, 'the rotated one, not the spent one');

    const next = setup(store, server);
    await next.authorizations.restore();
    assert.deepEqual(
      next.authorizations.authorizations.map((a) => a.merchantIds),
      [['m1', 'm2']],
    );
    assert.deepEqual(await next.getStore('m2'), { id: 'm2' });
  });

  it('a wrong or expired code is refused; a refused refresh token asks that store to authorize again', async () => {
    const { authorizations, clock, getStore, server } = setup();
    await assert.rejects(authorizations.complete('CODE-A'), /no authorization in progress/);
    await authorizations.start();
    await assert.rejects(authorizations.complete('WRONG'), (e: unknown) => e instanceof ApiError && e.code === 'auth');
    await clock.advance(601_000);
    await assert.rejects(authorizations.complete('CODE-A'), /expired/);
    await authorizations.start();
    await authorizations.complete('CODE-A');
    // The merchant revokes the terminal: that store must authorize again, with no retry loop.
    server.revoke();
    const before = server.grants.length;
    await assert.rejects(getStore('m1'), (e: unknown) => e instanceof ApiError && e.code === 'auth' && /sign in again/.test(e.message));
    assert.equal(server.grants.length, before + 1, 'one refused renewal, then no more');
    assert.equal(authorizations.authorizations[0]?.signInAgain, true);
    await assert.rejects(getStore('m2'), (e: unknown) => e instanceof ApiError && e.code === 'auth');
    assert.equal(server.grants.length, before + 1);
  });
});
