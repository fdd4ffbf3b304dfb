import assert from 'node:assert/strict';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, it } from 'node:test';
import { WebSocketServer } from 'ws';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import type { DeviceCredential, HubIdentity } from '../../../src-main/hub/contract';
import { LINK_BACKOFF, RemoteEndpoint, type LinkState } from '../../../src-main/hub/link/remote-endpoint';
import { backoffMs } from '../../../src-main/queue/backoff';
import type { PushName } from '../../../src-shared/ipc/contract';
import { boardRow, ROW_STORE } from '../../support/app/board-row';
import { testHubIdentity } from '../../support/hub/fakes';
import { advanceUntil, testHub } from '../../support/hub/link';
import { waitFor } from '../../support/sync/harness';

const ORDER = '0b6e3f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

/** A screen's link to its hub over loopback TLS: pinning, the credential, calls, pushes, losing and finding the hub. */
describe('a screen linked to its hub', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  const screenOf = (clock: ManualClock, port: () => number, fingerprint: string, credential: DeviceCredential) => {
    const remote = new RemoteEndpoint({
      hub: () => ({ host: '127.0.0.1', port: port() }),
      fingerprint,
      credential,
      clock,
      logger: silentLogger,
      backoff: { baseMs: 500, maxMs: 2_000, jitter: 0 },
    });
    const states: LinkState[] = [];
    const pushes: [PushName, unknown][] = [];
    remote.onLink((state) => states.push(state));
    remote.connect((event, payload) => pushes.push([event, payload]));
    cleanup.push(() => remote.close());
    return { remote, states, pushes };
  };

  const linked = async (clock = new ManualClock()) => {
    const hub = await testHub(clock);
    let server = await hub.start();
    cleanup.push(() => server.close());
    const credential = hub.devices.pair('Cozinha 1', 'kitchen');
    const screen = screenOf(clock, () => server.port, hub.identity.fingerprint, credential);
    return {
      clock,
      hub,
      credential,
      ...screen,
      server: () => server,
      restart: async () => {
        const port = server.port;
        await server.close();
        server = await hub.start(port);
      },
    };
  };

  it('invokes the hub and hears its pushes once the hub took its credential', async () => {
    const { remote, states, pushes, hub, clock, credential } = await linked();
    assert.equal(remote.link().state, 'lost', 'stale until the hub answers');
    remote.start();
    await advanceUntil(clock, () => remote.link().state === 'connected', 'the link');
    assert.deepEqual((states.at(-1) as { device: unknown }).device, { id: credential.deviceId, name: 'Cozinha 1', kind: 'kitchen' });

    const board = { rows: [boardRow(ORDER, clock.now())], closedLeftOut: 0, generatedAt: new Date(clock.now()).toISOString() };
    hub.endpoint.answer = async () => ({ ok: true, value: board });
    const answer = await remote.invoke('orders:board', { merchantId: ROW_STORE });
    assert.deepEqual(answer, { ok: true, value: board });
    assert.deepEqual(hub.endpoint.calls.at(-1)?.input, { merchantId: ROW_STORE });
    assert.equal(hub.endpoint.calls.at(-1)?.origin?.id, credential.deviceId);
    const refused = await remote.invoke('setup:state', {});
    assert.equal(!refused.ok && refused.error.code, 'forbidden');

    const changed = { rows: [boardRow(ORDER, clock.now(), { status: 'CONFIRMED' })], actions: [] };
    hub.endpoint.push('orders:changed', { rows: [{ id: ORDER, status: 'EATEN' }], actions: [] });
    hub.endpoint.push('orders:changed', changed);
    await waitFor(() => pushes.length === 1, 'the push');
    assert.deepEqual(pushes, [['orders:changed', changed]], 'a push that breaks the contract is not passed on');
  });

  it('answers a call at once while the hub cannot be reached, and one cut off under it', async () => {
    const { remote, clock, hub, server } = await linked();
    const early = await remote.invoke('orders:board', {});
    assert.equal(!early.ok && early.error.code, 'connection');

    remote.start();
    await advanceUntil(clock, () => remote.link().state === 'connected', 'the link');
    hub.endpoint.answer = () => new Promise(() => {});
    const hanging = remote.invoke('orders:board', {});
    await waitFor(() => hub.endpoint.calls.length === 1, 'the call at the hub');
    await server().close();
    const cut = await hanging;
    assert.equal(!cut.ok && cut.error.code, 'connection');
    const later = await remote.invoke('orders:board', {});
    assert.equal(!later.ok && later.error.code, 'connection');
    // Whose trouble it is, for the screen's words: the main terminal, never the platform.
    for (const failed of [early, cut, later]) assert.equal(!failed.ok && failed.error.reason, 'HubOutOfReach');
  });

  it("says a chain's server is out of reach when the pairing or the connection says the hub is one", async () => {
    const clock = new ManualClock();
    const remote = new RemoteEndpoint({
      hub: () => ({ host: '127.0.0.1', port: 9 }),
      fingerprint: 'AA',
      credential: { deviceId: 'device-0001', secret: 'x'.repeat(43) },
      clock,
      logger: silentLogger,
      role: 'server',
    });
    const failed = await remote.invoke('orders:board', {});
    assert.equal(!failed.ok && failed.error.reason, 'ServerOutOfReach');
  });

  it('knocks again within about 2 s at most, however long the hub was away', () => {
    for (const failures of [1, 5, 20, 100]) assert.ok(backoffMs(LINK_BACKOFF, failures) <= 2_000 * (1 + LINK_BACKOFF.jitter), `after ${failures} failures`);
  });

  it('answers timeout for a call the hub never answers, and refuses an answer that breaks the contract', async () => {
    const { remote, clock, hub } = await linked();
    remote.start();
    await advanceUntil(clock, () => remote.link().state === 'connected', 'the link');
    hub.endpoint.answer = async () => ({ ok: true, value: { rows: 'not a board' } });
    const broken = await remote.invoke('orders:board', {});
    assert.equal(!broken.ok && broken.error.code, 'internal', 'an answer that breaks the contract is not passed on');
    hub.endpoint.answer = () => new Promise(() => {});
    let result: unknown;
    void remote.invoke('orders:board', {}).then((r) => (result = r));
    await advanceUntil(clock, () => result !== undefined, 'the timeout', 5_000);
    assert.equal((result as { error: { code: string } }).error.code, 'timeout');
  });

  it('refuses a hub with another certificate before any credential leaves, and keeps looking', async () => {
    const clock = new ManualClock();
    const impostor = await testHubIdentity('Impostor');
    const pinned = await testHubIdentity('Balcão');
    // A rogue hub at the address: a real WSS server that would take any credential shown to it.
    const rogue = createHttpsServer({ cert: impostor.certPem, key: impostor.keyPem });
    const received: string[] = [];
    const upgrades: number[] = [];
    rogue.on('upgrade', () => upgrades.push(1));
    new WebSocketServer({ server: rogue }).on('connection', (ws) => ws.on('message', (data) => received.push(String(data))));
    await new Promise<void>((r) => rogue.listen(0, '127.0.0.1', r));
    cleanup.push(() => {
      rogue.closeAllConnections();
      return new Promise<void>((r) => rogue.close(() => r()));
    });
    const credential: DeviceCredential = { deviceId: 'device-0001', secret: 's3cr3t-'.repeat(6) };
    const { remote, states } = screenOf(clock, () => (rogue.address() as AddressInfo).port, pinned.fingerprint, credential);
    remote.start();
    await advanceUntil(clock, () => states.filter((s) => s.state === 'lost' && s.reason === 'wrong-certificate').length >= 2, 'two refusals');
    assert.deepEqual(received, [], 'the credential never left');
    assert.deepEqual(upgrades, [], 'not even the upgrade request: the handshake was cut');
    assert.ok(!states.some((s) => s.state === 'connected' || s.state === 'refused'));
  });

  it('is refused at once when revoked, stops knocking, and a device the hub does not know is refused too', async () => {
    const { remote, clock, hub, credential, states, server } = await linked();
    remote.start();
    await advanceUntil(clock, () => remote.link().state === 'connected', 'the link');
    hub.devices.revoke(credential.deviceId, clock.now());
    await waitFor(() => remote.link().state === 'refused', 'the refusal');
    assert.equal((remote.link() as { reason: string }).reason, 'revoked');
    const verified = hub.devices.verifyCalls;
    await clock.advance(60_000);
    assert.equal(hub.devices.verifyCalls, verified, 'no knocking after a refusal');
    assert.equal(states.filter((s) => s.state === 'refused').length, 1);
    const refused = await remote.invoke('kitchen:bump', { orderId: 'x', stationId: null });
    assert.equal(!refused.ok && refused.error.reason, 'ScreenRefused', 'a call says the screen was removed');

    const again = screenOf(clock, () => server().port, hub.identity.fingerprint, credential);
    again.remote.start();
    await advanceUntil(clock, () => again.remote.link().state === 'refused', 'the refusal on reconnect');
    assert.equal((again.remote.link() as { reason: string }).reason, 'unknown-device');
    assert.ok(!again.states.some((s) => s.state === 'connected'));
  });

  it('finds the hub again by itself after a restart, and hears pushes again', async () => {
    const { remote, clock, hub, states, pushes, restart } = await linked();
    remote.start();
    await advanceUntil(clock, () => remote.link().state === 'connected', 'the link');
    const lostAt = clock.now();
    await restart();
    await waitFor(() => remote.link().state === 'lost', 'the loss');
    assert.deepEqual(remote.link(), { state: 'lost', since: lostAt, reason: 'dropped' });
    await advanceUntil(clock, () => remote.link().state === 'connected', 'the link again');
    assert.deepEqual(
      states.map((s) => s.state),
      ['connected', 'lost', 'connected'],
    );
    hub.endpoint.push('orders:changed', { rows: [], actions: [] });
    await waitFor(() => pushes.length === 1, 'a push after the restart');
  });

  it('calls a hub silent when its pings go unanswered', async () => {
    const clock = new ManualClock();
    const identity: HubIdentity = await testHubIdentity();
    const https = createHttpsServer({ cert: identity.certPem, key: identity.keyPem });
    const wss = new WebSocketServer({ server: https, autoPong: false });
    wss.on('connection', (ws) => ws.once('message', () => ws.send(JSON.stringify({ ready: true, device: { id: 'device-0001', name: 'Expo', kind: 'expo' } }))));
    await new Promise<void>((r) => https.listen(0, '127.0.0.1', r));
    cleanup.push(() => {
      for (const client of wss.clients) client.terminate();
      return new Promise<void>((r) => https.close(() => r()));
    });
    const { remote } = screenOf(clock, () => (https.address() as AddressInfo).port, identity.fingerprint, { deviceId: 'device-0001', secret: 'x'.repeat(40) });
    remote.start();
    await advanceUntil(clock, () => remote.link().state === 'connected', 'the link');
    await advanceUntil(clock, () => remote.link().state === 'lost', 'the silence', 1_000);
    assert.equal((remote.link() as { reason: string }).reason, 'silent');
  });
});
