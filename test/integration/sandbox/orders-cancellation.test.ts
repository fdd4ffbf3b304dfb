import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { PENALTY_CANCELLATIONS, PENALTY_PAUSE_DESCRIPTION, PENALTY_PAUSE_MS, PENALTY_WINDOW_MS } from '../../../src-sandbox/orders/penalties';
import { sandboxWithTokens, withSandbox } from '../../support/sandbox/sandbox';
import { action, advance, assertError, codesOf, control, createOrder, detailOf, drain, O, type Sandbox } from '../../support/sandbox/orders';

describe('sandbox orders: cancellation', () => {
  let sandbox: Sandbox;
  let demo: string;
  before(async () => ({ sandbox, demo } = await sandboxWithTokens()));
  after(() => sandbox.close());

  const reasonsOf = async (orderId: string) => {
    const response = await sandbox.http.send('GET', `${O}/orders/${orderId}/cancellationReasons`, { token: demo });
    assert.equal(response.status, 200);
    return (response.body as { reasons: { code: string; description: string }[] }).reasons;
  };

  it('lists the common cancellation codes of spec §4.5 while the order can be cancelled', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const reasons = await reasonsOf(order.id);
    assert.deepEqual(
      reasons.map((r) => r.code),
      ['501', '502', '503', '504', '505', '506', '507', '508', '509', '511', '512'],
    );
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
    assert.deepEqual(
      (await drain(sandbox, demo)).map((e) => e.code),
      ['CAR'],
    );
    await advance(sandbox, 5);
    const events = await drain(sandbox, demo);
    assert.deepEqual(
      events.map((e) => e.code),
      ['CAN'],
    );
    assert.equal(events[0]?.metadata.origin, 'MERCHANT');
    assert.equal(events[0]?.metadata.cancelCode, '503');
    assert.equal(events[0]?.metadata.reason, 'Item indisponível', 'the listed description of the code');
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
    const carf = ((await sandbox.http.send('GET', '/_sandbox/events')).body as { events: { orderId: string; code: string; metadata: unknown }[] }).events.find(
      (e) => e.orderId === order.id && e.code === 'CARF',
    );
    assert.deepEqual(carf?.metadata, { reasonCode: '509', failureCode: 'DRIVER_ON_THE_WAY', reason: 'Um entregador da plataforma já está a caminho' });
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

  it('confirming a PLACED order whose cancellation is pending withdraws the request: CANCELLATION_REQUEST_FAILED, then CONFIRMED (spec §6)', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    assert.equal((await action(sandbox, demo, order.id, 'requestCancellation', { reason: '503' })).status, 202);
    const confirmed = await action(sandbox, demo, order.id, 'confirm');
    assert.equal(confirmed.status, 202);
    assert.deepEqual(confirmed.body, { status: 'ACCEPTED' });
    await advance(sandbox, 5);
    assert.deepEqual(await codesOf(sandbox, order.id), ['PLC', 'CAR', 'CARF', 'CFM'], 'the pending decision never cancels it');
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'CONFIRMED');
    // A request from a confirmed order cannot be withdrawn by confirming again.
    assert.equal((await action(sandbox, demo, order.id, 'requestCancellation', { reason: '503' })).status, 202);
    assertError(await action(sandbox, demo, order.id, 'confirm'), 409, 'InvalidOrderStatus');
  });
});

describe('sandbox orders: excessive cancellations close the store for a while (spec §4.5)', () => {
  it('pauses the store after the fifth accepted merchant cancellation within an hour; the merchant cannot lift the pause', async () => {
    const sandbox = await withSandbox();
    try {
      const demo = await sandbox.http.token();
      const interruptions = `/merchant/v1.0/merchants/${DEMO_GROCERY_ID}/interruptions`;
      const cancelOne = async () => {
        const order = await createOrder(sandbox, { merchantId: DEMO_GROCERY_ID, orderType: 'TAKEOUT' });
        assert.equal((await action(sandbox, demo, order.id, 'requestCancellation', { reason: '503' })).status, 202);
        await advance(sandbox, 5);
        assert.equal((await detailOf(sandbox, demo, order.id)).status, 'CANCELLED');
      };
      // Customer and platform cancellations do not count.
      const byCustomer = await createOrder(sandbox, { merchantId: DEMO_GROCERY_ID });
      await control(sandbox, byCustomer.id, 'customerCancel');
      for (let i = 1; i < PENALTY_CANCELLATIONS; i++) await cancelOne();
      assert.deepEqual((await sandbox.http.send('GET', interruptions, { token: demo })).body, [], `${PENALTY_CANCELLATIONS - 1} cancellations: no penalty`);
      await cancelOne();
      const paused = (await sandbox.http.send('GET', interruptions, { token: demo })).body as { id: string; description: string; start: string; end: string }[];
      assert.equal(paused.length, 1);
      assert.equal(paused[0]?.description, PENALTY_PAUSE_DESCRIPTION);
      assert.equal(Date.parse(paused[0]!.end) - Date.parse(paused[0]!.start), PENALTY_PAUSE_MS);
      sandbox.world.recordPoll({ clientId: 'demo' });
      const [status] = (await sandbox.http.send('GET', `/merchant/v1.0/merchants/${DEMO_GROCERY_ID}/status/TAKEOUT`, { token: demo })).body as {
        state: string;
        validations: { code: string; state: string }[];
      }[];
      assert.equal(status?.validations.find((v) => v.code === 'unavailabilities')?.state, 'CLOSED');
      const removal = await sandbox.http.send('DELETE', `${interruptions}/${paused[0]!.id}`, { token: demo });
      assert.equal(removal.status, 403);
      assert.equal((removal.body as { error: string }).error, 'Forbidden');
      // The pause ends by itself; cancellations older than the window stop counting.
      await advance(sandbox, PENALTY_WINDOW_MS / 1000);
      const fresh = await sandbox.http.token();
      assert.deepEqual((await sandbox.http.send('GET', interruptions, { token: fresh })).body, []);
      const order = await createOrder(sandbox, { merchantId: DEMO_GROCERY_ID, orderType: 'TAKEOUT' });
      await action(sandbox, fresh, order.id, 'requestCancellation', { reason: '503' });
      await advance(sandbox, 5);
      assert.deepEqual((await sandbox.http.send('GET', interruptions, { token: fresh })).body, []);
    } finally {
      await sandbox.close();
    }
  });
});
