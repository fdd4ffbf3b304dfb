import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StoreStatusSnapshot } from '../../../src-shared/ipc/channels/stores';
import type { SharedQueueView } from '../../../src-shared/ipc/channels/shared-queue';
import { ManualClock } from '../../../src-main/base/clock';
import { SharedQueueQuery } from '../../../src-main/db/orders/shared-queue-query';
import { SharedQueueWatch, SIGN_MEMORY_MS } from '../../../src-main/features/shared-queue/shared-queue-watch';
import { ConnectivityMonitor } from '../../../src-main/sync/connectivity';
import { SyncService } from '../../../src-main/sync/sync-service';
import { FakeGateway, MERCHANT, memoryStore, silentLogger } from '../../support/sync/fakes';

const OTHER_STORE = '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e';

/** A terminal polling a fake platform, and the watch on its order database. */
function setup(served: 'all' | string[] = 'all') {
  const clock = new ManualClock();
  const gateway = new FakeGateway(clock);
  const db = memoryStore();
  const connectivity = new ConnectivityMonitor(clock);
  const sync = new SyncService({ db, gateway, clock, logger: silentLogger, connectivity, pollIntervalMs: 30_000, random: () => 0.5 });
  const watch = new SharedQueueWatch({
    query: new SharedQueueQuery(db.db),
    clock,
    logger: silentLogger,
    served: () => served,
    lastPollAt: () => (connectivity.current.lastPollAt === null ? null : Date.parse(connectivity.current.lastPollAt)),
  });
  const pushed: SharedQueueView[] = [];
  watch.onChanged((view) => pushed.push(view));
  /** Another terminal on the same credential acknowledges these events first: this one never gets them. */
  const takenElsewhere = (orderId: string): void => {
    for (const event of gateway.events.filter((e) => e.orderId === orderId)) gateway.acked.add(event.id);
  };
  const poll = async (): Promise<void> => {
    await sync.poller.round();
    watch.check();
  };
  return { clock, gateway, db, watch, pushed, takenElsewhere, poll };
}

function status(merchantId: string, state: 'OK' | 'ERROR', checkedAt: number, error: StoreStatusSnapshot['error'] = null): StoreStatusSnapshot {
  return {
    merchantId,
    summary: state === 'OK' ? 'open' : 'problem',
    entries: [
      {
        operation: 'DELIVERY',
        salesChannel: 'MARKETPLACE',
        available: state === 'OK',
        state,
        validations: [{ id: 'v', code: 'is-connected', state, message: null }],
        message: null,
      },
    ],
    checkedAt: new Date(checkedAt).toISOString(),
    error,
  };
}

