import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { HubDb } from '../../../src-main/db/hub/hub-db';
import type { PairingDesk } from '../../../src-main/hub/contract';
import { DeviceRegistry } from '../../../src-main/hub/trust/device-registry';
import { hubFolder, loadHubIdentity } from '../../../src-main/hub/trust/identity';
import { pairWithHub, type PairRequest } from '../../../src-main/hub/trust/pair-client';
import { CODE_LIFETIME_MS, PairingWindow } from '../../../src-main/hub/trust/pairing-code';
import { HubPairingDesk } from '../../../src-main/hub/trust/pairing-desk';
import { PairingError } from '../../../src-main/hub/trust/pairing-wire';
import { pinnedPost } from '../../../src-main/hub/trust/pinned-tls';
import { startPairingServer, startSilentTls, startTlsRelay } from '../../support/hub/pairing-hub';

const dirs: string[] = [];
const closers: (() => Promise<void> | void)[] = [];
after(async () => {
  for (const close of closers.reverse()) await close();
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** A hub as the link will run it: identity and paired screens in its data folder, the desk on HTTPS (loopback). */
async function startHub(dataDir = mkdtempSync(join(tmpdir(), 'hub-pairing-'))) {
  if (!dirs.includes(dataDir)) dirs.push(dataDir);
  const clock = new ManualClock();
  const identity = await loadHubIdentity({ dataDir, name: 'Pizzaria Bella', clock, logger: silentLogger });
  const db = HubDb.open(hubFolder(dataDir));
  const registry = new DeviceRegistry(db, clock, silentLogger);
  const window = new PairingWindow(clock, silentLogger);
  const desk = new HubPairingDesk({ identity, window, registry, clock, logger: silentLogger });
  /** What the desk heard and answered: what a relay in the middle sees too. */
  const heard: { step: string; body: unknown; answer: unknown }[] = [];
  const recording: PairingDesk = {
    answer: async (step, body, peer) => {
      const answer = await desk.answer(step, body, peer);
      heard.push({ step, body, answer: answer.body });
      return answer;
    },
  };
  const server = await startPairingServer(identity, recording);
  const stop = async () => {
    await server.close();
    db.close();
  };
  closers.push(() => (db.isOpen ? stop() : undefined));
  return { dataDir, clock, identity, registry, window, heard, server, stop, port: server.port };
}

const screen = (port: number, code: string, more: Partial<PairRequest> = {}): PairRequest => ({
  host: '127.0.0.1',
  port,
  code,
  name: 'Cozinha — chapa',
  kind: 'kitchen',
  ...more,
});
const otherThan = (code: string): string => (code === '999999' ? '999998' : '999999');

async function refusal(promise: Promise<unknown>): Promise<PairingError> {
  const error = await promise.then(
    () => assert.fail('pairing should have been refused'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof PairingError, String(error));
  return error;
}

describe('pairing over TLS on loopback', () => {
  it('pairs with the right code: the credential opens the hub, the fingerprint is the hub’s certificate', async () => {
    const hub = await startHub();
    const { code } = hub.window.open();
    const paired = await pairWithHub(screen(hub.port, code));
    assert.equal(paired.fingerprint, hub.identity.fingerprint);
    assert.equal(paired.hubId, hub.identity.hubId);
    assert.equal(paired.hubName, 'Pizzaria Bella');
    const device = hub.registry.verify(paired.credential);
    assert.equal(device?.name, 'Cozinha — chapa');
    assert.equal(device?.kind, 'kitchen');
    assert.deepEqual(hub.server.requests, ['/pair/hello', '/pair/confirm']);
  });

  it('pairs from the QR: the pinned fingerprint is checked from the first handshake', async () => {
    const hub = await startHub();
    const { code } = hub.window.open();
    const paired = await pairWithHub(screen(hub.port, code, { expectedFingerprint: hub.identity.fingerprint }));
    assert.ok(hub.registry.verify(paired.credential));
  });

  it('refuses a wrong code and counts it: the screen hears how many tries are left', async () => {
    const hub = await startHub();
    const { code } = hub.window.open();
    const error = await refusal(pairWithHub(screen(hub.port, otherThan(code))));
    assert.equal(error.code, 'forbidden');
    assert.equal(error.reason, 'wrong-code');
    assert.equal(error.attemptsLeft, 4);
    assert.match(error.message, /4 tries left/);
    assert.deepEqual(hub.registry.list(), []);
    // The screen never revealed its confirmation: the hub heard the hello only.
    assert.deepEqual(hub.server.requests, ['/pair/hello']);
  });

  it('the fifth wrong code ends the code: the right code then fails too', async () => {
    const hub = await startHub();
    const { code } = hub.window.open();
    const left: (number | undefined)[] = [];
    for (let i = 0; i < 5; i++) left.push((await refusal(pairWithHub(screen(hub.port, otherThan(code))))).attemptsLeft);
    assert.deepEqual(left, [4, 3, 2, 1, 0]);
    const ended = await refusal(pairWithHub(screen(hub.port, code)));
    assert.equal(ended.reason, 'ended');
    assert.equal(ended.status, 410);
    assert.deepEqual(hub.registry.list(), []);
  });

  it('refuses an expired code', async () => {
    const hub = await startHub();
    const { code } = hub.window.open();
    await hub.clock.advance(CODE_LIFETIME_MS);
    const error = await refusal(pairWithHub(screen(hub.port, code)));
    assert.equal(error.reason, 'expired');
    assert.equal(error.status, 410);
  });

  it('a relay with its own certificate fails with the right code, and the hub registers nothing', async () => {
    const hub = await startHub();
    const relay = await startTlsRelay(hub.port);
    closers.push(() => relay.close());
    const { code } = hub.window.open();
    const error = await refusal(pairWithHub(screen(relay.port, code)));
    // The screen saw the relay's certificate; the hub confirmed over its own: the confirmation fails on the screen.
    assert.equal(error.reason, 'wrong-code');
    assert.match(error.message, /not the hub/);
    assert.deepEqual(hub.registry.list(), []);
    assert.deepEqual(hub.server.requests, ['/pair/hello'], 'the hello went through the relay; no confirmation followed it');
    // Nor can the relay finish in the screen's place: it saw the session, but a confirmation it makes up is refused.
    const { session } = hub.heard[0]?.answer as { session: string };
    const made = await pinnedPost(
      { host: '127.0.0.1', port: hub.port },
      hub.identity.fingerprint,
      '/pair/confirm',
      { session, confirmation: Buffer.alloc(32).toString('base64url') },
      5_000,
    );
    assert.equal(made.status, 403);
    assert.deepEqual(hub.registry.list(), []);
    // The code is still there for the real screen, straight to the hub.
    assert.ok(hub.registry.verify((await pairWithHub(screen(hub.port, code))).credential));
  });

  it('a screen that scanned the QR refuses a relay before sending it anything', async () => {
    const hub = await startHub();
    const relay = await startTlsRelay(hub.port);
    closers.push(() => relay.close());
    const { code } = hub.window.open();
    const error = await refusal(pairWithHub(screen(relay.port, code, { expectedFingerprint: hub.identity.fingerprint })));
    assert.equal(error.reason, 'not-the-hub');
    assert.deepEqual(hub.server.requests, []);
  });

  it('refuses a replayed hello and a replayed confirmation', async () => {
    const hub = await startHub();
    const { code } = hub.window.open();
    await pairWithHub(screen(hub.port, code));
    const [hello, confirm] = hub.heard;
    assert.equal(hello?.step, 'hello');
    assert.equal(confirm?.step, 'confirm');
    const target = { host: '127.0.0.1', port: hub.port };
    const replayedConfirm = await pinnedPost(target, hub.identity.fingerprint, '/pair/confirm', confirm?.body, 5_000);
    assert.equal(replayedConfirm.status, 410);
    const replayedHello = await pinnedPost(target, hub.identity.fingerprint, '/pair/hello', hello?.body, 5_000);
    assert.equal(replayedHello.status, 410);
    assert.equal(hub.registry.list().length, 1);
  });

  it('refuses a forged credential and a revoked screen', async () => {
    const hub = await startHub();
    const { code } = hub.window.open();
    const { credential } = await pairWithHub(screen(hub.port, code));
    const forged = { deviceId: credential.deviceId, secret: Buffer.alloc(32, 7).toString('base64url') };
    assert.equal(hub.registry.verify(forged), null);
    const revoked: string[] = [];
    hub.registry.onRevoked((id) => revoked.push(id));
    hub.registry.revoke(credential.deviceId);
    assert.deepEqual(revoked, [credential.deviceId]);
    assert.equal(hub.registry.verify(credential), null);
  });

  it('keeps the hub’s identity and its screens across a restart: no new pairing needed', async () => {
    const hub = await startHub();
    const { code } = hub.window.open();
    const paired = await pairWithHub(screen(hub.port, code));
    await hub.stop();
    const restarted = await startHub(hub.dataDir);
    assert.equal(restarted.identity.fingerprint, paired.fingerprint);
    assert.ok(restarted.registry.verify(paired.credential));
    // The screen's pin still holds against the restarted hub's TLS.
    const answer = await pinnedPost({ host: '127.0.0.1', port: restarted.port }, paired.fingerprint, '/pair/hello', {}, 5_000);
    assert.equal(answer.status, 400);
  });

  it('says a hub that cannot be reached, or does not answer, is a connection or a timeout', async () => {
    const hub = await startHub();
    const { code } = hub.window.open();
    const port = hub.port;
    await hub.stop();
    const unreachable = await pairWithHub(screen(port, code)).then(
      () => assert.fail('no hub there'),
      (e: unknown) => e,
    );
    assert.ok(unreachable instanceof AppError && unreachable.code === 'connection', String(unreachable));
    const silent = await startSilentTls(hub.identity);
    closers.push(() => silent.close());
    const mute = await pairWithHub(screen(silent.port, code, { timeoutMs: 300 })).then(
      () => assert.fail('no answer'),
      (e: unknown) => e,
    );
    assert.ok(mute instanceof AppError && mute.code === 'timeout', String(mute));
  });

  it('refuses a pairing request that is not one before contacting anyone', async () => {
    for (const request of [
      screen(1, '12345'),
      screen(1, '123456', { kind: 'bar' as never }),
      screen(1, '123456', { name: '' }),
      screen(1, '123456', { expectedFingerprint: 'AB' }),
    ]) {
      const error = await pairWithHub(request).then(
        () => assert.fail('refused'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof AppError && error.code === 'validation', String(error));
    }
  });
});
