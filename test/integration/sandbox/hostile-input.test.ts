import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from 'undici';
import { catalogId } from '../../../src-sandbox/seed/catalog';
import { createSandboxServer, DEMO_GROCERY_ID, DEMO_RESTAURANT_ID, type SandboxRoute, type World } from '../../../src-sandbox/index';
import { pinnedNow } from '../../support/clock';
import { withSandbox } from '../../support/sandbox/sandbox';
import { action, createOrder, poll, type Sandbox } from '../../support/sandbox/orders';
import { assertShape, isOpen, key, paramsOf, pathOf, shapeOf } from '../../support/sandbox/routes';

/**
 * Hostile input at every route the sandbox serves (the route list comes from the server, so a new
 * route must be classified here or the sweep fails): malformed JSON, wrong types, arrays for
 * objects, huge strings, unicode where it does not belong, unknown and repeated query parameters,
 * path ids that are not ids, unsupported media types, oversized bodies, broken URLs. Each answer
 * must be a 4xx in the module's error shape (spec §7, docs/merchant-api.md), the server must keep serving, and
 * the sandbox's state must be exactly what it was.
 */

type BodyKind = 'json' | 'optional' | 'none';

/**
 * How each route takes a body: `json` routes need one; `optional` ones read a missing or null body
 * as "defaults" (so `null` is a valid body there); `none` routes ignore any body, so only bodies the
 * parser refuses (before any handler runs) are sent to them. GET and DELETE carry no body.
 */
const BODIES: Readonly<Record<string, BodyKind>> = {
  'POST /authentication/v1.0/oauth/token': 'json',
  'POST /realms/merchant/protocol/openid-connect/token': 'json',
  'POST /authentication/v1.0/oauth/userCode': 'json',
  'POST /_sandbox/authorize': 'json',
  'PUT /_sandbox/faults': 'optional',
  'POST /merchant/v1.0/merchants/:merchantId/interruptions': 'json',
  'PUT /merchant/v1.0/merchants/:merchantId/opening-hours': 'json',
  'POST /merchant/v1.0/merchants/checkin-qrcode': 'json',
  'PUT /_sandbox/merchants/:merchantId/operations': 'json',
  'PUT /_sandbox/merchants/:merchantId/features': 'json',
  'PUT /_sandbox/merchants/:merchantId/auto-closure': 'json',
  'PUT /_sandbox/auto-closure': 'json',
  'POST /order/v1.0/orders/:id/validatePickupCode': 'json',
  'POST /order/v1.0/orders/:id/verifyDeliveryCode': 'json',
  'POST /order/v1.0/orders/:id/confirm': 'none',
  'POST /order/v1.0/orders/:id/startPreparation': 'none',
  'POST /order/v1.0/orders/:id/readyToPickup': 'none',
  'POST /order/v1.0/orders/:id/dispatch': 'json',
  'POST /order/v1.0/orders/:id/requestCancellation': 'json',
  'POST /order/v1.0/orders::acknowledgment': 'json',
  'POST /events/v1.0/events/acknowledgment': 'json',
  'POST /order/v1.0/disputes/:disputeId/accept': 'none',
  'POST /order/v1.0/disputes/:disputeId/reject': 'json',
  'POST /order/v1.0/disputes/:disputeId/alternatives/:alternativeId': 'none',
  'POST /_sandbox/orders': 'json',
  'POST /_sandbox/stores': 'json',
  'POST /_sandbox/orders/:id/assignDriver': 'none',
  'POST /_sandbox/orders/:id/advanceDriver': 'none',
  'POST /_sandbox/orders/:id/conclude': 'none',
  'POST /_sandbox/orders/:id/customerCancel': 'none',
  'POST /_sandbox/orders/:id/dispute': 'optional',
  'POST /_sandbox/orders/:id/addressChangeRequest': 'optional',
  'POST /_sandbox/shipping/drivers': 'json',
  'POST /shipping/v1.0/orders/:orderId/requestDriver': 'json',
  'POST /shipping/v1.0/orders/:orderId/cancelRequestDriver': 'none',
  'POST /shipping/v1.0/merchants/:merchantId/orders': 'json',
  'POST /shipping/v1.0/orders/:orderId/cancel': 'json',
  'POST /shipping/v1.0/orders/:orderId/userConfirmAddress': 'none',
  'POST /shipping/v1.0/orders/:orderId/deliveryAddressChangeRequest': 'json',
  'POST /shipping/v1.0/orders/:orderId/acceptDeliveryAddressChange': 'none',
  'POST /shipping/v1.0/orders/:orderId/denyDeliveryAddressChange': 'none',
  'POST /review/v2.0/merchants/:merchantId/reviews/:reviewId/answers': 'json',
  'POST /_sandbox/reviews': 'json',
  'POST /_sandbox/clock': 'json',
  'POST /_sandbox/reset': 'none',
  'POST /promotion/v1.0/merchants/:merchantId/promotions': 'json',
  'POST /catalog/v2.0/merchants/:merchantId/categories': 'json',
  'PUT /catalog/v2.0/merchants/:merchantId/items': 'json',
  'PATCH /catalog/v2.0/merchants/:merchantId/items/price': 'json',
  'PATCH /catalog/v2.0/merchants/:merchantId/items/status': 'json',
  'PATCH /catalog/v2.0/merchants/:merchantId/items/externalCode': 'json',
  'PATCH /catalog/v2.0/merchants/:merchantId/options/price': 'json',
  'PATCH /catalog/v2.0/merchants/:merchantId/options/status': 'json',
  'PATCH /catalog/v2.0/merchants/:merchantId/options/externalCode': 'json',
  'PATCH /catalog/v2.0/merchants/:merchantId/products/price': 'json',
  'PATCH /catalog/v2.0/merchants/:merchantId/products/status': 'json',
  'POST /catalog/v2.0/merchants/:merchantId/inventory': 'json',
  'POST /catalog/v2.0/merchants/:merchantId/inventory/batchDelete': 'json',
};

