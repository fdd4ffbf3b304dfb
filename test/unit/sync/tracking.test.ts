import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { EventIngest } from '../../../src-main/sync/ingest';
import { TrackingPoller, TRACKING_GAP_MS } from '../../../src-main/sync/tracking-poller';
import { FakeGateway, memoryStore, offline, silentLogger } from '../../support/sync/fakes';

async function setup() {
  const clock = new ManualClock();
  const gateway = new FakeGateway(clock);
  const store = memoryStore();
  const ingest = new EventIngest(store, clock, silentLogger);
  const tracking = new TrackingPoller({ db: store, gateway, clock, logger: silentLogger });
  const seen: string[] = [];
  tracking.onTracking((orderId) => seen.push(orderId));
  const order = (deliveredBy: string) => {
    const id = gateway.place({ deliveredBy });
    ingest.apply(gateway.events.filter((e) => e.orderId === id));
    store.write(() => store.orders.saveDetail(id, gateway.details.get(id) ?? {}, clock.now()));
    return id;
  };
  return { clock, gateway, store, ingest, tracking, seen, order };
}

describe('tracking poller', () => {
  it('follows only PLATFORM deliveries after ASSIGN_DRIVER, at most once per 30 s per order', async () => {
    const ctx = await setup();
    const platform = ctx.order('PLATFORM');
    const merchant = ctx.order('MERCHANT');
    await ctx.tracking.tick();
    assert.equal(ctx.gateway.count('tracking'), 0, 'no driver assigned yet');

    ctx.ingest.apply([ctx.gateway.emit(platform, 'ADR', 'ASSIGN_DRIVER'), ctx.gateway.emit(merchant, 'ADR', 'ASSIGN_DRIVER')]);
    ctx.gateway.trackingPositions.set(platform, { latitude: -23.5, longitude: -46.6 });
    await ctx.tracking.tick();
    assert.deepEqual(
      ctx.gateway.calls.filter((c) => c.method === 'tracking').map((c) => c.args[0]),
      [platform],
    );
    assert.deepEqual(ctx.store.tracking.get(platform)?.position, { latitude: -23.5, longitude: -46.6 });
    assert.deepEqual(ctx.seen, [platform]);

    await ctx.clock.advance(TRACKING_GAP_MS - 1);
    await ctx.tracking.tick();
    assert.equal(ctx.gateway.count('tracking'), 1, 'not again within 30 s');
    await ctx.clock.advance(1);
    await ctx.tracking.tick();
    assert.equal(ctx.gateway.count('tracking'), 2);
  });

  it('takes a 404 as "no position yet", counts a failed request against the spacing, and stops when the order closes', async () => {
    const ctx = await setup();
    const id = ctx.order('PLATFORM');
    ctx.ingest.apply([ctx.gateway.emit(id, 'ADR', 'ASSIGN_DRIVER')]);
    await ctx.tracking.tick();
    assert.equal(ctx.store.tracking.get(id)?.position, null);
    await ctx.clock.advance(TRACKING_GAP_MS);
    ctx.gateway.failNext('tracking', offline());
    await ctx.tracking.tick();
    await ctx.tracking.tick();
    assert.equal(ctx.gateway.count('tracking'), 2, 'the failed request still counts for the 30 s');
    ctx.ingest.apply([ctx.gateway.emit(id, 'CON', 'CONCLUDED')]);
    await ctx.clock.advance(TRACKING_GAP_MS);
    await ctx.tracking.tick();
    assert.equal(ctx.gateway.count('tracking'), 2);
  });
});
