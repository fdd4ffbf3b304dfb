import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { AppStatus } from '../../../src-shared/ipc/channels/status';
import type { LinkView } from '../../../src-shared/ipc/channels/join';
import type { SetupState } from '../../../src-shared/ipc/channels/setup';
import type { Settings } from '../../../src-shared/settings';
import { waitFor } from '../../support/sync/harness';
import { FakeEndpoint } from '../../support/hub/fakes';
import { answeringHub, startTerminalApp, startTestHub, type ScreenApp, type TestHub } from '../../support/hub/screen-hub';

/**
 * A screen answers itself what only a hub may be asked (its account, its configuration, its
 * printers), keeps its own language and sounds over the hub's settings, and asks the hub for the
 * rest through the link: the hub hears those calls as this device's, and its pushes reach the
 * screen's windows, the hub's account never.
 */
describe("a screen's own answers and the hub's", () => {
  let hub: TestHub;
  let endpoint: FakeEndpoint;
  let screen: ScreenApp;
  const links = (): LinkView[] => screen.pushes.filter((p) => p.event === 'join:link').map((p) => p.payload as LinkView);

  before(async () => {
    endpoint = answeringHub(new FakeEndpoint());
    hub = await startTestHub({ endpoint });
    screen = await startTerminalApp();
    const outcome = await screen.invoke<{ outcome: string }>('join:pair', {
      target: { via: 'address', address: `127.0.0.1:${hub.port}` },
      code: hub.openCode(),
      kind: 'counter',
      name: 'Balcão 2',
    });
    assert.equal(outcome.outcome, 'paired');
    await waitFor(() => links().at(-1)?.state === 'connected', 'the screen linked to its hub');
  });
  after(async () => {
    await screen.stop();
    await hub.close();
    rmSync(screen.dataDir, { recursive: true, force: true });
  });

  it('refuses the hub-only channels itself, in its own words, and never asks the hub', async () => {
    const before = endpoint.calls.length;
    for (const [channel, input] of [
      ['setup:demo', {}],
      ['setup:checkCentralized', { apiBaseUrl: 'https://x.test', clientId: 'a', clientSecret: 'b' }],
      ['setup:signOut', { deleteOrders: true }],
      ['print:test', { printer: { id: 'p1', name: 'Cozinha', connection: { kind: 'file' } } }],
      ['print:systemPrinters', {}],
      ['settings:update', { printers: [] }],
      ['settings:update', { autoConfirm: [] }],
    ] as const) {
      const result = await screen.app.ipc.invoke(channel, input);
      assert.equal(!result.ok && result.error.code, 'forbidden', `${channel} ${JSON.stringify(result)}`);
    }
    assert.equal(endpoint.calls.length, before, 'none of them reached the hub');
    const state = await screen.invoke<SetupState>('setup:state');
    assert.equal(state.account, null);
    assert.equal(state.screen?.hubName, 'Balcão da Pizzaria');
    assert.equal(state.screen?.kind, 'counter');
  });

  it("shows the hub's settings with its own language and sounds on top, and changes only its own", async () => {
    const settings = await screen.invoke<Settings>('settings:get');
    assert.equal(settings.historyDays, 45, "the hub's");
    assert.equal(settings.alerts.sound, 'chime', "its own sound, not the hub's bell");
    const changed = await screen.invoke<Settings>('settings:update', { locale: 'en', alerts: { volume: 10 } });
    assert.equal(changed.locale, 'en');
    assert.equal(changed.alerts.volume, 10);
    assert.equal(changed.historyDays, 45);
    assert.ok(!endpoint.calls.some((c) => c.channel === 'settings:update'), "the hub's settings are untouched");
    assert.equal((screen.pushes.filter((p) => p.event === 'settings:changed').at(-1)?.payload as Settings).locale, 'en');
    // The hub changes its settings: the screen hears them with its own language kept.
    endpoint.push('settings:changed', { ...(await screen.invoke<Settings>('settings:get')), locale: 'pt-BR', historyDays: 60 });
    await waitFor(
      () => (screen.pushes.filter((p) => p.event === 'settings:changed').at(-1)?.payload as Settings).historyDays === 60,
      "the hub's change relayed",
    );
    assert.equal((screen.pushes.filter((p) => p.event === 'settings:changed').at(-1)?.payload as Settings).locale, 'en');
  });

  it('asks the hub for the rest, as this device, and relays what a screen may hear', async () => {
    const board = await screen.invoke<{ rows: unknown[] }>('orders:board', {});
    assert.deepEqual(board.rows, []);
    const asked = endpoint.calls.at(-1);
    assert.equal(asked?.channel, 'orders:board');
    assert.equal(asked?.origin?.name, 'Balcão 2');
    assert.equal(asked?.origin?.kind, 'counter');

    const status = await screen.invoke<AppStatus>('status:get');
    assert.equal(status.connectivity.state, 'online', "the hub's link to the platform");
    assert.equal(status.version, 'screen-1', "this machine's version");
    assert.equal(status.dataDir, screen.dataDir);

    const heard = screen.pushes.length;
    endpoint.push('status:changed', { state: 'degraded', lastSuccessAt: null, lastPollAt: null, reason: null });
    endpoint.push('setup:changed', { account: null, problem: null, credentialStore: { kind: 'file', description: 'x' }, screen: null });
    await waitFor(() => screen.pushes.slice(heard).some((p) => p.event === 'status:changed'), 'a hub push relayed');
    assert.ok(!screen.pushes.slice(heard).some((p) => p.event === 'setup:changed'), "the hub's account changes are never heard");
  });

  it('loses the hub at once and says so; calls answer "connection"; the last status stays; it comes back by itself', async () => {
    await hub.stopServer();
    await waitFor(() => links().at(-1)?.state === 'lost', 'the link lost');
    const link = await screen.invoke<LinkView>('join:link');
    assert.equal(link.state, 'lost');
    const board = await screen.app.ipc.invoke('orders:board', {});
    assert.equal(!board.ok && board.error.code, 'connection');
    const status = await screen.invoke<AppStatus>('status:get');
    assert.equal(status.mode, 'live', 'what the hub said last');
    assert.equal((await screen.invoke<Settings>('settings:get')).historyDays, 60, 'its settings as the hub said them last');

    await hub.restart();
    await screen.invoke('join:reconnect');
    await waitFor(() => links().at(-1)?.state === 'connected', 'linked again');
    assert.deepEqual((await screen.invoke<{ rows: unknown[] }>('orders:board', {})).rows, []);
  });

  it('a revoked screen is refused at once, stops knocking, and can be unpaired back to the first run', async () => {
    const [device] = hub.registry.list();
    assert.ok(device);
    hub.registry.revoke(device.id);
    await waitFor(() => links().at(-1)?.state === 'refused', 'refused');
    assert.equal(links().at(-1)?.reason, 'revoked');
    const board = await screen.app.ipc.invoke('orders:board', {});
    assert.equal(!board.ok && board.error.code, 'connection');

    assert.deepEqual(await screen.invoke('join:unpair'), { unpaired: true });
    const state = await screen.invoke<SetupState>('setup:state');
    assert.deepEqual([state.account, state.screen], [null, null], 'a first run');
    assert.equal((screen.pushes.filter((p) => p.event === 'setup:changed').at(-1)?.payload as SetupState).screen, null);
    assert.equal(await screen.invoke('join:link'), null);
    const afterUnpair = await screen.app.ipc.invoke('orders:board', {});
    assert.equal(!afterUnpair.ok && afterUnpair.error.code, 'not-configured', 'no account, no hub');
  });
});
