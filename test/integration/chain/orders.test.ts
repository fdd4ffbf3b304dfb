import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { PgChainOrders } from '../../../src-main/chain/db/chain-orders';
import { PgChainOutbox } from '../../../src-main/chain/db/chain-outbox';
import { chainMigrations } from '../../../src-main/chain/db/migrations';
import { chainSchemaVersion, migrateChain } from '../../../src-main/chain/db/migrate';
import { PgPollerLease } from '../../../src-main/chain/db/poller-lease';
import type { AppError } from '../../../src-shared/errors';
import { chainDatabase, useChainReplicas, STORE_A, STORE_B, wireEvent } from '../../support/chain/db';
import { TEST_INSTANT_MS } from '../../support/clock';

/**
 * The chain's orders in a real PostgreSQL, with two pools standing in for two replicas: the
 * terminal's domain rules hold across them (dedupe by event id, forward-only statuses, outbox actions
 * settled by their events, unknown events kept), and a poller whose lease was taken writes nothing.
 */

const CREDENTIAL = 'chain-credential';

describe('chain orders on PostgreSQL', () => {
  const chain = useChainReplicas('the chain orders tests');
  const clock = new ManualClock(TEST_INSTANT_MS);

  it('two replicas migrating at once migrate once', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const fresh = await chainDatabase(chain.cluster); // already migrated once by the helper
    const [a, b] = [fresh.pool('m-a'), fresh.pool('m-b')];
    const versions = await Promise.all([migrateChain(a, chainMigrations), migrateChain(b, chainMigrations), migrateChain(a, chainMigrations)]);
    const latest = chainMigrations.length;
    assert.deepEqual(versions, [latest, latest, latest]);
    assert.equal(await chainSchemaVersion(a), latest);
    const { rows } = await a.query('SELECT version FROM schema_migrations ORDER BY version');
    assert.deepEqual(
      rows,
      chainMigrations.map((m) => ({ version: m.version })),
      'each version once',
    );
    // A database migrated by a newer server is refused, untouched.
    await a.query(`INSERT INTO schema_migrations (version, name) VALUES (99, 'future')`);
    await assert.rejects(migrateChain(b, chainMigrations), (e: AppError) => e.code === 'storage' && /newer server/.test(e.message));
    await fresh.close();
  });

  it('dedupes by event id and moves statuses forward only, across two replicas', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const lease = new PgPollerLease(chain.replicaA, silentLogger);
    const ordersA = new PgChainOrders(chain.replicaA, clock, silentLogger);
    const ordersB = new PgChainOrders(chain.replicaB, clock, silentLogger);
    const orderId = randomUUID();
    const placed = wireEvent(orderId, 'PLACED', 'PLC');
    const confirmed = wireEvent(orderId, 'CONFIRMED', 'CFM', { minutes: 1 });
    const unknown = wireEvent(orderId, 'SOMETHING_NEW', 'XYZ', { minutes: 2 });

    const a = await lease.acquire(CREDENTIAL, 'replica-a', 30_000);
    assert.ok(a);
    const first = await ordersA.ingest([confirmed, placed, unknown, placed], { credential: CREDENTIAL, token: a.token }, clock.now());
    assert.deepEqual(first.eventIds.sort(), [placed.id, confirmed.id, unknown.id].sort());
    assert.equal(first.stored, 3);
    assert.equal(first.duplicates, 1);
    assert.deepEqual(first.changed, [{ orderId, storeId: STORE_A }]);
    assert.deepEqual(first.needDetail, [orderId]);

    // Replica B takes over (A released) and the platform sends the same events again, the PLACED last.
    await lease.release(CREDENTIAL, 'replica-a', a.token);
    const b = await new PgPollerLease(chain.replicaB, silentLogger).acquire(CREDENTIAL, 'replica-b', 30_000);
    assert.ok(b && b.token > a.token);
    const again = await ordersB.ingest([confirmed, unknown, placed], { credential: CREDENTIAL, token: b.token }, clock.now());
    assert.equal(again.stored, 0);
    assert.equal(again.duplicates, 3);
    assert.deepEqual(again.eventIds.length, 3, 'duplicates are still acknowledged');
    const late = wireEvent(orderId, 'PLACED', 'PLC', { minutes: 3 });
    await ordersB.ingest([late], { credential: CREDENTIAL, token: b.token }, clock.now());

    const [row] = await ordersA.rows([orderId], [STORE_A]);
    assert.equal(row?.status, 'CONFIRMED', 'a late PLACED does not move the order back');
    assert.equal(row?.hasUnknownEvents, true);
    assert.equal(row?.lastEventCode, 'PLACED');
    const { rows } = await chain.replicaA.query('SELECT count(*)::int AS n FROM events WHERE order_id = $1', [orderId]);
    assert.equal(rows[0].n, 4, 'every event stored once, the unknown one too');
    await new PgPollerLease(chain.replicaB, silentLogger).release(CREDENTIAL, 'replica-b', b.token);
  });

  it('an ingest fenced by a token another holder replaced writes nothing', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const leaseA = new PgPollerLease(chain.replicaA, silentLogger);
    const leaseB = new PgPollerLease(chain.replicaB, silentLogger);
    const a = await leaseA.acquire('fenced', 'replica-a', 30_000);
    assert.ok(a);
    await leaseA.release('fenced', 'replica-a', a.token);
    const b = await leaseB.acquire('fenced', 'replica-b', 30_000);
    assert.ok(b);
    const orderId = randomUUID();
    const stale = new PgChainOrders(chain.replicaA, clock, silentLogger);
    await assert.rejects(
      stale.ingest([wireEvent(orderId, 'PLACED', 'PLC')], { credential: 'fenced', token: a.token }, clock.now()),
      (e: AppError) => e.code === 'conflict',
    );
    await assert.rejects(
      stale.ingest([wireEvent(orderId, 'PLACED', 'PLC')], { credential: 'never-leased', token: 1 }, clock.now()),
      (e: AppError) => e.code === 'conflict',
    );
    assert.equal(await stale.storeOf(orderId), null);
    const { rows } = await chain.replicaA.query('SELECT count(*)::int AS n FROM events WHERE order_id = $1', [orderId]);
    assert.equal(rows[0].n, 0);
    // The current holder's write goes through.
    const ok = await new PgChainOrders(chain.replicaB, clock, silentLogger).ingest(
      [wireEvent(orderId, 'PLACED', 'PLC')],
      { credential: 'fenced', token: b.token },
      clock.now(),
    );
    assert.equal(ok.stored, 1);
  });

  it('settles an action by its event, keeps each store to its own, and merges the detail forward only', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const lease = await new PgPollerLease(chain.replicaA, silentLogger).acquire('settle', 'replica-a', 30_000);
    assert.ok(lease);
    const fence = { credential: 'settle', token: lease.token };
    const orders = new PgChainOrders(chain.replicaA, clock, silentLogger);
    const outbox = new PgChainOutbox(chain.replicaB);
    const ofA = randomUUID();
    const ofB = randomUUID();
    await orders.ingest([wireEvent(ofA, 'PLACED', 'PLC'), wireEvent(ofB, 'PLACED', 'PLC', { storeId: STORE_B })], fence, clock.now());

    const { entry } = await outbox.enqueue(
      { orderId: ofA, action: 'confirm', storeId: STORE_A, idempotencyKey: randomUUID(), origin: { id: 'device-0001', name: 'Caixa 1', kind: 'counter' } },
      clock.now(),
    );
    assert.equal(entry.state, 'queued');
    await assert.rejects(
      outbox.enqueue({ orderId: ofB, action: 'confirm', storeId: STORE_A, idempotencyKey: randomUUID(), origin: null }, clock.now()),
      (e: AppError) => e.code === 'not-found',
    );
    const [claimed] = await outbox.claim('replica-b', 5, 60_000, clock.now());
    assert.equal(claimed?.id, entry.id);
    assert.ok(await outbox.sent(entry.id, 'replica-b', clock.now(), clock.now() + 60_000));

    const cfm = wireEvent(ofA, 'CONFIRMED', 'CFM', { minutes: 1 });
    await orders.ingest([cfm], fence, clock.now());
    const view = await orders.detail(ofA, [STORE_A]);
    assert.equal(view?.row.status, 'CONFIRMED');
    assert.equal(view?.actions[0]?.state, 'confirmed');
    assert.equal(view?.row.pendingAction, null);
    assert.deepEqual(view?.row.confirmedFrom, { id: 'device-0001', name: 'Caixa 1', kind: 'counter' });
    assert.deepEqual(
      view?.events.map((e) => e.fullCode),
      ['PLACED', 'CONFIRMED'],
    );
    assert.equal(view?.tracking, null);

    // Each store sees its own: A's order is not B's, and B's board has only its order.
    assert.equal(await orders.detail(ofA, [STORE_B]), null);
    assert.deepEqual(
      (await orders.board([STORE_B], clock.now() - 3_600_000)).map((r) => r.id),
      [ofB],
    );
    assert.deepEqual(
      (await orders.rows([ofA, ofB], [STORE_A])).map((r) => r.id),
      [ofA],
    );
    assert.equal(await orders.storeOf(ofB), STORE_B);

    // A detail read before the confirm arrived says PLACED: it fills the columns, never moves the status back.
    const saved = await orders.saveDetail(
      ofA,
      {
        id: ofA,
        displayId: 'AB12',
        status: 'PLACED',
        merchant: { id: STORE_A },
        customer: { name: 'Maria' },
        items: [],
        createdAt: new Date(clock.now()).toISOString(),
      },
      clock.now(),
    );
    assert.deepEqual(saved, { storeId: STORE_A });
    const [row] = await orders.rows([ofA], [STORE_A]);
    assert.equal(row?.displayId, 'AB12');
    assert.equal(row?.customerName, 'Maria');
    assert.equal(row?.status, 'CONFIRMED');
    assert.equal(row?.detailMissing, false);
    assert.equal(await orders.saveDetail(randomUUID(), {}, clock.now()), null);
  });

  it('keeps an event PostgreSQL cannot hold out of the batch, unacknowledged, and stores the rest', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const lease = await new PgPollerLease(chain.replicaA, silentLogger).acquire('nul', 'replica-a', 30_000);
    assert.ok(lease);
    const orders = new PgChainOrders(chain.replicaA, clock, silentLogger);
    const orderId = randomUUID();
    const good = wireEvent(orderId, 'PLACED', 'PLC');
    const bad = wireEvent(orderId, 'CONFIRMED', 'CFM', { id: 'evil\u0000id' });
    const result = await orders.ingest([good, bad], { credential: 'nul', token: lease.token }, clock.now());
    assert.deepEqual(result.eventIds, [good.id]);
    assert.equal(result.stored, 1);
    const [row] = await orders.rows([orderId], [STORE_A]);
    assert.equal(row?.status, 'PLACED');
  });
});
