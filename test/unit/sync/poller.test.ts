import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import type { OrdersChanged } from '../../../src-shared/ipc/channels/orders';
import { ManualClock } from '../../../src-main/base/clock';
import { LAST_POLL_AT } from '../../../src-main/db/orders/sync-state-repo';
import { ConnectivityMonitor } from '../../../src-main/sync/connectivity';
import { MAX_POLL_GAP_MS } from '../../../src-main/sync/poll-round';
import type { SyncStep } from '../../../src-main/sync/probe';
import { SyncService } from '../../../src-main/sync/sync-service';
import { advance, FakeGateway, memoryStore, offline, silentLogger } from '../../support/sync/fakes';

function setup(options: { intervalMs?: number; limit?: number; random?: () => number } = {}) {
  const clock = new ManualClock();
  const gateway = new FakeGateway(clock);
  const store = memoryStore();
  const connectivity = new ConnectivityMonitor(clock);
  const steps: SyncStep[] = [];
  const sync = new SyncService({
    db: store,
    gateway,
    clock,
    logger: silentLogger,
    connectivity,
    pollIntervalMs: options.intervalMs ?? 30_000,
    pollLimit: options.limit ?? 100,
    random: options.random ?? (() => 0.5),
    probe: (step) => steps.push(step),
  });
  const pushes: OrdersChanged[] = [];
  sync.feed.onChange((c) => pushes.push(c));
  return { clock, gateway, store, connectivity, sync, steps, pushes };
}

