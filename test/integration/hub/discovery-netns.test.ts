import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { HubsView } from '../../../src-main/hub/discovery/browse';
import type { DiscoveryProblem } from '../../../src-main/hub/discovery/problems';
import { tryLink, type NetnsLink } from '../../support/hub/netns-link';

/**
 * Discovery across a real network link: a hub and a screen, each a process in a network namespace of
 * its own, joined by a veth pair made by this test. The screen finds the hub by mDNS with its TXT
 * fields and sees it go when it says goodbye; a hub whose mDNS port is taken says why, keeps running
 * and closes, and so do a hub and a screen on a machine with no network at all. Both run as the app runs them: every interface, no option but their identity. Where
 * namespaces cannot be made (not root, no CAP_NET_ADMIN, no iproute2), the suite is skipped with the
 * reason printed. The namespaces are deleted whatever happens.
 */

const ADVERTISER = 'test/support/hub/discovery-advertiser.ts';
const BROWSER = 'test/support/hub/discovery-browser.ts';

type Line = { event: string; problem?: DiscoveryProblem | null; view?: HubsView };
const isLine = (line: unknown): line is Line => typeof line === 'object' && line !== null && 'event' in line;
const event =
  (name: string) =>
  (line: unknown): line is Line =>
    isLine(line) && line.event === name;
const viewWhere =
  (wanted: (view: HubsView) => boolean) =>
  (line: unknown): line is Line =>
    isLine(line) && line.event === 'view' && line.view !== undefined && wanted(line.view);

describe('hub discovery across a veth link between two network namespaces', () => {
  let link: NetnsLink | null = null;
  let why = '';
  before(() => {
    const made = tryLink();
    if ('why' in made) {
      why = made.why;
      console.log(`skipping hub discovery across namespaces: ${why}`);
    } else {
      link = made.link;
    }
  });
  after(() => link?.remove());

  it('the screen finds the hub with its TXT fields, and sees it go on its goodbye', async (t) => {
    if (!link) return t.skip(why);
    const hubId = `hub-${randomBytes(6).toString('hex')}`;
    const fingerprint = randomBytes(32).toString('hex');
    const hub = link.run(link.hub.ns, ADVERTISER, { HUB_ID: hubId, HUB_NAME: 'Lanchonete da Esquina', HUB_FINGERPRINT: fingerprint, HUB_PORT: '47110' });
    const screen = link.run(link.screen.ns, BROWSER);
    t.after(() => [hub, screen].forEach((child) => child.kill())); // a failure here leaves nothing running into the next case

    const advertised = await hub.line(event('advertised'));
    assert.equal(advertised.problem, null);
    const found = await screen.line(viewWhere((view) => view.hubs.some((h) => h.hubId === hubId)));
    assert.deepEqual(found.view?.problem, null);
    const seen = found.view?.hubs.find((h) => h.hubId === hubId);
    assert.deepEqual(
      { name: seen?.name, fingerprintPrefix: seen?.fingerprintPrefix, protocolVersion: seen?.protocolVersion, port: seen?.port },
      { name: 'Lanchonete da Esquina', fingerprintPrefix: fingerprint.slice(0, 16), protocolVersion: 1, port: 47110 },
    );
    // The hub's address on the link: the one a screen in another room would dial.
    assert.deepEqual(
      seen?.addresses.filter((a) => a.includes('.')),
      [link.hub.address],
    );

    assert.equal(await hub.finish(), 0);
    await screen.line(viewWhere((view) => view.hubs.length === 0));
    assert.equal(await screen.finish(), 0);
  });

  it('a hub whose mDNS port is taken in its namespace says why, keeps running, and closes cleanly', async (t) => {
    if (!link) return t.skip(why);
    const holder = link.run(link.hub.ns, 'test/support/hub/hold-udp-port.ts', { PORT: '5353' });
    t.after(() => holder.kill());
    await holder.line(event('holding'));
    const hub = link.run(link.hub.ns, ADVERTISER, {
      HUB_ID: `hub-${randomBytes(6).toString('hex')}`,
      HUB_NAME: 'Caixa 2',
      HUB_FINGERPRINT: randomBytes(32).toString('hex'),
      HUB_PORT: '47110',
    });
    t.after(() => hub.kill());
    const advertised = await hub.line(event('advertised'));
    assert.equal(advertised.problem?.kind, 'port-in-use');
    assert.equal(await hub.finish(), 0);
    await holder.finish();
  });

  it('a hub and a screen on a machine with no network at all (not even loopback) say so, keep running and close', async (t) => {
    if (!link) return t.skip(why);
    const hub = link.run(link.bare.ns, ADVERTISER, {
      HUB_ID: `hub-${randomBytes(6).toString('hex')}`,
      HUB_NAME: 'Caixa 3',
      HUB_FINGERPRINT: randomBytes(32).toString('hex'),
      HUB_PORT: '47110',
    });
    const screen = link.run(link.bare.ns, BROWSER);
    t.after(() => [hub, screen].forEach((child) => child.kill()));
    const advertised = await hub.line(event('advertised'));
    assert.equal(advertised.problem?.kind, 'no-interface');
    const view = await screen.line(viewWhere((v) => v.problem !== null));
    assert.equal(view.view?.problem?.kind, 'no-interface');
    // A few rounds of queries into no network: still running.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    assert.equal(await hub.finish(), 0);
    assert.equal(await screen.finish(), 0);
  });
});
