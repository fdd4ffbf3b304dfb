import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { sandboxWithTokens } from '../../support/sandbox/sandbox';
import { action, assertError, createOrder, detailOf, drain, O, type ControlEvent, type Sandbox } from '../../support/sandbox/orders';

describe('sandbox fault injection', () => {
  let sandbox: Sandbox;
  let demo: string;
  before(async () => ({ sandbox, demo } = await sandboxWithTokens()));
  beforeEach(async () => {
    assert.equal((await sandbox.http.send('PUT', '/_sandbox/faults', { json: {} })).status, 200);
  });
  after(() => sandbox.close());

  const setFaults = async (json: Record<string, unknown>) => {
    const response = await sandbox.http.send('PUT', '/_sandbox/faults', { json });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body as { faults: Record<string, unknown> };
  };

  it('validates the configuration (400) and reads it back', async () => {
    for (const json of [{ errorRate: 2 }, { errorStatus: 200 }, { latencyMs: -1 }, { dropMode: 'never' }, { other: 1 }, { seed: 1.5 }]) {
      assertError(await sandbox.http.send('PUT', '/_sandbox/faults', { json }), 400);
    }
    const set = await setFaults({ errorRate: 0.25, seed: 9 });
    assert.equal(set.faults.errorRate, 0.25);
    assert.equal(set.faults.errorStatus, 503);
    const read = (await sandbox.http.send('GET', '/_sandbox/faults')).body as { faults: Record<string, unknown> };
    assert.deepEqual(read, set);
  });

  it("answers errorStatus before doing anything, in the module's error shape; control routes are never affected", async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await setFaults({ errorRate: 1 });
    const failed = await action(sandbox, demo, order.id, 'confirm');
    assertError(failed, 503);
    const merchant = await sandbox.http.send('GET', `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}`, { token: demo });
    assert.equal(merchant.status, 503);
    assert.equal(typeof (merchant.body as { error: string }).error, 'string', 'merchant error body shape');
    const shown = await sandbox.http.send('GET', `/_sandbox/orders/${order.id}`);
    assert.equal(shown.status, 200);
    assert.equal((shown.body as { order: { status: string } }).order.status, 'PLACED', 'the action was not applied');
    await setFaults({ errorRate: 1, errorStatus: 429 });
    const limited = await action(sandbox, demo, order.id, 'confirm');
    assertError(limited, 429);
    assert.equal(limited.headers['retry-after'], '1');
  });

  it('drops the connection after applying the action (default): the answer is lost, the resend is 409', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await setFaults({ dropRate: 1 });
    await assert.rejects(action(sandbox, demo, order.id, 'confirm'));
    await setFaults({});
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'CONFIRMED');
    assertError(await action(sandbox, demo, order.id, 'confirm'), 409);
    const calls = (await sandbox.http.send('GET', `/_sandbox/orders/${order.id}/calls`)).body as {
      calls: { route: string; status: number | null; dropped: boolean }[];
    };
    assert.deepEqual(
      calls.calls.map((c) => [c.route, c.status, c.dropped]),
      [
        ['POST /orders/{id}/confirm', null, true],
        ['GET /orders/{id}', 200, false],
        ['POST /orders/{id}/confirm', 409, false],
      ],
    );
  });

  it('drops before the action with dropMode beforeAction: nothing is applied', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await setFaults({ dropRate: 1, dropMode: 'beforeAction' });
    await assert.rejects(action(sandbox, demo, order.id, 'confirm'));
    await setFaults({});
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'PLACED');
    assert.equal((await action(sandbox, demo, order.id, 'confirm')).status, 202);
  });

  it('adds latency to every API response but not to control routes', async () => {
    await setFaults({ latencyMs: 150 });
    let start = performance.now();
    assert.equal((await sandbox.http.send('GET', `${O}/orders:polling`, { token: demo })).status, 200);
    assert.ok(performance.now() - start >= 140, 'API answer delayed');
    start = performance.now();
    await sandbox.http.send('GET', '/_sandbox/clock');
    assert.ok(performance.now() - start < 140, 'control answer not delayed');
  });

  it('delivers polled events twice in the same poll with duplicateRate, counting both deliveries', async () => {
    await drain(sandbox, demo);
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await action(sandbox, demo, order.id, 'confirm');
    await setFaults({ duplicateRate: 1, seed: 5 });
    const response = await sandbox.http.send('GET', `${O}/orders:polling`, { token: demo });
    const events = (response.body as { events: { id: string; code: string }[] }).events;
    assert.equal(events.length, 4);
    assert.deepEqual([...new Set(events.map((e) => e.code))].sort(), ['CFM', 'PLC']);
    const log = (await sandbox.http.send('GET', `/_sandbox/events?merchantId=${DEMO_RESTAURANT_ID}`)).body as { events: ControlEvent[] };
    for (const e of log.events.filter((x) => x.orderId === order.id)) assert.equal(e.deliveries, 2);
    await setFaults({});
    await drain(sandbox, demo);
  });

  it('replays the same faults for the same seed', async () => {
    const pattern = async () => {
      await setFaults({ errorRate: 0.5, seed: 1234 });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await sandbox.http.send('GET', `${O}/orders:polling?limit=1`, { token: demo })).status);
      return statuses;
    };
    const first = await pattern();
    assert.deepEqual(await pattern(), first);
    assert.ok(first.includes(503) && first.includes(200));
  });

  it('goes back to no fault on reset', async () => {
    await setFaults({ errorRate: 1 });
    assert.equal((await sandbox.http.send('POST', '/_sandbox/reset')).status, 200);
    const read = (await sandbox.http.send('GET', '/_sandbox/faults')).body as { faults: { errorRate: number } };
    assert.equal(read.faults.errorRate, 0);
    demo = await sandbox.http.token('demo', 'demo-secret');
    assert.equal((await sandbox.http.send('GET', `${O}/orders:polling`, { token: demo })).status, 200);
  });
});
