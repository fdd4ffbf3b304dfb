import assert from 'node:assert/strict';
import { connect as tcpConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { after, before, beforeEach, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { ManualClock } from '../../../src-main/base/clock';
import type { HubServer } from '../../../src-main/hub/link/hub-server';
import { CLOSE, SCREEN_PROTOCOL } from '../../../src-main/hub/link/protocol';
import { waitFor } from '../../support/sync/harness';
import { advanceUntil, hubRequest, rawScreen, testHub, type RawScreen } from '../../support/hub/link';

/** The hub's server on loopback TLS, with fake trust and a fake app: what a peer can and cannot get from it. */
describe('the hub server', () => {
  const clock = new ManualClock();
  let hub: Awaited<ReturnType<typeof testHub>>;
  let server: HubServer;
  before(async () => {
    hub = await testHub(clock, { limits: { credentialWithinMs: 300, maxInFlight: 4 } });
    server = await hub.start();
  });
  after(() => server.close());
  beforeEach(() => {
    hub.endpoint.calls.length = 0;
    hub.endpoint.answer = async (channel, input) => ({ ok: true, value: { channel, input } });
  });

  const admitted = async (name = 'Cozinha 1'): Promise<RawScreen & { deviceId: string }> => {
    const credential = hub.devices.pair(name, 'kitchen');
    const screen = await rawScreen(server.port);
    screen.send(credential);
    const ready = await screen.next((m) => m.ready === true);
    assert.deepEqual(ready.device, { id: credential.deviceId, name, kind: 'kitchen' });
    return { ...screen, deviceId: credential.deviceId };
  };

  it('shows its card', async () => {
    const card = await hubRequest(server.port, '/hub');
    assert.equal(card.status, 200);
    assert.deepEqual(JSON.parse(card.body), { hubId: hub.identity.hubId, name: hub.identity.name, protocol: SCREEN_PROTOCOL, role: 'terminal' });
  });

  it('hands pairing steps to the desk and answers whatever the desk does', async () => {
    const json = { 'content-type': 'application/json' };
    const ok = await hubRequest(server.port, '/pair/start', { method: 'POST', headers: json, body: JSON.stringify({ hello: 1 }) });
    assert.equal(ok.status, 200);
    assert.deepEqual(JSON.parse(ok.body), { step: 'start', ok: true });
    assert.deepEqual(hub.pairing.steps.at(-1), { step: 'start', body: { hello: 1 }, address: '127.0.0.1' });

    const steps = hub.pairing.steps.length;
    assert.equal((await hubRequest(server.port, '/pair/start', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' })).status, 415);
    assert.equal((await hubRequest(server.port, '/pair/start', { method: 'POST', headers: json, body: '{"a":' })).status, 400);
    assert.equal(
      (await hubRequest(server.port, '/pair/start', { method: 'POST', headers: json, body: JSON.stringify({ a: 'x'.repeat(17 * 1024) }) })).status,
      413,
    );
    assert.equal((await hubRequest(server.port, '/pair/start', { method: 'GET' })).status, 405);
    assert.equal(
      (await hubRequest(server.port, '/pair/../hub', { method: 'POST', headers: json, body: '{}' })).status,
      405,
      'the path is normalised: /hub takes no POST',
    );
    assert.equal((await hubRequest(server.port, '/pair/UPPER', { method: 'POST', headers: json, body: '{}' })).status, 404);
    assert.equal(
      (await hubRequest(server.port, '/pair/start', { method: 'POST', headers: { ...json, origin: 'https://evil.example' }, body: '{}' })).status,
      403,
    );
    assert.equal(hub.pairing.steps.length, steps, 'no refused request reached the desk');

    hub.pairing.reply = async () => {
      throw new Error('desk broke');
    };
    assert.equal((await hubRequest(server.port, '/pair/finish', { method: 'POST', headers: json, body: '{}' })).status, 500);
    hub.pairing.reply = async () => ({ status: 42, body: { weird: true } });
    assert.equal((await hubRequest(server.port, '/pair/finish', { method: 'POST', headers: json, body: '{}' })).status, 500);
    hub.pairing.reply = async () => ({ status: 429, body: { error: 'code ended' } });
    const limited = await hubRequest(server.port, '/pair/finish', { method: 'POST', headers: json, body: '{}' });
    assert.deepEqual([limited.status, JSON.parse(limited.body)], [429, { error: 'code ended' }]);
    hub.pairing.reply = async (step) => ({ status: 200, body: { step, ok: true } });
  });

  it('serves a paired screen the screen channels, names it on every call, and pushes to it', async () => {
    const screen = await admitted('Cozinha 1');
    screen.send({ id: 1, channel: 'orders:board', input: {} });
    const answer = await screen.next((m) => m.id === 1);
    assert.deepEqual(answer.result, { ok: true, value: { channel: 'orders:board', input: {} } });
    assert.deepEqual(hub.endpoint.calls.at(-1)?.origin, { id: screen.deviceId, name: 'Cozinha 1', kind: 'kitchen' });

    hub.endpoint.push('setup:changed', { account: null });
    hub.endpoint.push('orders:changed', { rows: [], actions: [] });
    const push = await screen.next((m) => 'push' in m);
    assert.deepEqual(push, { push: 'orders:changed', payload: { rows: [], actions: [] } }, "the account push is not a screen's");
    screen.ws.close();
  });

  it('refuses a screen the channels that hold or change the account, before the app hears of them', async () => {
    const screen = await admitted();
    const calls = hub.endpoint.calls.length;
    for (const [id, channel] of [
      'setup:checkCentralized',
      'setup:state',
      'setup:signOut',
      'settings:update',
      'print:test',
      'diagnostics:export',
      'nope:nothing',
    ].entries()) {
      screen.send({ id, channel, input: { clientId: 'x', clientSecret: 'y', apiBaseUrl: 'https://x' } });
      const answer = await screen.next((m) => m.id === id);
      assert.equal((answer.result as { error: { code: string } }).error.code, 'forbidden', channel);
    }
    assert.equal(hub.endpoint.calls.length, calls);
    screen.ws.close();
  });

  it('closes a socket that shows no credential in time, having told it nothing', async () => {
    await waitFor(() => hub.endpoint.listeners === 0, 'the earlier screens gone');
    const screen = await rawScreen(server.port);
    hub.endpoint.push('orders:changed', { rows: [], actions: [] });
    assert.equal(hub.endpoint.listeners, 0, 'a socket hears nothing before its credential');
    assert.equal(await screen.closed, CLOSE.NO_CREDENTIAL);
    assert.deepEqual(screen.heard, []);
  });

  it('closes a forged or unknown credential, and one that is not a credential, having served nothing', async () => {
    const real = hub.devices.pair('Balcão 2', 'counter');
    const attempts: [unknown, number][] = [
      [{ deviceId: real.deviceId, secret: 'f'.repeat(43) }, CLOSE.UNKNOWN_DEVICE],
      [{ deviceId: 'never-paired-device', secret: real.secret }, CLOSE.UNKNOWN_DEVICE],
      [{ id: 1, channel: 'orders:board', input: {} }, CLOSE.NO_CREDENTIAL],
      ['not json at all', CLOSE.NO_CREDENTIAL],
    ];
    for (const [first, code] of attempts) {
      const screen = await rawScreen(server.port);
      screen.send(first);
      screen.send({ id: 2, channel: 'orders:board', input: {} });
      hub.endpoint.push('orders:changed', { rows: [], actions: [] });
      assert.equal(await screen.closed, code, JSON.stringify(first));
      assert.deepEqual(screen.heard, []);
    }
    assert.equal(hub.endpoint.calls.length, 0);
  });

  it("closes a revoked device's sockets at once, leaves the others, and refuses it afterwards", async () => {
    const kitchen = await admitted('Cozinha 1');
    const other = await admitted('Expo');
    const credential = { deviceId: kitchen.deviceId, secret: hub.devices.devices.get(kitchen.deviceId)?.secret };
    hub.devices.revoke(kitchen.deviceId);
    hub.endpoint.push('orders:changed', { rows: [], actions: [] });
    kitchen.send({ id: 9, channel: 'orders:board', input: {} });
    assert.equal(await kitchen.closed, CLOSE.REVOKED);
    assert.equal(kitchen.heard.length, 0, 'nothing after the revocation');
    assert.ok(await other.next((m) => 'push' in m), 'the other screen still hears');

    const again = await rawScreen(server.port);
    again.send(credential);
    assert.equal(await again.closed, CLOSE.UNKNOWN_DEVICE);
    other.ws.close();
  });

  it("writes a device's last contact at most every few seconds", async () => {
    const screen = await admitted('Pickup');
    const touches = () => hub.devices.touches.filter((t) => t.deviceId === screen.deviceId).length;
    for (let id = 0; id < 3; id++) screen.send({ id, channel: 'orders:board', input: {} });
    await screen.next((m) => m.id === 2);
    assert.equal(touches(), 1);
    await clock.advance(5_000);
    screen.send({ id: 3, channel: 'orders:board', input: {} });
    await screen.next((m) => m.id === 3);
    assert.equal(touches(), 2);
    screen.ws.close();
  });

  it('answers calls past the in-flight limit with rate-limit rather than queueing them', async () => {
    const screen = await admitted();
    const hold: (() => void)[] = [];
    hub.endpoint.answer = () => new Promise((resolve) => hold.push(() => resolve({ ok: true, value: null })));
    for (let id = 0; id < 5; id++) screen.send({ id, channel: 'orders:board', input: {} });
    const fifth = await screen.next((m) => m.id === 4);
    assert.equal((fifth.result as { error: { code: string } }).error.code, 'rate-limit');
    for (const release of hold) release();
    await screen.next((m) => m.id === 3);
    screen.ws.close();
  });

  it('cuts a screen that stops reading rather than hold its pushes in memory', async () => {
    const screen = await admitted('Slow');
    screen.ws.pause();
    const big = { rows: [], actions: [], filler: 'x'.repeat(256 * 1024) };
    for (let i = 0; i < 200 && server.screens() > 0; i++) {
      hub.endpoint.push('orders:changed', big);
      await delay(1);
    }
    await waitFor(() => server.screens() === 0, 'the slow screen cut');
    screen.ws.resume();
    await screen.closed;
  });

  it('cuts a screen it has not heard from for too long', async () => {
    const screen = await admitted('Quiet');
    await advanceUntil(clock, () => server.screens() === 0, 'the silent screen cut', 5_000);
    await screen.closed;
  });

  it('survives hostile messages and requests, and keeps serving', async () => {
    const screen = await admitted('Target');
    const hostile: (string | Buffer)[] = [
      '{"id": 1, "channel": {"$gt": ""}}',
      '{"id": "1", "channel": "orders:board"}',
      '{"__proto__": {"ok": true}, "id": 5, "channel": "orders:board"}',
      '['.repeat(5_000) + ']'.repeat(5_000),
      '{"id": 1e309, "channel": "orders:board"}',
      JSON.stringify({ id: 6, channel: 'orders:board', input: { constructor: { prototype: { polluted: true } } } }),
      Buffer.from([0xff, 0xfe, 0x00, 0x01]),
      'null',
      '',
    ];
    for (const message of hostile) screen.send(message);
    screen.send({ id: 77, channel: 'orders:board', input: {} });
    const answer = await screen.next((m) => m.id === 77);
    assert.equal((answer.result as { ok: boolean }).ok, true);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    const malformed = screen.heard.filter((m) => (m as { id: number }).id === -1);
    assert.ok(malformed.length >= 5, 'each malformed message answered as such');

    const huge = await admitted('Huge');
    huge.send(JSON.stringify({ id: 1, channel: 'orders:board', input: 'x'.repeat(2 * 1024 * 1024) }));
    assert.equal(await huge.closed, 1009, 'a message over the limit closes that socket');

    const rawBytes = (bytes: string | Buffer, secure: boolean): Promise<void> =>
      new Promise((resolve) => {
        const socket = secure
          ? tlsConnect({ host: '127.0.0.1', port: server.port, rejectUnauthorized: false }, () => socket.write(bytes))
          : tcpConnect(server.port, '127.0.0.1', () => socket.write(bytes));
        socket.on('error', () => resolve());
        socket.on('close', () => resolve());
        socket.on('data', () => {});
        setTimeout(() => socket.destroy(), 500);
      });
    await rawBytes('GET /hub HTTP/1.1\r\n\r\n', false);
    await rawBytes(Buffer.alloc(4096, 0x16), false);
    await rawBytes('GET /screen HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n', true);
    await rawBytes(
      'GET /screen HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: x\r\nSec-WebSocket-Version: 13\r\nOrigin: https://evil.example\r\n\r\n',
      true,
    );
    await rawBytes(`GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, true);
    await assert.rejects(rawScreen(server.port, { origin: 'https://evil.example' }), /refused 403/);

    screen.send({ id: 78, channel: 'orders:board', input: {} });
    assert.ok(await screen.next((m) => m.id === 78));
    assert.equal((await hubRequest(server.port, '/hub')).status, 200);
    screen.ws.close();
  });
});
