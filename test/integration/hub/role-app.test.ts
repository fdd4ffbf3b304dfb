import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import type { Board, OrdersChanged, OutboxEntry } from '../../../src-shared/ipc/channels/orders';
import type { ScreensState } from '../../../src-shared/ipc/channels/screens';
import { systemClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import type { ScreenKind } from '../../../src-main/hub/contract';
import { RemoteEndpoint } from '../../../src-main/hub/link/remote-endpoint';
import { pairWithHub } from '../../../src-main/hub/trust/pair-client';
import { startHubApp, type HubApp } from '../../support/hub/role';
import { withSandbox } from '../../support/sandbox/sandbox';
import { createOrder, type Sandbox } from '../../support/sandbox/orders';
import { waitFor } from '../../support/sync/harness';

/**
 * The real app as a hub (its hub role started with it) and screens paired to it through its own
 * pairing window, in this process: a screen's confirm is recorded with the screen as its origin,
 * the same order confirmed on two screens at once is one action that both hear, a revoked screen is
 * cut at once, and the hub's own channels are refused to screens.
 */
describe('hub role: the app takes screens', () => {
  let sandbox: Sandbox;
  let hub: HubApp;
  const screens: RemoteEndpoint[] = [];

  /** Pairs a screen through the hub's pairing window (the code shown in Settings › Telas) and links it. */
  async function pairScreen(name: string, kind: ScreenKind): Promise<{ screen: RemoteEndpoint; deviceId: string }> {
    const shown = await hub.call<ScreensState>('screens:openPairing');
    assert.equal(shown.state, 'listening', JSON.stringify(shown.problem));
    assert.equal(shown.pairing.state, 'open');
    if (shown.pairing.state !== 'open') throw new Error('no code');
    const paired = await pairWithHub({ host: '127.0.0.1', port: shown.port, code: shown.pairing.code, name, kind });
    const screen = new RemoteEndpoint({
      hub: () => ({ host: '127.0.0.1', port: shown.port }),
      fingerprint: paired.fingerprint,
      credential: paired.credential,
      clock: systemClock,
      logger: silentLogger,
    });
    screens.push(screen);
    screen.start();
    await waitFor(() => screen.link().state === 'connected', `${name} linked`);
    return { screen, deviceId: paired.credential.deviceId };
  }

  before(async () => {
    sandbox = await withSandbox();
    hub = await startHubApp(sandbox.url, 'hub-role');
  });
  after(async () => {
    for (const screen of screens) await screen.close();
    await hub.stop();
    await sandbox.close();
  });

  it("opens no port and writes nothing of the hub's until a code is shown", async () => {
    const state = await hub.screens();
    assert.equal(state.state, 'idle');
    assert.equal(state.pairing.state, 'closed');
    assert.deepEqual(state.screens, []);
    assert.equal(existsSync(join(hub.dataDir, 'hub')), false);
  });

  it("shows a code with its QR and the hub's address; the code pairs a screen whose confirm is recorded as its own", async () => {
    const shown = await hub.call<ScreensState>('screens:openPairing');
    assert.equal(shown.pairing.state, 'open');
    if (shown.pairing.state !== 'open') return;
    assert.match(shown.pairing.code, /^\d{6}$/);
    assert.equal(shown.pairing.attemptsLeft, 5);
    assert.deepEqual(shown.addresses, [`127.0.0.1:${shown.port}`]);
    assert.match(
      shown.pairing.uri ?? '',
      new RegExp(`^store-terminal://pair\\?host=127\\.0\\.0\\.1&port=${shown.port}&fp=[0-9a-f]{64}&code=${shown.pairing.code}$`),
    );
    assert.ok(shown.pairing.qr && shown.pairing.qr.size > 20);
    assert.match(shown.fingerprint ?? '', /^[0-9a-f]{4}( [0-9a-f]{4}){3}$/);

    const { screen, deviceId } = await pairScreen('Cozinha 1', 'kitchen');
    const listed = await hub.screens();
    assert.equal(listed.pairing.state, 'closed', 'one pairing per code');
    assert.deepEqual(
      listed.screens.map((s) => ({ id: s.id, name: s.name, kind: s.kind, connected: s.connected })),
      [{ id: deviceId, name: 'Cozinha 1', kind: 'kitchen', connected: true }],
    );
    assert.notEqual(listed.screens[0]?.lastContactAt, null);

    const pushes: OrdersChanged[] = [];
    screen.connect((event, payload) => event === 'orders:changed' && pushes.push(payload as OrdersChanged));
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    await waitFor(() => pushes.some((p) => p.rows.some((r) => r.id === order.id)), 'the order reached the screen');
    const acted = await screen.invoke('orders:act', { orderId: order.id, action: 'confirm' });
    assert.ok(acted.ok, JSON.stringify(acted));
    assert.deepEqual((acted.value as OutboxEntry).origin, { id: deviceId, name: 'Cozinha 1', kind: 'kitchen' });
    await waitFor(() => pushes.some((p) => p.rows.some((r) => r.id === order.id && r.status === 'CONFIRMED')), 'confirmed on the platform');
    const board = await hub.call<Board>('orders:board');
    const row = board.rows.find((r) => r.id === order.id);
    assert.deepEqual(row?.confirmedFrom, { id: deviceId, name: 'Cozinha 1', kind: 'kitchen' }, "the hub's own board says who confirmed it");
    assert.equal(row?.confirmedBy, 'staff');
  });

  it('the same order confirmed on two screens at once is one action, and both hear whose it is', async () => {
    const second = await pairScreen('Balcão 2', 'counter');
    const first = screens[0];
    assert.ok(first);
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'DELIVERY' });
    await waitFor(async () => {
      const board = await hub.call<Board>('orders:board');
      return board.rows.some((r) => r.id === order.id);
    }, 'the order on the hub');
    const [a, b] = await Promise.all([
      first.invoke('orders:act', { orderId: order.id, action: 'confirm' }),
      second.screen.invoke('orders:act', { orderId: order.id, action: 'confirm' }),
    ]);
    assert.ok(a.ok && b.ok, JSON.stringify([a, b]));
    const [ea, eb] = [a.value as OutboxEntry, b.value as OutboxEntry];
    assert.equal(ea.id, eb.id, 'one action in the outbox');
    assert.deepEqual(ea.origin, eb.origin, 'both screens hear the same origin');
    await waitFor(async () => (await hub.call<Board>('orders:board')).rows.some((r) => r.id === order.id && r.status === 'CONFIRMED'), 'confirmed');
    const detail = await second.screen.invoke('orders:detail', { orderId: order.id });
    assert.ok(detail.ok);
    const confirms = (detail.value as { actions: OutboxEntry[] }).actions.filter((x) => x.action === 'confirm');
    assert.equal(confirms.length, 1);
    const events = await sandbox.http.send('GET', '/_sandbox/events');
    const confirmedEvents = (events.body as { events: { orderId: string; code: string }[] }).events.filter((e) => e.orderId === order.id && e.code === 'CFM');
    assert.equal(confirmedEvents.length, 1, 'the platform confirmed it once');
  });

  it('an order confirmed on the hub itself has no origin (this terminal)', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    await waitFor(async () => (await hub.call<Board>('orders:board')).rows.some((r) => r.id === order.id), 'the order on the hub');
    const entry = await hub.call<OutboxEntry>('orders:act', { orderId: order.id, action: 'confirm' });
    assert.equal(entry.origin, null);
  });

  it('refuses its own channels to a screen: a screen never opens pairing nor revokes', async () => {
    const screen = screens[0];
    assert.ok(screen);
    for (const channel of ['screens:state', 'screens:openPairing', 'screens:closePairing']) {
      const result = await screen.invoke(channel, {});
      assert.equal(!result.ok && result.error.code, 'forbidden', channel);
    }
    const revoke = await screen.invoke('screens:revoke', { deviceId: (await hub.screens()).screens[1]?.id });
    assert.equal(!revoke.ok && revoke.error.code, 'forbidden');
    assert.equal((await hub.screens()).screens.length, 2, 'nobody was revoked');
    const warning = await screen.invoke('sharedQueue:state', {});
    assert.ok(warning.ok, "the shared-queue warning is every screen's");
  });

  it('revoking a screen cuts it at once; the other stays', async () => {
    const [first, second] = screens;
    assert.ok(first && second);
    const before = await hub.screens();
    const target = before.screens.find((s) => s.name === 'Cozinha 1');
    assert.ok(target);
    const after = await hub.call<ScreensState>('screens:revoke', { deviceId: target.id });
    assert.deepEqual(
      after.screens.map((s) => s.name),
      ['Balcão 2'],
    );
    await waitFor(() => first.link().state === 'refused', 'the revoked screen told');
    assert.deepEqual(first.link().state === 'refused' && first.link(), {
      state: 'refused',
      since: (first.link() as { since: number }).since,
      reason: 'revoked',
    });
    const refused = await first.invoke('orders:board', {});
    assert.equal(!refused.ok && refused.error.code, 'connection');
    assert.equal(second.link().state, 'connected');
    const again = await hub.call<ScreensState>('screens:revoke', { deviceId: target.id }).catch((error: Error) => error.message);
    assert.match(String(again), /not-found/);
  });

  it('"Aceitar telas" off closes the port and refuses a code; on again, paired screens come back', async () => {
    const second = screens[1];
    assert.ok(second);
    await hub.call('settings:update', { hub: { enabled: false } });
    await waitFor(async () => (await hub.screens()).state === 'off', 'the hub off');
    await waitFor(() => second.link().state === 'lost', 'the screen lost the hub');
    const refused = await hub.app.ipc.invoke('screens:openPairing', {});
    assert.equal(!refused.ok && refused.error.code, 'conflict');
    await hub.call('settings:update', { hub: { enabled: true } });
    await waitFor(async () => (await hub.screens()).state === 'listening', 'listening again');
    second.reconnectNow();
    await waitFor(() => second.link().state === 'connected', 'the paired screen back without a new pairing');
  });
});
