import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { pgStoreActions } from '../../../src-main/chain/db/chain-store-actions';
import { StoreOutbox, type StoreActionSender } from '../../../src-main/sync/store-outbox';
import { useChainReplicas, STORE_A, STORE_B } from '../../support/chain/db';
import { TEST_INSTANT_MS } from '../../support/clock';

/**
 * The terminal's store outbox on the chain's PostgreSQL, with two pools standing in for two
 * replicas, each its own StoreOutbox: a terminal's idempotency key makes one action however often it
 * is sent; a store's actions reach the platform once whichever replica's round finds them, in the
 * order they were made; a replica that died mid-send leaves its row to another, which looks first.
 */

const CLAIM_MS = 15_000;

/** The platform's pauses, as a sender sees them: refused while `down`, one pause per description. */
function platform() {
  const state = { down: false, sent: [] as string[], pauses: new Set<string>(), hang: false, cutShort: false };
  const sender: StoreActionSender = {
    send: async (merchantId, payload) => {
      if (state.down) throw new AppError('connection', 'the platform cannot be reached');
      // Cut short by something other than the try's own deadline (a shared wait given up): nothing was sent.
      if (state.cutShort) throw new AppError('aborted', 'cancelled while waiting for the rate limit');
      const description = String(payload.description);
      state.sent.push(`${merchantId} ${description}`);
      if (state.hang) {
        state.pauses.add(`${merchantId} ${description}`);
        // The answer is lost: the replica dies before recording it (its claim is left to lapse).
        await new Promise(() => {});
      }
      if (state.pauses.has(`${merchantId} ${description}`)) throw new AppError('conflict', 'this pause overlaps another');
      state.pauses.add(`${merchantId} ${description}`);
      return { id: `pause-${state.pauses.size}`, description };
    },
    alreadyDone: async (merchantId, payload) => (state.pauses.has(`${merchantId} ${String(payload.description)}`) ? { result: { found: true } } : undefined),
  };
  return { state, sender };
}

describe('the store outbox on PostgreSQL, two replicas', () => {
  const chain = useChainReplicas('the chain store outbox tests', { freshPerTest: true });

  const replicas = (clock: ManualClock, sender: StoreActionSender) =>
    (['replica-a', 'replica-b'] as const).map((holder, i) => {
      const outbox = new StoreOutbox({
        storage: pgStoreActions(i === 0 ? chain.replicaA : chain.replicaB, { holder, claimMs: CLAIM_MS }),
        clock,
        logger: silentLogger,
        firstTryMs: 200,
        random: () => 0.5,
        concurrency: 4,
      });
      outbox.register({ pause: sender });
      return outbox;
    });

  it("a terminal's key makes one action, sent once, whichever replica it reaches", async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const clock = new ManualClock(TEST_INSTANT_MS);
    const { state, sender } = platform();
    const [a, b] = replicas(clock, sender);
    assert.ok(a && b);
    const press = { merchantId: STORE_A, kind: 'pause' as const, subject: 'Sem gás', payload: { description: 'Sem gás' }, key: 'stores:pause:k-1' };
    const [first, again] = await Promise.all([a.submit(press), b.submit(press)]);
    assert.equal(first.id, again.id, 'one action for the key');
    await Promise.all([a.tick(), b.tick()]);
    assert.deepEqual(state.sent, [`${STORE_A} Sem gás`], 'sent once');
    assert.equal((await b.entry(first.id))?.state, 'done');
    // The same key for another store is no retry: refused, nothing written.
    await assert.rejects(a.submit({ ...press, merchantId: STORE_B }), (e: AppError) => e.code === 'conflict');
    assert.deepEqual(await a.list(STORE_B), []);
  });

  it('a first try cut short by something else lets its row go at once: the other replica sends it, not after its claim', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const clock = new ManualClock(TEST_INSTANT_MS);
    const { state, sender } = platform();
    const [a, b] = replicas(clock, sender);
    assert.ok(a && b);
    state.cutShort = true;
    const made = await a.submit({ merchantId: STORE_A, kind: 'pause', subject: 'Chuva', payload: { description: 'Chuva' } });
    assert.equal(made.state, 'queued');
    state.cutShort = false;
    // No time passes: a row still claimed by replica A would wait out its claim (15 s) before B could take it.
    await b.tick();
    assert.deepEqual(state.sent, [`${STORE_A} Chuva`]);
    assert.equal((await a.entry(made.id))?.state, 'done');
  });

  it('actions queued while the platform is away go out once, in order, from the replicas racing for them', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const clock = new ManualClock(TEST_INSTANT_MS);
    const { state, sender } = platform();
    const [a, b] = replicas(clock, sender);
    assert.ok(a && b);
    state.down = true;
    const made = [];
    for (const [i, store] of [STORE_A, STORE_B, STORE_A, STORE_B].entries()) {
      const outbox = i % 2 === 0 ? a : b;
      made.push(await outbox.submit({ merchantId: store, kind: 'pause', subject: `P${i}`, payload: { description: `P${i}` } }));
    }
    assert.ok(
      made.every((e) => e.state === 'queued'),
      'each waits',
    );
    state.down = false;
    clock.advance(60_000);
    for (let round = 0; round < 4; round++) await Promise.all([a.tick(), b.tick()]);
    assert.deepEqual(
      state.sent.filter((s) => s.startsWith(STORE_A)),
      [`${STORE_A} P0`, `${STORE_A} P2`],
      "store A's in the order made",
    );
    assert.equal(state.sent.length, 4, 'each once');
    for (const entry of made) assert.equal((await a.entry(entry.id))?.state, 'done');
  });

  it('a replica that died mid-send: another claims the row once its claim ran out, looks first, and sends nothing twice', async (t) => {
    if (!chain.cluster) return t.skip('no PostgreSQL');
    const clock = new ManualClock(TEST_INSTANT_MS);
    const { state, sender } = platform();
    const [a, b] = replicas(clock, sender);
    assert.ok(a && b);
    state.down = true;
    const entry = await a.submit({ merchantId: STORE_A, kind: 'pause', subject: 'Chuva', payload: { description: 'Chuva' } });
    state.down = false;
    state.hang = true;
    clock.advance(60_000);
    void a.tick(); // replica A claims it, the platform takes it, and A never hears back
    for (let i = 0; i < 50 && state.sent.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(state.sent.length, 1);
    state.hang = false;
    await b.tick();
    assert.equal((await b.entry(entry.id))?.state, 'queued', "B leaves A's row alone while A's claim holds");
    await assert.rejects(
      b.cancel(entry.id),
      (e: AppError) => e.code === 'conflict' && /being sent/.test(e.message),
      'nor can it be withdrawn while it is being sent',
    );
    clock.advance(CLAIM_MS + 1);
    await b.tick();
    assert.equal((await b.entry(entry.id))?.state, 'done', 'found done on the platform');
    assert.equal(state.sent.length, 1, 'not sent again');
  });
});
