import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { withSandbox } from '../../support/sandbox/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const TOKEN = '/authentication/v1.0/oauth/token';

describe('sandbox authentication', () => {
  let sandbox: Sandbox;
  before(async () => (sandbox = await withSandbox()));
  after(() => sandbox.close());

  it('issues a JWT bearer token for client credentials, form-encoded or JSON', async () => {
    for (const body of [
      { form: { grant_type: 'client_credentials', client_id: 'demo', client_secret: 'demo-secret' } },
      { json: { grant_type: 'client_credentials', client_id: 'demo', client_secret: 'demo-secret' } },
    ]) {
      const response = await sandbox.http.send('POST', TOKEN, body);
      assert.equal(response.status, 200);
      const token = response.body as Record<string, unknown>;
      assert.equal(token.token_type, 'Bearer');
      assert.equal(typeof token.refresh_token, 'string');
      assert.ok((token.expires_in as number) > 0);
      assert.equal(String(token.access_token).split('.').length, 3, 'a JWT has three parts');
    }
  });

  it('refuses a wrong secret or unknown client with 401, and a missing grant with 400', async () => {
    const wrong = await sandbox.http.send('POST', TOKEN, { form: { grant_type: 'client_credentials', client_id: 'demo', client_secret: 'nope' } });
    assert.equal(wrong.status, 401);
    assert.deepEqual(Object.keys(wrong.body as object).sort(), ['error', 'error_description']);
    const unknown = await sandbox.http.send('POST', TOKEN, { form: { grant_type: 'client_credentials', client_id: 'ghost', client_secret: 'x' } });
    assert.equal(unknown.status, 401);
    const missing = await sandbox.http.send('POST', TOKEN, { form: { client_id: 'demo' } });
    assert.equal(missing.status, 400);
    const unsupported = await sandbox.http.send('POST', TOKEN, { form: { grant_type: 'password' } });
    assert.equal(unsupported.status, 400);
  });

  it('renews with a refresh token once; the spent refresh token is refused', async () => {
    const first = await sandbox.http.tokens();
    const renewed = await sandbox.http.send('POST', TOKEN, { json: { grant_type: 'refresh_token', refresh_token: first.refresh_token } });
    assert.equal(renewed.status, 200);
    const again = await sandbox.http.send('POST', TOKEN, { json: { grant_type: 'refresh_token', refresh_token: first.refresh_token } });
    assert.equal(again.status, 401);
    const next = (renewed.body as { access_token: string }).access_token;
    assert.equal((await sandbox.http.send('GET', '/merchant/v1.0/merchants', { token: next })).status, 200);
  });

  it('answers 401 to a missing, forged or expired token', async () => {
    assert.equal((await sandbox.http.send('GET', '/merchant/v1.0/merchants')).status, 401);
    const token = await sandbox.http.token();
    const forged = `${token.slice(0, -4)}AAAA`;
    assert.equal((await sandbox.http.send('GET', '/merchant/v1.0/merchants', { token: forged })).status, 401);
    assert.equal((await sandbox.http.send('GET', '/merchant/v1.0/merchants', { token })).status, 200);
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 3601 } });
    const expired = await sandbox.http.send('GET', '/merchant/v1.0/merchants', { token });
    assert.equal(expired.status, 401);
    assert.deepEqual(expired.body, { error: 'Unauthorized', message: 'token ausente, expirado ou inválido' });
  });

  it('renews through the authorization server’s form route too (spec §5 item 4(b)), with the same answer shape', async () => {
    const first = await sandbox.http.tokens();
    const renewed = await sandbox.http.send('POST', '/realms/merchant/protocol/openid-connect/token', {
      form: { grant_type: 'refresh_token', client_id: 'demo', client_secret: 'demo-secret', refresh_token: first.refresh_token },
    });
    assert.equal(renewed.status, 200);
    const body = renewed.body as Record<string, unknown>;
    assert.equal(typeof body.access_token, 'string');
    assert.equal(typeof body.refresh_token, 'string');
    assert.ok(Number.isInteger(body.expires_in));
    assert.equal(renewed.headers['x-ratelimit-limit'], '20', 'the token route budget');
    const spent = await sandbox.http.send('POST', '/realms/merchant/protocol/openid-connect/token', {
      form: { grant_type: 'refresh_token', client_id: 'demo', refresh_token: first.refresh_token },
    });
    assert.equal(spent.status, 401);
    assert.equal((spent.body as { error: string }).error, 'invalid_grant');
    const foreign = await sandbox.http.send('POST', TOKEN, {
      json: { grant_type: 'refresh_token', client_id: 'other', refresh_token: body.refresh_token as string },
    });
    assert.equal(foreign.status, 401, 'a refresh token of another client');
  });

  it('after a 401 on an expired token, renewing and retrying the original request succeeds (spec §5 item 4)', async () => {
    const first = await sandbox.http.tokens();
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: first.expires_in } });
    const path = '/merchant/v1.0/merchants';
    assert.equal((await sandbox.http.send('GET', path, { token: first.access_token })).status, 401);
    const renewed = await sandbox.http.send('POST', TOKEN, { json: { grant_type: 'refresh_token', refresh_token: first.refresh_token } });
    assert.equal(renewed.status, 200);
    assert.equal((await sandbox.http.send('GET', path, { token: (renewed.body as { access_token: string }).access_token })).status, 200);
  });
});
