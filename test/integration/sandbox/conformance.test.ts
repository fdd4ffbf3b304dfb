import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { request } from 'undici';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID, type SandboxRoute } from '../../../src-sandbox/index';
import { withSandbox } from '../../support/sandbox/sandbox';
import { createOrder, type Sandbox } from '../../support/sandbox/orders';
import { assertShape, isOpen, key, MERCHANT_NAMES, paramsOf, pathOf, shapeOf } from '../../support/sandbox/routes';

/**
 * Cross-cutting rules checked on every route the sandbox serves, so a route added later is covered
 * (or the sweep fails until it is classified): spec §5 items 1–2 (bearer token, 401), §7 (module
 * error shapes, 5xx), §8 (each route's limit, its headers, 429 past it).
 */

const MIN = 60_000;
/**
 * Spec §8, transcribed independently of src-shared/spec-limits.ts: [limit, window ms]. Keys are the
 * sandbox's routes. The authentication routes take the stricter of the two values given (20/min);
 * GET status/{operation} shares status's 20000/min; the order tracking route the table lists as
 * POST is the GET of §4.5; the events-module names have "the same limits" as the order routes.
 */
const SPEC_LIMITS: Readonly<Record<string, readonly [number, number]>> = {
  'POST /authentication/v1.0/oauth/token': [20, MIN],
  'POST /realms/merchant/protocol/openid-connect/token': [20, MIN],
  'POST /authentication/v1.0/oauth/userCode': [20, MIN],
  'GET /order/v1.0/orders::polling': [6000, MIN],
  'POST /order/v1.0/orders::acknowledgment': [6000, MIN],
  'GET /events/v1.0/events::polling': [6000, MIN],
  'POST /events/v1.0/events/acknowledgment': [6000, MIN],
  'GET /order/v1.0/orders/:id': [3000, MIN],
  'GET /order/v1.0/orders/:id/virtual-bag': [1000, 1000],
  'POST /order/v1.0/orders/:id/confirm': [3000, MIN],
  'POST /order/v1.0/orders/:id/startPreparation': [3000, MIN],
  'POST /order/v1.0/orders/:id/readyToPickup': [3000, MIN],
  'POST /order/v1.0/orders/:id/dispatch': [3000, MIN],
  'POST /order/v1.0/orders/:id/requestCancellation': [300, MIN],
  'GET /order/v1.0/orders/:id/tracking': [5000, MIN],
  'POST /order/v1.0/disputes/:disputeId/accept': [1000, MIN],
  'POST /order/v1.0/disputes/:disputeId/reject': [1000, MIN],
  'POST /order/v1.0/disputes/:disputeId/alternatives/:alternativeId': [1000, MIN],
  'GET /shipping/v1.0/orders/:orderId/deliveryAvailabilities': [4000, MIN],
  'GET /shipping/v1.0/merchants/:merchantId/deliveryAvailabilities': [4000, MIN],
  'POST /shipping/v1.0/merchants/:merchantId/orders': [4000, MIN],
  'POST /shipping/v1.0/orders/:orderId/requestDriver': [4000, MIN],
  'POST /shipping/v1.0/orders/:orderId/cancel': [600, MIN],
  'POST /shipping/v1.0/orders/:orderId/cancelRequestDriver': [600, MIN],
  'POST /shipping/v1.0/orders/:orderId/userConfirmAddress': [500, MIN],
  'POST /shipping/v1.0/orders/:orderId/deliveryAddressChangeRequest': [500, MIN],
  'POST /shipping/v1.0/orders/:orderId/acceptDeliveryAddressChange': [500, MIN],
  'POST /shipping/v1.0/orders/:orderId/denyDeliveryAddressChange': [500, MIN],
  'GET /shipping/v1.0/orders/:orderId/safeDelivery': [500, MIN],
  'GET /merchant/v1.0/merchants': [100, MIN],
  'GET /merchant/v1.0/merchants/:merchantId': [300, MIN],
  'GET /merchant/v1.0/merchants/:merchantId/status': [20000, MIN],
  'GET /merchant/v1.0/merchants/:merchantId/status/:operation': [20000, MIN],
  'GET /merchant/v1.0/merchants/:merchantId/interruptions': [100, MIN],
  'DELETE /merchant/v1.0/merchants/:merchantId/interruptions/:interruptionId': [100, MIN],
  'GET /merchant/v1.0/merchants/:merchantId/opening-hours': [100, MIN],
  'PUT /merchant/v1.0/merchants/:merchantId/opening-hours': [100, MIN],
  'POST /merchant/v1.0/merchants/:merchantId/interruptions': [200, MIN],
  'GET /review/v2.0/merchants/:merchantId/reviews': [2000, MIN],
  'GET /review/v2.0/merchants/:merchantId/reviews/:reviewId': [2000, MIN],
  'POST /review/v2.0/merchants/:merchantId/reviews/:reviewId/answers': [2000, MIN],
  'GET /review/v2.0/merchants/:merchantId/summary': [2000, MIN],
  'POST /promotion/v1.0/merchants/:merchantId/promotions': [1000, MIN],
  // Catalog: 5000/min for the routes the table lists by name, 3000/min for the others.
  'PATCH /catalog/v2.0/merchants/:merchantId/products/status': [5000, MIN],
  'PATCH /catalog/v2.0/merchants/:merchantId/products/price': [5000, MIN],
  'PATCH /catalog/v2.0/merchants/:merchantId/items/price': [5000, MIN],
  'PATCH /catalog/v2.0/merchants/:merchantId/items/status': [5000, MIN],
  'PATCH /catalog/v2.0/merchants/:merchantId/options/price': [5000, MIN],
  'PATCH /catalog/v2.0/merchants/:merchantId/options/status': [5000, MIN],
  'PATCH /catalog/v2.0/merchants/:merchantId/options/externalCode': [5000, MIN],
  'GET /catalog/v2.0/merchants/:merchantId/batch/:batchId': [5000, MIN],
  'POST /catalog/v2.0/merchants/:merchantId/inventory': [5000, MIN],
  'GET /catalog/v2.0/merchants/:merchantId/inventory/:productId': [5000, MIN],
  'POST /catalog/v2.0/merchants/:merchantId/inventory/batchDelete': [5000, MIN],
  'GET /catalog/v2.0/merchants/:merchantId/categories': [3000, MIN],
  'POST /catalog/v2.0/merchants/:merchantId/categories': [3000, MIN],
  'GET /catalog/v2.0/merchants/:merchantId/categories/:categoryId/items': [3000, MIN],
  'GET /catalog/v2.0/merchants/:merchantId/catalogs': [3000, MIN],
  'GET /catalog/v2.0/merchants/:merchantId/catalogs/:catalogId/sellableItems': [3000, MIN],
  'GET /catalog/v2.0/merchants/:merchantId/catalogs/:catalogId/unsellableItems': [3000, MIN],
  'PUT /catalog/v2.0/merchants/:merchantId/items': [3000, MIN],
  'GET /catalog/v2.0/merchants/:merchantId/items/:itemId/flat': [3000, MIN],
  'PATCH /catalog/v2.0/merchants/:merchantId/items/externalCode': [3000, MIN],
};

