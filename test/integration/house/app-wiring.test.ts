import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { channelNames } from '../../../src-shared/ipc/contract';
import { Settings } from '../../../src-shared/settings';
import { APP_FEATURES, checkFeatures, checkHandlers, SESSION_FEATURES } from '../../../src-main/app/features';
import { startSession } from '../../../src-main/app/session';
import { MemoryCredentialStore } from '../../../src-main/auth/credentials/credential-store';
import { silentLogger } from '../../../src-main/base/log';
import { StoreOutboxDb } from '../../../src-main/db/store-outbox/store-outbox-db';
import { PushFanout } from '../../../src-main/ipc/push-fanout';
import { sessionFeature } from '../../../src-main/feature-kit/feature';
import { testClock } from '../../support/clock';
import { withSandbox } from '../../support/sandbox/sandbox';

const ALL = [...APP_FEATURES, ...SESSION_FEATURES];

/** A session of the demo account (an embedded sandbox) with the given features. */
function demoSession(features: Parameters<typeof startSession>[0]['features'], dataDir = mkdtempSync(join(tmpdir(), 'st-wiring-'))) {
  const settings = Settings.parse({});
  return startSession({
    saved: { kind: 'demo' },
    dataDir,
    secrets: new MemoryCredentialStore(),
    clock: testClock(),
    logger: silentLogger,
    push: new PushFanout(silentLogger),
    pollSeconds: 30,
    settings: () => settings,
    features,
  });
}

describe('one way to wire a feature', () => {
  it('every channel of the contract is answered by exactly one feature', () => {
    checkFeatures(ALL);
    const owners = channelNames.map((name) => ALL.filter((f) => (f.channels as readonly string[]).includes(name)).length);
    assert.ok(owners.every((n) => n === 1));
  });

  it('the app refuses to start with a channel nobody answers, or one answered twice', () => {
    const withoutPrint = ALL.filter((f) => f.name !== 'print');
    assert.throws(
      () => checkFeatures(withoutPrint),
      (e: unknown) => e instanceof AppError && /no feature answers print:order/.test(e.message),
    );
    const twice = [
      ...ALL,
      sessionFeature({ name: 'copy', channels: ['orders:board'], start: () => ({ handlers: { 'orders:board': () => Promise.reject(new Error('unused')) } }) }),
    ];
    assert.throws(() => checkFeatures(twice), /orders:board is answered by two features: orders and copy/);
  });

  it('a feature whose handlers are not what it declares is refused when it starts', () => {
    const feature = sessionFeature({ name: 'odd', channels: ['storeActions:list'], start: () => ({ handlers: { 'storeActions:list': () => [] } }) });
    assert.throws(() => checkHandlers(feature, {}), /missing: storeActions:list/);
    assert.throws(() => checkHandlers(feature, { 'storeActions:list': () => [], 'storeActions:cancel': () => undefined }), /undeclared: storeActions:cancel/);
  });

  it('every feature starts on a session, answering what it declares; a kind of store action nobody sends refuses the session', async () => {
    const session = await demoSession(SESSION_FEATURES);
    try {
      const answered = Object.keys(session.handlers).sort();
      assert.deepEqual(answered, SESSION_FEATURES.flatMap((f) => [...f.channels]).sort());
    } finally {
      await session.stop();
    }
    const withoutReviews = SESSION_FEATURES.filter((f) => f.name !== 'reviews');
    await assert.rejects(demoSession(withoutReviews), /no feature sends store actions of kind answerReview/);
  });

  it('a damaged order database leaves the features that need it answering why, and the others working', async () => {
    const sandbox = await withSandbox();
    const dataDir = mkdtempSync(join(tmpdir(), 'st-wiring-'));
    writeFileSync(join(dataDir, 'store-terminal.sqlite'), 'not a database at all, just text '.repeat(200));
    const session = await startSession({
      saved: { kind: 'centralized', apiBaseUrl: sandbox.url, clientId: 'demo' },
      dataDir,
      secrets: new MemoryCredentialStore(),
      clientSecret: 'demo-secret',
      clock: testClock(),
      logger: silentLogger,
      push: new PushFanout(silentLogger),
      pollSeconds: 30,
      settings: () => Settings.parse({}),
      features: SESSION_FEATURES,
    });
    try {
      for (const channel of ['orders:board', 'history:list', 'print:status'] as const) {
        const handler = session.handlers[channel] as (input: unknown) => unknown;
        await assert.rejects(
          Promise.resolve().then(() => handler({})),
          (e: unknown) => e instanceof AppError && e.code === 'storage',
          channel,
        );
      }
      assert.deepEqual(await session.handlers['storeActions:list']?.({}), [], 'the store outbox works without the order database');
    } finally {
      await session.stop();
      await sandbox.close();
    }
  });
});

describe("the store outbox's file", () => {
  it('is moved from its earlier name with what waited in it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-outbox-file-'));
    const first = StoreOutboxDb.open(dir);
    first.write(() => first.actions.insert({ merchantId: 'm1', kind: 'pause', subject: 'Sem gás', payload: { description: 'Sem gás' }, now: 1 }));
    first.close();
    renameSync(join(dir, 'store-outbox.sqlite'), join(dir, 'store-actions.sqlite'));
    const again = StoreOutboxDb.open(dir);
    try {
      assert.equal(existsSync(join(dir, 'store-actions.sqlite')), false);
      assert.deepEqual(
        again.read(() => again.actions.queuedOf('m1')).map((r) => r.subject),
        ['Sem gás'],
      );
    } finally {
      again.close();
    }
  });
});
