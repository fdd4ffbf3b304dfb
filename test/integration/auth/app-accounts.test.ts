import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CandidateStores, PendingAuthorizationView, SetupState } from '../../../src-shared/ipc/channels/setup';
import type { ErrorInfo } from '../../../src-shared/errors';
import type { AppStatus } from '../../../src-shared/ipc/contract';
import type { Settings } from '../../../src-shared/settings';
import { startApp, type App } from '../../../src-main/app/app';
import type { Clock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { loadConfig } from '../../../src-main/config/config';
import { CONFIG_FILE } from '../../../src-main/config/terminal-config';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { TEST_INSTANT, testClock } from '../../support/clock';
import { withSandbox } from '../../support/sandbox/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;

/**
 * The main process from a fresh data folder: the first run (demo, a centralized application, a
 * distributed one), the choice of stores, restarts without flags, settings and signing out, all
 * through IPC against a sandbox. Secrets go to an owner-only file here (no keychain on CI).
 */
describe('first run, accounts and settings over IPC', () => {
  let sandbox: Sandbox;
  /** A web server that is not the API: a page for every address (a typo'd or wrong host). */
  let website: Server;
  let websiteUrl: string;
  const env = { STORE_TERMINAL_CREDENTIAL_STORE: 'file' };
  before(async () => {
    sandbox = await withSandbox();
    website = createServer((request, response) => {
      const known = request.url === '/';
      response.writeHead(known ? 200 : 404, { 'content-type': 'text/html' });
      response.end('<html><body>Our restaurant</body></html>');
    });
    await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
    websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}`;
  });
  after(async () => {
    await sandbox.close();
    await new Promise<void>((resolve) => website.close(() => resolve()));
  });

  // The app's clock at the tests' instant, moved forward with the sandbox's when a test waits out a code.
  const pinned = testClock();
  let aheadMs = 0;
  const clock: Clock = { now: () => pinned.now() + aheadMs, sleep: pinned.sleep };
  const advance = async (seconds: number) => {
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: seconds } });
    aheadMs += seconds * 1000;
  };
  const start = (dataDir: string, argv: string[] = []): Promise<App> =>
    startApp({ config: loadConfig(['--data-dir', dataDir, '--no-window', ...argv], env), shell: 'web', logger: silentLogger, version: 'test', clock });
  const call = async <T>(app: App, channel: string, input: unknown = {}): Promise<T> => {
    const result = await app.ipc.invoke(channel, input);
    if (!result.ok) assert.fail(`${channel}: ${JSON.stringify(result.error)}`);
    return result.value as T;
  };
  const failure = async (app: App, channel: string, input: unknown = {}): Promise<ErrorInfo> => {
    const result = await app.ipc.invoke(channel, input);
    if (result.ok) assert.fail(`${channel} should fail`);
    return result.error;
  };

  it('a fresh data folder is a first run: no account, data channels say so, the demo starts on demand and after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-first-'));
    let app = await start(dir);
    try {
      assert.equal((await call<AppStatus>(app, 'status:get')).mode, 'setup');
      assert.equal((await call<SetupState>(app, 'setup:state')).account, null);
      assert.equal((await failure(app, 'stores:list')).code, 'not-configured');
      assert.equal((await failure(app, 'orders:board')).code, 'not-configured');
      const pushed: SetupState[] = [];
      app.push.connect((event, payload) => event === 'setup:changed' && pushed.push(payload as SetupState));
      const state = await call<SetupState>(app, 'setup:demo');
      assert.equal(state.account?.kind, 'demo');
      assert.equal(pushed.at(-1)?.account?.kind, 'demo', 'the screens are told');
      assert.ok((await call<{ name: string }[]>(app, 'stores:list')).some((s) => s.name === 'Mercado Bom Preço'));
    } finally {
      await app.stop();
    }
    app = await start(dir);
    try {
      assert.equal((await call<AppStatus>(app, 'status:get')).mode, 'demo', 'a restart goes straight to the saved account');
    } finally {
      await app.stop();
    }
  });

  it('a centralized application: each wrong input has its own refusal; the right one is checked, saved, and reopened with no flag', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-central-'));
    let app = await start(dir);
    try {
      const check = (apiBaseUrl: string, clientId: string, clientSecret: string) =>
        failure(app, 'setup:checkCentralized', { apiBaseUrl, clientId, clientSecret });
      assert.equal((await check(sandbox.url, 'demo', 'wrong-secret')).code, 'auth');
      const insecure = await check('http://api.example.test', 'demo', 'demo-secret');
      assert.deepEqual([insecure.code, insecure.field], ['validation', 'apiBaseUrl']);
      assert.equal((await check('not an address', 'demo', 'demo-secret')).field, 'apiBaseUrl');
      assert.equal((await check('http://127.0.0.1:9', 'demo', 'demo-secret')).code, 'connection');
      assert.equal((await check(websiteUrl, 'demo', 'demo-secret')).code, 'not-found', 'a web site, not the API');
      assert.equal((await failure(app, 'setup:finish', { stores: 'all' })).code, 'validation', 'nothing to save before a good check');

      const { stores } = await call<CandidateStores>(app, 'setup:checkCentralized', {
        apiBaseUrl: `${sandbox.url}/`,
        clientId: 'demo',
        clientSecret: 'demo-secret',
      });
      assert.deepEqual(stores.map((s) => s.id).sort(), [DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID].sort());
      assert.equal((await failure(app, 'setup:finish', { stores: [OTHER_BAKERY_ID] })).code, 'validation', 'a store of another account is refused');
      const state = await call<SetupState>(app, 'setup:finish', { stores: [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID] });
      assert.deepEqual(state.account, {
        kind: 'centralized',
        apiBaseUrl: sandbox.url,
        clientId: 'demo',
        stores: [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID],
        fromFlags: false,
      });
      assert.deepEqual(
        (await call<{ id: string }[]>(app, 'stores:list')).map((s) => s.id).sort(),
        [DEMO_GROCERY_ID, DEMO_RESTAURANT_ID].sort(),
        'only the served stores',
      );
      assert.equal((await call<{ id: string }[]>(app, 'stores:list', { all: true })).length, 3);
      const file = readFileSync(join(dir, CONFIG_FILE), 'utf8');
      assert.doesNotMatch(file, /demo-secret/, 'the secret is not in the settings file');
      assert.match(readFileSync(join(dir, 'credentials.json'), 'utf8'), /demo-secret/, 'it is in the credential store the integrator chose');
    } finally {
      await app.stop();
    }
    app = await start(dir);
    try {
      const status = await call<AppStatus>(app, 'status:get');
      assert.deepEqual([status.mode, status.apiBaseUrl], ['live', sandbox.url]);
      assert.equal((await call<{ id: string }[]>(app, 'stores:list')).length, 2, 'and it works with the kept secret');
      const settings = await call<Settings>(app, 'settings:update', { locale: 'en' });
      assert.equal(settings.locale, 'en');
      assert.equal((await failure(app, 'settings:update', { locale: 'fr' })).code, 'bad-input');
      const signedOut = await call<SetupState>(app, 'setup:signOut', { deleteOrders: true });
      assert.equal(signedOut.account, null);
      assert.doesNotMatch(readFileSync(join(dir, 'credentials.json'), 'utf8'), /demo-secret/, 'signing out erases the secret');
      assert.equal(existsSync(join(dir, 'store-terminal.sqlite')), false, 'and the cached orders, when asked');
      assert.equal((await call<Settings>(app, 'settings:get')).locale, 'en', 'the language stays');
    } finally {
      await app.stop();
    }
  });

  it('a distributed application: a user code, the owner approves it in the portal, the code is exchanged; expiry and refusal are told apart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-dist-'));
    const app = await start(dir);
    try {
      const input = { apiBaseUrl: sandbox.url, clientId: 'partner', clientSecret: 'partner-secret' };
      const approve = async (userCode: string) => {
        const answer = await sandbox.http.send('POST', '/_sandbox/authorize', { json: { userCode, merchantIds: [DEMO_PIZZERIA_ID] } });
        assert.equal(answer.status, 201);
        return (answer.body as { authorizationCode: string }).authorizationCode;
      };

      const first = await call<PendingAuthorizationView>(app, 'setup:startAuthorization', input);
      assert.match(first.userCode, /^[A-Z]{4}-[A-Z]{4}$/);
      assert.ok(first.verificationUrlComplete.includes(first.userCode));
      assert.equal(first.qr.modules.length, first.qr.size * first.qr.size, 'a QR code of the address to scan');
      await approve(first.userCode);
      const refused = await failure(app, 'setup:completeAuthorization', { authorizationCode: 'WRONG-CODE-HERE' });
      assert.equal(refused.code, 'validation', 'a wrong code is refused by the platform');

      const second = await call<PendingAuthorizationView>(app, 'setup:startAuthorization', input);
      await advance(11 * 60);
      const expired = await failure(app, 'setup:completeAuthorization', { authorizationCode: 'ANY' });
      assert.match(expired.message, /expired/, `the user code ${second.userCode} expired`);

      const third = await call<PendingAuthorizationView>(app, 'setup:startAuthorization', input);
      const code = await approve(third.userCode);
      const { stores } = await call<CandidateStores>(app, 'setup:completeAuthorization', { authorizationCode: code.toLowerCase() });
      assert.deepEqual(
        stores.map((s) => s.id),
        [DEMO_PIZZERIA_ID],
      );
      const state = await call<SetupState>(app, 'setup:finish', { stores: 'all' });
      assert.equal(state.account?.kind, 'distributed');
      assert.deepEqual(
        (await call<{ id: string }[]>(app, 'stores:list')).map((s) => s.id),
        [DEMO_PIZZERIA_ID],
      );
    } finally {
      await app.stop();
    }
  });

  it('a damaged settings file gives the first-run screen with the reason, and is kept aside when the terminal is set up again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-broken-'));
    writeFileSync(join(dir, CONFIG_FILE), '{"version": 1, "account": {"kind": "demo"');
    const app = await start(dir);
    try {
      const state = await call<SetupState>(app, 'setup:state');
      assert.equal(state.account, null);
      assert.equal(state.problem?.kind, 'corrupt');
      await call<SetupState>(app, 'setup:demo');
      assert.ok(existsSync(join(dir, CONFIG_FILE)));
    } finally {
      await app.stop();
    }
  });

  it('flags win over the file, and the screen cannot sign such an account out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-flags-'));
    const app = await startApp({
      config: loadConfig(['--data-dir', dir, '--no-window', '--clock-at', TEST_INSTANT, '--api-base-url', sandbox.url, '--client-id', 'other'], {
        ...env,
        STORE_TERMINAL_CLIENT_SECRET: 'other-secret',
      }),
      shell: 'web',
      logger: silentLogger,
      version: 'test',
    });
    try {
      const state = await call<SetupState>(app, 'setup:state');
      assert.equal(state.account?.fromFlags, true);
      assert.deepEqual(
        (await call<{ id: string }[]>(app, 'stores:list')).map((s) => s.id),
        [OTHER_BAKERY_ID],
      );
      assert.equal((await failure(app, 'setup:signOut', { deleteOrders: false })).code, 'validation');
    } finally {
      await app.stop();
    }
  });
});
