import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { PLAIN_FILE_NAME } from '../../../src-main/auth/credentials/file-store';
import { CONFIG_FILE } from '../../../src-main/config/terminal-config';
import type { AppStatus } from '../../../src-shared/ipc/channels/status';
import type { JoinOutcome, LinkView } from '../../../src-shared/ipc/channels/join';
import type { SetupState } from '../../../src-shared/ipc/channels/setup';
import { FakeEndpoint } from '../../support/hub/fakes';
import { startTlsRelay } from '../../support/hub/pairing-hub';
import { announced, answeringHub, FakeBrowser, startTerminalApp, startTestHub, type ScreenApp, type TestHub } from '../../support/hub/screen-hub';
import { waitFor } from '../../support/sync/harness';

/**
 * What a screen keeps between launches (its pairing in config.json, its credential in the
 * credential store) and what it never does: open an account or poll the platform, whatever the
 * flags and the credential store hold. And where it looks for a hub that moved.
 */
const closers: (() => Promise<void>)[] = [];
after(async () => {
  for (const close of closers.reverse()) await close();
});

async function pairedScreen(hub: TestHub): Promise<ScreenApp> {
  const screen = await startTerminalApp();
  const outcome = await screen.invoke<JoinOutcome>('join:pair', {
    target: { via: 'address', address: `127.0.0.1:${hub.port}` },
    code: hub.openCode(),
    kind: 'kitchen',
    name: 'Cozinha 1',
  });
  assert.equal(outcome.outcome, 'paired');
  return screen;
}

const lastLink = (screen: ScreenApp): LinkView | undefined => screen.pushes.filter((p) => p.event === 'join:link').at(-1)?.payload as LinkView | undefined;

async function again(screen: ScreenApp, options: Parameters<typeof startTerminalApp>[0] = {}): Promise<ScreenApp> {
  await screen.stop();
  const restarted = await startTerminalApp({ dataDir: screen.dataDir, ...options });
  closers.push(async () => {
    await restarted.stop();
    rmSync(screen.dataDir, { recursive: true, force: true });
  });
  return restarted;
}

