import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../src-sandbox/index';
import { withSandbox } from '../support/sandbox';
import { action, createOrder, detailOf, poll, type Sandbox } from '../support/sandbox-orders';

/** Garbage at every order-side route: a 4xx, never a 5xx, and the state stays as it was. */
const GARBAGE: { raw: string; contentType?: string }[] = [
  { raw: '{' },
  { raw: '[]' },
  { raw: 'null' },
  { raw: '"text"' },
  { raw: '12' },
  { raw: '{"a":{"b":[1,2,{"c":null}]}}' },
  { raw: '{"quoteId":1,"code":[],"reason":{},"deliveredBy":false,"acknowledgedEventIds":[null]}' },
  { raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { raw: '<xml/>', contentType: 'application/xml' },
  { raw: 'x'.repeat(2 * 1024 * 1024) },
];

describe('sandbox order side: bad input never crashes nor corrupts', () => {
  let sandbox: Sandbox;
  let demo: string;
  before(async () => {
    sandbox = await withSandbox();
    demo = await sandbox.http.token('demo', 'demo-secret');
  });
  after(() => sandbox.close());

  it('answers garbage bodies on every POST route with a 4xx and keeps the order untouched', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, deliveredBy: 'MERCHANT' });
    await action(sandbox, demo, order.id, 'confirm');
    const before = await detailOf(sandbox, demo, order.id);
    const paths = [
      ...['dispatch', 'requestCancellation', 'validatePickupCode', 'verifyDeliveryCode'].map((a) => `/order/v1.0/orders/${order.id}/${a}`),
      '/order/v1.0/orders:acknowledgment',
      '/order/v1.0/disputes/00000000-0000-4000-8000-000000000000/reject',
      ...['requestDriver', 'cancel', 'deliveryAddressChangeRequest'].map((a) => `/shipping/v1.0/orders/${order.id}/${a}`),
      `/shipping/v1.0/merchants/${DEMO_RESTAURANT_ID}/orders`,
    ];
    for (const path of paths) {
      for (const body of GARBAGE) {
        const response = await sandbox.http.send('POST', path, { token: demo, raw: body.raw, ...(body.contentType ? { contentType: body.contentType } : {}) });
        assert.ok(response.status >= 400 && response.status < 500, `${path} with ${body.raw.slice(0, 30)}: ${response.status}`);
      }
    }
    for (const body of GARBAGE) {
      const response = await sandbox.http.send('POST', '/_sandbox/orders', { raw: body.raw, ...(body.contentType ? { contentType: body.contentType } : {}) });
      assert.ok(response.status >= 400 && response.status < 500, `control create: ${response.status}`);
    }
    assert.deepEqual(await detailOf(sandbox, demo, order.id), before);
    assert.ok(Array.isArray(await poll(sandbox, demo)));
  });

  it('answers odd paths and query strings with a 4xx', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const attempts: [string, string][] = [
      ['GET', `/order/v1.0/orders/${order.id}/nothing`],
      ['GET', `/order/v1.0/orders/${'9'.repeat(300)}`],
      ['GET', `/order/v1.0/orders/%00`],
      ['GET', '/order/v1.0/orders:polling?limit=1&limit=2'],
      ['DELETE', `/order/v1.0/orders/${order.id}`],
      ['GET', `/shipping/v1.0/merchants/${DEMO_RESTAURANT_ID}/deliveryAvailabilities?latitude=1e999&longitude=0`],
      ['GET', '/_sandbox/events?merchantId=x&merchantId=y'],
      ['POST', '/_sandbox/orders/%2e%2e/conclude'],
    ];
    for (const [method, path] of attempts) {
      const response = await sandbox.http.send(method, path, { token: demo });
      assert.ok(response.status >= 400 && response.status < 500, `${method} ${path}: ${response.status}`);
    }
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'PLACED');
  });
});
