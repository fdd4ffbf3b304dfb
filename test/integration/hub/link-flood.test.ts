import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import type { HubServer, HubServerOptions } from '../../../src-main/hub/link/hub-server';
import { waitFor } from '../../support/sync/harness';
import { hubRequest, rawScreen, testHub } from '../../support/hub/link';

/**
 * One device on the store's Wi-Fi holding the hub's port: silent TCP connections that never start
 * TLS, many at once, from one address or a few. Paired screens and newcomers are still served, and
 * the silent ones are cut. The flood comes from other loopback addresses (127.0.0.2, …) than the
 * screens (127.0.0.1): the hub tells devices apart by address.
 */

const servers: HubServer[] = [];
after(async () => {
  for (const server of servers) await server.close();
});

async function hubWith(options: Partial<HubServerOptions>) {
  const hub = await testHub(new ManualClock(), options);
  const server = await hub.start();
  servers.push(server);
  /** A paired screen's socket, admitted by its credential, from `from`. */
  const screen = async (name: string, from = '127.0.0.1') => {
    const credential = hub.devices.pair(name, 'kitchen');
    const raw = await rawScreen(server.port, {}, from);
    raw.send(credential);
    await raw.next((m) => m.ready === true);
    return raw;
  };
  return { hub, server, screen };
}

interface Silent {
  socket: Socket;
  closed: boolean;
}

/** `count` TCP connections from `from` that never say a word, each open once the hub's kernel took it. */
async function silent(port: number, count: number, from: string): Promise<Silent[]> {
  const opened = Array.from({ length: count }, () => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from });
    const entry: Silent = { socket, closed: false };
    socket.on('error', () => {});
    socket.on('close', () => (entry.closed = true));
    return { entry, connected: new Promise<void>((resolve) => socket.once('connect', resolve).once('close', resolve)) };
  });
  await Promise.all(opened.map((o) => o.connected));
  return opened.map((o) => o.entry);
}

/** A board read on an admitted screen's socket: answered means served. */
async function served(screen: Awaited<ReturnType<Awaited<ReturnType<typeof hubWith>>['screen']>>, id: number): Promise<void> {
  screen.send({ id, channel: 'orders:board', input: {} });
  const answer = await screen.next((m) => m.id === id);
  assert.equal((answer.result as { ok: boolean }).ok, true);
}

describe('the hub server under a flood of silent connections', () => {
  it('140 silent connections from one address keep neither a paired screen nor a newcomer out, and are cut once their handshake is overdue', async () => {
    const { server, screen } = await hubWith({ connectionCaps: { handshakeWithinMs: 300 } });
    const connected = await screen('Cozinha 1');
    const flood = await silent(server.port, 140, '127.0.0.2');

    await served(connected, 1);
    const newcomer = await screen('Expo');
    await served(newcomer, 2);
    assert.equal((await hubRequest(server.port, '/hub')).status, 200, 'a new TLS client gets the card');
    await waitFor(() => flood.every((s) => s.closed), 'every silent connection cut');
    await served(connected, 3);
    connected.ws.close();
    newcomer.ws.close();
  });

  it('takes a few connections at once from one address: one more is refused, and taken again once one goes', async () => {
    const { server } = await hubWith({ connectionCaps: { perAddress: 2, handshakeWithinMs: 60_000 } });
    const held = await silent(server.port, 2, '127.0.0.2');
    await assert.rejects(hubRequest(server.port, '/hub', { localAddress: '127.0.0.2' }), /ECONNRESET|socket hang up/, 'a third from that address');
    assert.equal((await hubRequest(server.port, '/hub', { localAddress: '127.0.0.3' })).status, 200, 'another address is served');
    assert.deepEqual(
      held.map((s) => s.closed),
      [false, false],
      'the ones it holds wait for their handshake time',
    );
    held[0]?.socket.destroy();
    await waitFor(async () => (await hubRequest(server.port, '/hub', { localAddress: '127.0.0.2' }).catch(() => null))?.status === 200, 'a place free again');
    held[1]?.socket.destroy();
  });

  it('keeps room for paired screens: strangers from many addresses take half the places at most, and a newcomer pushes out the oldest of them', async () => {
    const { server, screen } = await hubWith({ maxConnections: 8, connectionCaps: { perAddress: 100, handshakeWithinMs: 60_000 } });
    const first = await screen('Cozinha 1');
    const flood = (await Promise.all(['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'].map((from) => silent(server.port, 2, from)))).flat();
    await served(first, 1);
    // A screen is a stranger until its credential: it gets in, pushing out the oldest silent one.
    const second = await screen('Expo', '127.0.0.7');
    await served(second, 2);
    const third = await screen('Retirada', '127.0.0.8');
    await served(third, 3);
    await waitFor(() => flood.filter((s) => !s.closed).length <= 4, 'at most half the places held by strangers');
    // Proven, they are no strangers: more silent ones do not push them out.
    const more = await silent(server.port, 6, '127.0.0.9');
    await served(first, 4);
    await served(second, 5);
    await served(third, 6);
    for (const s of [...flood, ...more]) s.socket.destroy();
    for (const s of [first, second, third]) s.ws.close();
  });
});
