import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { before, describe, it } from 'node:test';
import makeMdns from 'multicast-dns';
import { systemClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { advertiseHub } from '../../../src-main/hub/discovery/advertise';
import { browseHubs, type HubBrowser, type HubsView } from '../../../src-main/hub/discovery/browse';
import { checkMulticastPort } from '../../../src-main/hub/discovery/multicast-check';

/**
 * Discovery on this machine's loopback interface, with real sockets: a hub announced by ciao is found
 * by a screen's browser, and goes when it says goodbye; a taken port or crafted datagrams never end
 * the process. Everything stays on `lo` (the hub announces there only, the screen queries there only):
 * no multicast leaves the machine. Where multicast does not loop back here, the hub-and-screen case
 * is skipped with the reason printed; the netns test covers a real link.
 */

/** Waits until the browser shows a view that `wanted` accepts; fails with the last view after `ms`. */
function viewWhere(browser: HubBrowser, wanted: (view: HubsView) => boolean, ms = 10_000): Promise<HubsView> {
  return new Promise((resolve, reject) => {
    if (wanted(browser.view())) return resolve(browser.view());
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no such view within ${ms} ms; last: ${JSON.stringify(browser.view())}`));
    }, ms);
    const stop = browser.onChange((view) => {
      if (!wanted(view)) return;
      clearTimeout(timer);
      stop();
      resolve(view);
    });
  });
}

/** A UDP port held without SO_REUSEADDR: nobody else may bind it. */
async function heldPort(): Promise<{ port: number; socket: Socket }> {
  const socket = createSocket({ type: 'udp4', reuseAddr: false });
  await new Promise<void>((resolve) => socket.bind(0, '0.0.0.0', resolve));
  return { port: socket.address().port, socket };
}

/** Whether a datagram sent to the mDNS group on 127.0.0.1 comes back to a member: why the loopback case may run. */
async function loopbackMulticastWorks(): Promise<string | null> {
  const receiver = createSocket({ type: 'udp4', reuseAddr: true });
  const sender = createSocket({ type: 'udp4', reuseAddr: true });
  try {
    await new Promise<void>((resolve) => receiver.bind(0, '0.0.0.0', resolve));
    receiver.addMembership('224.0.0.251', '127.0.0.1');
    const heard = new Promise<boolean>((resolve) => {
      receiver.once('message', () => resolve(true));
      setTimeout(() => resolve(false), 1_000);
    });
    await new Promise<void>((resolve) => sender.bind(0, resolve));
    sender.setMulticastInterface('127.0.0.1');
    sender.send('probe', receiver.address().port, '224.0.0.251');
    return (await heard) ? null : 'a multicast datagram sent on 127.0.0.1 did not come back';
  } catch (error) {
    return `multicast on 127.0.0.1 refused: ${(error as Error).message}`;
  } finally {
    receiver.close();
    sender.close();
  }
}

describe('hub discovery on loopback', () => {
  let noMulticast: string | null = null;
  before(async () => {
    noMulticast = await loopbackMulticastWorks();
    if (noMulticast) console.log(`skipping the loopback hub-and-screen case: ${noMulticast}`);
  });

  it('finds a hub announced on loopback with its TXT fields, and forgets it on its goodbye', async (t) => {
    if (noMulticast) return t.skip(noMulticast);
    // A hub of this run only: another test on this machine may be announcing hubs of its own.
    const hubId = `hub-${randomBytes(6).toString('hex')}`;
    const fingerprint = randomBytes(32).toString('hex');
    const browser = browseHubs({ clock: systemClock, log: silentLogger, interfaceAddress: '127.0.0.1', maxQueryIntervalMs: 2_000 });
    const advertisement = await advertiseHub({
      identity: { hubId, name: 'Padaria São João', fingerprint },
      port: 47123,
      clock: systemClock,
      log: silentLogger,
      interfaces: ['lo'],
    });
    try {
      assert.equal(advertisement.problem, null);
      const view = await viewWhere(browser, (v) => v.hubs.some((hub) => hub.hubId === hubId));
      const hub = view.hubs.find((h) => h.hubId === hubId);
      assert.equal(hub?.name, 'Padaria São João');
      assert.equal(hub?.fingerprintPrefix, fingerprint.slice(0, 16));
      assert.equal(hub?.protocolVersion, 1);
      assert.equal(hub?.port, 47123);
      assert.ok(hub?.addresses.includes('127.0.0.1'), `addresses: ${hub?.addresses.join(', ')}`);
      assert.match(hub?.host ?? '', /^storeterminal-hub[0-9a-f]+\.local$/);
      assert.equal(view.problem, null);

      await advertisement.close();
      await viewWhere(browser, (v) => !v.hubs.some((h) => h.hubId === hubId));
    } finally {
      await advertisement.close();
      await browser.close();
    }
  });

  it('a screen whose mDNS port is taken says so, keeps running, and closes', async () => {
    const held = await heldPort();
    const browser = browseHubs({ clock: systemClock, log: silentLogger, interfaceAddress: '127.0.0.1', port: held.port });
    try {
      const view = await viewWhere(browser, (v) => v.problem !== null);
      assert.equal(view.problem?.kind, 'port-in-use');
      assert.deepEqual(view.hubs, []);
    } finally {
      await browser.close();
      held.socket.close();
    }
  });

  it('a hub checks the mDNS port before announcing: a taken port is named, a free one passes', async () => {
    const held = await heldPort();
    try {
      assert.equal((await checkMulticastPort(held.port))?.kind, 'port-in-use');
    } finally {
      held.socket.close();
    }
    assert.equal(await checkMulticastPort(held.port), null);
  });

  it('lists only the real hub among crafted datagrams sent to the screen, and goes on running', async () => {
    const held = await heldPort();
    held.socket.close(); // a free port of this test's own: only what the test sends arrives there
    const browser = browseHubs({ clock: systemClock, log: silentLogger, interfaceAddress: '127.0.0.1', port: held.port });
    const sender = makeMdns({ bind: false, multicast: false });
    const raw = createSocket('udp4');
    const to = { port: held.port, address: '127.0.0.1' };
    const service = '_storeterminal._tcp.local';
    const answer = (instance: string, txt: string[]) => ({
      answers: [{ name: service, type: 'PTR' as const, ttl: 120, data: `${instance}.${service}` }],
      additionals: [
        { name: `${instance}.${service}`, type: 'SRV' as const, ttl: 120, data: { port: 47110, target: 'hub.local' } },
        { name: `${instance}.${service}`, type: 'TXT' as const, ttl: 120, data: txt },
        { name: 'hub.local', type: 'A' as const, ttl: 120, data: '127.0.0.1' },
      ],
    });
    try {
      for (let i = 0; i < 50; i++) raw.send(randomBytes(1 + ((i * 37) % 600)), held.port, '127.0.0.1');
      sender.respond(answer('Fake', ['v=1', 'id=hub-fake0001', 'name=Fake\u0000Hub', 'fp=0123456789abcdef']), to);
      sender.respond(answer('Old', ['v=1', 'id=hub-fake0002', 'name=No fingerprint']), to);
      sender.respond(answer('Real', ['v=1', 'id=hub-real0001', 'name=Real', 'fp=0123456789abcdef']), to);
      const view = await viewWhere(browser, (v) => v.hubs.length > 0);
      assert.deepEqual(
        view.hubs.map((hub) => hub.hubId),
        ['hub-real0001'],
      );
    } finally {
      raw.close();
      sender.destroy();
      await browser.close();
    }
  });
});
