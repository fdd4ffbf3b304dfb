import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { sandboxWithTokens } from '../../support/sandbox/sandbox';
import { ack, action, assertError, createOrder, drain, O, poll, type ControlEvent, type Sandbox } from '../../support/sandbox/orders';

describe('sandbox events: polling and acknowledgment', () => {
  let sandbox: Sandbox;
  let demo: string;
  let other: string;
  before(async () => ({ sandbox, demo, other } = await sandboxWithTokens()));
  after(() => sandbox.close());

  const controlEvents = async (merchantId?: string) => {
    const response = await sandbox.http.send('GET', `/_sandbox/events${merchantId ? `?merchantId=${merchantId}` : ''}`);
    assert.equal(response.status, 200);
    return (response.body as { events: ControlEvent[] }).events;
  };

  it('returns unacknowledged events oldest first with every field; acknowledged ones never come back', async () => {
    await drain(sandbox, demo);
    const a = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const b = await createOrder(sandbox, { merchantId: DEMO_GROCERY_ID });
    await action(sandbox, demo, a.id, 'confirm');
    const events = await poll(sandbox, demo);
    assert.deepEqual(
      events.map((e) => [e.orderId, e.code]),
      [
        [a.id, 'PLC'],
        [b.id, 'PLC'],
        [a.id, 'CFM'],
      ],
    );
    for (const e of events) {
      assert.deepEqual(Object.keys(e).sort(), ['code', 'createdAt', 'fullCode', 'id', 'merchantId', 'metadata', 'orderId']);
      assert.equal(typeof e.metadata, 'object');
    }
    assert.deepEqual(
      events.map((e) => e.merchantId),
      [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID, DEMO_RESTAURANT_ID],
    );
    const times = events.map((e) => Date.parse(e.createdAt));
    assert.deepEqual(
      times,
      [...times].sort((x, y) => x - y),
    );
    // Not acknowledged: they come back.
    assert.deepEqual(
      (await poll(sandbox, demo)).map((e) => e.id),
      events.map((e) => e.id),
    );
    await ack(sandbox, demo, [events[0]?.id ?? '', events[2]?.id ?? '']);
    assert.deepEqual(
      (await poll(sandbox, demo)).map((e) => e.id),
      [events[1]?.id],
    );
    await ack(sandbox, demo, [events[1]?.id ?? '']);
    assert.deepEqual(await poll(sandbox, demo), []);
  });

  it('counts deliveries and shows acknowledged state on the control surface', async () => {
    await drain(sandbox, demo);
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await poll(sandbox, demo);
    const [placed] = await poll(sandbox, demo);
    assert.ok(placed);
    let seen = (await controlEvents(DEMO_RESTAURANT_ID)).find((e) => e.id === placed.id);
    assert.equal(seen?.deliveries, 2);
    assert.equal(seen?.acknowledged, false);
    await ack(sandbox, demo, [placed.id]);
    seen = (await controlEvents()).find((e) => e.id === placed.id);
    assert.equal(seen?.acknowledged, true);
    assert.equal(seen?.orderId, order.id);
    assert.ok((await controlEvents(DEMO_GROCERY_ID)).every((e) => e.merchantId === DEMO_GROCERY_ID));
    assertError(await sandbox.http.send('GET', '/_sandbox/events?merchantId=00000000-0000-4000-8000-000000000000'), 404);
  });

  it('honours limit (default 100) and refuses an invalid limit with 400', async () => {
    await drain(sandbox, demo);
    for (let i = 0; i < 3; i++) await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    assert.equal((await poll(sandbox, demo, 2)).length, 2);
    assert.equal((await poll(sandbox, demo)).length, 3);
    for (const bad of ['0', '-1', 'abc', '1.5', '1001', '']) {
      assertError(await sandbox.http.send('GET', `${O}/orders:polling?limit=${bad}`, { token: demo }), 400);
    }
    const limited = await sandbox.http.send('GET', `${O}/orders:polling`, { token: demo });
    assert.equal(limited.headers['x-ratelimit-limit'], '6000');
    await drain(sandbox, demo);
  });

  it('hands each application the events of its own stores only; foreign ids are ignored on acknowledgment', async () => {
    await drain(sandbox, demo);
    await drain(sandbox, other);
    await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const bakery = await createOrder(sandbox, { merchantId: OTHER_BAKERY_ID });
    const mine = await poll(sandbox, other);
    assert.deepEqual(
      mine.map((e) => e.orderId),
      [bakery.id],
    );
    const theirs = await poll(sandbox, demo);
    await ack(
      sandbox,
      other,
      theirs.map((e) => e.id),
    );
    assert.deepEqual(
      (await poll(sandbox, demo)).map((e) => e.id),
      theirs.map((e) => e.id),
    );
    await ack(sandbox, demo, ['unknown-id', ...theirs.map((e) => e.id)]);
    assert.deepEqual(await poll(sandbox, demo), []);
  });

  it('records the poll time of the application and of every store its token covers (is-connected reads it)', async () => {
    sandbox.world.lastPollAt.delete('demo');
    sandbox.world.lastPollByStore.clear();
    await poll(sandbox, demo);
    const at = sandbox.world.lastPollAt.get('demo');
    assert.ok(at !== undefined && Math.abs(at - sandbox.world.clock.now()) < 5000);
    assert.equal(sandbox.world.lastPollByStore.get(DEMO_RESTAURANT_ID), at);
    assert.equal(sandbox.world.lastPollByStore.get(DEMO_GROCERY_ID), at);
    assert.equal(sandbox.world.lastPollByStore.get(OTHER_BAKERY_ID), undefined, 'another application’s store is not connected by this poll');
  });

  it('serves the events module’s names too: GET /events:polling and POST /events/acknowledgment, same queue, same limits (spec §6, §8)', async () => {
    await drain(sandbox, demo);
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const polled = await sandbox.http.send('GET', '/events/v1.0/events:polling?limit=5', { token: demo });
    assert.equal(polled.status, 200);
    assert.equal(polled.headers['x-ratelimit-limit'], '6000');
    const events = (polled.body as { events: { id: string; orderId: string }[] }).events;
    assert.deepEqual(
      events.map((e) => e.orderId),
      [order.id],
    );
    const acked = await sandbox.http.send('POST', '/events/v1.0/events/acknowledgment', {
      token: demo,
      json: { acknowledgedEventIds: events.map((e) => e.id) },
    });
    assert.equal(acked.status, 202);
    assert.deepEqual(acked.body, { status: 'ACCEPTED' });
    assert.equal(acked.headers['x-ratelimit-limit'], '6000');
    assert.deepEqual(await poll(sandbox, demo), [], 'acknowledged through one name, gone from the other');
    assertError(await sandbox.http.send('GET', '/events/v1.0/events:polling?limit=0', { token: demo }), 400);
    assertError(await sandbox.http.send('POST', '/events/v1.0/events/acknowledgment', { token: demo, json: {} }), 400);
    assertError(await sandbox.http.send('GET', '/events/v1.0/events:polling'), 401);
  });

  it('refuses a malformed acknowledgment with 400 and 401 without a token', async () => {
    const url = `${O}/orders:acknowledgment`;
    assertError(await sandbox.http.send('POST', url, { token: demo, json: {} }), 400);
    assertError(await sandbox.http.send('POST', url, { token: demo, json: { acknowledgedEventIds: 'x' } }), 400);
    assertError(await sandbox.http.send('POST', url, { token: demo, json: { acknowledgedEventIds: [1, 2] } }), 400);
    assertError(await sandbox.http.send('POST', url, { token: demo, raw: '{"acknowledgedEventIds": [' }), 400);
    assertError(await sandbox.http.send('POST', url, { json: { acknowledgedEventIds: [] } }), 401);
    assertError(await sandbox.http.send('GET', `${O}/orders:polling`), 401);
    const ok = await sandbox.http.send('POST', url, { token: demo, json: { acknowledgedEventIds: [] } });
    assert.equal(ok.status, 202);
    assert.deepEqual(ok.body, { status: 'ACCEPTED' });
  });
});
