import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { HubDb } from '../../../src-main/db/hub/hub-db';
import type { HubIdentity } from '../../../src-main/hub/contract';
import { DeviceRegistry } from '../../../src-main/hub/trust/device-registry';
import { CODE_LIFETIME_MS, PairingWindow } from '../../../src-main/hub/trust/pairing-code';
import { HubPairingDesk } from '../../../src-main/hub/trust/pairing-desk';
import { HelloAnswer, Refusal } from '../../../src-main/hub/trust/pairing-wire';
import { ScreenExchange } from '../../../src-main/hub/trust/pake';
import { PER_ADDRESS_PER_MINUTE } from '../../../src-main/hub/trust/request-budget';

/** The desk needs the identity's id, name and fingerprint only: TLS is the integration test's. */
const IDENTITY: HubIdentity = { hubId: '0123456789abcdef0123456789abcdef', name: 'Pizzaria Bella', certPem: '', keyPem: '', fingerprint: 'c'.repeat(64) };
const PEER = { address: '192.168.0.31' };
const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

function setup() {
  const clock = new ManualClock();
  const window = new PairingWindow(clock, silentLogger);
  const registry = new DeviceRegistry(HubDb.open(':memory:'), clock, silentLogger);
  const desk = new HubPairingDesk({ identity: IDENTITY, window, registry, clock, logger: silentLogger });
  return { clock, window, registry, desk };
}

/** A screen's hello with `code`; the hub's answer and what the screen would confirm (null when the hub's confirmation fails). */
async function hello(desk: HubPairingDesk, code: string, peer = PEER) {
  const screen = await ScreenExchange.start(code);
  const body = { v: 1, name: 'Cozinha', kind: 'kitchen', share: b64(screen.share) };
  const answer = await desk.answer('hello', body, peer);
  if (answer.status !== 200) return { answer, body, confirmBody: null };
  const ok = HelloAnswer.parse(answer.body);
  const finished = screen.finish(Buffer.from(ok.share, 'base64url'), Buffer.from(ok.confirmation, 'base64url'), {
    fingerprint: IDENTITY.fingerprint,
    hubId: ok.hubId,
    hubName: ok.hubName,
    screenName: 'Cozinha',
    screenKind: 'kitchen',
    session: ok.session,
  });
  return { answer, body, ok, confirmBody: { session: ok.session, confirmation: finished ? b64(finished.confirmation) : b64(new Uint8Array(32)) }, finished };
}

/** Another code than the one shown (the code is random). */
const otherThan = (code: string): string => (code === '999999' ? '999998' : '999999');
const attemptsLeft = (window: PairingWindow): number | undefined => {
  const view = window.view();
  return view.state === 'open' ? view.attemptsLeft : undefined;
};
const refusalOf = (answer: { body: unknown }) => Refusal.parse(answer.body).error;

