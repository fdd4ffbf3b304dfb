import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { channels, pushEvents } from '../../../src-shared/ipc/contract';
import { PLATFORM_DISCONNECTS_AFTER_MS } from '../../../src-shared/ipc/channels/status';
import { ManualClock } from '../../../src-main/base/clock';
import { orderHandlers } from '../../../src-main/features/orders/handlers';
import { STANDARD_CANCELLATION_REASONS } from '../../../src-main/orders/cancellation-reasons';
import { CODE_CHECK_BUDGET_MS } from '../../../src-main/features/orders/code-check';
import { ONLINE_BUDGET_MS } from '../../../src-main/ipc/online-budget';
import { ConnectivityMonitor } from '../../../src-main/sync/connectivity';
import { SyncService } from '../../../src-main/sync/sync-service';
import { FakeGateway, memoryStore, offline, silentLogger } from '../../support/sync/fakes';

async function setup() {
  const clock = new ManualClock();
  const gateway = new FakeGateway(clock);
  const store = memoryStore();
  const connectivity = new ConnectivityMonitor(clock);
  const sync = new SyncService({ db: store, gateway, clock, logger: silentLogger, pollIntervalMs: 30_000, connectivity });
  const handlers = orderHandlers({ db: store, outbox: sync.outbox, details: sync.details, gateway, clock, connectivity });
  const id = gateway.place({ deliveredBy: 'PLATFORM' });
  await sync.poller.round();
  return { clock, gateway, store, sync, handlers, id, connectivity };
}

