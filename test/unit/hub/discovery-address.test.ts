import assert from 'node:assert/strict';
import type { NetworkInterfaceInfo } from 'node:os';
import { describe, it } from 'node:test';
import {
  DEFAULT_HUB_PORT,
  formatHubAddress,
  parseHubAddress,
  typedAddressesOf,
  type HubAddress,
  type HubAddressErrorKind,
} from '../../../src-main/hub/discovery/address';

/** What staff type on a screen when the hub is not found by name: every form, and every mistake by its kind. */

const parsed = (typed: string): HubAddress => {
  const result = parseHubAddress(typed);
  assert.ok(result.ok, `"${typed}" should parse: ${result.ok ? '' : result.error.message}`);
  return result.address;
};
const refused = (typed: string): HubAddressErrorKind => {
  const result = parseHubAddress(typed);
  assert.ok(!result.ok, `"${typed}" should be refused, got ${JSON.stringify(result.ok && result.address)}`);
  assert.ok(result.error.message.length > 0);
  return result.error.kind;
};

describe('a typed hub address', () => {
  it('reads an IPv4 address, with or without a port, and trims what was pasted around it', () => {
    assert.deepEqual(parsed('192.168.0.10'), { host: '192.168.0.10', port: DEFAULT_HUB_PORT, family: 'ipv4' });
    assert.deepEqual(parsed('  192.168.0.10:8443 \n'), { host: '192.168.0.10', port: 8443, family: 'ipv4' });
  });

  it('reads a host name, lowercased, with its trailing dot dropped', () => {
    assert.deepEqual(parsed('hub.local:47110'), { host: 'hub.local', port: 47110, family: 'name' });
    assert.deepEqual(parsed('Caixa-1.Local.'), { host: 'caixa-1.local', port: DEFAULT_HUB_PORT, family: 'name' });
    assert.deepEqual(parsed('localhost'), { host: 'localhost', port: DEFAULT_HUB_PORT, family: 'name' });
  });

  it('reads IPv6 in brackets, with a port, a zone, or neither; and bare IPv6 without a port', () => {
    assert.deepEqual(parsed('[fe80::1]:47110'), { host: 'fe80::1', port: 47110, family: 'ipv6' });
    assert.deepEqual(parsed('[::1]'), { host: '::1', port: DEFAULT_HUB_PORT, family: 'ipv6' });
    assert.deepEqual(parsed('[FE80::A%eth0]:9000'), { host: 'fe80::a%eth0', port: 9000, family: 'ipv6' });
    assert.deepEqual(parsed('2001:db8::5'), { host: '2001:db8::5', port: DEFAULT_HUB_PORT, family: 'ipv6' });
  });

  it('takes the port a caller gives for an address without one', () => {
    const result = parseHubAddress('10.0.0.2', 9999);
    assert.ok(result.ok);
    assert.equal(result.address.port, 9999);
  });

  it('names each mistake by its kind', () => {
    assert.equal(refused(''), 'empty');
    assert.equal(refused('   '), 'empty');
    assert.equal(refused(':47110'), 'empty');
    assert.equal(refused(`${'a'.repeat(301)}`), 'too-long');
    for (const typed of ['https://192.168.0.10:47110/', '192.168.0.10/24', 'user@hub.local', 'hub local', 'hub.local?x=1']) {
      assert.equal(refused(typed), 'not-an-address', typed);
    }
    for (const typed of ['hub.local:', 'hub.local:0', 'hub.local:65536', 'hub.local:http', '192.168.0.10:-1', '[::1]:', '[::1]:123456']) {
      assert.equal(refused(typed), 'bad-port', typed);
    }
    for (const typed of ['192.168.0.300', '192.168.0', '1.2.3.4.5', '...']) {
      assert.equal(refused(typed), 'bad-ipv4', typed);
    }
    for (const typed of ['[fe80::1', '[192.168.0.10]:47110', '[fe80::zz]', '[fe80::1%eth 0]', 'fe80::1]', 'fe80::g:1', '192.168.0.10:80:90']) {
      assert.equal(refused(typed), typed.includes(' ') ? 'not-an-address' : 'bad-ipv6', typed);
    }
    assert.equal(refused('[::1]x'), 'not-an-address');
    for (const typed of ['-hub.local', 'hub-.local', 'hub..local', 'hub_1.local', 'padaria-são.local', `${'a'.repeat(64)}.local`, 'hub.123']) {
      assert.equal(refused(typed), 'bad-name', typed);
    }
  });

  it('is written back the way it is typed, IPv6 in brackets', () => {
    for (const typed of ['192.168.0.10:47110', 'hub.local:80', '[fe80::1%eth0]:47110', '[2001:db8::5]:1']) {
      assert.equal(formatHubAddress(parsed(typed)), typed);
    }
  });
});

describe('the addresses a hub shows to type', () => {
  const info = (address: string, family: 'IPv4' | 'IPv6', internal = false): NetworkInterfaceInfo =>
    ({ address, family, internal, netmask: '', mac: '', cidr: null, ...(family === 'IPv6' ? { scopeid: 0 } : {}) }) as NetworkInterfaceInfo;

  it('lists IPv4 first, then global IPv6; never loopback nor link-local', () => {
    const interfaces = {
      lo: [info('127.0.0.1', 'IPv4', true), info('::1', 'IPv6', true)],
      eth0: [info('fe80::1', 'IPv6'), info('2001:db8::10', 'IPv6'), info('192.168.0.10', 'IPv4')],
      wlan0: [info('10.0.0.7', 'IPv4')],
      down: undefined,
    };
    assert.deepEqual(typedAddressesOf(interfaces, 47110), ['192.168.0.10:47110', '10.0.0.7:47110', '[2001:db8::10]:47110']);
  });

  it('lists nothing with no network', () => {
    assert.deepEqual(typedAddressesOf({ lo: [info('127.0.0.1', 'IPv4', true)] }, 47110), []);
  });
});
