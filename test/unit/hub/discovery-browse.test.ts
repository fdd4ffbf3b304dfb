import assert from 'node:assert/strict';
import type { RemoteInfo } from 'node:dgram';
import { EventEmitter } from 'node:events';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { createLogger } from '../../../src-main/base/log';
import { browseHubs, type HubsView } from '../../../src-main/hub/discovery/browse';
import type { MdnsResponse, MdnsTransport } from '../../../src-main/hub/discovery/mdns-socket';

/**
 * A screen's list of hubs, driven by packets handed to a fake transport on a manual clock: what is
 * listed, when queries go out, how hubs go (goodbye, silence), and that no packet, however crafted,
 * gets out of the transport as an exception (which would end the app).
 */

const SERVICE = '_storeterminal._tcp.local';
const FROM: RemoteInfo = { address: '192.168.0.10', family: 'IPv4', port: 5353, size: 300 };

class FakeTransport extends EventEmitter implements MdnsTransport {
  readonly queries: string[] = [];
  query(name: string, type: 'PTR'): void {
    this.queries.push(`${type} ${name}`);
  }
  hear(packet: unknown, from: RemoteInfo = FROM): void {
    this.emit('response', packet, from);
  }
}

interface Announcement {
  instance?: string;
  hubId?: string;
  name?: string;
  address?: string;
  port?: number;
  ttl?: number;
  txt?: string[];
}

/** A response as a hub sends it (multicast-dns decodes TXT strings as buffers). */
function announcement(a: Announcement = {}): MdnsResponse {
  const instance = `${a.instance ?? 'Loja Centro'}.${SERVICE}`;
  const host = 'storeterminal-hub1.local';
  const ttl = a.ttl ?? 4500;
  const txt = a.txt ?? ['v=1', `id=${a.hubId ?? 'hub-00000001'}`, `name=${a.name ?? 'Loja Centro'}`, 'fp=0123456789abcdef'];
  return {
    answers: [{ name: SERVICE, type: 'PTR', ttl, data: instance }],
    additionals: [
      { name: instance, type: 'SRV', ttl: ttl === 0 ? 0 : 120, data: { priority: 0, weight: 0, port: a.port ?? 47110, target: host } },
      { name: instance, type: 'TXT', ttl, data: txt.map((entry) => Buffer.from(entry)) },
      { name: host, type: 'A', ttl: 120, data: a.address ?? '192.168.0.10' },
    ],
  };
}

function setup(options: { staleAfterMs?: number; capacity?: number; interfaces?: boolean } = {}) {
  const clock = new ManualClock();
  const network = { up: options.interfaces !== false };
  const transport = new FakeTransport();
  const logs: string[] = [];
  const views: HubsView[] = [];
  const browser = browseHubs({
    clock,
    log: createLogger({ level: 'debug', write: (line) => logs.push(line) }),
    transport,
    maxQueryIntervalMs: 8_000,
    staleAfterMs: options.staleAfterMs ?? 20_000,
    ...(options.capacity ? { capacity: options.capacity } : {}),
    readInterfaces: () => (network.up ? { eth0: [{ address: '192.168.0.20', family: 'IPv4', internal: false } as never] } : {}),
  });
  browser.onChange((view) => views.push(view));
  const listed = (): string[] => browser.view().hubs.map((hub) => `${hub.name} ${hub.hubId}`);
  return { clock, transport, logs, views, browser, listed, network };
}