/** Follows a promise without awaiting it: whether it settled yet, and how. */
function watch<T>(promise: Promise<T>): { settled: () => boolean; value: () => T | undefined; error: () => unknown } {
  const state: { done: boolean; value?: T; error?: unknown } = { done: false };
  promise.then(
    (value) => Object.assign(state, { done: true, value }),
    (error: unknown) => Object.assign(state, { done: true, error }),
  );
  return { settled: () => state.done, value: () => state.value, error: () => state.error };
}
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('orders IPC handlers', () => {
  it('answer the board and detail from the cache, in the contract shape', async () => {
    const { handlers, id } = await setup();
    const board = await handlers['orders:board']({});
    assert.ok(channels['orders:board'].output.safeParse(board).success);
    assert.deepEqual(
      board.rows.map((r) => r.id),
      [id],
    );
    const detail = await handlers['orders:detail']({ orderId: id });
    assert.ok(channels['orders:detail'].output.safeParse(detail).success);
    assert.equal(detail.events.length, 1);
    assert.ok(detail.order, 'the order as the drawer shows it');
    assert.ok(detail.order.items.length > 0);
    await assert.rejects(
      Promise.resolve(handlers['orders:detail']({ orderId: '00000000-0000-4000-8000-000000000000' })),
      (e: unknown) => e instanceof AppError && e.code === 'not-found',
    );
  });

  it('try again to fetch a missing detail when the order is opened', async () => {
    const { handlers, gateway, store, sync } = await setup();
    const id = gateway.place();
    gateway.failNext('getOrder', offline());
    await sync.poller.round();
    assert.equal(store.orders.detail(id)?.state, 'missing');
    const view = await handlers['orders:detail']({ orderId: id });
    assert.notEqual(view.order, null);
    assert.equal(view.row.detailMissing, false);
  });

  it('queue an action through the outbox and return its entry', async () => {
    const { handlers, id, store } = await setup();
    const input = channels['orders:act'].input.parse({ orderId: id, action: 'requestCancellation', payload: { reason: '503' } });
    const entry = await handlers['orders:act'](input);
    assert.ok(channels['orders:act'].output.safeParse(entry).success);
    assert.equal(entry.state, 'queued');
    assert.deepEqual(entry.payload, { reason: '503' });
    assert.equal(store.outbox.forOrder(id).length, 1);
  });

  it('offer the standard cancellation codes and the cached pickup code when offline', async () => {
    const { handlers, gateway, id } = await setup();
    assert.deepEqual(await handlers['orders:cancellationReasons']({ orderId: id }), {
      reasons: [{ code: '503', description: 'Item unavailable' }],
      source: 'api',
    });
    gateway.failNext('cancellationReasons', offline());
    assert.deepEqual(await handlers['orders:cancellationReasons']({ orderId: id }), { reasons: STANDARD_CANCELLATION_REASONS, source: 'standard' });
    assert.deepEqual(await handlers['orders:validatePickupCode']({ orderId: id, code: '1234' }), { valid: true, checkedBy: 'api' });
    gateway.failNext('validatePickupCode', offline(), offline());
    assert.deepEqual(await handlers['orders:validatePickupCode']({ orderId: id, code: '1234' }), { valid: true, checkedBy: 'cache' });
    assert.deepEqual(await handlers['orders:validatePickupCode']({ orderId: id, code: '9999' }), { valid: false, checkedBy: 'cache' });
  });

  it('answer a code from the saved one at once when the link is known to be down, without asking the platform', async () => {
    const { handlers, gateway, id, connectivity, clock } = await setup();
    assert.equal(connectivity.current.state, 'online', 'the poll went through');
    connectivity.failed(new AppError('connection', 'the link is down'));
    await clock.advance(PLATFORM_DISCONNECTS_AFTER_MS);
    assert.equal(connectivity.current.state, 'offline', 'no good poll for 30 s');
    const asked = gateway.count('validatePickupCode');
    const check = watch(Promise.resolve(handlers['orders:validatePickupCode']({ orderId: id, code: '1234' })));
    await turn();
    assert.ok(check.settled(), 'answered with no time passing on the clock');
    assert.deepEqual(check.value(), { valid: true, checkedBy: 'cache' });
    assert.deepEqual(await handlers['orders:validatePickupCode']({ orderId: id, code: '4321' }), { valid: false, checkedBy: 'cache' });
    assert.equal(gateway.count('validatePickupCode'), asked, 'the platform was not asked');
    assert.equal(clock.pendingSleeps, 0, 'no budget left counting');
  });

  it('give a hanging platform 1.5 s for a code, then answer from the saved one', async () => {
    const { handlers, gateway, id, clock } = await setup();
    gateway.hanging.add('validatePickupCode');
    const check = watch(Promise.resolve(handlers['orders:validatePickupCode']({ orderId: id, code: '1234' })));
    await clock.advance(CODE_CHECK_BUDGET_MS - 1);
    await turn();
    assert.equal(check.settled(), false, 'still asking the platform');
    await clock.advance(1);
    await turn();
    assert.deepEqual(check.value(), { valid: true, checkedBy: 'cache' });
    assert.equal(CODE_CHECK_BUDGET_MS, 1_500);
    assert.equal(clock.pendingSleeps, 0);
    // A platform that answers in time is the one that says.
    gateway.hanging.clear();
    assert.deepEqual(await handlers['orders:validatePickupCode']({ orderId: id, code: '1234' }), { valid: true, checkedBy: 'api' });
    assert.equal(clock.pendingSleeps, 0, 'the budget stops counting once answered');
  });

  it('with no saved code to fall back on, wait the usual budget and say the platform failed', async () => {
    const { handlers, gateway, store, sync, clock } = await setup();
    const id = gateway.place({ deliveredBy: 'PLATFORM' });
    const detail = gateway.details.get(id) as { delivery: Record<string, unknown> };
    delete detail.delivery.pickupCode;
    await sync.poller.round();
    assert.ok(store.orders.detail(id)?.detail);
    gateway.hanging.add('validatePickupCode');
    const check = watch(Promise.resolve(handlers['orders:validatePickupCode']({ orderId: id, code: '1234' })));
    await clock.advance(CODE_CHECK_BUDGET_MS);
    await turn();
    assert.equal(check.settled(), false, 'nothing saved to answer from: the platform gets longer');
    await clock.advance(ONLINE_BUDGET_MS - CODE_CHECK_BUDGET_MS);
    await turn();
    assert.ok(check.error() instanceof AppError && (check.error() as AppError).code === 'aborted');
  });

  it('check a delivery code the same way: at once from the saved localizer when offline, counted', async () => {
    const { handlers, gateway, sync, clock, connectivity } = await setup();
    const id = gateway.place({ deliveredBy: 'MERCHANT' });
    Object.assign(gateway.details.get(id) as object, { customer: { name: 'Ana', phone: { number: '0800 123 4567', localizer: '12345678' } } });
    await sync.poller.round();
    gateway.hanging.add('verifyDeliveryCode');
    const slow = watch(Promise.resolve(handlers['orders:verifyDeliveryCode']({ orderId: id, code: '00000000' })));
    await clock.advance(CODE_CHECK_BUDGET_MS);
    await turn();
    assert.deepEqual(slow.value(), { valid: false, checkedBy: 'cache', wrongAttempts: 1 });
    connectivity.failed(new AppError('timeout', 'no answer'));
    await clock.advance(PLATFORM_DISCONNECTS_AFTER_MS);
    assert.equal(connectivity.current.state, 'offline', 'no good poll for 30 s');
    const asked = gateway.count('verifyDeliveryCode');
    assert.deepEqual(await handlers['orders:verifyDeliveryCode']({ orderId: id, code: '12345678' }), { valid: true, checkedBy: 'cache', wrongAttempts: 1 });
    assert.equal(gateway.count('verifyDeliveryCode'), asked);
  });

  it('have contract inputs that refuse what the renderer must not send', () => {
    const act = channels['orders:act'].input;
    const orderId = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';
    assert.equal(act.safeParse({ orderId, action: 'confirm' }).success, true);
    assert.equal(act.safeParse({ orderId, action: 'confirm', extra: 1 }).success, false);
    assert.equal(act.safeParse({ orderId, action: 'requestCancellation' }).success, false, 'needs a reason');
    assert.equal(act.safeParse({ orderId, action: 'deleteEverything' }).success, false);
    assert.equal(act.safeParse({ orderId: 'not-a-uuid', action: 'confirm' }).success, false);
    assert.equal(channels['orders:board'].input.safeParse({ merchantId: 'x' }).success, false);
    assert.ok(pushEvents['orders:changed']);
  });
});
