import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import type { OrdersChanged } from '../../../src-shared/ipc/channels/orders';
import { orderHandlers } from '../../../src-main/features/orders/handlers';
import { withSandbox } from '../../support/sandbox/sandbox';
import { control, createOrder, type ControlEvent, type Sandbox } from '../../support/sandbox/orders';
import { startSyncStack, waitFor, type SyncStack } from '../../support/sync/harness';

describe('order sync against the sandbox', () => {
  let sandbox: Sandbox;
  let dir: string;
  let stack: SyncStack | undefined;
  before(async () => (sandbox = await withSandbox()));
  after(() => sandbox.close());
  beforeEach(async () => {
    await sandbox.http.send('POST', '/_sandbox/reset');
    dir = mkdtempSync(join(tmpdir(), 'st-sync-'));
  });
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const sandboxEvents = async (): Promise<ControlEvent[]> => ((await sandbox.http.send('GET', '/_sandbox/events')).body as { events: ControlEvent[] }).events;
  const allAcknowledged = async () => (await sandboxEvents()).every((e) => e.acknowledged);

  it('brings new orders of every store to the board with their detail, and pushes them as committed', async () => {
    stack = await startSyncStack({ url: sandbox.url, dataDir: dir });
    const pushes: OrdersChanged[] = [];
    stack.sync.feed.onChange((c) => pushes.push(c));
    const a = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    const b = await createOrder(sandbox, { merchantId: DEMO_PIZZERIA_ID, orderType: 'DELIVERY', deliveredBy: 'MERCHANT' });
    const s = stack;
    await waitFor(
      async () => s.store.board.rows({ now: s.clock.now() }).filter((r) => !r.detailMissing).length === 2 && (await allAcknowledged()),
      'both orders cached and acknowledged',
    );
    const board = stack.store.board.rows({ now: stack.clock.now() });
    const rowA = board.find((r) => r.id === a.id);
    assert.equal(rowA?.displayId, a.displayId);
    assert.equal(rowA?.customerName, a.customer.name);
    assert.equal(rowA?.orderType, 'TAKEOUT');
    assert.equal(rowA?.merchantId, DEMO_RESTAURANT_ID);
    assert.equal(rowA?.total, a.total.orderAmount);
    assert.equal(rowA?.confirmDeadline, new Date(Date.parse(a.createdAt) + 8 * 60_000).toISOString());
    assert.deepEqual(
      stack.store.board.rows({ now: stack.clock.now(), merchantId: DEMO_PIZZERIA_ID }).map((r) => r.id),
      [b.id],
    );
    assert.deepEqual(stack.store.orders.detail(a.id)?.detail, a, 'the detail exactly as returned');
    assert.ok(pushes.some((p) => p.rows.some((r) => r.id === a.id && r.status === 'PLACED')));
    assert.equal(stack.connectivity.current.state, 'online');
  });

  it('takes an order through confirm, preparation and dispatch via the outbox; each action once', async () => {
    stack = await startSyncStack({ url: sandbox.url, dataDir: dir });
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'DELIVERY', deliveredBy: 'MERCHANT' });
    const s = stack;
    await waitFor(() => s.store.board.rowsOf([order.id]).length === 1, 'order on the board');
    for (const [action, status] of [
      ['confirm', 'CONFIRMED'],
      ['startPreparation', 'PREPARATION_STARTED'],
      ['dispatch', 'DISPATCHED'],
    ] as const) {
      const entry = s.sync.outbox.enqueue({ orderId: order.id, action });
      await waitFor(() => s.store.outbox.get(entry.id)?.state === 'confirmed', `${action} confirmed by its event`);
      assert.equal(s.store.board.rowsOf([order.id])[0]?.status, status);
    }
    const calls = ((await sandbox.http.send('GET', `/_sandbox/orders/${order.id}/calls`)).body as { calls: { route: string; status: number | null }[] }).calls;
    const actions = calls.filter((c) => c.route.startsWith('POST'));
    assert.deepEqual(
      actions.map((c) => [c.route, c.status]),
      [
        ['POST /orders/{id}/confirm', 202],
        ['POST /orders/{id}/startPreparation', 202],
        ['POST /orders/{id}/dispatch', 202],
      ],
    );
  });

  it('records a cancellation the platform refuses as failed, and one it accepts as confirmed', async () => {
    stack = await startSyncStack({ url: sandbox.url, dataDir: dir });
    const kept = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    const dropped = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    const s = stack;
    await waitFor(() => s.store.board.rowsOf([kept.id, dropped.id]).length === 2, 'orders on the board');
    for (const id of [kept.id, dropped.id]) {
      const confirm = s.sync.outbox.enqueue({ orderId: id, action: 'confirm' });
      await waitFor(() => s.store.outbox.get(confirm.id)?.state === 'confirmed', 'confirmed');
    }
    assert.equal((await control(sandbox, kept.id, 'assignDriver')).status, 200);
    const refused = s.sync.outbox.enqueue({ orderId: kept.id, action: 'requestCancellation', payload: { reason: '503' } });
    const accepted = s.sync.outbox.enqueue({ orderId: dropped.id, action: 'requestCancellation', payload: { reason: '503' } });
    await waitFor(() => s.store.outbox.get(refused.id)?.state === 'sent' && s.store.outbox.get(accepted.id)?.state === 'sent', 'both sent');
    await waitFor(() => s.store.board.rowsOf([kept.id])[0]?.status === 'CANCELLATION_REQUESTED', 'pending cancellation shown');
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 6 } });
    await waitFor(() => s.store.outbox.get(refused.id)?.state === 'failed' && s.store.outbox.get(accepted.id)?.state === 'confirmed', 'both settled by events');
    assert.equal(s.store.board.rowsOf([kept.id])[0]?.status, 'CONFIRMED');
    assert.equal(s.store.board.rowsOf([dropped.id])[0]?.status, 'CANCELLED');
  });

  it('follows the platform driver after ASSIGN_DRIVER and checks pickup codes', async () => {
    stack = await startSyncStack({ url: sandbox.url, dataDir: dir });
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    const s = stack;
    await waitFor(() => s.store.orders.detail(order.id)?.state === 'fresh', 'detail cached');
    const confirm = s.sync.outbox.enqueue({ orderId: order.id, action: 'confirm' });
    await waitFor(() => s.store.outbox.get(confirm.id)?.state === 'confirmed', 'confirmed');
    assert.equal(s.store.tracking.get(order.id), null, 'no tracking before a driver');
    assert.equal((await control(sandbox, order.id, 'assignDriver')).status, 200);
    await waitFor(() => s.store.tracking.get(order.id)?.position !== null && s.store.tracking.get(order.id) !== null, 'driver position read');
    const position = s.store.tracking.get(order.id)?.position as { latitude?: unknown };
    assert.equal(typeof position.latitude, 'number');

    const handlers = orderHandlers({
      db: s.store,
      outbox: s.sync.outbox,
      details: s.sync.details,
      gateway: s.gateway,
      clock: s.clock,
      connectivity: s.connectivity,
    });
    const pickupCode = (order.delivery as { pickupCode: string }).pickupCode;
    assert.deepEqual(await handlers['orders:validatePickupCode']({ orderId: order.id, code: pickupCode }), { valid: true, checkedBy: 'api' });
    assert.equal((await handlers['orders:validatePickupCode']({ orderId: order.id, code: '0000' })).valid, pickupCode === '0000');
    const reasons = await handlers['orders:cancellationReasons']({ orderId: order.id });
    assert.equal(reasons.source, 'api');
    assert.ok(reasons.reasons.some((r) => r.code === '503'));
  });

  it('shows the same board after a restart, and carries on where it stopped', async () => {
    stack = await startSyncStack({ url: sandbox.url, dataDir: dir });
    const one = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const two = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    let s = stack;
    await waitFor(
      async () => s.store.board.rows({ now: s.clock.now() }).filter((r) => !r.detailMissing).length === 2 && (await allAcknowledged()),
      'orders cached',
    );
    // A confirm queued while the link is down, then the app closes.
    await s.sync.stop();
    const queued = s.sync.outbox.enqueue({ orderId: one.id, action: 'confirm' });
    const before = s.store.board.rows({ now: s.clock.now() });
    await stack.close();

    stack = await startSyncStack({ url: sandbox.url, dataDir: dir, start: false });
    s = stack;
    assert.deepEqual(s.store.board.rows({ now: s.clock.now() }), before, 'the same board, before any poll');
    assert.equal(before.find((r) => r.id === one.id)?.pendingAction?.state, 'queued');
    s.sync.start();
    await waitFor(() => s.store.outbox.get(queued.id)?.state === 'confirmed', 'the queued confirm went out after the restart');
    assert.equal(s.store.board.rowsOf([two.id])[0]?.status, 'PLACED');
    assert.equal(s.store.events.count(), (await sandboxEvents()).length);
  });
});
