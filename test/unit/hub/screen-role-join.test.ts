import assert from 'node:assert/strict';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { CONFIG_FILE } from '../../../src-main/config/terminal-config';
import { PLAIN_FILE_NAME } from '../../../src-main/auth/credentials/file-store';
import type { FoundHub } from '../../../src-main/hub/discovery/sightings';
import { pairWithHub } from '../../../src-main/hub/trust/pair-client';
import { pairingUri } from '../../../src-main/hub/trust/pairing-code';
import { BROWSE_IDLE_MS, HubList } from '../../../src-main/features/join/hub-list';
import { pairAsScreen } from '../../../src-main/features/join/pairing';
import type { HubsView, JoinOutcome } from '../../../src-shared/ipc/channels/join';
import type { SetupState } from '../../../src-shared/ipc/channels/setup';
import { closedPort } from '../../support/print/dead-printer';
import { announced, FakeBrowser, startTerminalApp, startTestHub, type ScreenApp, type TestHub } from '../../support/hub/screen-hub';

/**
 * Joining a hub from the first run (features/join): the join channels of a real terminal against a
 * real hub on loopback (its identity, pairing window, desk and LAN server), every refusal in the
 * screen's terms, and what a pairing leaves behind: the pairing in config.json, the credential in
 * the credential store, neither secret in the file nor in the log.
 */

const closers: (() => Promise<void>)[] = [];
after(async () => {
  for (const close of closers.reverse()) await close();
});

async function hub(): Promise<TestHub> {
  const started = await startTestHub();
  closers.push(() => started.close());
  return started;
}

async function firstRun(): Promise<ScreenApp> {
  const started = await startTerminalApp();
  closers.push(async () => {
    await started.stop();
    rmSync(started.dataDir, { recursive: true, force: true });
  });
  return started;
}

const pair = (terminal: ScreenApp, input: Record<string, unknown>) =>
  terminal.invoke<JoinOutcome>('join:pair', { kind: 'kitchen', name: 'Cozinha 1', ...input });
const byAddress = (port: number, code: string) => ({ target: { via: 'address', address: `127.0.0.1:${port}` }, code });
const otherThan = (code: string): string => (code === '000000' ? '000001' : '000000');

