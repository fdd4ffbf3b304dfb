import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { ManualClock } from '../../../src-main/base/clock';
import { ChainPoller } from '../../../src-main/chain/chain-poller';
import type { Term } from '../../../src-main/chain/leader';
import { FakeBus, FakeLease, FakeOrders, storageDown } from '../../support/chain/fakes';
import { advance, FakeGateway, MERCHANT, offline, silentLogger } from '../../support/sync/fakes';

const STORE_B = '7b2e9d41-0c3a-4f6b-8e5d-2a1b3c4d5e6f';

async function setup(options: { limit?: number; intervalMs?: number } = {}) {
  const clock = new ManualClock();
  const gateway = new FakeGateway(clock);
  const lease = new FakeLease(clock);
  const orders = new FakeOrders(lease);
  const bus = new FakeBus();
  const leadership = (await lease.acquire('chain', 'replica-a', 10_000))!;
  const poller = new ChainPoller({
    gateway,
    orders,
    bus,
    credential: 'chain',
    clock,
    logger: silentLogger,
    intervalMs: options.intervalMs ?? 30_000,
    random: () => 0,
    limit: options.limit ?? 100,
  });
  const controller = new AbortController();
  const steppedDown: string[] = [];
  const term: Term = {
    leadership,
    signal: controller.signal,
    stepDown: (why) => {
      steppedDown.push(why);
      controller.abort();
    },
  };
  return { clock, gateway, lease, orders, bus, poller, term, controller, steppedDown };
}

function placeAt(gateway: FakeGateway, storeId: string): string {
  const id = randomUUID();
  gateway.place({ id });
  const placed = gateway.events.at(-1)!;
  placed.merchantId = storeId;
  return id;
}

describe('chain poller', () => {
  it("stores a batch under the lease's token, tells each store, saves first details, then acknowledges", async () => {
    const { gateway, orders, bus, poller, term } = await setup();
    const a = placeAt(gateway, MERCHANT);
    const b = placeAt(gateway, STORE_B);
    const round = await poller.round(term);
    assert.deepEqual(round, { polls: 1, received: 2, acknowledged: 2 });
    assert.deepEqual(orders.committed, [term.leadership.token]);
    assert.ok(orders.orders.get(a)?.detail, 'first detail saved');
    assert.ok(orders.orders.get(b)?.detail);
    const notices = bus.published.filter((n) => n.kind === 'orders');
    assert.ok(notices.some((n) => n.kind === 'orders' && n.storeId === MERCHANT && n.orderIds.includes(a)));
    assert.ok(notices.some((n) => n.kind === 'orders' && n.storeId === STORE_B && n.orderIds.includes(b)));
    assert.ok(!notices.some((n) => n.kind === 'orders' && n.storeId === MERCHANT && n.orderIds.includes(b)), 'a store hears only of its own orders');
    assert.equal(gateway.acked.size, 2);
    const order = gateway.calls.map((c) => c.method);
    assert.ok(order.indexOf('acknowledge') > order.lastIndexOf('getOrder'), 'acknowledged after the details');
  });

  it('acknowledges nothing and steps down when the fenced write is refused (the lease moved on)', async () => {
    const { clock, gateway, lease, poller, term, steppedDown } = await setup();
    placeAt(gateway, MERCHANT);
    lease.steal('replica-b');
    const leading = poller.lead(term);
    await advance(clock, 0);
    await leading;
    assert.deepEqual(steppedDown, ['fenced write refused']);
    assert.equal(gateway.count('acknowledge'), 0);
    assert.equal(gateway.acked.size, 0, 'the next leader gets the same events');
  });

  it('steps down at once when the database fails, acknowledging nothing', async () => {
    const { clock, gateway, orders, poller, term, steppedDown } = await setup();
    placeAt(gateway, MERCHANT);
    orders.failNext('ingest', storageDown());
    const leading = poller.lead(term);
    await advance(clock, 0);
    await leading;
    assert.equal(steppedDown.length, 1);
    assert.match(steppedDown[0]!, /database failed/);
    assert.equal(gateway.count('acknowledge'), 0);
  });

  it('leaves the events of an order whose detail could not be read for now for the next poll', async () => {
    const { gateway, orders, poller, term } = await setup();
    const a = placeAt(gateway, MERCHANT);
    const b = placeAt(gateway, MERCHANT);
    const realGet = gateway.getOrder.bind(gateway);
    let down = true;
    gateway.getOrder = async (id: string) => {
      if (id === b && down) {
        down = false;
        throw offline();
      }
      return realGet(id);
    };
    const first = await poller.round(term);
    assert.equal(first.acknowledged, 1);
    assert.ok(orders.orders.get(a)?.detail);
    assert.equal(orders.orders.get(b)?.detail, null);
    const second = await poller.round(term);
    assert.equal(second.acknowledged, 1, 'the duplicate is acknowledged once its detail is saved');
    assert.ok(orders.orders.get(b)?.detail);
    assert.equal(gateway.acked.size, 2);
  });

  it('acknowledges an order whose detail the platform refuses for good (404): the board shows what its events said', async () => {
    const { gateway, poller, term } = await setup();
    gateway.emit(randomUUID(), 'PLC', 'PLACED');
    const round = await poller.round(term);
    assert.equal(round.acknowledged, 1);
  });

  it('drains a backlog poll after poll, then waits', async () => {
    const { gateway, poller, term } = await setup({ limit: 2 });
    for (let i = 0; i < 5; i++) placeAt(gateway, MERCHANT);
    const round = await poller.round(term);
    assert.equal(round.received, 5);
    assert.equal(round.acknowledged, 5);
    const limits = gateway.calls.filter((c) => c.method === 'poll').map((c) => c.args[0]);
    assert.deepEqual(limits, [2, 1000, 1000], 'catch-up pages after a full poll, until one comes back short');
  });

  it('never waits more than 30 s between polls, and comes back sooner after a failed poll', async () => {
    const { clock, gateway, poller, term, controller } = await setup({ intervalMs: 120_000 });
    assert.equal(poller.nextGapMs(true), 30_000);
    assert.equal(poller.nextGapMs(false), 5_000);
    gateway.failNext('poll', offline());
    const leading = poller.lead(term);
    await advance(clock, 0);
    assert.equal(gateway.count('poll'), 1);
    await advance(clock, 5_000);
    assert.equal(gateway.count('poll'), 2, 'retried 5 s after the failure');
    await advance(clock, 29_000);
    assert.equal(gateway.count('poll'), 2);
    await advance(clock, 1_000);
    assert.equal(gateway.count('poll'), 3);
    controller.abort();
    await leading;
  });

  it("keeps leading through a platform error that is not the database's", async () => {
    const { clock, gateway, poller, term, steppedDown, controller } = await setup();
    gateway.failNext('acknowledge', new AppError('server', '502'));
    placeAt(gateway, MERCHANT);
    const leading = poller.lead(term);
    await advance(clock, 0);
    assert.deepEqual(steppedDown, []);
    await advance(clock, 5_000);
    assert.equal(gateway.acked.size, 1, 'the duplicate is acknowledged on the next round');
    controller.abort();
    await leading;
  });
});