describe('the split-queue trap, named', () => {
  it('says nothing while every order arrives whole, however it moves', async () => {
    const ctx = setup();
    await ctx.poll();
    for (let i = 0; i < 3; i++) {
      const id = ctx.gateway.place();
      await ctx.poll();
      ctx.gateway.emit(id, 'CFM', 'CONFIRMED');
      ctx.gateway.emit(id, 'CAN', 'CANCELLED');
      await ctx.poll();
    }
    assert.equal(ctx.watch.view().suspected, false);
    assert.deepEqual(ctx.pushed, []);
  });

  it('an order created while this terminal polls, known only from a later event, is a sign', async () => {
    const ctx = setup();
    await ctx.poll();
    await ctx.clock.advance(1_000);
    const id = ctx.gateway.place();
    ctx.takenElsewhere(id);
    await ctx.poll();
    assert.equal(ctx.watch.view().suspected, false, 'nothing of it reached this terminal yet');
    ctx.gateway.emit(id, 'CFM', 'CONFIRMED');
    await ctx.poll();
    const view = ctx.watch.view();
    assert.equal(view.suspected, true);
    assert.deepEqual(view.signs, ['missed-events']);
    assert.equal(view.missedOrders, 1);
    assert.deepEqual(view.stores, [MERCHANT]);
    assert.equal(ctx.pushed.length, 1, 'pushed once');
    await ctx.poll();
    assert.equal(ctx.pushed.length, 1, 'the same sign again is no news');
  });

  it("an order placed before this run's first poll is no sign (its start may have been read by an earlier run, or another install)", async () => {
    const ctx = setup();
    const id = ctx.gateway.place();
    ctx.takenElsewhere(id);
    await ctx.clock.advance(1_000);
    await ctx.poll();
    ctx.gateway.emit(id, 'CFM', 'CONFIRMED');
    await ctx.poll();
    assert.equal(ctx.watch.view().suspected, false);
  });

  it('events for a store this terminal does not serve are a sign; serving every store, they are its own', async () => {
    const serving = setup([MERCHANT]);
    const all = setup('all');
    for (const ctx of [serving, all]) {
      ctx.watch.start();
      await ctx.poll();
      const id = ctx.gateway.place();
      ctx.gateway.details.set(id, { ...ctx.gateway.details.get(id), merchant: { id: OTHER_STORE, name: 'Outra' } });
      ctx.gateway.events.at(-1)!.merchantId = OTHER_STORE;
      await ctx.poll();
    }
    assert.deepEqual(serving.watch.view().signs, ['foreign-stores']);
    assert.deepEqual(serving.watch.view().stores, [OTHER_STORE]);
    assert.equal(all.watch.view().suspected, false);
    await serving.watch.stop();
    await all.watch.stop();
  });

  it('events stored before this run are not looked at again', async () => {
    const ctx = setup([MERCHANT]);
    ctx.gateway.place();
    ctx.gateway.events.at(-1)!.merchantId = OTHER_STORE;
    await ctx.poll();
    assert.equal(ctx.watch.view().suspected, false, 'stored before this watch looked: the cursor starts after it');
    // A watch of a later run, on the same database: the cursor starts after what is stored.
    const later = new SharedQueueWatch({
      query: new SharedQueueQuery(ctx.db.db),
      clock: ctx.clock,
      logger: silentLogger,
      served: () => [MERCHANT],
      lastPollAt: () => ctx.clock.now(),
    });
    later.start();
    later.check();
    assert.equal(later.view().suspected, false);
    await later.stop();
  });

  it('the platform calling a served store disconnected while this terminal polled moments before is a sign; an old poll, a failed read or another store is not', async () => {
    const ctx = setup([MERCHANT]);
    await ctx.poll();
    const polledAt = ctx.clock.now();
    ctx.watch.statusRead(status(MERCHANT, 'OK', polledAt + 5_000));
    ctx.watch.statusRead(status(MERCHANT, 'ERROR', polledAt + 60_000));
    ctx.watch.statusRead(status(MERCHANT, 'ERROR', polledAt + 5_000, { code: 'connection', message: 'down' }));
    ctx.watch.statusRead(status(OTHER_STORE, 'ERROR', polledAt + 5_000));
    assert.equal(ctx.watch.view().suspected, false);
    ctx.watch.statusRead(status(MERCHANT, 'ERROR', polledAt + 5_000));
    assert.deepEqual(ctx.watch.view().signs, ['not-connected']);
    assert.deepEqual(ctx.watch.view().stores, [MERCHANT]);
  });

  it('a sign fades once nothing new shows it: the other terminal turned off or paired as a screen', async () => {
    const ctx = setup([MERCHANT]);
    await ctx.poll();
    ctx.watch.statusRead(status(MERCHANT, 'ERROR', ctx.clock.now() + 1_000));
    assert.equal(ctx.watch.view().suspected, true);
    await ctx.clock.advance(SIGN_MEMORY_MS - 1);
    assert.equal(ctx.watch.view().suspected, true);
    await ctx.clock.advance(2);
    ctx.watch.check();
    assert.equal(ctx.watch.view().suspected, false);
    assert.deepEqual(
      ctx.pushed.map((v) => v.suspected),
      [true, false],
    );
  });
});
