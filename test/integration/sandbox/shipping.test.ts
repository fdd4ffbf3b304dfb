import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { sandboxWithTokens } from '../../support/sandbox/sandbox';
import { action, advance, assertError, codesOf, control, createOrder, detailOf, O, type Sandbox } from '../../support/sandbox/orders';

const S = '/shipping/v1.0';

describe('sandbox shipping style A: a platform driver for a merchant delivery', () => {
  let sandbox: Sandbox;
  let demo: string;
  let other: string;
  before(async () => ({ sandbox, demo, other } = await sandboxWithTokens()));
  after(() => sandbox.close());

  const merchantDelivery = async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, deliveredBy: 'MERCHANT' });
    await action(sandbox, demo, order.id, 'confirm');
    return order;
  };
  const quoteFor = async (orderId: string) => {
    const response = await sandbox.http.send('GET', `${S}/orders/${orderId}/deliveryAvailabilities`, { token: demo });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const requestDriver = (orderId: string, json: unknown) => sandbox.http.send('POST', `${S}/orders/${orderId}/requestDriver`, { token: demo, json });

  it('quotes a delivery for the order: no preparationTime nor raise, a validity window, payment methods', async () => {
    const order = await merchantDelivery();
    const response = await sandbox.http.send('GET', `${S}/orders/${order.id}/deliveryAvailabilities`, { token: demo });
    assert.equal(response.headers['x-ratelimit-limit'], '4000');
    const quote = response.body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    assert.match(quote.id, /^[0-9a-f-]{36}$/);
    assert.ok(Date.parse(quote.expirationAt) > Date.parse(quote.createdAt));
    assert.ok(quote.distance > 0);
    assert.equal(quote.preparationTime, undefined);
    assert.equal(quote.quote.raise, undefined);
    assert.equal(quote.quote.netValue, Math.round((quote.quote.grossValue - quote.quote.discount) * 100) / 100);
    assert.ok(quote.deliveryTime.min < quote.deliveryTime.max);
    assert.equal(quote.hasPaymentMethods, true);
    for (const m of quote.paymentMethods) assert.deepEqual(Object.keys(m).sort(), ['brand', 'id', 'liability', 'method', 'paymentType']);
  });

  it('refuses to quote a PLATFORM delivery or an unconfirmed order (409); 404/403/400 for the id', async () => {
    const platform = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await action(sandbox, demo, platform.id, 'confirm');
    assertError(await sandbox.http.send('GET', `${S}/orders/${platform.id}/deliveryAvailabilities`, { token: demo }), 409, 'NotMerchantDelivery');
    const placed = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, deliveredBy: 'MERCHANT' });
    assertError(await sandbox.http.send('GET', `${S}/orders/${placed.id}/deliveryAvailabilities`, { token: demo }), 409, 'InvalidOrderStatus');
    assertError(await sandbox.http.send('GET', `${S}/orders/00000000-0000-4000-8000-000000000000/deliveryAvailabilities`, { token: demo }), 404);
    assertError(await sandbox.http.send('GET', `${S}/orders/xyz/deliveryAvailabilities`, { token: demo }), 400);
    assertError(await sandbox.http.send('GET', `${S}/orders/${placed.id}/deliveryAvailabilities`, { token: other }), 403);
    assertError(await sandbox.http.send('GET', `${S}/orders/${placed.id}/deliveryAvailabilities`), 401);
  });

  it('requests a driver with a valid quote: 202 text, REQUEST_DRIVER_SUCCESS, then ASSIGN_DRIVER and tracking', async () => {
    const order = await merchantDelivery();
    const quote = await quoteFor(order.id);
    const response = await requestDriver(order.id, { quoteId: quote.id });
    assert.equal(response.status, 202);
    assert.match(response.headers['content-type'] ?? '', /text\/plain/);
    assert.ok(response.bytes.length > 0);
    const detail = await detailOf(sandbox, demo, order.id);
    assert.equal(detail.delivery.deliveredBy, 'PLATFORM');
    assert.match(detail.delivery.pickupCode, /^\d{4}$/);
    assert.deepEqual(await codesOf(sandbox, order.id), ['PLC', 'CFM', 'RDS']);
    assertError(await sandbox.http.send('GET', `${S}/orders/${order.id}/tracking`, { token: demo }), 404);
    assertError(await requestDriver(order.id, { quoteId: quote.id }), 409, 'DriverAlreadyRequested');
    await advance(sandbox, 60);
    assert.deepEqual(await codesOf(sandbox, order.id), ['PLC', 'CFM', 'RDS', 'ADR']);
    const tracking = await sandbox.http.send('GET', `${S}/orders/${order.id}/tracking`, { token: demo });
    assert.equal(tracking.status, 200);
    assert.equal(typeof (tracking.body as { latitude: number }).latitude, 'number');
    // The order is now a platform delivery: the order module's tracking works too.
    assert.equal((await sandbox.http.send('GET', `${O}/orders/${order.id}/tracking`, { token: demo })).status, 200);
  });

  it('refuses a bad body (400), a quote of another order (400), an expired quote (409)', async () => {
    const order = await merchantDelivery();
    assertError(await requestDriver(order.id, {}), 400);
    assertError(await requestDriver(order.id, { quoteId: 'nope' }), 400);
    assertError(await requestDriver(order.id, { quoteId: '00000000-0000-4000-8000-000000000000' }), 400, 'InvalidQuote');
    const another = await merchantDelivery();
    const foreign = await quoteFor(another.id);
    assertError(await requestDriver(order.id, { quoteId: foreign.id }), 400, 'InvalidQuote');
    const quote = await quoteFor(order.id);
    await advance(sandbox, 5 * 60);
    demo = await sandbox.http.token('demo', 'demo-secret');
    assertError(await requestDriver(order.id, { quoteId: quote.id }), 409, 'QuoteExpired');
    assert.equal((await detailOf(sandbox, demo, order.id)).delivery.deliveredBy, 'MERCHANT');
  });

  it('cancels the driver request before collection: REQUEST_DRIVER_FAILED, the merchant delivers again', async () => {
    const order = await merchantDelivery();
    assertError(await sandbox.http.send('POST', `${S}/orders/${order.id}/cancelRequestDriver`, { token: demo }), 409, 'NoDriverRequest');
    const quote = await quoteFor(order.id);
    await requestDriver(order.id, { quoteId: quote.id });
    await advance(sandbox, 60);
    const response = await sandbox.http.send('POST', `${S}/orders/${order.id}/cancelRequestDriver`, { token: demo });
    assert.equal(response.status, 202);
    assert.equal(response.headers['x-ratelimit-limit'], '600');
    const codes = await codesOf(sandbox, order.id);
    assert.deepEqual(codes.slice(-3), ['RDS', 'ADR', 'RDF']);
    const detail = await detailOf(sandbox, demo, order.id);
    assert.equal(detail.delivery.deliveredBy, 'MERCHANT');
    assert.equal(detail.delivery.pickupCode, undefined);
    assertError(await sandbox.http.send('GET', `${S}/orders/${order.id}/tracking`, { token: demo }), 404);
    assert.equal((await action(sandbox, demo, order.id, 'dispatch', { deliveredBy: 'MERCHANT' })).status, 202);
  });

  it('refuses to cancel once the driver collected the order', async () => {
    const order = await merchantDelivery();
    await requestDriver(order.id, { quoteId: (await quoteFor(order.id)).id });
    await advance(sandbox, 60);
    for (let i = 0; i < 3; i++) await control(sandbox, order.id, 'advanceDriver');
    assertError(await sandbox.http.send('POST', `${S}/orders/${order.id}/cancelRequestDriver`, { token: demo }), 409, 'DriverAlreadyCollected');
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'DISPATCHED');
  });

  it('answers tracking 404 for an order without driver and 403 for another application', async () => {
    const bakery = await createOrder(sandbox, { merchantId: OTHER_BAKERY_ID });
    assertError(await sandbox.http.send('GET', `${S}/orders/${bakery.id}/tracking`, { token: demo }), 403);
    assertError(await sandbox.http.send('GET', `${S}/orders/${bakery.id}/tracking`, { token: other }), 404);
  });
});
