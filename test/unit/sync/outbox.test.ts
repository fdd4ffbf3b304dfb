import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import type { OrdersChanged } from '../../../src-shared/ipc/channels/orders';
import { ManualClock } from '../../../src-main/base/clock';
import { ConnectivityMonitor } from '../../../src-main/sync/connectivity';
import { SyncService } from '../../../src-main/sync/sync-service';
import { advance, FakeGateway, memoryStore, offline, silentLogger } from '../../support/sync/fakes';

function setup() {
  const clock = new ManualClock();
  const gateway = new FakeGateway(clock);
  const store = memoryStore();
  const connectivity = new ConnectivityMonitor(clock);
  const sync = new SyncService({ db: store, gateway, clock, logger: silentLogger, connectivity, pollIntervalMs: 30_000, random: () => 0.5 });
  const pushes: OrdersChanged[] = [];
  sync.feed.onChange((c) => pushes.push(c));
  return { clock, gateway, store, sync, pushes, connectivity };
}

async function placed(ctx: ReturnType<typeof setup>, options: Parameters<FakeGateway['place']>[0] = {}): Promise<string> {
  const id = ctx.gateway.place(options);
  await ctx.sync.poller.round();
  return id;
}

describe('outbox worker', () => {
  it('writes the action before sending, marks it sent on 202 and confirmed by its outcome event', async () => {
    const ctx = await Promise.resolve(setup());
    const id = await placed(ctx);
    const entry = ctx.sync.outbox.enqueue({ orderId: id, action: 'confirm' });
    assert.equal(entry.state, 'queued');
    assert.equal(ctx.store.outbox.get(entry.id)?.state, 'queued', 'committed before any request');
    assert.equal(ctx.gateway.count('act'), 0);
    assert.ok(ctx.pushes.some((p) => p.actions.some((a) => a.id === entry.id && a.state === 'queued')));

    await ctx.sync.outbox.tick();
    assert.equal(ctx.store.outbox.get(entry.id)?.state, 'sent');
    assert.equal(ctx.store.outbox.get(entry.id)?.attempts, 1);
    await ctx.sync.poller.round();
    assert.equal(ctx.store.outbox.get(entry.id)?.state, 'confirmed');
    assert.equal(ctx.store.board.rowsOf([id])[0]?.status, 'CONFIRMED');
    assert.equal(ctx.store.board.rowsOf([id])[0]?.pendingAction, null);
  });

  it('returns the waiting action when the button is pressed twice', async () => {
    const ctx = setup();
    const id = await placed(ctx);
    const a = ctx.sync.outbox.enqueue({ orderId: id, action: 'confirm' });
    const b = ctx.sync.outbox.enqueue({ orderId: id, action: 'confirm' });
    assert.equal(a.id, b.id);
    assert.equal(ctx.store.outbox.forOrder(id).length, 1);
  });

  it('refuses an order the terminal does not have', () => {
    const ctx = setup();
    assert.throws(
      () => ctx.sync.outbox.enqueue({ orderId: '00000000-0000-4000-8000-000000000000', action: 'confirm' }),
      (e: unknown) => e instanceof AppError && e.code === 'not-found',
    );
  });

  it('retries with growing backoff while offline, and at once when the link is back', async () => {
    const ctx = setup();
    const id = await placed(ctx);
    const entry = ctx.sync.outbox.enqueue({ orderId: id, action: 'confirm' });
    ctx.gateway.failNext('act', offline(), offline(), offline());
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      await ctx.sync.outbox.tick();
      const row = ctx.store.outbox.get(entry.id);
      assert.equal(row?.state, 'queued');
      waits.push((row?.next_attempt_ms ?? 0) - ctx.clock.now());
      await ctx.clock.advance(waits[i] ?? 0);
    }
    assert.deepEqual(waits, [1000, 2000, 4000], 'exponential (jitter 0 with random 0.5)');
    // 7 s after the last good poll: struggling, but the platform still shows the store (offline at 30 s).
    assert.equal(ctx.connectivity.current.state, 'degraded');
    const row = ctx.store.outbox.get(entry.id);
    assert.equal(row?.state, 'queued');
    assert.equal(JSON.parse(row?.reason ?? '{}').code, 'connection', 'the reason is shown while it waits');
    // Poll succeeds → online → waiting actions are due now.
    ctx.gateway.failNext('act', offline());
    await ctx.sync.outbox.tick();
    const before = ctx.store.outbox.get(entry.id)?.next_attempt_ms ?? 0;
    assert.ok(before > ctx.clock.now());
    await ctx.sync.poller.round();
    assert.equal(ctx.store.outbox.get(entry.id)?.next_attempt_ms, ctx.clock.now());
    await ctx.sync.outbox.tick();
    assert.equal(ctx.store.outbox.get(entry.id)?.state, 'sent');
    assert.equal(ctx.gateway.applied.length, 1, 'applied once');
  });

  it('recognises a resend after a lost answer (409, effect visible) as done, not failed', async () => {
    const ctx = setup();
    const id = await placed(ctx);
    const entry = ctx.sync.outbox.enqueue({ orderId: id, action: 'confirm' });
    ctx.gateway.loseAnswers = 1; // applied on the platform, answer lost
    await ctx.sync.outbox.tick();
    assert.equal(ctx.store.outbox.get(entry.id)?.state, 'queued');
    await ctx.clock.advance(2_000);
    await ctx.sync.outbox.tick(); // resend → 409 → order read afresh: CONFIRMED
    const row = ctx.store.outbox.get(entry.id);
    assert.equal(row?.state, 'confirmed');
    assert.equal(row?.attempts, 2);
    assert.equal(ctx.gateway.applied.length, 1, 'took effect exactly once');
  });

  it('fails a first attempt that conflicts (409) with the API reason', async () => {
    const ctx = setup();
    const id = await placed(ctx);
    const entry = ctx.sync.outbox.enqueue({ orderId: id, action: 'readyToPickup' });
    await ctx.sync.outbox.tick();
    const row = ctx.store.outbox.get(entry.id);
    assert.equal(row?.state, 'failed');
    assert.equal(JSON.parse(row?.reason ?? '{}').code, 'conflict');
  });

  it('fails on a permanent refusal (422) without retrying', async () => {
    const ctx = setup();
    const id = await placed(ctx);
    const entry = ctx.sync.outbox.enqueue({ orderId: id, action: 'confirm' });
    ctx.gateway.failNext('act', new AppError('validation', 'bad body'));
    await ctx.sync.outbox.tick();
    await ctx.clock.advance(60_000);
    await ctx.sync.outbox.tick();
    assert.equal(ctx.store.outbox.get(entry.id)?.state, 'failed');
    assert.equal(ctx.gateway.count('act'), 1);
  });

  it('expires a confirm still queued when the 8-minute deadline passes, without sending it', async () => {
    const ctx = setup();
    const id = await placed(ctx);
    const entry = ctx.sync.outbox.enqueue({ orderId: id, action: 'confirm' });
    ctx.gateway.failNext('act', offline());
    await ctx.sync.outbox.tick();
    await ctx.clock.advance(8 * 60_000);
    await ctx.sync.outbox.tick();
    const row = ctx.store.outbox.get(entry.id);
    assert.equal(row?.state, 'expired');
    assert.match(row?.reason ?? '', /8-minute/);
    assert.equal(ctx.gateway.count('act'), 1);
    // Pressing confirm after the deadline records it as expired at once.
    const late = ctx.sync.outbox.enqueue({ orderId: id, action: 'confirm' });
    assert.equal(late.state, 'expired');
  });

  it('sends the actions of one order in order, each after the previous settled', async () => {
    const ctx = setup();
    const id = await placed(ctx);
    const confirm = ctx.sync.outbox.enqueue({ orderId: id, action: 'confirm' });
    const prep = ctx.sync.outbox.enqueue({ orderId: id, action: 'startPreparation' });
    await ctx.sync.outbox.tick();
    assert.equal(ctx.store.outbox.get(confirm.id)?.state, 'sent');
    assert.equal(ctx.store.outbox.get(prep.id)?.state, 'queued', 'waits for the confirm outcome');
    assert.deepEqual(
      ctx.gateway.applied.map((a) => a.action),
      ['confirm'],
    );
    await ctx.sync.poller.round(); // CONFIRMED arrives
    await ctx.sync.outbox.tick();
    assert.deepEqual(
      ctx.gateway.applied.map((a) => a.action),
      ['confirm', 'startPreparation'],
    );
    await ctx.sync.poller.round();
    assert.equal(ctx.store.outbox.get(prep.id)?.state, 'confirmed');
  });

  it('wakes by itself: enqueue sends promptly, an accepted action makes the poller fetch its outcome', async () => {
    const ctx = setup();
    const id = await placed(ctx);
    ctx.sync.start();
    await advance(ctx.clock, 0);
    const polls = ctx.gateway.count('poll');
    const entry = ctx.sync.outbox.enqueue({ orderId: id, action: 'confirm' });
    await advance(ctx.clock, 0);
    assert.equal(ctx.store.outbox.get(entry.id)?.state, 'confirmed');
    assert.ok(ctx.gateway.count('poll') > polls, 'polled right after the 202');
    await ctx.sync.stop();
  });

  it('checks a sent action whose event never came, and gives it up after 5 minutes with no effect', async () => {
    const ctx = setup();
    const id = await placed(ctx, { orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    const entry = ctx.sync.outbox.enqueue({ orderId: id, action: 'requestDriver', payload: { quoteId: '11111111-1111-4111-8111-111111111111' } });
    await ctx.sync.outbox.tick();
    assert.equal(ctx.store.outbox.get(entry.id)?.state, 'sent');
    ctx.gateway.events = []; // the outcome event is lost
    for (let i = 0; i < 5; i++) {
      await ctx.clock.advance(60_000);
      await ctx.sync.outbox.tick();
    }
    const row = ctx.store.outbox.get(entry.id);
    assert.equal(row?.state, 'failed');
    assert.equal(JSON.parse(row?.reason ?? '{}').code, 'timeout');
  });

  it('confirms without sending when the order already shows the effect, and expires actions of a closed order', async () => {
    const ctx = setup();
    const id = await placed(ctx);
    ctx.gateway.emit(id, 'CFM', 'CONFIRMED');
    await ctx.sync.poller.round();
    assert.equal(ctx.sync.outbox.enqueue({ orderId: id, action: 'confirm' }).state, 'confirmed');
    ctx.gateway.emit(id, 'CAN', 'CANCELLED');
    await ctx.sync.poller.round();
    assert.equal(ctx.sync.outbox.enqueue({ orderId: id, action: 'startPreparation' }).state, 'expired');
    assert.equal(ctx.gateway.count('act'), 0);
  });
});
