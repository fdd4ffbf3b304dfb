import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createMarketplaceApi, type MarketplaceApi } from '../../../src-main/api/index';
import { ApiError } from '../../../src-main/api/errors';
import { createTransport, type Transport } from '../../../src-main/api/transport';
import { MerchantAuthorizations } from '../../../src-main/auth/authorizations';
import { MemoryCredentialStore } from '../../../src-main/auth/credentials/credential-store';
import { silentLogger } from '../../../src-main/base/log';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { withSandbox } from '../../support/sandbox/sandbox';
import { testClock } from '../../support/clock';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;

/**
 * A distributed application (spec §5.5): the sandbox's `partner` reaches only the stores whose
 * merchants authorized it through the authorization-code flow (docs/merchant-api.md).
 */
describe('client ↔ sandbox: authorization-code flow, one token set per authorized store set', () => {
  let sandbox: Sandbox;
  let transport: Transport;
  const store = new MemoryCredentialStore();

  function connect(): { authorizations: MerchantAuthorizations; api: MarketplaceApi } {
    const factory = createMarketplaceApi({ transport, clock: testClock(), logger: silentLogger });
    const holder: { api?: MarketplaceApi } = {};
    const authorizations = new MerchantAuthorizations({
      endpoint: factory.authentication,
      clock: testClock(),
      store,
      logger: silentLogger,
      clientId: 'partner',
      clientSecret: 'partner-secret',
      listMerchantIds: async (tokens, signal) =>
        (await (holder.api as MarketplaceApi).merchant.listStores({}, { tokens, ...(signal ? { signal } : {}) })).map((s) => s.id),
    });
    const api = factory.withTokens(authorizations);
    holder.api = api;
    return { authorizations, api };
  }

  /** The merchant's side: enters the user code in the portal, picks stores, gets the code. */
  async function merchantAuthorizes(userCode: string, merchantIds: string[]): Promise<string> {
    const response = await sandbox.http.send('POST', '/_sandbox/authorize', { json: { userCode, merchantIds } });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return (response.body as { authorizationCode: string }).authorizationCode;
  }

  before(async () => {
    sandbox = await withSandbox();
    transport = createTransport(sandbox.url);
  });
  after(async () => {
    await transport.close();
    await sandbox.close();
  });

  it('authorizes two store sets and routes each store to its own token', async () => {
    const { authorizations, api } = connect();
    const pending = await authorizations.start();
    assert.ok(pending.verificationUrlComplete.includes(encodeURIComponent(pending.userCode)));
    const first = await authorizations.complete(await merchantAuthorizes(pending.userCode, [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID]));
    assert.deepEqual([...first.merchantIds].sort(), [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID].sort());
    const again = await authorizations.start();
    await authorizations.complete(await merchantAuthorizes(again.userCode, [DEMO_PIZZERIA_ID]));

    assert.equal((await api.merchant.getStore(DEMO_PIZZERIA_ID)).id, DEMO_PIZZERIA_ID);
    assert.equal((await api.merchant.getStore(DEMO_GROCERY_ID)).id, DEMO_GROCERY_ID);
    assert.ok((await api.review.getSummary(DEMO_RESTAURANT_ID)).totalReviewsCount >= 0);
    await assert.rejects(api.merchant.getStore(OTHER_BAKERY_ID), (e: unknown) => e instanceof ApiError && e.code === 'auth' && /authorize/.test(e.message));
    assert.equal(authorizations.authorizations.length, 2);
  });

  it('renews each authorization with its refresh token after expiry, and restores them on a new launch', async () => {
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 3_601 } });
    const { authorizations, api } = connect();
    await authorizations.restore();
    assert.equal(authorizations.authorizations.length, 2, 'both authorizations came back from the credential store');
    assert.equal((await api.merchant.getStore(DEMO_PIZZERIA_ID)).id, DEMO_PIZZERIA_ID);
    assert.equal((await api.merchant.getStore(DEMO_RESTAURANT_ID)).id, DEMO_RESTAURANT_ID);
    assert.ok(authorizations.authorizations.every((a) => !a.signInAgain));
  });

  it('refuses a spent authorization code, and a user code for a centralized application', async () => {
    const { authorizations, api } = connect();
    const pending = await authorizations.start();
    const code = await merchantAuthorizes(pending.userCode, [DEMO_PIZZERIA_ID]);
    await authorizations.complete(code);
    await authorizations.start();
    await assert.rejects(authorizations.complete(code), (e: unknown) => e instanceof ApiError && (e.status === 400 || e.status === 401));
    await assert.rejects(api.authentication.requestUserCode('demo'), (e: unknown) => e instanceof ApiError && e.status === 400);
  });
});
