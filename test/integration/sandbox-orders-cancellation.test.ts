import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../src-sandbox/index';
import { withSandbox } from '../support/sandbox';
import { action, advance, assertError, codesOf, control, createOrder, detailOf, drain, O, type Sandbox } from '../support/sandbox-orders';

describe('sandbox orders: cancellation', () => {
  let sandbox: Sandbox;
  let demo: string;
  before(async () => {
    sandbox = await withSandbox();
    demo = await sandbox.http.token('demo', 'demo-secret');
  });
  after(() => sandbox.close());

  const reasonsOf = async (orderId: string) => {
    const response = await sandbox.http.send('GET', `${O}/orders/${orderId}/cancellationReasons`, { token: demo });
    assert.equal(response.status, 200);
    return (response.body as { reasons: { code: string; description: string }[] }).reasons;
  };

  it('lists the common cancellation codes of spec §4.5 while the order can be cancelled', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const reasons = await reasonsOf(order.id);
    assert.deepEqual(reasons.map((r) => r.code), ['501', '502', '503', '504', '505', '506', '507', '508', '509', '511', '512']);
    for (const r of reasons) assert.ok(r.description.length > 0);
  });

  it('accepts a request with a listed code: CANCELLATION_REQUESTED, then CANCELLED a few seconds later', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await action(sandbox, demo, order.id, 'confirm');
    await drain(sandbox, demo);
    const response = await action(sandbox, demo, order.id, 'requestCancellation', { reason: '503' });
    assert.equal(response.status, 202);
    assert.deepEqual(response.body, { status: 'ACCEPTED' });
    assert.equal(response.headers['x-ratelimit-limit'], '300');
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'CANCELLATION_REQUESTED');
    assertError(await action(sandbox, demo, order.id, 'requestCancellation', { reason: '503' }), 409);
    assertError(await action(sandbox, demo, order.id, 'startPreparation'), 409);
    assert.deepEqual((await drain(sandbox, demo)).map((e) => e.code), ['CAR']);
    await advance(sandbox, 5);
    const events = await drain(sandbox, demo);
    assert.deepEqual(events.map((e) => e.code), ['CAN']);
    assert.equal(events[0]?.metadata.origin, 'MERCHANT');
    assert.equal(events[0]?.metadata.cancelCode, '503');
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'CANCELLED');
    assert.deepEqual(await reasonsOf(order.id), []);
    assertError(await action(sandbox, demo, order.id, 'requestCancellation', { reason: '501' }), 409);
  });

  it('refuses an unknown or missing reason with 400, leaving the order as it was', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    assertError(await action(sandbox, demo, order.id, 'requestCancellation', { reason: '999' }), 400);
    assertError(await action(sandbox, demo, order.id, 'requestCancellation', { reason: 503 }), 400);
    assertError(await action(sandbox, demo, order.id, 'requestCancellation'), 400);
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'PLACED');
  });

  it('lets the merchant reject a PLACED order by requesting its cancellation', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    assert.equal((await action(sandbox, demo, order.id, 'requestCancellation', { reason: '508' })).status, 202);
    await advance(sandbox, 5);
    assert.deepEqual(await codesOf(sandbox, order.id), ['PLC', 'CAR', 'CAN']);
  });

  it('fails the request (CANCELLATION_REQUEST_FAILED) once a platform driver is on the way; the status comes back', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await action(sandbox, demo, order.id, 'confirm');
    await action(sandbox, demo, order.id, 'startPreparation');
    assert.equal((await control(sandbox, order.id, 'assignDriver')).status, 200);
    assert.equal((await action(sandbox, demo, order.id, 'requestCancellation', { reason: '509' })).status, 202);
    await advance(sandbox, 5);
    assert.deepEqual(await codesOf(sandbox, order.id), ['PLC', 'CFM', 'PRS', 'ADR', 'CAR', 'CARF']);
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'PREPARATION_STARTED');
  });

  it('refuses cancellation of a dispatched or concluded order (409)', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, deliveredBy: 'MERCHANT' });
    await action(sandbox, demo, order.id, 'confirm');
    await action(sandbox, demo, order.id, 'dispatch', { deliveredBy: 'MERCHANT' });
    assertError(await action(sandbox, demo, order.id, 'requestCancellation', { reason: '501' }), 409, 'InvalidOrderStatus');
    assert.equal((await control(sandbox, order.id, 'conclude')).status, 200);
    assertError(await action(sandbox, demo, order.id, 'requestCancellation', { reason: '501' }), 409);
  });
});