describe('a screen looking for hubs', () => {
  it('lists an announced hub with what the pairing screen shows, and tells its listeners once', async () => {
    const { transport, views, browser } = setup();
    transport.hear(announcement({ name: 'Padaria São João' }));
    transport.hear(announcement({ name: 'Padaria São João' })); // heard twice in one round: no change
    assert.equal(views.length, 1);
    assert.deepEqual(views[0], {
      problem: null,
      hubs: [
        {
          hubId: 'hub-00000001',
          name: 'Padaria São João',
          fingerprintPrefix: '0123456789abcdef',
          protocolVersion: 1,
          host: 'storeterminal-hub1.local',
          addresses: ['192.168.0.10'],
          port: 47110,
          lastHeardAt: views[0]?.hubs[0]?.lastHeardAt,
        },
      ],
    });
    await browser.close();
  });

  it('queries at once, then 1 s, 2 s, 4 s apart, up to its longest interval', async () => {
    const { clock, transport, browser } = setup();
    assert.deepEqual(transport.queries, [`PTR ${SERVICE}`]);
    const at: number[] = [0];
    const start = clock.now();
    transport.query = (name, type) => {
      assert.equal(`${type} ${name}`, `PTR ${SERVICE}`);
      at.push(clock.now() - start);
    };
    await clock.advance(40_000);
    assert.deepEqual(at, [0, 1_000, 3_000, 7_000, 15_000, 23_000, 31_000, 39_000]);
    await browser.close();
  });

  it('shows a hub changed (another address, another name) and forgets it when it says goodbye', async () => {
    const { clock, transport, views, listed, browser } = setup();
    transport.hear(announcement());
    await clock.advance(1_000); // a new round
    transport.hear(announcement({ address: '192.168.0.99', name: 'Loja Centro 2' }));
    assert.deepEqual(browser.view().hubs[0]?.addresses, ['192.168.0.99']);
    assert.deepEqual(listed(), ['Loja Centro 2 hub-00000001']);
    transport.hear(announcement({ ttl: 0 }));
    assert.deepEqual(listed(), []);
    assert.deepEqual(
      views.map((v) => v.hubs.length),
      [1, 1, 0],
    );
    await browser.close();
  });

  it('drops a hub unplugged without a goodbye once it is not heard for a while, and lists it again when it answers', async () => {
    const { clock, transport, listed, browser } = setup({ staleAfterMs: 20_000 });
    transport.hear(announcement());
    await clock.advance(15_000);
    assert.deepEqual(listed(), ['Loja Centro hub-00000001']);
    await clock.advance(8_000); // 23 s of silence
    assert.deepEqual(listed(), []);
    await clock.advance(8_000);
    transport.hear(announcement()); // answers the next round's query
    assert.deepEqual(listed(), ['Loja Centro hub-00000001']);
    await browser.close();
  });

  it('ignores malformed announcements and crafted packets, keeps the good ones, and never throws into the socket', async () => {
    const { clock, transport, logs, listed, browser } = setup();
    const crafted: unknown[] = [
      null,
      'garbage',
      { answers: 'x' },
      { answers: [null, 1, 'x', { type: 'PTR' }] },
      { answers: [{ name: SERVICE, type: 'PTR', ttl: 10, data: { not: 'a name' } }] },
      {
        answers: [{ name: SERVICE, type: 'PTR', ttl: 10, data: 'x._storeterminal._tcp.local' }],
        additionals: [{ name: 'x._storeterminal._tcp.local', type: 'SRV', ttl: 10, data: null }],
      },
      { ...announcement(), additionals: [{ name: `Loja Centro.${SERVICE}`, type: 'TXT', ttl: 10, data: 'not a list' }] },
      announcement({ txt: ['v=1', 'id=hub-00000002', 'name=No fingerprint'] }),
      announcement({ txt: ['v=one', 'id=hub-00000002', 'name=Bad version', 'fp=0123456789abcdef'] }),
      announcement({ txt: ['v=1', 'id=hub-00000002', 'name=Loja\u202eortneC', 'fp=0123456789abcdef'] }),
      announcement({ port: 0 }),
    ];
    for (const packet of crafted) {
      transport.hear(packet);
      await clock.advance(1_000); // a new round for each, so none hides behind another
    }
    assert.deepEqual(listed(), [], 'nothing crafted is listed');
    assert.ok(
      logs.some((line) => line.includes('mDNS response could not be read')),
      'a throw inside the library is caught and logged',
    );
    transport.hear(announcement({ instance: 'Good', hubId: 'hub-00000003', name: 'Good' }));
    assert.deepEqual(listed(), ['Good hub-00000003']);
    await browser.close();
  });

  it('lists no more hubs than its capacity, however many are announced', async () => {
    const { transport, browser } = setup({ capacity: 5 });
    for (let i = 0; i < 500; i++) transport.hear(announcement({ instance: `Fake ${i}`, hubId: `hub-fake${String(i).padStart(4, '0')}`, name: `Fake ${i}` }));
    assert.equal(browser.view().hubs.length, 5);
    await browser.close();
  });

  it('says when there is no network to look on, keeps listening, and stops saying so when the network is back', async () => {
    const { clock, transport, listed, browser, network, views } = setup({ interfaces: false });
    assert.equal(browser.view().problem?.kind, 'no-interface');
    transport.hear(announcement());
    assert.deepEqual(listed(), ['Loja Centro hub-00000001']);
    network.up = true;
    await clock.advance(1_000);
    assert.equal(browser.view().problem, null);
    assert.deepEqual(
      views.map((v) => v.problem?.kind ?? null),
      ['no-interface', null],
    );
    await browser.close();
  });

  it('stops querying and lets go of the transport when closed, twice without harm', async () => {
    const { clock, transport, browser } = setup();
    await clock.advance(3_000);
    const sent = transport.queries.length;
    await Promise.all([browser.close(), browser.close()]);
    await clock.advance(60_000);
    assert.equal(transport.queries.length, sent);
    assert.equal(transport.listenerCount('response'), 0);
    assert.equal(clock.pendingSleeps, 0);
  });
});