/** Routes that answer people with HTML pages (their refusals are HTML too). */
const PAGES = new Set(['GET /_sandbox/authorize', 'GET /tracking/:orderId']);

/** Query parameters each GET route reads, where a hostile value must be refused. */
const QUERY_PARAMS: Readonly<Record<string, readonly string[]>> = {
  'GET /merchant/v1.0/merchants': ['page', 'size'],
  'GET /review/v2.0/merchants/:merchantId/reviews': ['page', 'pageSize', 'addCount', 'dateFrom', 'dateTo', 'sort', 'sortBy'],
  'GET /promotion/v1.0/merchants/:merchantId/promotions/:aggregationId/items': ['offset', 'limit'],
  'GET /order/v1.0/orders::polling': ['limit'],
  'GET /events/v1.0/events::polling': ['limit'],
  'GET /shipping/v1.0/merchants/:merchantId/deliveryAvailabilities': ['latitude', 'longitude'],
  'GET /catalog/v2.0/merchants/:merchantId/categories': ['include_items'],
  'GET /_sandbox/events': ['merchantId'],
  'GET /_sandbox/calls': ['merchantId'],
  'GET /_sandbox/auto-closure/closures': ['merchantId'],
};
/** Query values that a valid request needs. */
const BASE_QUERY: Readonly<Record<string, string>> = {
  'GET /shipping/v1.0/merchants/:merchantId/deliveryAvailabilities': 'latitude=-23.54&longitude=-46.68',
  'GET /_sandbox/calls': `merchantId=${DEMO_RESTAURANT_ID}`,
};
const HOSTILE_QUERY_VALUES = ['１０', '1e3', '0x10', 'NaN', 'Infinity', '9'.repeat(400), '', ' 1', '1;DROP TABLE', '\u202E1', '%ZZ', '\u0000'];

/** Path values that are not ids: each must be refused wherever an id goes. */
const HOSTILE_IDS = [
  'not-a-uuid',
  '0',
  'ção',
  '🍕🍕',
  '\u202Egnp.exe',
  '../../etc/passwd',
  "1' OR '1'='1",
  ' ',
  '%',
  '\u0000',
  'x'.repeat(250),
  '４a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61',
];