/** A platform that counts every request it gets (and answers none usefully). */
async function countingPlatform(): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((_req, res) => {
    requests++;
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, requests: () => requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('a screen between launches', () => {
  it('restarts as the same screen of the same hub, without pairing again', async () => {
    const hub = await startTestHub({ endpoint: answeringHub(new FakeEndpoint()) });
    closers.push(() => hub.close());
    const screen = await again(await pairedScreen(hub));
    await waitFor(() => lastLink(screen)?.state === 'connected', 'linked after the restart');
    const state = await screen.invoke<SetupState>('setup:state');
    assert.equal(state.screen?.hubId, hub.identity.hubId);
    assert.equal(state.screen?.credentialMissing, false);
    assert.equal(hub.registry.list().length, 1, 'no second pairing');
    assert.equal(hub.window.view().state, 'used', 'no code needed');
  });

  it('never opens an account nor polls the platform, even with one given by flags and its secret kept', async () => {
    const hub = await startTestHub({ endpoint: answeringHub(new FakeEndpoint()) });
    closers.push(() => hub.close());
    const platform = await countingPlatform();
    closers.push(() => platform.close());
    const paired = await pairedScreen(hub);
    // The credential store holds a marketplace secret too, as on a terminal that once had an account.
    const storePath = join(paired.dataDir, PLAIN_FILE_NAME);
    const store = JSON.parse(readFileSync(storePath, 'utf8')) as Record<string, string>;
    writeFileSync(storePath, JSON.stringify({ ...store, 'client-secret:demo': 'demo-secret' }), { mode: 0o600 });
    const screen = await again(paired, {
      flags: ['--api-base-url', platform.url, '--client-id', 'demo', '--poll-interval', '1'],
      env: { STORE_TERMINAL_CLIENT_SECRET: 'demo-secret' },
    });
    await waitFor(() => lastLink(screen)?.state === 'connected', 'linked');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    assert.equal(platform.requests(), 0, 'not one request to the platform');
    const status = await screen.invoke<AppStatus>('status:get');
    assert.equal(status.apiBaseUrl, 'https://api.example.test', 'the platform as the hub knows it');
    assert.ok(screen.logs.some((line) => /screen of a hub: the account given by flags is not opened/.test(line)));
    const setup = await screen.invoke<SetupState>('setup:state');
    assert.equal(setup.account, null);
  });

  it('a credential store that lost the credential says "pair again"; unpairing goes back to the first run', async () => {
    const hub = await startTestHub({ endpoint: answeringHub(new FakeEndpoint()) });
    closers.push(() => hub.close());
    const paired = await pairedScreen(hub);
    writeFileSync(join(paired.dataDir, PLAIN_FILE_NAME), '{}', { mode: 0o600 });
    const screen = await again(paired);
    const state = await screen.invoke<SetupState>('setup:state');
    assert.equal(state.screen?.credentialMissing, true);
    assert.deepEqual({ ...(await screen.invoke<LinkView>('join:link')), since: 'x' }, { state: 'refused', since: 'x', reason: 'no-credential' });
    const board = await screen.app.ipc.invoke('orders:board', {});
    assert.equal(!board.ok && board.error.code, 'auth');
    assert.equal(hub.screens(), 0, 'it did not knock');

    await screen.invoke('join:unpair');
    assert.equal(JSON.parse(readFileSync(join(screen.dataDir, CONFIG_FILE), 'utf8')).screen, null);
    const outcome = await screen.invoke<JoinOutcome>('join:pair', {
      target: { via: 'address', address: `127.0.0.1:${hub.port}` },
      code: hub.openCode(),
      kind: 'expo',
      name: 'Expedição',
    });
    assert.equal(outcome.outcome, 'paired', 'a new pairing from the first run');
    await waitFor(() => lastLink(screen)?.state === 'connected', 'linked with the new credential');
  });

  it('unpairing deletes the device credential from the credential store', async () => {
    const hub = await startTestHub({ endpoint: answeringHub(new FakeEndpoint()) });
    closers.push(() => hub.close());
    const screen = await pairedScreen(hub);
    closers.push(() => screen.stop());
    const storePath = join(screen.dataDir, PLAIN_FILE_NAME);
    assert.ok(Object.keys(JSON.parse(readFileSync(storePath, 'utf8'))).includes(`hub-device:${hub.identity.hubId}`));
    await screen.invoke('join:unpair');
    assert.deepEqual(Object.keys(JSON.parse(readFileSync(storePath, 'utf8'))), []);
  });
});

describe("a hub that moved on the store's network", () => {
  it('is followed where discovery hears it, only once its certificate proves it: an impostor moves nothing', async () => {
    const hub = await startTestHub({ endpoint: answeringHub(new FakeEndpoint()) });
    closers.push(() => hub.close());
    const paired = await pairedScreen(hub);
    const screen = await again(paired, { more: { screenBrowse: (options) => new FakeBrowser(options) } });
    await waitFor(() => lastLink(screen)?.state === 'connected', 'linked');
    const opened = FakeBrowser.opened.length;

    const newPort = await hub.moveToNewPort();
    await waitFor(() => lastLink(screen)?.state === 'lost', 'lost when the hub went');
    await waitFor(() => FakeBrowser.opened.length > opened, 'listening for the hub while it is lost');
    const browser = FakeBrowser.opened.at(-1) as FakeBrowser;

    // Someone else announces the hub's id at their own address: tried, refused by the pin, never saved.
    const impostor = await startTlsRelay(newPort);
    closers.push(() => impostor.close());
    browser.hear([announced(hub, { port: impostor.port })]);
    await waitFor(() => lastLink(screen)?.reason === 'wrong-certificate', "the impostor's certificate refused");
    assert.equal(JSON.parse(readFileSync(join(screen.dataDir, CONFIG_FILE), 'utf8')).screen.port, hub.port);

    browser.hear([announced(hub, { port: newPort })]);
    await waitFor(() => lastLink(screen)?.state === 'connected', 'linked at the new address');
    assert.equal(JSON.parse(readFileSync(join(screen.dataDir, CONFIG_FILE), 'utf8')).screen.port, newPort, 'the file follows the proven hub');
    assert.equal((await screen.invoke<SetupState>('setup:state')).screen?.address, `127.0.0.1:${newPort}`);
    await waitFor(() => browser.closed, 'no longer listening once linked');
  });
});
