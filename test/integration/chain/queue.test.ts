import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { PgChainOrders } from '../../../src-main/chain/db/chain-orders';
import { PgChainOutbox } from '../../../src-main/chain/db/chain-outbox';
import { PgPollerLease } from '../../../src-main/chain/db/poller-lease';
import { queryRows } from '../../../src-main/chain/db/transaction';
import type { AppError } from '../../../src-shared/errors';
import { useChainReplicas, STORE_A, wireEvent } from '../../support/chain/db';
import { TEST_INSTANT_MS } from '../../support/clock';

/**
 * The poller's lease and the shared outbox in a real PostgreSQL, with pools standing in for replicas:
 * one holder at a time, taken over after an expiry (on the database's clock) or a release; claims
 * that never hand one row to two replicas, an expired claim handed out again with its answer lost,
 * an idempotency key answered once.
 */

describe('the chain lease and outbox on PostgreSQL', () => {
  const chain = useChainReplicas('the chain lease and outbox tests', { freshPerTest: true });
  const clock = new ManualClock(TEST_INSTANT_MS);

  /** Orders of store A, placed through a lease of their own. */
  async function placeOrders(n: number): Promise<string[]> {
    const credential = `place-${randomUUID()}`;
    const lease = await new PgPollerLease(chain.replicaA, silentLogger).acquire(credential, 'placer', 30_000);
    assert.ok(lease);
    const ids = Array.from({ length: n }, () => randomUUID());
    await new PgChainOrders(chain.replicaA, clock, silentLogger).ingest(
      ids.map((id) => wireEvent(id, 'PLACED', 'PLC')),
      { credential, token: lease.token },
      clock.now(),
    );
    return ids;
  }

  it('one holder at a time; another takes over after the expiry on the database clock, or at once after a release', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const a = new PgPollerLease(chain.replicaA, silentLogger);
    const b = new PgPollerLease(chain.replicaB, silentLogger);
    const held = await a.acquire('lease', 'replica-a', 300);
    assert.ok(held);
    assert.equal(await b.acquire('lease', 'replica-b', 300), null, 'held: nobody else takes it');
    const again = await a.acquire('lease', 'replica-a', 300);
    assert.equal(again?.token, held.token, 'taking our own lease again keeps the token');
    assert.equal((await b.current('lease'))?.holder, 'replica-a');

    // The holder stops renewing (it died): once the database's clock passes the expiry, B takes it.
    await sleep(400);
    assert.equal(await b.current('lease'), null);
    const taken = await b.acquire('lease', 'replica-b', 30_000);
    assert.ok(taken && taken.token > held.token);
    assert.equal(await a.renew('lease', 'replica-a', held.token, 30_000), null, 'the old holder cannot renew a lease that was taken');
    const renewed = await b.renew('lease', 'replica-b', taken.token, 30_000);
    assert.ok(renewed && renewed.expiresAt >= taken.expiresAt);

    // A clean stop: the lease is free at once, under a new token.
    await b.release('lease', 'replica-b', taken.token);
    const back = await a.acquire('lease', 'replica-a', 30_000);
    assert.ok(back && back.token > taken.token);
    // A release under an old token is ignored.
    await b.release('lease', 'replica-b', taken.token);
    assert.equal((await a.current('lease'))?.holder, 'replica-a');
  });

  it('a replica whose database connections are killed gets a storage error for the statement in flight, then works on new ones', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const lease = new PgPollerLease(chain.replicaA, silentLogger);
    const held = await lease.acquire('killed', 'replica-a', 30_000);
    assert.ok(held);
    const inFlight = assert.rejects(queryRows(chain.replicaA, 'waiting', 'SELECT pg_sleep(5)'), (e: AppError) => e.code === 'storage');
    // Killed once the statement is running, not before.
    const running = async () =>
      (await chain.replicaB.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'replica-a' AND query = 'SELECT pg_sleep(5)'`))
        .rows[0].n > 0;
    while (!(await running())) await sleep(10);
    assert.ok((await chain.cluster.terminate('replica-a')) >= 1);
    await inFlight;
    const renewed = await lease.renew('killed', 'replica-a', held.token, 30_000);
    assert.equal(renewed?.token, held.token, 'the pool opened a new connection');
  });

  it('two replicas claiming at once never get the same action', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const orderIds = await placeOrders(60);
    const a = new PgChainOutbox(chain.replicaA);
    const b = new PgChainOutbox(chain.replicaB);
    const entries = await Promise.all(
      orderIds.map((orderId) => a.enqueue({ orderId, action: 'confirm', storeId: STORE_A, idempotencyKey: randomUUID(), origin: null }, clock.now())),
    );
    assert.ok(entries.every((e) => e.created));
    assert.equal(await a.depth(), 60);
    // Sixteen claims of three rows at once, from both replicas' pools.
    const claims = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).claim(`claimer-${i}`, 3, 60_000, clock.now())));
    const ids = claims.flat().map((c) => c.id);
    assert.equal(new Set(ids).size, ids.length, 'no row claimed twice');
    assert.equal(ids.length, 48);
    assert.ok(claims.flat().every((c) => c.attempts === 1 && !c.answerLost));
    // The rest is claimed by whoever asks next; nothing is left for a third claim.
    const rest = await b.claim('late', 100, 60_000, clock.now());
    assert.equal(rest.length, 12);
    assert.equal((await a.claim('later', 100, 60_000, clock.now())).length, 0);
  });

  it('an expired claim comes back with its answer lost; only the claim holder records an answer', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const clockB = new ManualClock(TEST_INSTANT_MS);
    const [orderId] = await placeOrders(1);
    assert.ok(orderId);
    const a = new PgChainOutbox(chain.replicaA);
    const b = new PgChainOutbox(chain.replicaB);
    const { entry } = await a.enqueue({ orderId, action: 'confirm', storeId: STORE_A, idempotencyKey: randomUUID(), origin: null }, clockB.now());
    const [first] = await a.claim('replica-a', 10, 30_000, clockB.now());
    assert.equal(first?.id, entry.id);
    assert.equal((await b.claim('replica-b', 10, 30_000, clockB.now())).length, 0, 'claimed: not handed out again');

    // Replica A died with the request in flight: after the claim's end it is claimable, answer lost.
    await clockB.advance(30_001);
    const [second] = await b.claim('replica-b', 10, 30_000, clockB.now());
    assert.equal(second?.id, entry.id);
    assert.equal(second?.answerLost, true);
    assert.equal(second?.attempts, 2);
    assert.equal(await a.sent(entry.id, 'replica-a', clockB.now(), clockB.now() + 60_000), null, 'the old claimer cannot record an answer');
    assert.equal(await a.settle(entry.id, 'replica-a', 'failed', new Error('late'), clockB.now()), null);
    assert.deepEqual(await b.sent(entry.id, 'replica-b', clockB.now(), clockB.now() + 60_000), { orderId, storeId: STORE_A });
    assert.equal(await a.depth(), 0);
  });

  it('a failure that waiting cures goes back to the queue; the next action of an order waits for the one before', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const [orderId] = await placeOrders(1);
    assert.ok(orderId);
    const outbox = new PgChainOutbox(chain.replicaA);
    const now = clock.now();
    const confirm = await outbox.enqueue({ orderId, action: 'confirm', storeId: STORE_A, idempotencyKey: randomUUID(), origin: null }, now);
    const cancel = await outbox.enqueue(
      { orderId, action: 'requestCancellation', payload: { reason: 'closing' }, storeId: STORE_A, idempotencyKey: randomUUID(), origin: null },
      now,
    );
    assert.ok(cancel.created);
    const claimed = await outbox.claim('r', 10, 60_000, now);
    assert.deepEqual(
      claimed.map((c) => c.id),
      [confirm.entry.id],
      "only the head of the order's line",
    );
    await outbox.retryLater(confirm.entry.id, 'r', now + 5_000, { code: 'connection', message: 'platform unreachable' }, now);
    assert.equal((await outbox.claim('r', 10, 60_000, now + 4_999)).length, 0);
    const [again] = await outbox.claim('r', 10, 60_000, now + 5_000);
    assert.equal(again?.answerLost, false, 'a recorded retry lost no answer');
    assert.ok(await outbox.settle(confirm.entry.id, 'r', 'failed', { code: 'validation', message: 'refused' }, now + 5_000));
    const [next] = await outbox.claim('r', 10, 60_000, now + 5_000);
    assert.equal(next?.id, cancel.entry.id);
    assert.deepEqual(next?.payload, { reason: 'closing' });
  });

  it('an idempotency key gives the first entry back; the same action pressed twice is one entry', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const [orderId] = await placeOrders(1);
    assert.ok(orderId);
    const a = new PgChainOutbox(chain.replicaA);
    const b = new PgChainOutbox(chain.replicaB);
    const key = randomUUID();
    const input = { orderId, action: 'confirm' as const, storeId: STORE_A, idempotencyKey: key, origin: null };
    const [one, two] = await Promise.all([a.enqueue(input, clock.now()), b.enqueue(input, clock.now())]);
    assert.equal(one.entry.id, two.entry.id);
    assert.deepEqual([one.created, two.created].sort(), [false, true]);
    // Another screen's press of the same action, under its own key: the entry already waiting.
    const other = await b.enqueue({ ...input, idempotencyKey: randomUUID() }, clock.now());
    assert.equal(other.entry.id, one.entry.id);
    assert.equal(other.created, false);
    // The first key replayed after the action settled: still its entry, nothing queued again.
    const [claimed] = await a.claim('r', 1, 60_000, clock.now());
    assert.ok(claimed);
    await a.settle(claimed.id, 'r', 'confirmed', null, clock.now());
    const replay = await b.enqueue(input, clock.now());
    assert.equal(replay.entry.id, one.entry.id);
    assert.equal(replay.entry.state, 'confirmed');
    assert.equal(replay.created, false);
  });

  it('a confirm queued after its 8 minutes is settled as expired at once, never claimed', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const [orderId] = await placeOrders(1);
    assert.ok(orderId);
    const outbox = new PgChainOutbox(chain.replicaA);
    const late = await outbox.enqueue({ orderId, action: 'confirm', storeId: STORE_A, idempotencyKey: randomUUID(), origin: null }, clock.now() + 9 * 60_000);
    assert.equal(late.entry.state, 'expired');
    assert.equal(late.entry.reason?.code, 'conflict');
    assert.equal((await outbox.claim('r', 10, 60_000, clock.now() + 9 * 60_000)).length, 0);
  });
});
