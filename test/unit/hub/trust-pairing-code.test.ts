import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { CODE_LIFETIME_MS, PairingWindow, pairingUri, readPairingUri, TRIES_PER_CODE, type CodeView } from '../../../src-main/hub/trust/pairing-code';

function setup() {
  const clock = new ManualClock();
  return { clock, window: new PairingWindow(clock, silentLogger) };
}

describe('pairing window', () => {
  it('shows no code until one is asked for', () => {
    const { window } = setup();
    assert.deepEqual(window.view(), { state: 'none' });
    assert.deepEqual(window.try(), { ok: false, closed: 'none' });
  });

  it('draws a six-digit code valid two minutes on the injected clock, with five tries', () => {
    const { clock, window } = setup();
    const view = window.open();
    assert.match(view.code, /^\d{6}$/);
    assert.equal(view.expiresAt, clock.now() + CODE_LIFETIME_MS);
    assert.equal(CODE_LIFETIME_MS, 120_000);
    assert.equal(view.attemptsLeft, TRIES_PER_CODE);
    assert.equal(TRIES_PER_CODE, 5);
  });

  it('draws codes at random (not a counter, not the clock)', () => {
    const { window } = setup();
    const codes = new Set(Array.from({ length: 40 }, () => window.open().code));
    assert.ok(codes.size >= 38, `${codes.size} distinct codes of 40`);
  });

  it('expires at two minutes: a minute and 59 s is still open, 2 min is not', async () => {
    const { clock, window } = setup();
    window.open();
    await clock.advance(CODE_LIFETIME_MS - 1_000);
    assert.equal(window.view().state, 'open');
    await clock.advance(1_000);
    assert.deepEqual(window.view(), { state: 'expired' });
    assert.deepEqual(window.try(), { ok: false, closed: 'expired' });
  });

  it('counts a try per hello; the fifth is the last, then the code has ended', () => {
    const { window } = setup();
    const { code } = window.open();
    const left = Array.from({ length: TRIES_PER_CODE }, () => {
      const turn = window.try();
      assert.ok(turn.ok);
      assert.equal(turn.code, code);
      return turn.attemptsLeft;
    });
    assert.deepEqual(left, [4, 3, 2, 1, 0]);
    assert.deepEqual(window.view(), { state: 'ended' });
    assert.deepEqual(window.try(), { ok: false, closed: 'ended' });
  });

  it('lets a hello already counted confirm though the tries ran out after it (its own try was charged)', () => {
    const { window } = setup();
    window.open();
    const first = window.try();
    assert.ok(first.ok);
    for (let i = 1; i < TRIES_PER_CODE; i++) window.try();
    assert.equal(window.confirmable(first.serial), null);
    assert.equal(window.use(first.serial), true);
    assert.deepEqual(window.view(), { state: 'used' });
  });

  it('pairs one screen per code: once used, nothing more', () => {
    const { window } = setup();
    window.open();
    const one = window.try();
    const two = window.try();
    assert.ok(one.ok && two.ok);
    assert.equal(window.use(one.serial), true);
    assert.equal(window.confirmable(two.serial), 'used');
    assert.equal(window.use(two.serial), false);
    assert.deepEqual(window.try(), { ok: false, closed: 'used' });
  });

  it('a new code replaces the old: the old one’s sessions cannot confirm, the new one has all its tries', () => {
    const { window } = setup();
    window.open();
    const turn = window.try();
    assert.ok(turn.ok);
    const fresh = window.open();
    assert.equal(window.confirmable(turn.serial), 'replaced');
    assert.equal(window.attemptsLeft(turn.serial), 0);
    assert.equal(fresh.attemptsLeft, TRIES_PER_CODE);
    const next = window.try();
    assert.ok(next.ok);
    assert.equal(next.code, fresh.code);
  });

  it('a session cannot confirm past the code’s two minutes', async () => {
    const { clock, window } = setup();
    window.open();
    const turn = window.try();
    assert.ok(turn.ok);
    await clock.advance(CODE_LIFETIME_MS);
    assert.equal(window.confirmable(turn.serial), 'expired');
    assert.equal(window.use(turn.serial), false);
  });

  it('closing the window ends the code', () => {
    const { window } = setup();
    window.open();
    const turn = window.try();
    assert.ok(turn.ok);
    window.close();
    assert.equal(window.confirmable(turn.serial), 'none');
    assert.deepEqual(window.view(), { state: 'none' });
  });

  it('tells the hub’s screen when the code changes: drawn, tries used up, used, closed', () => {
    const { window } = setup();
    const seen: CodeView['state'][] = [];
    window.onChanged((view) => seen.push(view.state));
    window.open();
    for (let i = 0; i < TRIES_PER_CODE; i++) window.try();
    window.open();
    const turn = window.try();
    assert.ok(turn.ok);
    window.use(turn.serial);
    window.close();
    assert.deepEqual(seen, ['open', 'ended', 'open', 'used', 'none']);
  });
});

describe('pairing QR text', () => {
  const invite = { host: '192.168.0.12', port: 48_443, fingerprint: 'ab'.repeat(32), code: '004217' };

  it('holds the hub’s address, port, certificate fingerprint and code, and reads back the same', () => {
    const text = pairingUri(invite);
    assert.equal(text, `store-terminal://pair?host=192.168.0.12&port=48443&fp=${'ab'.repeat(32)}&code=004217`);
    assert.deepEqual(readPairingUri(text), invite);
  });

  it('carries an IPv6 address and a host name', () => {
    for (const host of ['fe80::1%eth0', 'balcao.local']) assert.deepEqual(readPairingUri(pairingUri({ ...invite, host })), { ...invite, host });
  });

  it('reads anything else as no invite: another scheme, a short fingerprint, a bad code or port, a huge text', () => {
    const good = pairingUri(invite);
    for (const text of [
      good.replace('store-terminal:', 'https:'),
      good.replace('//pair?', '//other?'),
      good.replace('ab'.repeat(32), 'ab'.repeat(31)),
      good.replace('ab'.repeat(32), 'AB'.repeat(32)),
      good.replace('code=004217', 'code=4217'),
      good.replace('port=48443', 'port=0'),
      good.replace('&code=004217', ''),
      `${good}&pad=${'x'.repeat(600)}`,
      'not a uri',
    ]) {
      assert.equal(readPairingUri(text), null, text);
    }
  });
});