describe('joining a hub with its code', () => {
  let theHub: TestHub;
  before(async () => {
    theHub = await hub();
  });

  it('pairs by a typed address: the terminal is now a screen of that hub, and says so', async () => {
    const terminal = await firstRun();
    const code = theHub.openCode();
    const outcome = await pair(terminal, byAddress(theHub.port, code));
    assert.equal(outcome.outcome, 'paired', JSON.stringify(outcome));
    assert.ok(outcome.outcome === 'paired');
    assert.deepEqual(
      { ...outcome.screen, pairedAt: undefined },
      {
        hubId: theHub.identity.hubId,
        hubName: 'Balcão da Pizzaria',
        address: `127.0.0.1:${theHub.port}`,
        fingerprint: theHub.identity.fingerprint,
        kind: 'kitchen',
        name: 'Cozinha 1',
        pairedAt: undefined,
        hubRole: 'terminal',
        credentialMissing: false,
      },
    );
    // The windows start over as a screen.
    const changed = terminal.pushes.filter((p) => p.event === 'setup:changed').map((p) => p.payload as SetupState);
    assert.equal(changed.at(-1)?.screen?.hubId, theHub.identity.hubId);
    const state = await terminal.invoke<SetupState>('setup:state');
    assert.equal(state.account, null);
    assert.equal(state.screen?.name, 'Cozinha 1');
    // The hub lists it, and the code is used up.
    assert.deepEqual(
      theHub.registry.list().map((d) => [d.name, d.kind]),
      [['Cozinha 1', 'kitchen']],
    );
    assert.equal(theHub.window.view().state, 'used');

    // What is kept, and where: the pairing in the settings file (owner-only), the credential in the credential store only.
    const configText = readFileSync(join(terminal.dataDir, CONFIG_FILE), 'utf8');
    assert.equal(statSync(join(terminal.dataDir, CONFIG_FILE)).mode & 0o777, 0o600);
    const saved = JSON.parse(configText).screen;
    assert.equal(saved.fingerprint, theHub.identity.fingerprint);
    assert.equal(saved.port, theHub.port);
    const stored = JSON.parse(readFileSync(join(terminal.dataDir, PLAIN_FILE_NAME), 'utf8')) as Record<string, string>;
    const credential = JSON.parse(stored[`hub-device:${theHub.identity.hubId}`] ?? '{}') as { deviceId: string; secret: string };
    assert.equal(credential.deviceId, saved.deviceId, 'the credential is in the credential store, under the hub');
    const { secret } = credential;
    assert.equal(theHub.registry.verify(credential)?.name, 'Cozinha 1', 'and it is the one the hub gave');
    assert.ok(!configText.includes(secret), 'the device secret is not in the settings file');
    assert.ok(!terminal.logs.join('\n').includes(secret), 'nor in the log');
    assert.ok(!JSON.stringify(terminal.pushes).includes(secret), 'nor sent to a window');
  });

  it('a wrong code says how many tries are left; the fifth ends the code; a new code pairs', async () => {
    const terminal = await firstRun();
    const code = theHub.openCode();
    for (const left of [4, 3, 2, 1])
      assert.deepEqual(await pair(terminal, byAddress(theHub.port, otherThan(code))), { outcome: 'refused', reason: 'wrong-code', attemptsLeft: left });
    assert.deepEqual(await pair(terminal, byAddress(theHub.port, otherThan(code))), { outcome: 'refused', reason: 'code-ended', attemptsLeft: 0 });
    // Even the right code is no use now.
    assert.deepEqual(await pair(terminal, byAddress(theHub.port, code)), { outcome: 'refused', reason: 'code-ended', attemptsLeft: 0 });
    assert.equal((await terminal.invoke<SetupState>('setup:state')).screen, null, 'still a first run');
    assert.equal((await pair(terminal, byAddress(theHub.port, theHub.openCode()))).outcome, 'paired');
  });

  it('no code shown at the hub, an expired one, nothing at the address, a typo in it: each said so', async () => {
    const clock = new ManualClock(Date.parse('2026-11-24T15:00:00Z'));
    const timed = await startTestHub({ clock });
    closers.push(() => timed.close());
    const terminal = await firstRun();
    assert.deepEqual(await pair(terminal, byAddress(timed.port, '123456')), { outcome: 'refused', reason: 'no-code', attemptsLeft: null });
    const code = timed.openCode();
    await clock.advance(2 * 60_000);
    assert.deepEqual(await pair(terminal, byAddress(timed.port, code)), { outcome: 'refused', reason: 'code-expired', attemptsLeft: null });
    assert.deepEqual(await pair(terminal, byAddress(await closedPort(), '123456')), { outcome: 'refused', reason: 'unreachable', attemptsLeft: null });
    for (const address of ['', 'http://hub.local', '192.168.0.300', 'hub:99999']) {
      assert.deepEqual(
        await pair(terminal, { target: { via: 'address', address }, code: '123456' }),
        { outcome: 'refused', reason: 'bad-address', attemptsLeft: null },
        address,
      );
    }
    await assert.rejects(pair(terminal, { target: { via: 'address', address: '127.0.0.1' } }), /validation/, 'a code is needed');
    await assert.rejects(pair(terminal, { ...byAddress(timed.port, '12345') }), /bad-input/, 'six digits');
    await assert.rejects(pair(terminal, { ...byAddress(timed.port, '123456'), name: 'Cozinha\n1' }), /bad-input/, 'a name on one line');
  });

  it('the pairing link of the QR pins the hub at once: another certificate is "not the hub"', async () => {
    const terminal = await firstRun();
    const code = theHub.openCode();
    const forged = pairingUri({ host: '127.0.0.1', port: theHub.port, fingerprint: 'a'.repeat(64), code });
    assert.deepEqual(await pair(terminal, { target: { via: 'uri', uri: forged } }), { outcome: 'refused', reason: 'not-the-hub', attemptsLeft: null });
    assert.equal(theHub.window.view().state, 'open', 'nothing reached the hub: the code is untouched');
    assert.deepEqual(await pair(terminal, { target: { via: 'uri', uri: 'https://example.com/pair?code=123456' } }), {
      outcome: 'refused',
      reason: 'bad-uri',
      attemptsLeft: null,
    });
    const real = pairingUri({ host: '127.0.0.1', port: theHub.port, fingerprint: theHub.identity.fingerprint, code });
    const outcome = await pair(terminal, { target: { via: 'uri', uri: real }, kind: 'pickup', name: 'TV da retirada' });
    assert.equal(outcome.outcome === 'paired' && outcome.screen.kind, 'pickup');
  });

  it('a terminal that works as an account, or is already a screen, is no first run', async () => {
    const terminal = await firstRun();
    assert.equal((await pair(terminal, byAddress(theHub.port, theHub.openCode()))).outcome, 'paired');
    assert.deepEqual(await pair(terminal, byAddress(theHub.port, theHub.openCode())), { outcome: 'refused', reason: 'not-first-run', attemptsLeft: null });
    const withAccount = await startTerminalApp({ flags: ['--api-base-url', 'http://127.0.0.1:9', '--client-id', 'demo'] });
    closers.push(() => withAccount.stop());
    assert.deepEqual(await pair(withAccount, byAddress(theHub.port, theHub.openCode())), { outcome: 'refused', reason: 'not-first-run', attemptsLeft: null });
  });
});

