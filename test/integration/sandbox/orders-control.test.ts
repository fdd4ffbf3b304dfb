import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { sandboxWithTokens, withSandbox } from '../../support/sandbox/sandbox';
import { action, assertError, codesOf, control, createOrder, type Sandbox, type WireEvent } from '../../support/sandbox/orders';

describe('sandbox orders: control routes', () => {
  let sandbox: Sandbox;
  let demo: string;
  before(async () => ({ sandbox, demo } = await sandboxWithTokens()));
  after(() => sandbox.close());

  it('validates order creation: 400 for bad bodies, 404 for an unknown store', async () => {
    const bad = [
      {},
      { merchantId: 42 },
      { merchantId: DEMO_RESTAURANT_ID, orderType: 'DRIVE_THRU' },
      { merchantId: DEMO_RESTAURANT_ID, deliveredBy: 'DRONE' },
      { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT', deliveredBy: 'MERCHANT' },
      { merchantId: DEMO_RESTAURANT_ID, orderTiming: 'LATER' },
      { merchantId: DEMO_RESTAURANT_ID, surprise: true },
      { merchantId: DEMO_RESTAURANT_ID, items: [] },
      { merchantId: DEMO_RESTAURANT_ID, items: [{ ean: '000000000000' }] },
      { merchantId: DEMO_RESTAURANT_ID, items: [{ quantity: 1 }] },
      { merchantId: DEMO_RESTAURANT_ID, payment: 'BITCOIN' },
    ];
    for (const json of bad) assertError(await sandbox.http.send('POST', '/_sandbox/orders', { json }), 400);
    assertError(await sandbox.http.send('POST', '/_sandbox/orders', { raw: '{' }), 400);
    assertError(await sandbox.http.send('POST', '/_sandbox/orders', { json: { merchantId: '00000000-0000-4000-8000-000000000000' } }), 404);
  });

  it('makes an order paid the way the test asks: cash with the note to change, or a card', async () => {
    const cash = (await sandbox.http.send('POST', '/_sandbox/orders', { json: { merchantId: DEMO_RESTAURANT_ID, payment: 'CASH' } })).body as {
      total: { orderAmount: number };
      payments: { prepaid: number; pending: number; methods: { method: string; type: string; value: number; cash?: { changeFor: number } }[] };
    };
    const [method] = cash.payments.methods;
    assert.equal(method?.method, 'CASH');
    assert.equal(method.type, 'OFFLINE');
    assert.equal(method.value, cash.total.orderAmount);
    assert.equal(cash.payments.pending, cash.total.orderAmount);
    assert.equal(method.cash?.changeFor, Math.ceil(cash.total.orderAmount / 50) * 50);
    const card = (await sandbox.http.send('POST', '/_sandbox/orders', { json: { merchantId: DEMO_RESTAURANT_ID, payment: 'CREDIT' } })).body as {
      payments: { prepaid: number; methods: { method: string }[] };
    };
    assert.equal(card.payments.methods[0]?.method, 'CREDIT');
    assert.ok(card.payments.prepaid > 0, 'paid online');
  });

  it('assigns a driver only to a confirmed PLATFORM delivery, once', async () => {
    const placed = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    assertError(await control(sandbox, placed.id, 'assignDriver'), 409, 'InvalidOrderStatus');
    await action(sandbox, demo, placed.id, 'confirm');
    const response = await control(sandbox, placed.id, 'assignDriver');
    assert.equal(response.status, 200);
    const body = response.body as { order: { status: string }; events: WireEvent[] };
    assert.deepEqual(
      body.events.map((e) => e.code),
      ['ADR'],
    );
    assert.equal(typeof (body.events[0]?.metadata.driver as { name: string }).name, 'string');
    assertError(await control(sandbox, placed.id, 'assignDriver'), 409, 'DriverAlreadyAssigned');
    const merchant = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, deliveredBy: 'MERCHANT' });
    await action(sandbox, demo, merchant.id, 'confirm');
    assertError(await control(sandbox, merchant.id, 'assignDriver'), 409, 'NotPlatformDelivery');
  });

  it('moves the driver step by step; collecting dispatches the order', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    assertError(await control(sandbox, order.id, 'advanceDriver'), 409, 'NoDriverAssigned');
    await action(sandbox, demo, order.id, 'confirm');
    await control(sandbox, order.id, 'assignDriver');
    for (let i = 0; i < 4; i++) assert.equal((await control(sandbox, order.id, 'advanceDriver')).status, 200);
    assertError(await control(sandbox, order.id, 'advanceDriver'), 409);
    assert.equal((await control(sandbox, order.id, 'conclude')).status, 200);
    assert.deepEqual(await codesOf(sandbox, order.id), ['PLC', 'CFM', 'ADR', 'GTO', 'AAO', 'CLT', 'DSP', 'AAD', 'CON']);
  });

  it('concludes by the rules of each order type', async () => {
    const platform = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await action(sandbox, demo, platform.id, 'confirm');
    assertError(await control(sandbox, platform.id, 'conclude'), 409, 'NoDriverAssigned');
    await control(sandbox, platform.id, 'assignDriver');
    const concluded = await control(sandbox, platform.id, 'conclude');
    assert.deepEqual(
      (concluded.body as { events: WireEvent[] }).events.map((e) => e.code),
      ['CLT', 'DSP', 'CON'],
    );
    assert.equal((concluded.body as { order: { status: string } }).order.status, 'CONCLUDED');

    const takeout = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    assertError(await control(sandbox, takeout.id, 'conclude'), 409);
    await action(sandbox, demo, takeout.id, 'confirm');
    assertError(await control(sandbox, takeout.id, 'conclude'), 409);
    await action(sandbox, demo, takeout.id, 'readyToPickup');
    assert.equal((await control(sandbox, takeout.id, 'conclude')).status, 200);

    const dineIn = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'DINE_IN' });
    await action(sandbox, demo, dineIn.id, 'confirm');
    assertError(await control(sandbox, dineIn.id, 'conclude'), 409, 'InvalidOrderStatus');
    await action(sandbox, demo, dineIn.id, 'readyToPickup');
    assert.equal((await control(sandbox, dineIn.id, 'conclude')).status, 200, 'readyToPickup is required for DINE_IN too');

    const merchant = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, deliveredBy: 'MERCHANT' });
    await action(sandbox, demo, merchant.id, 'confirm');
    assertError(await control(sandbox, merchant.id, 'conclude'), 409);
    await action(sandbox, demo, merchant.id, 'dispatch', { deliveredBy: 'MERCHANT' });
    assert.equal((await control(sandbox, merchant.id, 'conclude')).status, 200);
    assertError(await control(sandbox, merchant.id, 'conclude'), 409);
  });

  it('lets the customer cancel until dispatch', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const response = await control(sandbox, order.id, 'customerCancel');
    assert.equal(response.status, 200);
    const [event] = (response.body as { events: WireEvent[] }).events;
    assert.equal(event?.code, 'CAN');
    assert.equal(event?.metadata.origin, 'CUSTOMER');
    assert.equal(event?.metadata.cancelCode, 'CUSTOMER_GAVE_UP');
    assert.equal(event?.metadata.reason, 'O cliente desistiu do pedido');
    assertError(await control(sandbox, order.id, 'customerCancel'), 409);
    assertError(await action(sandbox, demo, order.id, 'confirm'), 409);
    assertError(await control(sandbox, 'nope', 'customerCancel'), 400);
    assertError(await control(sandbox, '00000000-0000-4000-8000-000000000000', 'conclude'), 404);
  });

  it('logs every merchant-side call of an order with its answer, duplicates included', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await action(sandbox, demo, order.id, 'confirm');
    await action(sandbox, demo, order.id, 'confirm');
    await sandbox.http.send('GET', `/order/v1.0/orders/${order.id}`, { token: demo });
    await sandbox.http.send('GET', `/order/v1.0/orders/${order.id}`);
    const response = await sandbox.http.send('GET', `/_sandbox/orders/${order.id}/calls`);
    assert.equal(response.status, 200);
    const calls = (response.body as { calls: { route: string; status: number; method: string; at: string; dropped: boolean }[] }).calls;
    assert.deepEqual(
      calls.map((c) => [c.route, c.status]),
      [
        ['POST /orders/{id}/confirm', 202],
        ['POST /orders/{id}/confirm', 409],
        ['GET /orders/{id}', 200],
        ['GET /orders/{id}', 401],
      ],
    );
    assert.ok(calls.every((c) => !c.dropped && Number.isFinite(Date.parse(c.at))));
  });

  it('lists and shows orders, and reset empties them', async () => {
    const fresh = await withSandbox();
    try {
      const order = await createOrder(fresh, { merchantId: DEMO_RESTAURANT_ID });
      const list = (await fresh.http.send('GET', `/_sandbox/orders?merchantId=${DEMO_RESTAURANT_ID}`)).body as { orders: { id: string }[] };
      assert.deepEqual(
        list.orders.map((o) => o.id),
        [order.id],
      );
      const shown = (await fresh.http.send('GET', `/_sandbox/orders/${order.id}`)).body as { order: { id: string }; driver: null };
      assert.equal(shown.order.id, order.id);
      assert.equal(shown.driver, null);
      assert.equal((await fresh.http.send('POST', '/_sandbox/reset')).status, 200);
      assertError(await fresh.http.send('GET', `/_sandbox/orders/${order.id}`), 404);
      assert.deepEqual(((await fresh.http.send('GET', '/_sandbox/events')).body as { events: unknown[] }).events, []);
      // The same seed after a reset: the same first order again, under a new id.
      const again = await createOrder(fresh, { merchantId: DEMO_RESTAURANT_ID });
      assert.notEqual(again.id, order.id);
      const content = (o: Record<string, any>) => [o.displayId, o.customer.name, o.items.map((i: { name: string }) => i.name), o.total]; // eslint-disable-line @typescript-eslint/no-explicit-any
      assert.deepEqual(content(again), content(order));
    } finally {
      await fresh.close();
    }
  });
});