const FIELDS = [
  'description',
  'start',
  'end',
  'storeId',
  'shifts',
  'merchantIds',
  'text',
  'promotions',
  'aggregationTag',
  'name',
  'status',
  'template',
  'item',
  'products',
  'itemId',
  'optionId',
  'price',
  'productId',
  'quantity',
  'productIds',
  'code',
  'reason',
  'deliveredBy',
  'acknowledgedEventIds',
  'quoteId',
  'customer',
  'delivery',
  'items',
  'payments',
  'cancellationCode',
  'streetName',
  'neighborhood',
  'city',
  'state',
  'country',
  'coordinates',
  'merchantId',
  'orderType',
  'score',
  'advanceSeconds',
  'operation',
  'grant_type',
  'client_id',
  'client_secret',
  'userCode',
  'pickupCode',
  'latencyMs',
];
const deep = '['.repeat(20_000) + ']'.repeat(20_000);
const long = 'x'.repeat(20_000);

interface HostileBody {
  name: string;
  raw: string;
  contentType?: string;
  /** Bodies the parser refuses before any handler runs: safe to send to routes that ignore bodies. */
  refusedByParser?: boolean;
  /** A body some `optional` routes read as "defaults". */
  nullish?: boolean;
}

const HOSTILE_BODIES: HostileBody[] = [
  { name: 'malformed JSON', raw: '{"a":', refusedByParser: true },
  { name: 'empty JSON body', raw: '', refusedByParser: true },
  { name: 'null', raw: 'null', nullish: true },
  { name: 'a number', raw: '42' },
  { name: 'a string', raw: '"text"' },
  { name: 'an array', raw: '[1,2,3]' },
  { name: 'an empty array', raw: '[]' },
  { name: 'an array of an empty object', raw: '[{}]' },
  { name: 'prototype keys', raw: '{"__proto__":{"admin":true},"constructor":{"prototype":{"polluted":1}}}' },
  { name: 'deep nesting', raw: deep },
  { name: 'wrong types everywhere', raw: JSON.stringify(Object.fromEntries(FIELDS.map((f, i) => [f, [false, 7, [], {}, null][i % 5]]))) },
  {
    name: 'arrays for objects, objects for arrays',
    raw: JSON.stringify({
      item: [],
      products: {},
      customer: [],
      delivery: [],
      payments: [],
      items: {},
      promotions: [[]],
      shifts: [[]],
      coordinates: [],
      price: [],
      acknowledgedEventIds: {},
      merchantIds: {},
      progressiveDiscount: [],
      phone: [],
      text: [],
      code: {},
      reason: [],
      quoteId: [],
      userCode: [],
    }),
  },
  { name: 'huge strings in every field', raw: JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, long]))) },
  {
    name: 'unicode where it does not belong',
    raw: JSON.stringify({
      description: '😀'.repeat(200),
      start: '２０２５-01-01T00:00:00Z',
      end: '\ud800',
      storeId: 'ção',
      shifts: [{ dayOfWeek: 'ＭＯＮＤＡＹ', start: '０８:00:00', duration: '６０' }],
      merchantIds: ['４a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61'],
      text: '😀'.repeat(301),
      name: '🍰'.repeat(60),
      status: 'ＡＶＡＩＬＡＢＬＥ',
      itemId: '🍕',
      optionId: '🍕',
      price: { value: '١٠' },
      productId: '\u202E',
      quantity: '٣',
      productIds: '🍕',
      code: '１２３４'.repeat(40),
      reason: '😀'.repeat(600),
      deliveredBy: 'ＭＥＲＣＨＡＮＴ',
      acknowledgedEventIds: '🍕',
      quoteId: '４a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61',
      cancellationCode: '٨٠١',
      streetName: '😀'.repeat(300),
      coordinates: { latitude: '−23', longitude: '٤٦' },
      merchantId: '４a1f6c2e',
      score: '５',
      advanceSeconds: '１',
      operation: 'ＤＥＬＩＶＥＲＹ',
      grant_type: 'ｃｌｉｅｎｔ_credentials',
      client_id: 'ｄｅｍｏ',
      userCode: '😀'.repeat(40),
      promotions: [{ channels: '🍕', items: '🍕' }],
      latencyMs: '０',
    }),
  },
  { name: 'a form body', raw: 'a=1&b=%F0%9F%8D%95&b=2', contentType: 'application/x-www-form-urlencoded' },
  // Fastify parses text/plain as a string: routes that ignore bodies would run, so it is not "refused".
  { name: 'plain text', raw: 'hello', contentType: 'text/plain' },
  { name: 'XML', raw: '<xml/>', contentType: 'application/xml', refusedByParser: true },
  { name: 'a 2 MB body', raw: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }), refusedByParser: false },
];