describe('event poller', () => {
  it('stores, fetches the first detail, then acknowledges, and pushes each change as it is committed', async () => {
    const { gateway, store, sync, steps, pushes } = setup();
    const id = gateway.place();
    const round = await sync.poller.round();
    assert.deepEqual(round, { polls: 1, received: 1, stored: 1, acknowledged: 1 });
    assert.deepEqual(steps, ['poll', 'polled', 'persisted', 'acked']);
    // Detail fetched before the ack (the ack is the last call).
    assert.deepEqual(
      gateway.calls.map((c) => c.method),
      ['poll', 'getOrder', 'acknowledge'],
    );
    assert.equal(gateway.acked.size, 1);
    // Two pushes: the order as the event told it (chime at once), then with its detail.
    assert.equal(pushes.length, 2);
    assert.equal(pushes[0]?.rows[0]?.displayId, null);
    assert.equal(pushes[1]?.rows[0]?.displayId, id.slice(0, 4).toUpperCase());
    const row = store.board.rows({ now: Date.parse('2026-11-21T12:00:00Z') })[0];
    assert.equal(row?.customerName, 'Ana');
    assert.equal(row?.itemsCount, 2);
    assert.equal(row?.total, 42.5);
    assert.equal(row?.deliveredBy, 'MERCHANT');
    assert.ok(store.syncState.get(LAST_POLL_AT));
  });

  it('does not acknowledge the events of an order whose detail cannot be read yet; the next poll does', async () => {
    const { gateway, store, sync } = setup();
    gateway.place();
    gateway.failNext('getOrder', offline());
    const first = await sync.poller.round();
    assert.equal(first.acknowledged, 0);
    assert.equal(gateway.acked.size, 0);
    assert.equal(store.events.count(), 1, 'stored all the same');
    const second = await sync.poller.round();
    assert.equal(second.stored, 0, 'the event came back and was recognised');
    assert.equal(second.acknowledged, 1);
  });

  it('gives up a detail the API refuses (404) and acknowledges: the order shows what its events said', async () => {
    const { gateway, store, sync } = setup();
    const id = gateway.place();
    gateway.details.delete(id);
    const round = await sync.poller.round();
    assert.equal(round.acknowledged, 1);
    assert.equal(store.orders.detail(id)?.state, 'unavailable');
    assert.equal(store.board.rowsOf([id])[0]?.detailMissing, true);
  });

  it('leaves events unacknowledged when the ack is lost, and acknowledges them again without storing twice', async () => {
    const { gateway, store, sync } = setup();
    gateway.place();
    gateway.failNext('acknowledge', offline());
    await assert.rejects(sync.poller.round(), /cannot reach/);
    assert.equal(gateway.acked.size, 0);
    const again = await sync.poller.round();
    assert.equal(again.stored, 0);
    assert.equal(again.acknowledged, 1);
    assert.equal(store.events.count(), 1);
  });

  it('drains a backlog after an outage: polls again at once, in bigger pages, while polls come back full', async () => {
    const { gateway, store, sync } = setup({ limit: 10 });
    for (let i = 0; i < 35; i++) gateway.place();
    const round = await sync.poller.round();
    assert.deepEqual(
      gateway.calls.filter((c) => c.method === 'poll').map((c) => c.args[0]),
      [10, 1000, 1000],
    );
    assert.equal(round.polls, 3);
    assert.equal(round.stored, 35);
    assert.equal(round.acknowledged, 35);
    assert.equal(store.events.count(), 35);
    assert.equal(store.board.rows({ now: Date.parse('2026-11-21T12:00:00Z') }).length, 35);
  });

  it('falls back to normal pages when the platform refuses the catch-up page size', async () => {
    const { gateway, store, sync } = setup({ limit: 10 });
    const poll = gateway.poll.bind(gateway);
    gateway.poll = async (limit: number) => {
      if (limit > 10) throw new AppError('validation', 'limit must be at most 10');
      return poll(limit);
    };
    for (let i = 0; i < 25; i++) gateway.place();
    const round = await sync.poller.round();
    assert.equal(round.stored, 25);
    assert.equal(store.events.count(), 25);
    await sync.poller.round();
    assert.ok(round.polls >= 3);
  });

  it('stops draining when nothing can be acknowledged, instead of spinning on the same events', async () => {
    const { gateway, sync } = setup({ limit: 2 });
    gateway.place();
    gateway.place();
    gateway.failNext('getOrder', offline(), offline());
    const round = await sync.poller.round();
    assert.equal(round.polls, 1);
  });

  it('polls every interval minus jitter, never more than 30 s apart, and reports connectivity', async () => {
    const { clock, gateway, sync, connectivity } = setup({ intervalMs: 30_000, random: () => 1 });
    sync.poller.start();
    await advance(clock, 0);
    assert.equal(gateway.count('poll'), 1);
    assert.equal(connectivity.current.state, 'online');
    assert.equal(connectivity.current.lastPollAt, new Date(clock.now()).toISOString());
    // random 1 → the largest jitter: 10 % earlier.
    await advance(clock, 26_999);
    assert.equal(gateway.count('poll'), 1);
    await advance(clock, 1);
    assert.equal(gateway.count('poll'), 2);
    for (const random of [0, 0.3, 0.99]) assert.ok(sync.poller.nextGapMs(true) <= MAX_POLL_GAP_MS, `gap with random ${random}`);
    await sync.stop();
  });

  it('checkpoints the WAL once a round is over (failed or not), not inside it; a failing checkpoint fails no poll', async () => {
    const { clock, gateway, sync, store, steps, connectivity } = setup({ intervalMs: 30_000, random: () => 0 });
    const checkpoint = store.checkpoint.bind(store);
    const seen: string[] = steps; // the probe's steps and the checkpoints, on one timeline
    let fail = false;
    store.checkpoint = () => {
      seen.push('checkpoint');
      if (fail) throw new AppError('storage', 'disk busy');
      checkpoint();
    };
    gateway.place();
    sync.poller.start();
    await advance(clock, 0);
    assert.deepEqual(
      seen.filter((s) => ['persisted', 'acked', 'checkpoint'].includes(s)),
      ['persisted', 'acked', 'checkpoint'],
    );
    fail = true;
    gateway.place();
    await advance(clock, 30_000);
    assert.equal(seen.filter((s) => s === 'checkpoint').length, 2);
    assert.equal(connectivity.current.state, 'online');
    assert.equal(gateway.acked.size, 2);
    await advance(clock, 30_000);
    assert.equal(gateway.count('poll'), 3, 'polling goes on');
    fail = false;
    gateway.failNext('poll', offline());
    await advance(clock, 30_000);
    assert.equal(connectivity.current.state, 'offline');
    assert.equal(seen.filter((s) => s === 'checkpoint').length, 4, 'after a failed round too');
    await sync.stop();
  });

  it('after a failed poll says why (degraded under 30 s, then offline; unauthorized) and tries again within 5 s', async () => {
    const { clock, gateway, sync, connectivity } = setup();
    sync.poller.start();
    await advance(clock, 0);
    assert.equal(connectivity.current.state, 'online');
    // random 0.5: the next poll comes 28.5 s after the first one, and fails.
    gateway.failNext('poll', offline());
    await advance(clock, 28_500);
    assert.equal(connectivity.current.state, 'degraded', 'the platform still shows the store for 1.5 s');
    assert.equal(connectivity.current.reason?.code, 'connection');
    await advance(clock, 1_500);
    assert.equal(connectivity.current.state, 'offline', '30 s without a good poll');
    gateway.failNext('poll', new AppError('server', '503'));
    await advance(clock, 3_500);
    assert.equal(gateway.count('poll'), 3, 'tried again 5 s after the failed one');
    assert.equal(connectivity.current.state, 'offline');
    assert.equal(connectivity.current.reason?.code, 'server');
    gateway.failNext('poll', new AppError('auth', 'sign in again'));
    await advance(clock, 5_000);
    assert.equal(connectivity.current.state, 'unauthorized');
    await advance(clock, 5_000);
    assert.equal(connectivity.current.state, 'online');
    assert.equal(gateway.count('poll'), 5);
    await sync.stop();
  });

  it('does not let a hanging detail hold the next poll back: the round gives up after its budget', async () => {
    const { clock, gateway, sync, store } = setup({ intervalMs: 30_000, random: () => 0 });
    const stuck = gateway.place();
    gateway.getOrder = (_id: string, signal?: AbortSignal) =>
      new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new AppError('aborted', 'cut short'))));
    sync.poller.start();
    await advance(clock, 0);
    assert.equal(gateway.count('poll'), 1);
    await advance(clock, 10_000);
    assert.equal(gateway.acked.size, 0, 'the stuck order is not acknowledged');
    assert.equal(store.orders.detail(stuck)?.state, 'missing');
    await advance(clock, 20_000);
    assert.equal(gateway.count('poll'), 2, 'the next poll came 30 s after the first');
    await sync.stop();
  });

  it('refreshes a stale detail after acknowledging, without holding the ack back', async () => {
    const { gateway, store, sync } = setup();
    const id = gateway.place();
    await sync.poller.round();
    gateway.emit(id, 'DAA', 'DELIVERY_ADDRESS_CHANGE_ACCEPTED');
    (gateway.details.get(id) as { customer: { name: string } }).customer.name = 'Ana Maria';
    gateway.failNext('getOrder', offline());
    const round = await sync.poller.round();
    assert.equal(round.acknowledged, 1);
    assert.equal(store.orders.detail(id)?.state, 'stale', 'kept stale for a later try');
    await sync.poller.round();
    assert.equal(store.orders.detail(id)?.state, 'fresh');
    assert.equal(store.board.rowsOf([id])[0]?.customerName, 'Ana Maria');
  });

  it('restores the last poll time of a previous run into connectivity', async () => {
    const clock = new ManualClock();
    const store = memoryStore();
    store.write(() => store.syncState.set(LAST_POLL_AT, '2026-11-21T11:59:00.000Z'));
    const connectivity = new ConnectivityMonitor(clock);
    new SyncService({ db: store, gateway: new FakeGateway(clock), clock, logger: silentLogger, connectivity, pollIntervalMs: 30_000 });
    assert.equal(connectivity.current.lastPollAt, '2026-11-21T11:59:00.000Z');
  });
});
