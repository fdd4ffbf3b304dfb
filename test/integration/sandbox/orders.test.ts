import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { isValidUpcA } from '../../../src-shared/upc';
import { sandboxWithTokens, withSandbox } from '../../support/sandbox/sandbox';
import { action, advance, assertError, codesOf, createOrder, detailOf, drain, O, type Sandbox } from '../../support/sandbox/orders';

describe('sandbox orders: detail and lifecycle', () => {
  let sandbox: Sandbox;
  let demo: string;
  let other: string;
  before(async () => ({ sandbox, demo, other } = await sandboxWithTokens()));
  after(() => sandbox.close());

  it('creates a DELIVERY / PLATFORM / IMMEDIATE order by default, with the documented detail shape', async () => {
    const created = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const order = await detailOf(sandbox, demo, created.id);
    assert.deepEqual(order, created);
    assert.equal(order.status, 'PLACED');
    assert.equal(order.orderType, 'DELIVERY');
    assert.equal(order.orderTiming, 'IMMEDIATE');
    assert.equal(order.category, 'FOOD');
    assert.equal(order.salesChannel, 'PLATFORM-APP');
    assert.match(order.displayId, /^\d{4}$/);
    assert.deepEqual(order.merchant, { id: DEMO_RESTAURANT_ID, name: 'Cantina da Vila' });
    assert.equal(order.preparationStartDateTime, order.createdAt);
    assert.match(order.customer.phone.localizer, /^\d{8}$/);
    assert.ok(Date.parse(order.customer.phone.localizerExpiration) > Date.parse(order.createdAt));
    assert.ok(order.items.length >= 1);
    for (const item of order.items) {
      assert.equal(item.totalPrice, Math.round((item.unitPrice * item.quantity + item.optionsPrice) * 100) / 100);
      assert.equal(item.optionsPrice, Math.round(item.options.reduce((s: number, o: { price: number }) => s + o.price, 0) * 100) / 100);
    }
    const t = order.total;
    assert.equal(t.orderAmount, Math.round((t.subTotal + t.deliveryFee + t.additionalFees - t.benefits) * 100) / 100);
    assert.equal(Math.round((order.payments.prepaid + order.payments.pending) * 100) / 100, t.orderAmount);
    assert.equal(order.delivery.deliveredBy, 'PLATFORM');
    assert.match(order.delivery.pickupCode, /^\d{4}$/);
    assert.equal(typeof order.delivery.deliveryAddress.coordinates.latitude, 'number');
    assert.equal(order.takeout, undefined);
    assert.equal(order.schedule, undefined);
  });

  it("answers 401 without a token, 403 for another application's order, 404 unknown, 400 malformed id", async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    assertError(await sandbox.http.send('GET', `${O}/orders/${order.id}`), 401);
    assertError(await sandbox.http.send('GET', `${O}/orders/${order.id}`, { token: other }), 403, 'Forbidden');
    assertError(await sandbox.http.send('POST', `${O}/orders/${order.id}/confirm`, { token: other }), 403);
    assertError(await sandbox.http.send('GET', `${O}/orders/00000000-0000-4000-8000-000000000000`, { token: demo }), 404, 'NotFound');
    assertError(await sandbox.http.send('GET', `${O}/orders/not-a-uuid`, { token: demo }), 400);
    const bakery = await createOrder(sandbox, { merchantId: OTHER_BAKERY_ID });
    assert.equal((await sandbox.http.send('GET', `${O}/orders/${bakery.id}`, { token: other })).status, 200);
  });

  it('confirms with 202 ACCEPTED, the outcome as a later CONFIRMED event; a second confirm is 409', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await drain(sandbox, demo);
    const first = await action(sandbox, demo, order.id, 'confirm');
    assert.equal(first.status, 202);
    assert.deepEqual(first.body, { status: 'ACCEPTED' });
    const events = await drain(sandbox, demo);
    assert.deepEqual(
      events.map((e) => [e.code, e.fullCode, e.orderId]),
      [['CFM', 'CONFIRMED', order.id]],
    );
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'CONFIRMED');
    assertError(await action(sandbox, demo, order.id, 'confirm'), 409, 'InvalidOrderStatus');
    assert.equal(first.headers['x-ratelimit-limit'], '3000');
  });

  it('walks a merchant delivery: confirm, startPreparation, readyToPickup, dispatch', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, deliveredBy: 'MERCHANT' });
    assert.equal(order.delivery.pickupCode, undefined);
    assertError(await action(sandbox, demo, order.id, 'startPreparation'), 409);
    assertError(await action(sandbox, demo, order.id, 'readyToPickup'), 409);
    assertError(await action(sandbox, demo, order.id, 'dispatch', { deliveredBy: 'MERCHANT' }), 409, 'InvalidOrderStatus');
    for (const name of ['confirm', 'startPreparation', 'readyToPickup']) assert.equal((await action(sandbox, demo, order.id, name)).status, 202);
    assertError(await action(sandbox, demo, order.id, 'startPreparation'), 409);
    assertError(await action(sandbox, demo, order.id, 'dispatch'), 400);
    assertError(await action(sandbox, demo, order.id, 'dispatch', { deliveredBy: 'PLATFORM' }), 400);
    assert.equal((await action(sandbox, demo, order.id, 'dispatch', { deliveredBy: 'MERCHANT' })).status, 202);
    assert.deepEqual(await codesOf(sandbox, order.id), ['PLC', 'CFM', 'PRS', 'RTP', 'DSP']);
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'DISPATCHED');
    assertError(await action(sandbox, demo, order.id, 'dispatch', { deliveredBy: 'MERCHANT' }), 409);
  });

  it('refuses to dispatch a PLATFORM delivery or a TAKEOUT order (409)', async () => {
    const platform = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await action(sandbox, demo, platform.id, 'confirm');
    assertError(await action(sandbox, demo, platform.id, 'dispatch', { deliveredBy: 'MERCHANT' }), 409, 'NotMerchantDelivery');
    const takeout = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    assert.equal(takeout.delivery, undefined);
    assert.ok(Date.parse(takeout.takeout.takeoutDateTime) > Date.parse(takeout.createdAt));
    await action(sandbox, demo, takeout.id, 'confirm');
    assertError(await action(sandbox, demo, takeout.id, 'dispatch', { deliveredBy: 'MERCHANT' }), 409, 'NotMerchantDelivery');
    assert.equal((await action(sandbox, demo, takeout.id, 'readyToPickup')).status, 202);
  });

  it('tells the grocery order apart: GROCERY category, items with a 12-digit UPC-A ean', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_GROCERY_ID, orderType: 'TAKEOUT' });
    assert.equal(order.category, 'GROCERY');
    for (const item of order.items) assert.ok(isValidUpcA(item.ean), `${item.ean} is UPC-A`);
    const pizza = await createOrder(sandbox, { merchantId: DEMO_PIZZERIA_ID, orderType: 'DINE_IN' });
    assert.equal(pizza.orderType, 'DINE_IN');
    assert.equal(pizza.delivery, undefined);
  });

  it('answers malformed JSON with 400 and keeps the order intact', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, deliveredBy: 'MERCHANT' });
    await action(sandbox, demo, order.id, 'confirm');
    const bad = await sandbox.http.send('POST', `${O}/orders/${order.id}/dispatch`, { token: demo, raw: '{"deliveredBy":' });
    assertError(bad, 400);
    const wrongType = await sandbox.http.send('POST', `${O}/orders/${order.id}/dispatch`, { token: demo, json: ['MERCHANT'] });
    assertError(wrongType, 400);
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'CONFIRMED');
  });
});

