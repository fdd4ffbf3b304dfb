import assert from 'node:assert/strict';
import type { NetworkInterfaceInfo } from 'node:os';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { hostnameOf, instanceNameOf } from '../../../src-main/hub/discovery/ciao-service';
import { multicastInterfaces } from '../../../src-main/hub/discovery/multicast-check';
import { problemOfSocketError } from '../../../src-main/hub/discovery/problems';
import { within } from '../../../src-main/hub/discovery/within';

/** The pieces of the hub's announcement that need no network: its names, its interfaces, its deadlines, its problems. */

describe('the names a hub announces under', () => {
  it('an instance name: the hub name without dots, cut to fit one DNS label with room for " (2)"', () => {
    assert.equal(instanceNameOf('Padaria S. João'), 'Padaria S  João');
    const long = instanceNameOf('Ã'.repeat(60));
    assert.ok(Buffer.byteLength(long) <= 56, `${Buffer.byteLength(long)} bytes`);
    assert.equal(long, 'Ã'.repeat(28));
    assert.equal(instanceNameOf('...'), 'Store Terminal');
  });

  it('a host name of its own: ASCII, from the hub id, the same on every start', () => {
    assert.equal(hostnameOf('Hub_7F3A-9c21-ffff-0000'), 'storeterminal-hub7f3a9c21ffff0');
    assert.equal(hostnameOf('Hub_7F3A-9c21-ffff-0000'), hostnameOf('Hub_7F3A-9c21-ffff-0000'));
  });
});

describe('the interfaces mDNS could speak on', () => {
  const info = (address: string, internal = false): NetworkInterfaceInfo =>
    ({ address, family: 'IPv4', internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;
  const host = { lo: [info('127.0.0.1', true)], eth0: [info('192.168.0.10')], wlan0: [info('10.0.0.7')] };

  it('every interface with an address but loopback, or the ones named (by name or address)', () => {
    assert.deepEqual(multicastInterfaces(host), ['eth0', 'wlan0']);
    assert.deepEqual(multicastInterfaces(host, ['lo']), ['lo']);
    assert.deepEqual(multicastInterfaces(host, ['10.0.0.7']), ['wlan0']);
    assert.deepEqual(multicastInterfaces({ lo: host.lo }), []);
    assert.deepEqual(multicastInterfaces(host, ['eth9']), []);
  });
});

describe('a socket error as a problem', () => {
  const error = (code: string): Error => Object.assign(new Error(`bind ${code} 0.0.0.0:5353`), { code });

  it('names the cases a screen puts into words, and keeps the message', () => {
    assert.equal(problemOfSocketError(error('EADDRINUSE')).kind, 'port-in-use');
    assert.equal(problemOfSocketError(error('EACCES')).kind, 'no-permission');
    assert.equal(problemOfSocketError(error('EPERM')).kind, 'no-permission');
    assert.equal(problemOfSocketError(error('ENODEV')).kind, 'no-interface');
    assert.deepEqual(problemOfSocketError(error('EMSGSIZE')), { kind: 'socket-failed', message: 'bind EMSGSIZE 0.0.0.0:5353' });
    assert.equal(problemOfSocketError('weird').kind, 'socket-failed');
  });
});

describe('waiting at most so long for a library', () => {
  it('is done when the work settles first, and leaves no timer behind', async () => {
    const clock = new ManualClock();
    assert.equal(await within(Promise.resolve(), 1_000, clock), 'done');
    assert.equal(clock.pendingSleeps, 0);
  });

  it("throws the work's own error when it fails first", async () => {
    const clock = new ManualClock();
    await assert.rejects(within(Promise.reject(new Error('ciao said no')), 1_000, clock), /ciao said no/);
  });

  it('is late when the time runs out first, and a failure after that is not left unhandled', async () => {
    const clock = new ManualClock();
    let fail: (error: Error) => void = () => {};
    const never = new Promise<void>((_, reject) => (fail = reject));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const waiting = within(never, 1_000, clock);
      await clock.advance(1_000);
      assert.equal(await waiting, 'late');
      never.catch(() => {}); // the caller's own promise is the caller's to watch
      fail(new Error('too late'));
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