describe('a hub picked from the list', () => {
  const found = announced;
  const deps = (list: FoundHub[]) => ({
    clock: new ManualClock(0),
    logger: silentLogger,
    pair: pairWithHub,
    found: (id: string) => list.find((h) => h.hubId === id),
  });
  const input = (hubId: string, code: string) => ({ target: { via: 'found' as const, hubId }, code, kind: 'counter' as const, name: 'Balcão 2' });

  it('pairs at the address it was heard at, trying the next while nothing answers', async () => {
    const theHub = await hub();
    // 127.0.0.2 is this machine too, where the hub does not listen: nothing answers there.
    const result = await pairAsScreen(input(theHub.identity.hubId, theHub.openCode()), deps([found(theHub, { addresses: ['127.0.0.2', '127.0.0.1'] })]));
    assert.ok('saved' in result, JSON.stringify(result));
    assert.equal(result.saved.host, '127.0.0.1');
    assert.equal(result.saved.fingerprint, theHub.identity.fingerprint);
  });

  it('refuses a hub whose certificate is not the one it announced, and one no longer heard', async () => {
    const theHub = await hub();
    const lying = found(theHub, { fingerprintPrefix: 'ffffffffffffffff' });
    assert.deepEqual(await pairAsScreen(input(theHub.identity.hubId, theHub.openCode()), deps([lying])), {
      outcome: 'refused',
      reason: 'not-the-hub',
      attemptsLeft: null,
    });
    assert.deepEqual(await pairAsScreen(input('gone-hub-id', '123456'), deps([])), { outcome: 'refused', reason: 'hub-gone', attemptsLeft: null });
  });
});

describe('the hubs the join step lists', () => {
  it('listens only while the step asks, pushes each change, and stops by itself when nobody asks', async () => {
    const clock = new ManualClock(0);
    const pushes: HubsView[] = [];
    const list = new HubList({
      clock,
      logger: silentLogger,
      push: { push: (_event, payload) => pushes.push(payload as HubsView) },
      browse: (o) => new FakeBrowser(o),
    });
    assert.deepEqual(list.view(), { hubs: [], problem: null, browsing: false });
    assert.equal((await list.browse(true)).browsing, true);
    await list.browse(true);
    assert.equal(FakeBrowser.opened.length, 1, 'one browser, however often asked');
    const browser = FakeBrowser.opened[0] as FakeBrowser;
    browser.hear([
      {
        hubId: 'hub-1',
        name: 'Balcão',
        fingerprintPrefix: '0123456789abcdef',
        protocolVersion: 1,
        host: 'balcao.local',
        addresses: ['fe80::1', '192.168.0.10'].slice(1),
        port: 47110,
        lastHeardAt: 0,
      },
    ]);
    assert.deepEqual(pushes.at(-1), {
      hubs: [{ hubId: 'hub-1', name: 'Balcão', fingerprintPrefix: '0123456789abcdef', address: '192.168.0.10:47110' }],
      problem: null,
      browsing: true,
    });
    browser.hear([
      {
        hubId: 'hub-2',
        name: 'Cozinha',
        fingerprintPrefix: 'fedcba9876543210',
        protocolVersion: 1,
        host: 'h.local',
        addresses: ['2001:db8::5'],
        port: 47111,
        lastHeardAt: 0,
      },
    ]);
    assert.equal(pushes.at(-1)?.hubs[0]?.address, '[2001:db8::5]:47111');
    assert.equal(list.find('hub-2')?.port, 47111);

    await clock.advance(BROWSE_IDLE_MS - 1_000);
    await list.browse(true); // the step is still open: it asks again
    await clock.advance(BROWSE_IDLE_MS - 1_000);
    assert.equal(browser.closed, false);
    await clock.advance(2_000);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(browser.closed, true, 'nobody asked for ten minutes');
    assert.deepEqual(pushes.at(-1), { hubs: [], problem: null, browsing: false });

    await list.browse(true);
    const second = FakeBrowser.opened.at(-1) as FakeBrowser;
    assert.notEqual(second, browser);
    assert.deepEqual(await list.browse(false), { hubs: [], problem: null, browsing: false });
    assert.equal(second.closed, true);
  });
});