describe('sandbox orders: deadlines and scheduling', () => {
  let sandbox: Sandbox;
  let demo: string;
  beforeEach(async () => {
    sandbox = await withSandbox();
    demo = await sandbox.http.token('demo', 'demo-secret');
  });
  afterEach(() => sandbox.close());

  it('cancels an order nobody confirmed in 8 minutes; confirm is then 409', async () => {
    const late = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const onTime = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await advance(sandbox, 7 * 60 + 50);
    assert.equal((await action(sandbox, demo, onTime.id, 'confirm')).status, 202);
    await advance(sandbox, 15);
    const events = await drain(sandbox, demo);
    const cancel = events.find((e) => e.orderId === late.id && e.code === 'CAN');
    assert.ok(cancel, 'a CANCELLED event for the late order');
    assert.equal(cancel.metadata.origin, 'PLATFORM');
    // A code the terminal words in its own language, and the platform's own text in Portuguese.
    assert.equal(cancel.metadata.cancelCode, 'CONFIRMATION_TIMEOUT');
    assert.equal(cancel.metadata.reason, 'Pedido não confirmado pela loja em até 8 minutos');
    assert.equal(Date.parse(cancel.createdAt) - Date.parse(late.createdAt), 8 * 60_000, 'cancelled exactly at the deadline');
    assert.ok(!events.some((e) => e.orderId === onTime.id && e.code === 'CAN'));
    assertError(await action(sandbox, demo, late.id, 'confirm'), 409, 'ConfirmationDeadlinePassed');
    assert.equal((await detailOf(sandbox, demo, late.id)).status, 'CANCELLED');
  });

  it('holds a scheduled order until preparationStartDateTime (409 PreparationNotDue), then sends RPS', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderTiming: 'SCHEDULED' });
    assert.equal(order.orderTiming, 'SCHEDULED');
    const start = Date.parse(order.schedule.deliveryDateTimeStart);
    assert.equal(Date.parse(order.schedule.deliveryDateTimeEnd) - start, 30 * 60_000);
    const prep = Date.parse(order.preparationStartDateTime);
    assert.ok(prep > Date.parse(order.createdAt) && prep < start);
    assert.equal(Date.parse(order.delivery.deliveryDateTime), start);
    assert.equal((await action(sandbox, demo, order.id, 'confirm')).status, 202);
    assertError(await action(sandbox, demo, order.id, 'startPreparation'), 409, 'PreparationNotDue');
    await advance(sandbox, Math.ceil((prep - Date.parse(order.createdAt)) / 1000) + 1);
    demo = await sandbox.http.token('demo', 'demo-secret'); // hours passed: a fresh token
    assert.equal((await action(sandbox, demo, order.id, 'startPreparation')).status, 202);
    const codes = await codesOf(sandbox, order.id);
    assert.deepEqual(codes, ['PLC', 'CFM', 'RPS', 'PRS']);
  });

  it('sends RECOMMENDED_PREPARATION_START only to stores using smart preparation (spec §6)', async () => {
    const features = await sandbox.http.send('PUT', `/_sandbox/merchants/${DEMO_RESTAURANT_ID}/features`, { json: { smartPreparation: false } });
    assert.equal(features.status, 200);
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderTiming: 'SCHEDULED' });
    const smart = await createOrder(sandbox, { merchantId: DEMO_PIZZERIA_ID, orderTiming: 'SCHEDULED' });
    await action(sandbox, demo, order.id, 'confirm');
    await action(sandbox, demo, smart.id, 'confirm');
    await advance(sandbox, Math.ceil((Date.parse(order.preparationStartDateTime) - Date.parse(order.createdAt)) / 1000) + 1);
    assert.deepEqual(await codesOf(sandbox, order.id), ['PLC', 'CFM']);
    assert.deepEqual(await codesOf(sandbox, smart.id), ['PLC', 'CFM', 'RPS']);
  });
});