const ZERO = '00000000-0000-4000-8000-000000000000';

/** Everything a hostile request could corrupt (time-driven fields such as review statuses excluded), by part. */
function snapshot(world: World): Record<string, string> {
  const storeIds = [...world.stores.keys()].sort();
  const parts: Record<string, unknown> = {
    applications: [...world.applications.values()],
    stores: [...world.stores.values()],
    orders: [...world.orders.orders.values()].map((o) => [o.detail, o.driver ?? null, o.cancellation ?? null]),
    events: world.orders.events.size,
    acknowledged: world.orders.events.list().filter((r) => r.acknowledgedBy.length > 0).length,
    disputes: [...world.orders.disputes.values()],
    shipping: [...world.shipping.records.values()],
    ops: storeIds.map((id) => [
      world.merchantOps.shifts(id),
      world.merchantOps.interruptions(id),
      world.merchantOps.switches(id),
      world.merchantOps.features(id),
    ]),
    catalog: storeIds.map((id) => {
      const c = world.catalog.of(id);
      return [
        [...c.categories.values()],
        [...c.items.values()],
        [...c.products.values()],
        [...c.optionGroups.values()],
        [...c.options.values()],
        [...c.inventory],
        c.batches.size,
      ];
    }),
    reviews: storeIds.map((id) => world.reviews.of(id).map((r) => [r.id, r.replies])),
    promotions: world.promotions.itemCount,
    faults: world.faults.config,
    clockOffsetSeconds: Math.round((world.clock.now() - Date.now()) / 1000),
  };
  return Object.fromEntries(Object.entries(parts).map(([name, value]) => [name, JSON.stringify(value)]));
}

