import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { EventEmitter } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { systemClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { BUS_CHANNEL, payloadsOf, PgChainBus } from '../../../src-main/chain/db/chain-bus';
import type { ChainNotice } from '../../../src-main/chain/contract';
import { chainDatabase, clusterOrSkip, STORE_A } from '../../support/chain/db';
import type { PgCluster } from '../../support/chain/pg-cluster';

/**
 * Replicas telling each other through PostgreSQL's LISTEN/NOTIFY: a notice published on one pool is
 * heard by another replica's listener; a long list of orders is split under NOTIFY's 8000 bytes;
 * a payload that is not a notice is ignored; and a listener whose backend is terminated listens
 * again by itself and says so (`onReconnected`). The reconnection's backoff sleeps on the system
 * clock (a few tens of ms): that is the real connection coming back, not a timed assertion.
 */

describe('the chain bus on PostgreSQL LISTEN/NOTIFY', () => {
  let cluster: PgCluster | null = null;
  let db: Awaited<ReturnType<typeof chainDatabase>>;
  let busA: PgChainBus;
  let busB: PgChainBus;
  const heard = new EventEmitter();
  const notices: ChainNotice[] = [];

  before(async () => {
    cluster = await clusterOrSkip('the chain bus tests');
    if (!cluster) return;
    db = await chainDatabase(cluster);
    const options = (name: string) => ({
      url: db.url,
      applicationName: name,
      logger: silentLogger,
      pool: db.pool(name),
      clock: systemClock,
      backoff: { baseMs: 20, maxMs: 100, jitter: 0 },
    });
    busA = new PgChainBus(options('replica-a'));
    busB = new PgChainBus(options('replica-b'));
    await Promise.all([busA.start(), busB.start()]);
    busB.subscribe((notice) => {
      notices.push(notice);
      heard.emit('notice', notice);
    });
  });
  after(async () => {
    await busA?.close();
    await busB?.close();
    await db?.close();
    await cluster?.stop();
  });

  it("a notice published by one replica reaches another replica's listener", async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const notice: ChainNotice = { kind: 'outbox', storeId: STORE_A, orderId: randomUUID() };
    const arrived = once(heard, 'notice');
    await busA.publish(notice);
    assert.deepEqual((await arrived)[0], notice);
  });

  it('splits a long list of orders under the payload limit, and ignores what is not a notice', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const orderIds = Array.from({ length: 600 }, () => randomUUID());
    const parts = payloadsOf({ kind: 'orders', storeId: STORE_A, orderIds });
    assert.ok(parts.length > 1 && parts.every((p) => Buffer.byteLength(p) < 8000));
    notices.length = 0;
    // Hostile payloads first, on the same channel: neither reaches the listeners.
    await db
      .pool('intruder')
      .query('SELECT pg_notify($1, $2), pg_notify($1, $3)', [BUS_CHANNEL, 'not json', JSON.stringify({ kind: 'orders', storeId: 5, orderIds: 'all' })]);
    const done = new Promise<void>((resolve) => {
      const check = () => (notices.flatMap((n) => (n.kind === 'orders' ? n.orderIds : [])).length >= orderIds.length ? resolve() : undefined);
      heard.on('notice', check);
    });
    await busA.publish({ kind: 'orders', storeId: STORE_A, orderIds });
    await done;
    assert.ok(notices.every((n) => n.kind === 'orders' && n.storeId === STORE_A));
    assert.deepEqual(
      notices.flatMap((n) => (n.kind === 'orders' ? n.orderIds : [])),
      orderIds,
    );
  });

  it("a poll's notices for many stores go in one statement and arrive in the order given", async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const pool = db.pool('replica-a');
    let statements = 0;
    const counting = new PgChainBus({ url: db.url, applicationName: 'counting', logger: silentLogger, pool, clock: systemClock });
    const query = pool.query.bind(pool);
    pool.query = ((...args: Parameters<typeof pool.query>) => {
      statements++;
      return query(...args);
    }) as typeof pool.query;
    const stores = Array.from({ length: 40 }, () => randomUUID());
    notices.length = 0;
    const done = new Promise<void>((resolve) => heard.on('notice', () => notices.length >= stores.length && resolve()));
    await counting.publish(...stores.map((storeId) => ({ kind: 'orders' as const, storeId, orderIds: [randomUUID()] })));
    await done;
    pool.query = query;
    assert.equal(statements, 1, 'one round trip for every store');
    assert.deepEqual(
      notices.map((n) => (n.kind === 'orders' ? n.storeId : null)),
      stores,
    );
  });

  it('a listener whose backend is terminated listens again by itself and says so', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const reconnected = new Promise<void>((resolve) => busB.onReconnected(resolve));
    assert.equal(await cluster.terminate('replica-b-listen'), 1);
    await reconnected;
    assert.equal(busB.listening, true);
    const notice: ChainNotice = { kind: 'device', deviceId: 'device-0001', change: 'revoked' };
    const arrived = once(heard, 'notice');
    await busA.publish(notice);
    assert.deepEqual((await arrived)[0], notice);
  });
});
