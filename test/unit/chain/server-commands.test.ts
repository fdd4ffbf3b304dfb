import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { devicesOutput, inviteOutput, printed, revokeOutput } from '../../../src-main/shells/server/command-output';
import { commandUsage, readServerCommandLine, SERVER_COMMANDS, serverUsage } from '../../../src-main/shells/server/commands';
import { TEST_INSTANT_MS } from '../../support/clock';

describe("the chain server's command line", () => {
  it('prints the overview on --help, and a command its own flags on COMMAND --help (or -h)', () => {
    assert.deepEqual(readServerCommandLine(['--help']), { kind: 'help', usage: serverUsage() });
    assert.deepEqual(readServerCommandLine(['-h']), { kind: 'help', usage: serverUsage() });
    for (const command of SERVER_COMMANDS) {
      assert.deepEqual(readServerCommandLine([command, '--help']), { kind: 'help', usage: commandUsage(command) });
      assert.deepEqual(readServerCommandLine([command, '--database-url', 'x', '-h']), { kind: 'help', usage: commandUsage(command) });
    }
    assert.match(commandUsage('invite'), /^usage: npm run server -- invite /);
    for (const flag of ['--database-url URL', '--stores ID,ID', '--name NAME', '--kind counter|kitchen|expo|pickup', '--ttl-minutes N', '--json']) {
      assert.match(commandUsage('invite'), new RegExp(`^  ${flag.replaceAll('|', '\\|')}$`, 'm'));
    }
    for (const command of SERVER_COMMANDS) assert.match(serverUsage(), new RegExp(`^  ${command}$`, 'm'));
  });

  it("refuses an unknown command, an unknown flag, another command's flag and a stray argument, with the usage", () => {
    assert.deepEqual(readServerCommandLine(['pair']), { kind: 'refused', reason: 'unknown command pair', usage: serverUsage() });
    assert.deepEqual(readServerCommandLine(['--bogus']), { kind: 'refused', reason: 'unknown flag --bogus', usage: serverUsage() });
    assert.deepEqual(readServerCommandLine(['invite', '--store', 'A']), { kind: 'refused', reason: 'unknown flag --store', usage: commandUsage('invite') });
    assert.deepEqual(readServerCommandLine(['devices', '--stores', 'A']), { kind: 'refused', reason: 'unknown flag --stores', usage: commandUsage('devices') });
    assert.deepEqual(readServerCommandLine(['invite', 'A']), { kind: 'refused', reason: 'unexpected argument A', usage: commandUsage('invite') });
    assert.deepEqual(readServerCommandLine(['revoke', 'a', 'b']), { kind: 'refused', reason: 'revoke takes one DEVICE_ID', usage: commandUsage('revoke') });
  });

  it('runs serve when the line starts with a flag, and hands each command its flags', () => {
    assert.deepEqual(readServerCommandLine(['--database-url', 'postgres://db/chain', '--listen', '0.0.0.0:0']), {
      kind: 'run',
      command: 'serve',
      values: { 'database-url': 'postgres://db/chain', listen: '0.0.0.0:0' },
      argument: undefined,
    });
    const revoke = readServerCommandLine(['revoke', '--json', 'device-1']);
    assert.ok(revoke.kind === 'run');
    assert.equal(revoke.values.json, true);
    assert.equal(revoke.argument, 'device-1');
  });

  it('keeps every usage within 80 columns', () => {
    for (const text of [serverUsage(), ...SERVER_COMMANDS.map(commandUsage)]) {
      for (const line of text.split('\n')) assert.ok(line.length <= 80, `longer than 80 columns: ${line}`);
    }
  });
});

describe("what the manager's commands print on stdout", () => {
  const invite = inviteOutput({
    code: '483920',
    expiresAt: TEST_INSTANT_MS + 600_000,
    name: 'Balcão Centro',
    kind: 'counter',
    storeIds: ['A', 'B'],
    ttlMinutes: 10,
  });

  it('an invite: the code, what it is for and until when, and how to type it; or one JSON object', () => {
    const text = printed(invite, false);
    assert.match(text, /^Pairing code {2}483920\n/);
    assert.match(text, /"Balcão Centro" \(counter\); stores A, B/);
    assert.match(text, new RegExp(`Valid until {3}${new Date(TEST_INSTANT_MS + 600_000).toISOString().slice(0, 19).replace('T', ' ')} UTC \\(10 min\\)`));
    assert.doesNotMatch(text, /[{}]/);
    const json = printed(invite, true);
    assert.equal(json.split('\n').length, 2, 'one line');
    assert.deepEqual(JSON.parse(json), {
      code: '483920',
      expiresAt: new Date(TEST_INSTANT_MS + 600_000).toISOString(),
      name: 'Balcão Centro',
      kind: 'counter',
      storeIds: ['A', 'B'],
    });
  });

  it('the devices as a table (or says there is none), and as one JSON object', () => {
    assert.equal(printed(devicesOutput([]), false), 'No store terminal is paired yet (invite makes a pairing code).\n');
    assert.deepEqual(JSON.parse(printed(devicesOutput([]), true)), { devices: [] });
    const device = {
      id: 'device-0001',
      name: 'Cozinha',
      kind: 'kitchen' as const,
      storeIds: ['A'],
      pairedAt: TEST_INSTANT_MS,
      lastContactAt: null,
      revokedAt: TEST_INSTANT_MS,
    };
    const [header, row] = printed(devicesOutput([device]), false).split('\n');
    assert.match(header ?? '', /^ID {11}KIND {5}NAME {5}STORES {2}LAST CONTACT {2}STATE$/);
    assert.match(row ?? '', /^device-0001 {2}kitchen {2}Cozinha {2}A {7}never {9}revoked \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    assert.deepEqual(JSON.parse(printed(devicesOutput([device]), true)).devices[0].revokedAt, new Date(TEST_INSTANT_MS).toISOString());
  });

  it('a revocation', () => {
    assert.equal(printed(revokeOutput('device-1', true), false), 'Revoked device-1: its connections are closed on every replica.\n');
    assert.deepEqual(JSON.parse(printed(revokeOutput('device-1', false), true)), { deviceId: 'device-1', revoked: false });
  });
});
