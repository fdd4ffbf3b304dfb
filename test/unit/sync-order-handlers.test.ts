import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../src-shared/errors';
import { channels, pushEvents } from '../../src-shared/ipc/contract';
import { ManualClock } from '../../src-main/base/clock';
import { orderHandlers } from '../../src-main/features/orders/handlers';
import { STANDARD_CANCELLATION_REASONS } from '../../src-main/features/orders/cancellation-reasons';
import { SyncService } from '../../src-main/sync/sync-service';
import { FakeGateway, memoryStore, offline, silentLogger } from './sync-fakes';

async function setup() {
  const clock = new ManualClock();
  const gateway = new FakeGateway(clock);
  const store = memoryStore();
  const sync = new SyncService({ db: store, gateway, clock, logger: silentLogger, pollIntervalMs: 30_000 });
  const handlers = orderHandlers({ db: store, outbox: sync.outbox, details: sync.details, gateway, clock });
  const id = gateway.place({ deliveredBy: 'PLATFORM' });
  await sync.poller.round();
  return { clock, gateway, store, sync, handlers, id };
}

describe('orders IPC handlers', () => {
  it('answer the board and detail from the cache, in the contract shape', async () => {
    const { handlers, id } = await setup();
    const board = await handlers['orders:board']({});
    assert.ok(channels['orders:board'].output.safeParse(board).success);
    assert.deepEqual(board.rows.map((r) => r.id), [id]);
    const detail = await handlers['orders:detail']({ orderId: id });
    assert.ok(channels['orders:detail'].output.safeParse(detail).success);
    assert.equal(detail.events.length, 1);
    assert.ok(detail.order, 'the order as the drawer shows it');
    assert.ok(detail.order.items.length > 0);
    await assert.rejects(Promise.resolve(handlers['orders:detail']({ orderId: '00000000-0000-4000-8000-000000000000' })), (e: unknown) => e instanceof AppError && e.code === 'not-found');
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
    assert.deepEqual(await handlers['orders:cancellationReasons']({ orderId: id }), { reasons: [{ code: '503', description: 'Item unavailable' }], source: 'api' });
    gateway.failNext('cancellationReasons', offline());
    assert.deepEqual(await handlers['orders:cancellationReasons']({ orderId: id }), { reasons: STANDARD_CANCELLATION_REASONS, source: 'standard' });
    assert.deepEqual(await handlers['orders:validatePickupCode']({ orderId: id, code: '1234' }), { valid: true, checkedBy: 'api' });
    gateway.failNext('validatePickupCode', offline(), offline());
    assert.deepEqual(await handlers['orders:validatePickupCode']({ orderId: id, code: '1234' }), { valid: true, checkedBy: 'cache' });
    assert.deepEqual(await handlers['orders:validatePickupCode']({ orderId: id, code: '9999' }), { valid: false, checkedBy: 'cache' });
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