/** API routes the §8 table does not list: no limit, no rate-limit headers. */
const UNLISTED = new Set([
  'POST /order/v1.0/orders/:id/validatePickupCode',
  'POST /order/v1.0/orders/:id/verifyDeliveryCode',
  'GET /order/v1.0/orders/:id/cancellationReasons',
  'GET /shipping/v1.0/orders/:orderId/tracking',
  'GET /shipping/v1.0/orders/:orderId/cancellationReasons',
  'POST /merchant/v1.0/merchants/checkin-qrcode',
  'GET /promotion/v1.0/merchants/:merchantId/promotions/:aggregationId/items',
  // The customer's tracking page behind a registration's trackingUrl (public, not an API route).
  'GET /tracking/:orderId',
]);

const ZERO = '00000000-0000-4000-8000-000000000000';
/** Path values that reach the handler: a real demo store, unknown ids for everything else. */
const fill = (name: string) => (name === 'merchantId' ? DEMO_RESTAURANT_ID : name === 'operation' ? 'DELIVERY' : ZERO);
const hasBody = (route: SandboxRoute) => ['POST', 'PUT', 'PATCH'].includes(route.method);

function apiRoutes(sandbox: Sandbox): SandboxRoute[] {
  return sandbox.routes.filter((r) => !r.url.startsWith('/_sandbox'));
}

