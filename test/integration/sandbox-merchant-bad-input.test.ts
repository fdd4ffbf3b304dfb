import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../../src-sandbox/index';
import { withSandbox } from '../support/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;

/**
 * Every write route of the store side (merchant ops, check-in, reviews, promotions, catalog) meets
 * hostile bodies: each answers a 4xx in its module's shape, never a 5xx, and the server keeps
 * serving with its state intact.
 */
describe('sandbox store side: bad input never crashes and never corrupts state', () => {
  let sandbox: Sandbox;
  let demo: string;
  let reviewId: string;

  const routes = (): [string, string][] => [
    ['POST', `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/interruptions`],
    ['PUT', `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/opening-hours`],
    ['POST', '/merchant/v1.0/merchants/checkin-qrcode'],
    ['POST', `/review/v2.0/merchants/${DEMO_RESTAURANT_ID}/reviews/${reviewId}/answers`],
    ['POST', `/promotion/v1.0/merchants/${DEMO_GROCERY_ID}/promotions`],
    ['POST', `/catalog/v2.0/merchants/${DEMO_RESTAURANT_ID}/categories`],
    ['PUT', `/catalog/v2.0/merchants/${DEMO_RESTAURANT_ID}/items`],
    ['PATCH', `/catalog/v2.0/merchants/${DEMO_RESTAURANT_ID}/items/price`],
    ['PATCH', `/catalog/v2.0/merchants/${DEMO_RESTAURANT_ID}/options/status`],
    ['PATCH', `/catalog/v2.0/merchants/${DEMO_RESTAURANT_ID}/products/price`],
    ['PATCH', `/catalog/v2.0/merchants/${DEMO_RESTAURANT_ID}/products/status`],
    ['POST', `/catalog/v2.0/merchants/${DEMO_RESTAURANT_ID}/inventory`],
    ['POST', `/catalog/v2.0/merchants/${DEMO_RESTAURANT_ID}/inventory/batchDelete`],
    ['POST', '/_sandbox/reviews'],
    ['PUT', `/_sandbox/merchants/${DEMO_RESTAURANT_ID}/operations`],
  ];

  const deep = '['.repeat(20_000) + ']'.repeat(20_000);
  const bodies: { name: string; raw: string; contentType?: string }[] = [
    { name: 'malformed JSON', raw: '{"a":' },
    { name: 'empty body', raw: '' },
    { name: 'null', raw: 'null' },
    { name: 'a number', raw: '42' },
    { name: 'a string', raw: '"text"' },
    { name: 'an array', raw: '[1,2,3]' },
    { name: 'prototype keys', raw: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
    { name: 'deep nesting', raw: deep },
    { name: 'wrong types everywhere', raw: JSON.stringify({ description: [], start: {}, end: 1, storeId: 5, shifts: 'x', merchantIds: [1], text: false, promotions: {}, name: null, item: 'x', itemId: 3, productIds: 'a' }) },
    { name: 'plain text', raw: 'hello', contentType: 'text/plain' },
    { name: 'form body', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { name: 'unknown content type', raw: '<xml/>', contentType: 'application/xml' },
    { name: 'huge body', raw: JSON.stringify({ pad: 'x'.repeat(9 * 1024 * 1024) }) },
  ];

  before(async () => {
    sandbox = await withSandbox({ rateLimitFactor: 0 });
    demo = await sandbox.http.token();
    reviewId = sandbox.world.reviews.of(DEMO_RESTAURANT_ID).find((r) => r.status === 'NOT_REPLIED')!.id;
  });
  after(() => sandbox.close());

  it('answers a 4xx with a JSON body for every hostile body on every write route', async () => {
    const before = JSON.stringify(sandbox.world.catalog.menuOf(DEMO_RESTAURANT_ID));
    for (const [method, path] of routes()) {
      for (const body of bodies) {
        const response = await sandbox.http.send(method, path, { token: demo, raw: body.raw, contentType: body.contentType ?? 'application/json' });
        assert.ok(response.status >= 400 && response.status < 500, `${method} ${path} with ${body.name}: ${response.status} ${response.bytes.toString().slice(0, 200)}`);
        assert.match(response.headers['content-type'] ?? '', /json/, `${method} ${path} with ${body.name}`);
      }
    }
    assert.equal(JSON.stringify(sandbox.world.catalog.menuOf(DEMO_RESTAURANT_ID)), before, 'the catalog is unchanged');
    assert.equal(sandbox.world.reviews.get(reviewId)?.status, 'NOT_REPLIED');
    assert.equal(({} as Record<string, unknown>).admin, undefined, 'no prototype pollution');
  });

  it('keeps serving afterwards', async () => {
    const status = await sandbox.http.send('GET', `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/status`, { token: demo });
    assert.equal(status.status, 200);
    const answer = await sandbox.http.send('POST', `/review/v2.0/merchants/${DEMO_RESTAURANT_ID}/reviews/${reviewId}/answers`, { token: demo, json: { text: 'Thank you, we are on it.' } });
    assert.equal(answer.status, 201);
  });

  it('rejects hostile path and query values with 4xx', async () => {
    for (const path of [
      `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/status/%00`,
      `/merchant/v1.0/merchants/${'x'.repeat(300)}/status`,
      `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/interruptions/%2e%2e%2f`,
      `/review/v2.0/merchants/${DEMO_RESTAURANT_ID}/reviews?page=1e9999&pageSize=NaN`,
      `/review/v2.0/merchants/${DEMO_RESTAURANT_ID}/reviews?page=1&page=2`,
      `/promotion/v1.0/merchants/${DEMO_GROCERY_ID}/promotions/x/items?limit=99999999999999999999`,
      `/catalog/v2.0/merchants/${DEMO_RESTAURANT_ID}/categories?include_items=true&include_items=false`,
    ]) {
      const response = await sandbox.http.send('GET', path, { token: demo });
      assert.ok(response.status >= 400 && response.status < 500, `${path}: ${response.status}`);
    }
  });
});
