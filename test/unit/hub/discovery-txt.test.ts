import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HubSightings, readSighting, type FoundHub } from '../../../src-main/hub/discovery/sightings';
import { HUB_PROTOCOL_VERSION, hubTxtFor, readHubTxt, showableHubName } from '../../../src-main/hub/discovery/txt';

/**
 * The TXT record a hub publishes and a screen reads, and a heard announcement as the list shows it.
 * Everything a screen reads came from anyone on the network: what breaks the schema is ignored.
 */

const FINGERPRINT = 'ab'.repeat(32);
const identity = { hubId: 'hub_7f3a9c21', name: 'Padaria São João', fingerprint: FINGERPRINT };
const goodTxt = { v: '1', id: 'hub_7f3a9c21', name: 'Padaria São João', fp: 'abababababababab' };

describe('the TXT record a hub publishes', () => {
  it('carries the protocol version, the hub id, its name and the fingerprint prefix, and reads back as it was sent', () => {
    const txt = hubTxtFor(identity);
    assert.deepEqual(txt, { v: String(HUB_PROTOCOL_VERSION), id: 'hub_7f3a9c21', name: 'Padaria São João', fp: 'abababababababab' });
    assert.deepEqual(readHubTxt(txt), { ok: true, txt: { v: HUB_PROTOCOL_VERSION, id: 'hub_7f3a9c21', name: 'Padaria São João', fp: 'abababababababab' } });
  });

  it('lowercases the fingerprint and keeps every entry within one TXT string (255 bytes)', () => {
    const txt = hubTxtFor({ ...identity, fingerprint: FINGERPRINT.toUpperCase(), name: '字'.repeat(200) });
    assert.equal(txt.fp, 'abababababababab');
    for (const [key, value] of Object.entries(txt)) assert.ok(Buffer.byteLength(`${key}=${value}`) <= 255, key);
  });

  it('makes a store name showable: one line, no controls or direction overrides, at most 60 characters', () => {
    assert.equal(showableHubName('  Loja\n\tCentro  '), 'Loja Centro');
    assert.equal(showableHubName('Loja\u202eortneC'), 'Loja ortneC');
    assert.equal(showableHubName('Cafe\u0301'), 'Café'); // NFC: one code point, as typed elsewhere
    assert.equal([...showableHubName('🍕'.repeat(70))].length, 60);
    assert.equal(showableHubName('\u0000\u200f '), 'Store Terminal');
  });

  it('refuses an identity the screens could not read', () => {
    assert.throws(() => hubTxtFor({ ...identity, hubId: 'short' }));
    assert.throws(() => hubTxtFor({ ...identity, fingerprint: 'not hex at all, not hex at all' }));
  });
});

describe('a TXT record heard on the network', () => {
  const refused = (txt: unknown): string => {
    const read = readHubTxt(txt);
    assert.ok(!read.ok, `should be ignored: ${JSON.stringify(txt)}`);
    return read.why;
  };

  it('is ignored when any entry breaks the schema', () => {
    for (const txt of [
      undefined,
      null,
      'v=1',
      [],
      {},
      { ...goodTxt, v: '0' },
      { ...goodTxt, v: '1.0' },
      { ...goodTxt, v: '1000' },
      { ...goodTxt, v: 1 },
      { ...goodTxt, id: 'short' },
      { ...goodTxt, id: 'has space 1234' },
      { ...goodTxt, id: 'x'.repeat(65) },
      { ...goodTxt, fp: 'ABABABABABABABAB' },
      { ...goodTxt, fp: 'abababab' },
      { ...goodTxt, fp: `${goodTxt.fp}ab` },
      { ...goodTxt, name: '' },
      { ...goodTxt, name: ' Loja' },
      { ...goodTxt, name: 'Loja\nCentro' },
      { ...goodTxt, name: 'Loja\u202eortneC' },
      { ...goodTxt, name: 'Loja \ufffd' },
      { ...goodTxt, name: 'x'.repeat(61) },
      { ...goodTxt, name: ['Loja'] },
      { V: '1', ID: goodTxt.id, NAME: goodTxt.name, FP: goodTxt.fp },
    ]) {
      assert.ok(refused(txt).length > 0);
    }
  });

  it('keeps only its own keys: extra entries from a newer hub are left aside', () => {
    const read = readHubTxt({ ...goodTxt, path: '/screens', __proto__: { v: '9' } });
    assert.ok(read.ok);
    assert.deepEqual(Object.keys(read.txt).sort(), ['fp', 'id', 'name', 'v']);
  });
});