describe('pairing desk', () => {
  it('pairs with the right code: hello, confirm, and the credential it answers is one the registry knows', async () => {
    const { desk, window, registry } = setup();
    const { code } = window.open();
    const { ok, confirmBody, finished } = await hello(desk, code);
    assert.ok(ok && finished);
    assert.equal(ok.hubId, IDENTITY.hubId);
    assert.equal(ok.hubName, 'Pizzaria Bella');
    assert.equal(ok.attemptsLeft, 4);
    assert.equal(registry.list().length, 0, 'nothing registered before the screen confirms');
    const confirmed = await desk.answer('confirm', confirmBody, PEER);
    assert.equal(confirmed.status, 200);
    const device = registry.verify(confirmed.body as never);
    assert.equal(device?.name, 'Cozinha');
    assert.equal(device?.kind, 'kitchen');
    assert.deepEqual(window.view(), { state: 'used' });
  });

  it('refuses a wrong confirmation with 403 and the tries left, registering nothing', async () => {
    const { desk, window, registry } = setup();
    const { code } = window.open();
    const { confirmBody, finished } = await hello(desk, otherThan(code));
    assert.equal(finished, null, 'the screen sees the hub’s confirmation fail');
    // A screen that confirms anyway (a rogue, or a broken one) is refused by the hub too.
    const answer = await desk.answer('confirm', confirmBody, PEER);
    assert.equal(answer.status, 403);
    assert.deepEqual({ ...refusalOf(answer), message: '' }, { code: 'forbidden', reason: 'wrong-code', attemptsLeft: 4, message: '' });
    assert.equal(registry.list().length, 0);
  });

  it('ends the code at the fifth try: the right code is then refused with 410', async () => {
    const { desk, window } = setup();
    const { code } = window.open();
    const left: number[] = [];
    for (let i = 0; i < 5; i++) left.push((await hello(desk, otherThan(code))).ok?.attemptsLeft ?? -1);
    assert.deepEqual(left, [4, 3, 2, 1, 0]);
    const right = await hello(desk, code);
    assert.equal(right.answer.status, 410);
    assert.equal(refusalOf(right.answer).reason, 'ended');
  });

  it('refuses a hello when no code is shown, or after its two minutes (410)', async () => {
    const { desk, window, clock } = setup();
    assert.equal(refusalOf((await hello(desk, '123456')).answer).reason, 'none');
    const { code } = window.open();
    await clock.advance(CODE_LIFETIME_MS);
    const late = await hello(desk, code);
    assert.equal(late.answer.status, 410);
    assert.equal(refusalOf(late.answer).reason, 'expired');
  });

  it('refuses a confirmation that comes after the code expired, or after a new code replaced it', async () => {
    const { desk, window, clock, registry } = setup();
    let { code } = window.open();
    const slow = await hello(desk, code);
    await clock.advance(CODE_LIFETIME_MS);
    const late = await desk.answer('confirm', slow.confirmBody, PEER);
    assert.equal(late.status, 410);
    assert.equal(refusalOf(late).reason, 'expired');
    ({ code } = window.open());
    const before = await hello(desk, code);
    window.open();
    const replaced = await desk.answer('confirm', before.confirmBody, PEER);
    assert.equal(replaced.status, 410);
    assert.equal(refusalOf(replaced).reason, 'replaced');
    assert.equal(registry.list().length, 0);
  });

  it('refuses replays: a confirmation twice, a hello again after the pairing', async () => {
    const { desk, window, registry } = setup();
    const { code } = window.open();
    const first = await hello(desk, code);
    assert.equal((await desk.answer('confirm', first.confirmBody, PEER)).status, 200);
    const again = await desk.answer('confirm', first.confirmBody, PEER);
    assert.equal(again.status, 410);
    assert.equal(refusalOf(again).reason, 'session-ended');
    const helloAgain = await desk.answer('hello', first.body, PEER);
    assert.equal(helloAgain.status, 410);
    assert.equal(refusalOf(helloAgain).reason, 'used');
    assert.equal(registry.list().length, 1);
  });

  it('a replayed hello opens a new session whose confirmation the replayer cannot make', async () => {
    const { desk, window, registry } = setup();
    const { code } = window.open();
    const original = await hello(desk, code);
    const replayed = await desk.answer('hello', original.body, PEER);
    assert.equal(replayed.status, 200);
    const session = HelloAnswer.parse(replayed.body).session;
    // The old confirmation, sent for the replayed session: the keys differ (fresh y), so it fails.
    const answer = await desk.answer('confirm', { session, confirmation: original.confirmBody?.confirmation }, PEER);
    assert.equal(answer.status, 403);
    assert.equal(registry.list().length, 0);
  });

  it('answers 400 to bodies that do not parse, without spending a try', async () => {
    const { desk, window } = setup();
    window.open();
    const share = b64(new Uint8Array(32).fill(1));
    const bodies: unknown[] = [
      null,
      'hello',
      [],
      {},
      { v: 1, name: 'Cozinha', kind: 'kitchen' },
      { v: 2, name: 'Cozinha', kind: 'kitchen', share },
      { v: 1, name: 'Cozinha', kind: 'bar', share },
      { v: 1, name: '', kind: 'kitchen', share },
      { v: 1, name: 'x'.repeat(61), kind: 'kitchen', share },
      { v: 1, name: 'Coz\ninha', kind: 'kitchen', share },
      { v: 1, name: 'Cozinha', kind: 'kitchen', share: `${share}A` },
      { v: 1, name: 'Cozinha', kind: 'kitchen', share: share.replace(/.$/, '+') },
      { v: 1, name: 'Cozinha', kind: 'kitchen', share, admin: true },
      { v: 1, name: 'Cozinha', kind: 'kitchen', share, pad: 'x'.repeat(2_000) },
    ];
    for (const body of bodies) {
      const answer = await desk.answer('hello', body, { address: `10.0.0.${bodies.indexOf(body)}` });
      assert.equal(answer.status, 400, JSON.stringify(body)?.slice(0, 80));
      assert.equal(refusalOf(answer).reason, 'bad-request');
    }
    assert.equal((await desk.answer('confirm', { session: 'x', confirmation: share }, PEER)).status, 400);
    assert.equal(attemptsLeft(window), 5);
  });

  it('a share that is no point costs its try (a hello was made) and is refused 400', async () => {
    const { desk, window } = setup();
    window.open();
    const answer = await desk.answer('hello', { v: 1, name: 'Cozinha', kind: 'kitchen', share: b64(new Uint8Array(32)) }, PEER);
    assert.equal(answer.status, 400);
    assert.equal(attemptsLeft(window), 4);
  });

  it('answers 404 to an unknown step', async () => {
    const { desk } = setup();
    const answer = await desk.answer('admin', {}, PEER);
    assert.equal(answer.status, 404);
    assert.equal(refusalOf(answer).reason, 'unknown-step');
  });

  it('answers 429 to an address past its budget, with how long to wait; other addresses still get answers', async () => {
    const { desk, clock } = setup();
    for (let i = 0; i < PER_ADDRESS_PER_MINUTE; i++) assert.equal((await desk.answer('hello', {}, PEER)).status, 400);
    await clock.advance(10_000);
    const refused = await desk.answer('hello', {}, PEER);
    assert.equal(refused.status, 429);
    assert.deepEqual({ ...refusalOf(refused), message: '' }, { code: 'rate-limit', reason: 'too-many-requests', retryAfterMs: 50_000, message: '' });
    assert.equal((await desk.answer('hello', {}, { address: '192.168.0.32' })).status, 400);
    await clock.advance(50_000);
    assert.equal((await desk.answer('hello', {}, PEER)).status, 400);
  });

  it('answers 500 when the screen cannot be saved, and the code stays for another try', async () => {
    const clock = new ManualClock();
    const window = new PairingWindow(clock, silentLogger);
    const failing = {
      register: (): never => {
        throw new AppError('storage', 'disk full');
      },
    };
    const desk = new HubPairingDesk({ identity: IDENTITY, window, registry: failing, clock, logger: silentLogger });
    const { code } = window.open();
    const { confirmBody } = await hello(desk, code);
    const answer = await desk.answer('confirm', confirmBody, PEER);
    assert.equal(answer.status, 500);
    assert.equal(refusalOf(answer).reason, 'storage');
    assert.equal(attemptsLeft(window), 4);
  });
});