describe('sandbox: hostile input on every route never crashes, answers 4xx in the module’s shape, corrupts nothing', () => {
  let sandbox: Sandbox;
  let demo: string;
  const values: Record<string, string> = {};
  let before0: Record<string, string> = {};
  const failures: string[] = [];

  /** A valid value for each path parameter, so hostile bodies reach the body checks. */
  const fill = (name: string) => values[name] ?? ZERO;

  const expect4xx = (route: SandboxRoute, path: string, response: { status: number; body: unknown; headers: Record<string, string> }, label: string) => {
    if (response.status < 400 || response.status >= 500) {
      failures.push(`${label}: ${response.status}`);
      return;
    }
    const html = (response.headers['content-type'] ?? '').includes('text/html');
    if (PAGES.has(key(route)) || (html && key(route) === 'POST /_sandbox/authorize')) {
      assert.ok(html || (response.headers['content-type'] ?? '').includes('json'), `${label}: a page or a JSON error`);
      return;
    }
    try {
      assertShape(shapeOf(path), response, label);
    } catch (error) {
      failures.push(`${label}: ${(error as Error).message.split('\n')[0]}`);
    }
  };

  const send = (route: SandboxRoute, path: string, options: { raw?: string; contentType?: string; json?: unknown } = {}) =>
    sandbox.http.send(route.method, path, { ...(isOpen(route) ? {} : { token: demo }), ...options });

  before(async () => {
    sandbox = await withSandbox({ rateLimitFactor: 0 });
    demo = await sandbox.http.token();
    // Real records for every kind of path id.
    const merchant = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, deliveredBy: 'MERCHANT' });
    await action(sandbox, demo, merchant.id, 'confirm');
    const disputed = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await action(sandbox, demo, disputed.id, 'confirm');
    const dispute = (await sandbox.http.send('POST', `/_sandbox/orders/${disputed.id}/dispute`, { json: {} })).body as {
      id: string;
      alternatives: { id: string }[];
    };
    const interruption = (
      await sandbox.http.send('POST', `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/interruptions`, {
        token: demo,
        json: {
          description: 'Limpeza',
          start: new Date(sandbox.world.clock.now() + 3600_000).toISOString(),
          end: new Date(sandbox.world.clock.now() + 7200_000).toISOString(),
        },
      })
    ).body as { id: string };
    const ean = sandbox.world.catalog.menuOf(DEMO_GROCERY_ID)[0]?.ean;
    const today = new Date(sandbox.world.clock.now() - 3 * 3600_000).toISOString().slice(0, 10);
    const promotion = (
      await sandbox.http.send('POST', `/promotion/v1.0/merchants/${DEMO_RESTAURANT_ID}/promotions`, {
        token: demo,
        json: {
          promotions: [
            { channels: ['PLATFORM-APP'], items: [{ ean, discountValue: 10, initialDate: today, finalDate: '2999-12-31', promotionType: 'PERCENTAGE' }] },
          ],
        },
      })
    ).body as { aggregationId: string };
    const catalog = sandbox.world.catalog.of(DEMO_RESTAURANT_ID);
    const item = [...catalog.items.values()][0]!;
    Object.assign(values, {
      merchantId: DEMO_RESTAURANT_ID,
      id: merchant.id,
      orderId: merchant.id,
      disputeId: dispute.id,
      alternativeId: dispute.alternatives[0]!.id,
      reviewId: sandbox.world.reviews.of(DEMO_RESTAURANT_ID).find((r) => r.status === 'NOT_REPLIED')!.id,
      interruptionId: interruption.id,
      operation: 'DELIVERY',
      aggregationId: promotion.aggregationId,
      categoryId: item.categoryId,
      itemId: item.id,
      productId: item.productId,
      catalogId: catalogId(DEMO_RESTAURANT_ID, 'DEFAULT'),
      batchId: ZERO,
    });
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 3 } });
    demo = await sandbox.http.token();
    sandbox.world.orders.settle();
    before0 = snapshot(sandbox.world);
  });
  after(() => sandbox.close());

  it('classifies every route it sweeps', () => {
    for (const route of sandbox.routes) {
      if (['POST', 'PUT', 'PATCH'].includes(route.method)) assert.ok(BODIES[key(route)], `${key(route)}: say how it takes a body`);
      for (const name of paramsOf(route.url)) assert.ok(values[name], `${key(route)}: a valid value for :${name}`);
    }
  });

  it('refuses hostile bodies on every route that reads one, and bodies the parser refuses on every other', async () => {
    failures.length = 0;
    for (const route of sandbox.routes) {
      const kind = BODIES[key(route)];
      if (!kind) continue;
      const path = pathOf(route.url, fill);
      for (const body of HOSTILE_BODIES) {
        if (kind === 'none' && !body.refusedByParser && body.name !== 'a 2 MB body') continue;
        if (kind === 'optional' && body.nullish) continue;
        const response = await send(route, path, { raw: body.raw, contentType: body.contentType ?? 'application/json' });
        expect4xx(route, path, response, `${key(route)} with ${body.name}`);
      }
      if (kind !== 'none') {
        // Bytes that are not UTF-8 at all.
        const raw = await request(`${sandbox.url}${path}`, {
          method: route.method as 'POST',
          headers: { 'content-type': 'application/json', ...(isOpen(route) ? {} : { authorization: `Bearer ${demo}` }) },
          body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
        });
        const text = await raw.body.text();
        const headers = Object.fromEntries(Object.entries(raw.headers).map(([k, v]) => [k, String(v)]));
        expect4xx(
          route,
          path,
          { status: raw.statusCode, headers, body: headers['content-type']?.includes('json') ? JSON.parse(text) : text },
          `${key(route)} with invalid UTF-8`,
        );
      }
    }
    assert.deepEqual(failures, []);
  });

  it('refuses path values that are not ids, on every parameter of every route', async () => {
    failures.length = 0;
    for (const route of sandbox.routes) {
      for (const name of paramsOf(route.url)) {
        for (const hostile of HOSTILE_IDS) {
          const path = pathOf(route.url, (n) => (n === name ? hostile : fill(n)));
          const kind = BODIES[key(route)];
          const response = await send(route, path, kind && kind !== 'none' ? { json: {} } : {});
          expect4xx(route, path, response, `${key(route)} with :${name}=${JSON.stringify(hostile.slice(0, 20))}`);
        }
      }
    }
    assert.deepEqual(failures, []);
  });

  it('refuses hostile values and repeats of the query parameters a route reads; ignores parameters it does not know', async () => {
    failures.length = 0;
    for (const route of sandbox.routes) {
      if (route.method !== 'GET') continue;
      const path = pathOf(route.url, fill);
      const base = BASE_QUERY[key(route)];
      const url = (query: string) => `${path}?${[base, query].filter(Boolean).join('&')}`;
      const baseline = await send(route, url(''));
      const unknown = await send(route, url(`zz_unknown=1&${encodeURIComponent('ção')}=${encodeURIComponent('🍕')}&__proto__=x`));
      if (unknown.status !== baseline.status) failures.push(`${key(route)}: unknown parameters changed ${baseline.status} into ${unknown.status}`);
      for (const param of QUERY_PARAMS[key(route)] ?? []) {
        const others = (base ?? '')
          .split('&')
          .filter((p) => p && !p.startsWith(`${param}=`))
          .join('&');
        const hostileUrl = (query: string) => `${path}?${[others, query].filter(Boolean).join('&')}`;
        for (const value of HOSTILE_QUERY_VALUES) {
          const target = hostileUrl(`${param}=${encodeURIComponent(value)}`);
          expect4xx(route, target, await send(route, target), `${key(route)} ?${param}=${JSON.stringify(value.slice(0, 12))}`);
        }
        const repeated = hostileUrl(`${param}=1&${param}=2`);
        expect4xx(route, repeated, await send(route, repeated), `${key(route)} ?${param} twice`);
      }
    }
    assert.deepEqual(failures, []);
  });

  it('refuses broken URLs, unknown routes and methods in the shape of the module the path names', async () => {
    const token = { authorization: `Bearer ${demo}` };
    for (const [method, path] of [
      ['GET', `/order/v1.0/orders/${values.id}/nothing`],
      ['DELETE', `/order/v1.0/orders/${values.id}`],
      ['PUT', '/merchant/v1.0/merchants'],
      ['GET', '/review/v2.0/merchants'],
      ['GET', '/order/v1.0/orders/%E0%A4%A'],
      ['GET', '/merchant/v1.0/merchants/%C0%AF/status'],
      ['GET', '/review/v2.0/merchants/%ZZ/reviews'],
      ['GET', `/merchant/v1.0/merchants/${'x'.repeat(250)}`],
      ['GET', `/promotion/v1.0/merchants/${values.merchantId}/promotions/${'9'.repeat(300)}/items`],
      ['GET', `/catalog/v2.0/merchants/${values.merchantId}/items/%ED%A0%80/flat`],
    ] as const) {
      const response = await request(`${sandbox.url}${path}`, { method, headers: token });
      const text = await response.body.text();
      const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, String(v)]));
      assert.ok(response.statusCode >= 400 && response.statusCode < 500, `${method} ${path}: ${response.statusCode}`);
      assertShape(shapeOf(path), { status: response.statusCode, headers, body: JSON.parse(text) }, `${method} ${path}`);
    }
  });

  it('keeps serving, with its state exactly as it was and no prototype polluted', async () => {
    const now = snapshot(sandbox.world);
    assert.deepEqual(
      Object.keys(now).filter((part) => now[part] !== before0[part]),
      [],
      'no hostile request changed these parts of the state',
    );
    assert.equal(({} as Record<string, unknown>).admin, undefined);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal((await sandbox.http.send('GET', '/_sandbox/clock')).status, 200);
    assert.equal((await sandbox.http.send('GET', `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/status`, { token: demo })).status, 200);
    assert.ok(Array.isArray(await poll(sandbox, demo)));
    const answer = await sandbox.http.send('POST', `/review/v2.0/merchants/${DEMO_RESTAURANT_ID}/reviews/${values.reviewId}/answers`, {
      token: demo,
      json: { text: 'Obrigado, já estamos cuidando disso.' },
    });
    assert.equal(answer.status, 201);
    const placed = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    assert.equal((await action(sandbox, demo, placed.id, 'confirm')).status, 202);
  });

  it('accepts unicode where text belongs and gives it back unchanged', async () => {
    const text = 'Pausa p/ limpeza 🧽 — até já ✓ (ação nº 2) \u05e9\u05dc\u05d5\u05dd';
    const now = sandbox.world.clock.now();
    const created = await sandbox.http.send('POST', `/merchant/v1.0/merchants/${DEMO_GROCERY_ID}/interruptions`, {
      token: demo,
      json: { description: text, start: new Date(now + 10 * 3600_000).toISOString(), end: new Date(now + 11 * 3600_000).toISOString() },
    });
    assert.equal(created.status, 201);
    const listed = (await sandbox.http.send('GET', `/merchant/v1.0/merchants/${DEMO_GROCERY_ID}/interruptions`, { token: demo })).body as {
      description: string;
    }[];
    assert.ok(listed.some((i) => i.description === text));
    const category = await sandbox.http.send('POST', `/catalog/v2.0/merchants/${DEMO_GROCERY_ID}/categories`, {
      token: demo,
      json: { name: 'Doces 🍰 e salgados çã', status: 'AVAILABLE', template: 'DEFAULT' },
    });
    assert.equal(category.status, 201);
    assert.equal((category.body as { name: string }).name, 'Doces 🍰 e salgados çã');
    const review = sandbox.world.reviews.of(DEMO_GROCERY_ID).find((r) => r.status === 'NOT_REPLIED');
    assert.ok(review);
    const reply = 'Obrigado! Volte sempre 😊 — atenção especial à sua entrega';
    const answered = await sandbox.http.send('POST', `/review/v2.0/merchants/${DEMO_GROCERY_ID}/reviews/${review.id}/answers`, {
      token: demo,
      json: { text: reply },
    });
    assert.equal(answered.status, 201);
    assert.equal((answered.body as { text: string }).text, reply);
  });
});