describe('an announcement heard on the network', () => {
  const service = {
    fqdn: 'Padaria São João._storeterminal._tcp.local',
    host: 'storeterminal-hub7f3a9c21.local',
    port: 47110,
    addresses: ['fe80::1', '2001:db8::10', '192.168.0.10', 'not an ip', 42, '192.168.0.10'],
    referer: { address: '192.168.0.10', family: 'IPv4', port: 5353, size: 300 },
    txt: goodTxt,
  };

  it('becomes a hub to list: reachable addresses only, IPv4 first, link-local IPv6 left out', () => {
    const sighting = readSighting(service, 1_000);
    assert.ok(sighting.ok);
    assert.equal(sighting.key, 'padaria são joão._storeterminal._tcp.local');
    assert.deepEqual(sighting.hub, {
      hubId: 'hub_7f3a9c21',
      name: 'Padaria São João',
      fingerprintPrefix: 'abababababababab',
      protocolVersion: 1,
      host: 'storeterminal-hub7f3a9c21.local',
      addresses: ['192.168.0.10', '2001:db8::10'],
      port: 47110,
      lastHeardAt: 1_000,
    });
  });

  it('falls back to the address the packet came from when it names none', () => {
    const sighting = readSighting({ ...service, addresses: [] }, 0);
    assert.ok(sighting.ok);
    assert.deepEqual(sighting.hub.addresses, ['192.168.0.10']);
  });

  it('is ignored when a field is missing or out of range, or nothing says where the hub is', () => {
    for (const broken of [
      null,
      'service',
      { ...service, port: 0 },
      { ...service, port: 70000 },
      { ...service, port: '47110' },
      { ...service, host: 'has space.local' },
      { ...service, host: '' },
      { ...service, fqdn: 'x'.repeat(256) },
      { ...service, fqdn: 'line\nbreak._storeterminal._tcp.local' },
      { ...service, addresses: new Array(65).fill('10.0.0.1') },
      { ...service, addresses: ['fe80::1'], referer: { address: 'nowhere' } },
      { ...service, addresses: ['fe80::1'], referer: { address: 'fe80::2' } },
      { ...service, txt: { ...goodTxt, fp: 'short' } },
    ]) {
      const sighting = readSighting(broken, 0);
      assert.ok(!sighting.ok, JSON.stringify(broken)?.slice(0, 120));
    }
  });
});

describe('the hubs heard lately', () => {
  const hub = (hubId: string, name: string, lastHeardAt: number): FoundHub => ({
    hubId,
    name,
    fingerprintPrefix: 'abababababababab',
    protocolVersion: 1,
    host: `${hubId}.local`,
    addresses: ['10.0.0.1'],
    port: 47110,
    lastHeardAt,
  });

  it('lists hubs by name then id, drops one not heard for too long and lists it again when heard', () => {
    const sightings = new HubSightings({ staleAfterMs: 10_000, capacity: 8 });
    sightings.saw('b', hub('hub-bbbbbbbb', 'Caixa', 0));
    sightings.saw('a', hub('hub-aaaaaaaa', 'Caixa', 0));
    sightings.saw('c', hub('hub-cccccccc', 'Balcão', 5_000));
    assert.deepEqual(
      sightings.current(10_000).map((h) => h.hubId),
      ['hub-cccccccc', 'hub-aaaaaaaa', 'hub-bbbbbbbb'],
    );
    assert.deepEqual(
      sightings.current(10_001).map((h) => h.hubId),
      ['hub-cccccccc'],
    );
    sightings.saw('a', hub('hub-aaaaaaaa', 'Caixa', 12_000));
    assert.deepEqual(
      sightings.current(12_000).map((h) => h.hubId),
      ['hub-cccccccc', 'hub-aaaaaaaa'],
    );
  });

  it('forgets a hub that said goodbye, whatever the case of its name', () => {
    const sightings = new HubSightings({ staleAfterMs: 10_000, capacity: 8 });
    sightings.saw('loja._storeterminal._tcp.local', hub('hub-aaaaaaaa', 'Loja', 0));
    sightings.gone('LOJA._storeterminal._tcp.local');
    assert.deepEqual(sightings.current(0), []);
  });

  it('keeps at most its capacity, the least recently heard making room', () => {
    const sightings = new HubSightings({ staleAfterMs: 10_000, capacity: 2 });
    sightings.saw('a', hub('hub-aaaaaaaa', 'A', 0));
    sightings.saw('b', hub('hub-bbbbbbbb', 'B', 1));
    sightings.saw('a', hub('hub-aaaaaaaa', 'A', 2)); // heard again: now the freshest
    sightings.saw('c', hub('hub-cccccccc', 'C', 3));
    assert.deepEqual(
      sightings.current(3).map((h) => h.hubId),
      ['hub-aaaaaaaa', 'hub-cccccccc'],
    );
  });
});
