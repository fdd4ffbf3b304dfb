import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScreensState } from '../../../src-shared/ipc/channels/screens';
import type { AppContext } from '../../../src-main/feature-kit/feature';
import type { HubView } from '../../../src-main/hub/hub-service';
import { readPairingUri } from '../../../src-main/hub/trust/pairing-code';
import { screensHandlers } from '../../../src-main/features/screens/handlers';
import { screensOnScreenFeature } from '../../../src-main/features/screens/index';
import { fingerprintGroups, screensState } from '../../../src-main/features/screens/screens-view';
import type { HubService } from '../../../src-main/hub/hub-service';
import { contactWords, countdownText } from '../../../src-renderer/screens/contact';

const FINGERPRINT = 'ebe4005d7945e64d'.padEnd(64, 'a');
const AT = Date.parse('2026-11-24T15:00:00Z');

function hubView(patch: Partial<HubView> = {}): HubView {
  return {
    state: 'listening',
    enabled: true,
    port: 47110,
    problem: null,
    discovery: null,
    name: 'Cantina da Vila',
    fingerprint: FINGERPRINT,
    addresses: ['192.168.0.10:47110'],
    pairing: { state: 'open', code: '042917', expiresAt: AT + 120_000, attemptsLeft: 4 },
    invite: { host: '192.168.0.10', port: 47110, fingerprint: FINGERPRINT, code: '042917' },
    screens: [
      {
        id: 'a1b2c3d4e5f60718',
        name: 'Cozinha 1',
        kind: 'kitchen',
        pairedAt: AT - 86_400_000,
        lastContactAt: AT - 5 * 60_000,
        revokedAt: null,
        connected: false,
      },
    ],
    ...patch,
  };
}

describe('Settings › Telas as the main process answers it', () => {
  it('the code, its expiry, its tries, and a QR whose text is the pairing link a screen reads back', () => {
    const state = ScreensState.parse(screensState(hubView()));
    assert.equal(state.pairing.state, 'open');
    if (state.pairing.state !== 'open') return;
    assert.equal(state.pairing.code, '042917');
    assert.equal(state.pairing.expiresAt, '2026-11-24T15:02:00.000Z');
    assert.equal(state.pairing.attemptsLeft, 4);
    assert.deepEqual(readPairingUri(state.pairing.uri ?? ''), { host: '192.168.0.10', port: 47110, fingerprint: FINGERPRINT, code: '042917' });
    assert.ok(state.pairing.qr);
    assert.equal(state.pairing.qr.modules.length, state.pairing.qr.size ** 2);
    assert.equal(state.fingerprint, 'ebe4 005d 7945 e64d');
    assert.deepEqual(state.screens, [
      {
        id: 'a1b2c3d4e5f60718',
        name: 'Cozinha 1',
        kind: 'kitchen',
        pairedAt: '2026-11-23T15:00:00.000Z',
        lastContactAt: '2026-11-24T14:55:00.000Z',
        connected: false,
      },
    ]);
  });

  it('no address to give: the code without a QR; a code that ended says why', () => {
    const noAddress = screensState(hubView({ invite: null, addresses: [] }));
    assert.equal(noAddress.pairing.state === 'open' && noAddress.pairing.qr, null);
    for (const why of ['none', 'expired', 'ended', 'used', 'replaced'] as const) {
      assert.deepEqual(screensState(hubView({ pairing: { state: why }, invite: null })).pairing, { state: 'closed', why });
    }
  });

  it('groups the fingerprint as the join step groups the announced one', () => {
    assert.equal(fingerprintGroups(FINGERPRINT), 'ebe4 005d 7945 e64d');
  });

  it("its handlers answer the hub's view after each action", async () => {
    const calls: string[] = [];
    const hub = {
      view: () => hubView(),
      openPairing: async () => (calls.push('open'), hubView()),
      closePairing: async () => (calls.push('close'), hubView({ pairing: { state: 'none' }, invite: null })),
      revoke: async (id: string) => (calls.push(`revoke ${id}`), hubView({ screens: [] })),
    } as unknown as HubService;
    const handlers = screensHandlers(hub);
    assert.equal((await handlers['screens:openPairing']({})).pairing.state, 'open');
    assert.deepEqual((await handlers['screens:closePairing']({})).pairing, { state: 'closed', why: 'none' });
    assert.deepEqual((await handlers['screens:revoke']({ deviceId: 'a1b2c3d4e5f60718' })).screens, []);
    assert.deepEqual(calls, ['open', 'close', 'revoke a1b2c3d4e5f60718']);
  });

  it('a screen of another terminal refuses to pair or revoke, naming its hub', async () => {
    const context = { terminal: { screen: () => ({ pairing: { hubName: 'Cantina da Vila' } }) } } as unknown as AppContext;
    const { handlers } = screensOnScreenFeature.start(context);
    for (const channel of screensOnScreenFeature.channels) {
      const handler = handlers[channel] as (input: unknown) => unknown;
      assert.throws(
        () => handler({}),
        (e: unknown) => (e as { code?: string }).code === 'forbidden' && /Cantina da Vila/.test(String((e as Error).message)),
        channel,
      );
    }
  });
});

describe("a screen's last contact and the code's countdown, in words", () => {
  it('"agora" within a minute, then minutes, hours, days; never before a first connection', () => {
    const now = AT;
    const ago = (ms: number) => new Date(now - ms).toISOString();
    assert.deepEqual(contactWords(null, now), { key: 'screens.contact.never' });
    assert.deepEqual(contactWords(ago(30_000), now), { key: 'screens.contact.now' });
    assert.deepEqual(contactWords(ago(-5_000), now), { key: 'screens.contact.now' }, 'a clock a little ahead');
    assert.deepEqual(contactWords(ago(5 * 60_000 + 10_000), now), { key: 'screens.contact.minutes', n: 5 });
    assert.deepEqual(contactWords(ago(3 * 3_600_000), now), { key: 'screens.contact.hours', n: 3 });
    assert.deepEqual(contactWords(ago(2 * 86_400_000 + 1), now), { key: 'screens.contact.days', n: 2 });
  });

  it('minutes and seconds left, never below zero', () => {
    assert.equal(countdownText(120_000), '2:00');
    assert.equal(countdownText(65_500), '1:05');
    assert.equal(countdownText(-3_000), '0:00');
  });
});