/**
 * The control surface (`/_sandbox/`) answers loopback callers only, whatever token they hold and
 * however the path is spelled: the router decodes percent-encoding before it matches, so
 * `/%5Fsandbox/reset` is `/_sandbox/reset` to it. Requests go through the whole server (router,
 * hooks, handlers) from a peer that is not this machine.
 */
describe('sandbox: control routes refuse a caller from another machine, however the path is spelled', () => {
  const STRANGER = '203.0.113.7';
  const spellings = (path: string): string[] => [
    path,
    path.replace('/_sandbox', '/%5Fsandbox'),
    path.replace('/_sandbox', '/%5fsandbox'),
    path.replace('/_sandbox', '/%5F%73andbox'),
    path.replace('/_sandbox', '/_%73andbox'),
  ];

  it('answers 403 to each spelling, with a token or without, and changes nothing; loopback still reaches them', async () => {
    const { app, ctx } = createSandboxServer({ now: pinnedNow(), rateLimitFactor: 0 });
    try {
      const tokenAnswer = await app.inject({
        method: 'POST',
        url: '/authentication/v1.0/oauth/token',
        remoteAddress: STRANGER,
        payload: { grant_type: 'client_credentials', client_id: 'demo', client_secret: 'demo-secret' },
      });
      assert.equal(tokenAnswer.statusCode, 200, 'the token route is open to any caller');
      const token = (tokenAnswer.json() as { access_token: string }).access_token;
      const clockBefore = ctx.world.clock.now();
      const ordersBefore = ctx.world.orders.orders.size;
      const created = await app.inject({ method: 'POST', url: '/_sandbox/orders', remoteAddress: '127.0.0.1', payload: { merchantId: DEMO_RESTAURANT_ID } });
      assert.equal(created.statusCode, 201);

      for (const [method, path, payload] of [
        ['POST', '/_sandbox/reset', undefined],
        ['POST', '/_sandbox/clock', { advanceSeconds: 3600 }],
        ['GET', '/_sandbox/orders', undefined],
        ['POST', '/_sandbox/orders', { merchantId: DEMO_RESTAURANT_ID }],
        ['PUT', '/_sandbox/faults', { errorRate: 1 }],
      ] as const) {
        for (const url of spellings(path)) {
          for (const headers of [{ authorization: `Bearer ${token}` }, {}]) {
            const answer = await app.inject({ method, url, remoteAddress: STRANGER, headers, ...(payload ? { payload } : {}) });
            assert.equal(
              answer.statusCode,
              403,
              `${method} ${url} ${'authorization' in headers ? 'with' : 'without'} a token: ${answer.statusCode} ${answer.body}`,
            );
          }
        }
      }
      assert.equal(ctx.world.orders.orders.size, ordersBefore + 1, 'no reset, no order placed from outside');
      assert.ok(ctx.world.clock.now() - clockBefore < 600_000, 'the clock was not moved an hour');
      assert.equal(ctx.world.faults.active, false, 'no fault switched on');

      // The same spellings from this machine reach the route: the refusals above were the guard's.
      for (const url of spellings('/_sandbox/clock')) {
        const answer = await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
        assert.equal(answer.statusCode, 200, `${url} from loopback: ${answer.statusCode}`);
      }
    } finally {
      await app.close();
    }
  });
});