async function send(sandbox: Sandbox, route: SandboxRoute, token?: string) {
  const path = pathOf(route.url, fill);
  return sandbox.http.send(route.method, path, { ...(token ? { token } : {}), ...(hasBody(route) ? { json: {} } : {}) });
}

describe('every route: bearer token (spec §5 items 1–2)', () => {
  let sandbox: Sandbox;
  before(async () => (sandbox = await withSandbox({ rateLimitFactor: 0 })));
  after(() => sandbox.close());

  it('answers 401 in the module’s error shape to a missing, malformed, forged or expired token, on every API route', async () => {
    const issued = await sandbox.http.token();
    const forged = `${issued.slice(0, -6)}AAAAAA`;
    const otherIssuer = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"demo","exp":9999999999}').toString('base64url')}.`;
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 3600 } });
    const protectedRoutes = apiRoutes(sandbox).filter((r) => !isOpen(r));
    assert.ok(protectedRoutes.length > 60, `${protectedRoutes.length} routes`);
    for (const route of protectedRoutes) {
      const path = pathOf(route.url, fill);
      for (const [label, headers] of [
        ['no token', undefined],
        ['expired', issued],
        ['forged signature', forged],
        ['unsigned', otherIssuer],
      ] as const) {
        const response = await sandbox.http.send(route.method, path, { ...(headers ? { token: headers } : {}), ...(hasBody(route) ? { json: {} } : {}) });
        const name = `${key(route)} (${label})`;
        assert.equal(response.status, 401, name);
        assertShape(shapeOf(path), response, name);
        if (shapeOf(path) === 'merchant') assert.equal((response.body as { error: string }).error, 'Unauthorized', name);
      }
    }
    // A scheme other than Bearer is no token at all.
    const basic = await request(`${sandbox.url}/merchant/v1.0/merchants`, {
      headers: { authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}` },
    });
    assert.equal(basic.statusCode, 401);
    await basic.body.dump();
  });
});

describe('every route naming a store, order, dispute or review: 403 and 404 (spec §5 item 3, §7)', () => {
  it('answers 403 in the module’s shape for another application’s resource and 404 for an unknown one', async () => {
    const sandbox = await withSandbox({ rateLimitFactor: 0 });
    try {
      const token = await sandbox.http.token();
      const bakeryOrder = await createOrder(sandbox, { merchantId: OTHER_BAKERY_ID });
      const dispute = (await sandbox.http.send('POST', `/_sandbox/orders/${bakeryOrder.id}/dispute`, { json: {} })).body as {
        id: string;
        alternatives: { id: string }[];
      };
      const bakeryReview = sandbox.world.reviews.of(OTHER_BAKERY_ID)[0]!.id;
      const groceryReview = sandbox.world.reviews.of(DEMO_GROCERY_ID).find((r) => r.status === 'NOT_REPLIED')!.id;
      const foreign: Record<string, string> = {
        merchantId: OTHER_BAKERY_ID,
        id: bakeryOrder.id,
        orderId: bakeryOrder.id,
        disputeId: dispute.id,
        alternativeId: dispute.alternatives[0]!.id,
      };
      const scoped = apiRoutes(sandbox).filter((r) => !isOpen(r) && paramsOf(r.url).some((p) => ['merchantId', 'id', 'orderId', 'disputeId'].includes(p)));
      assert.ok(scoped.length > 50, `${scoped.length} routes`);
      for (const route of scoped) {
        const params = paramsOf(route.url);
        const owner = params.find((p) => ['merchantId', 'id', 'orderId', 'disputeId'].includes(p))!;
        for (const [label, value, status] of [
          ['another application’s', foreign[owner]!, 403],
          ['an unknown', ZERO, 404],
        ] as const) {
          const path = pathOf(route.url, (n) => (n === owner ? value : n === 'reviewId' ? bakeryReview : (foreign[n] ?? fill(n))));
          const response = await sandbox.http.send(route.method, path, { token, ...(hasBody(route) ? { json: {} } : {}) });
          const name = `${key(route)} with ${label} :${owner}`;
          assert.equal(response.status, status, `${name}: ${JSON.stringify(response.body)}`);
          assertShape(shapeOf(path), response, name);
        }
      }
      // Spec §7.2: a review that does not belong to the merchant of the path is 403 (detail and answer).
      for (const [method, suffix] of [
        ['GET', ''],
        ['POST', '/answers'],
      ] as const) {
        const response = await sandbox.http.send(method, `/review/v2.0/merchants/${DEMO_RESTAURANT_ID}/reviews/${groceryReview}${suffix}`, {
          token,
          ...(method === 'POST' ? { json: { text: 'Obrigado pela avaliação!' } } : {}),
        });
        assert.equal(response.status, 403);
        assertShape('review', response, `review of another store ${method}`);
      }
    } finally {
      await sandbox.close();
    }
  });
});

describe('every route: limits of spec §8 and their headers', () => {
  it('puts the table’s limit in X-RateLimit-Limit (with Remaining and Reset) on every listed route, and no header on the others', async () => {
    const sandbox = await withSandbox();
    try {
      const token = await sandbox.http.token();
      for (const route of apiRoutes(sandbox)) {
        const name = key(route);
        const expected = SPEC_LIMITS[name];
        assert.ok(expected || UNLISTED.has(name), `${name} is classified as listed or unlisted in §8`);
        const response = await send(sandbox, route, isOpen(route) ? undefined : token);
        if (!expected) {
          assert.equal(response.headers['x-ratelimit-limit'], undefined, name);
          continue;
        }
        assert.equal(response.headers['x-ratelimit-limit'], String(expected[0]), name);
        assert.ok(Number(response.headers['x-ratelimit-remaining']) < expected[0], `${name} remaining`);
        const reset = Number(response.headers['x-ratelimit-reset']);
        assert.ok(reset >= 0 && reset <= expected[1] / 1000, `${name} reset ${reset}`);
      }
    } finally {
      await sandbox.close();
    }
  });

  it('answers 429 in the module’s shape once a route’s budget is spent, per application, on every listed route', async () => {
    // Scaled limits (factor 1/2000) make every budget a few requests; the clock opens a new window between routes.
    const factor = 1 / 2000;
    const sandbox = await withSandbox({ rateLimitFactor: factor });
    try {
      for (const route of apiRoutes(sandbox)) {
        const expected = SPEC_LIMITS[key(route)];
        if (!expected) continue;
        await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 60 } });
        // Fresh tokens in the new window (an hour of sandbox time passes during the sweep).
        const token = await sandbox.http.token();
        const other = await sandbox.http.token('other', 'other-secret');
        const name = key(route);
        const limit = Math.max(1, Math.round(expected[0] * factor));
        const auth = isOpen(route) ? undefined : token;
        for (let i = 0; i < limit; i++) assert.notEqual((await send(sandbox, route, auth)).status, 429, `${name} request ${i + 1} of ${limit}`);
        const limited = await send(sandbox, route, auth);
        assert.equal(limited.status, 429, name);
        assertShape(shapeOf(route.url), limited, name);
        assert.equal(limited.headers['x-ratelimit-remaining'], '0', name);
        assert.ok(Number(limited.headers['x-ratelimit-reset']) > 0, name);
        if (!isOpen(route)) assert.notEqual((await send(sandbox, route, other)).status, 429, `${name}: another application has its own budget`);
      }
    } finally {
      await sandbox.close();
    }
  });
});

describe('every module: server errors in its own shape (spec §7.1, §7.4 "500 InternalServerError on all")', () => {
  let sandbox: Sandbox;
  before(async () => (sandbox = await withSandbox({ rateLimitFactor: 0 })));
  after(() => sandbox.close());

  it('answers injected 500 and 503 in each module’s shape; the control surface is never affected', async () => {
    const token = await sandbox.http.token();
    const samples: [string, string][] = [
      ['GET', '/merchant/v1.0/merchants'],
      ['GET', `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/status`],
      ['POST', `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/interruptions`],
      ['POST', '/merchant/v1.0/merchants/checkin-qrcode'],
      ['GET', `/review/v2.0/merchants/${DEMO_RESTAURANT_ID}/summary`],
      ['POST', `/promotion/v1.0/merchants/${DEMO_GROCERY_ID}/promotions`],
      ['GET', '/order/v1.0/orders:polling'],
      ['GET', `/shipping/v1.0/orders/${ZERO}/safeDelivery`],
      ['GET', `/catalog/v2.0/merchants/${DEMO_RESTAURANT_ID}/categories`],
      ['POST', '/authentication/v1.0/oauth/token'],
    ];
    for (const status of [500, 503]) {
      assert.equal((await sandbox.http.send('PUT', '/_sandbox/faults', { json: { errorRate: 1, errorStatus: status } })).status, 200);
      for (const [method, path] of samples) {
        const response = await sandbox.http.send(method, path, { token, ...(method === 'GET' ? {} : { json: {} }) });
        assert.equal(response.status, status, `${method} ${path}`);
        assertShape(shapeOf(path), response, `${method} ${path} ${status}`);
        if (shapeOf(path) === 'merchant') assert.equal((response.body as { error: string }).error, MERCHANT_NAMES[status]);
      }
      assert.equal((await sandbox.http.send('GET', '/_sandbox/clock')).status, 200);
    }
    assert.equal((await sandbox.http.send('PUT', '/_sandbox/faults', { json: {} })).status, 200);
    assert.equal((await sandbox.http.send('GET', '/merchant/v1.0/merchants', { token })).status, 200);
  });
});

describe('events come from the order side only (spec §6)', () => {
  it('promotion and review activity emits no event', async () => {
    const sandbox = await withSandbox();
    try {
      const token = await sandbox.http.token();
      const ean = sandbox.world.catalog.menuOf(DEMO_GROCERY_ID)[0]?.ean;
      const today = new Date(sandbox.world.clock.now() - 3 * 3600_000).toISOString().slice(0, 10);
      const created = await sandbox.http.send('POST', `/promotion/v1.0/merchants/${DEMO_GROCERY_ID}/promotions`, {
        token,
        json: {
          promotions: [
            { channels: ['PLATFORM-APP'], items: [{ ean, discountValue: 10, initialDate: today, finalDate: '2999-01-01', promotionType: 'PERCENTAGE' }] },
          ],
        },
      });
      assert.equal(created.status, 202);
      const review = sandbox.world.reviews.of(DEMO_RESTAURANT_ID).find((r) => r.status === 'NOT_REPLIED');
      assert.ok(review);
      const answered = await sandbox.http.send('POST', `/review/v2.0/merchants/${DEMO_RESTAURANT_ID}/reviews/${review.id}/answers`, {
        token,
        json: { text: 'Obrigado pelo retorno!' },
      });
      assert.equal(answered.status, 201);
      await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 6 * 24 * 3600 } });
      const fresh = await sandbox.http.token();
      assert.equal((await sandbox.http.send('GET', `/review/v2.0/merchants/${DEMO_RESTAURANT_ID}/reviews/${review.id}`, { token: fresh })).status, 200);
      const polled = await sandbox.http.send('GET', '/order/v1.0/orders:polling', { token: fresh });
      assert.deepEqual((polled.body as { events: unknown[] }).events, []);
      assert.equal(sandbox.world.orders.events.size, 0);
    } finally {
      await sandbox.close();
    }
  });
});
