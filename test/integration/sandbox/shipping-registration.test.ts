import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { sandboxWithTokens } from '../../support/sandbox/sandbox';
import { advance, assertError, codesOf, createOrder, detailOf, drain, type Sandbox } from '../../support/sandbox/orders';

const S = '/shipping/v1.0';
const POINT = { latitude: -23.5401, longitude: -46.6835 };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function registration(quoteId: string): Record<string, any> {
  return {
    customer: { name: 'Marina Alves', phone: { countryCode: '55', areaCode: '11', number: '987654321', type: 'CUSTOMER' } },
    delivery: {
      merchantFee: 8.5,
      quoteId,
      deliveryAddress: {
        postalCode: '05005-001',
        streetNumber: '300',
        streetName: 'Rua Turiassu',
        neighborhood: 'Perdizes',
        city: 'São Paulo',
        state: 'SP',
        country: 'BR',
        coordinates: POINT,
      },
    },
    items: [{ id: 'MBP-001', name: 'Arroz branco tipo 1 5kg', quantity: 2, unitPrice: 27.9, price: 55.8, optionsPrice: 0, totalPrice: 55.8 }],
    payments: { methods: [{ method: 'CREDIT', type: 'OFFLINE', value: 64.3, card: { brand: 'VISA' } }] },
  };
}

describe('sandbox shipping style B: delivery-only orders', () => {
  let sandbox: Sandbox;
  let demo: string;
  before(async () => ({ sandbox, demo } = await sandboxWithTokens()));
  after(() => sandbox.close());

  const quote = async (merchantId = DEMO_GROCERY_ID, point = POINT) => {
    const response = await sandbox.http.send(
      'GET',
      `${S}/merchants/${merchantId}/deliveryAvailabilities?latitude=${point.latitude}&longitude=${point.longitude}`,
      { token: demo },
    );
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const register = (json: unknown, merchantId = DEMO_GROCERY_ID) => sandbox.http.send('POST', `${S}/merchants/${merchantId}/orders`, { token: demo, json });

  it('quotes for a store and a point, with preparationTime and quote.raise', async () => {
    const q = await quote();
    assert.equal(typeof q.preparationTime, 'number');
    assert.equal(typeof q.quote.raise, 'number');
    assert.equal(q.quote.netValue, Math.round((q.quote.grossValue + q.quote.raise - q.quote.discount) * 100) / 100);
    assert.ok(q.distance > 0 && q.distance < 10_000);
  });

  it('validates the point (400), the store (404/403), and the delivery area (422)', async () => {
    for (const query of ['', '?latitude=-23.5', '?latitude=abc&longitude=1', '?latitude=91&longitude=0', '?latitude=&longitude=']) {
      assertError(await sandbox.http.send('GET', `${S}/merchants/${DEMO_GROCERY_ID}/deliveryAvailabilities${query}`, { token: demo }), 400);
    }
    assertError(
      await sandbox.http.send('GET', `${S}/merchants/00000000-0000-4000-8000-000000000000/deliveryAvailabilities?latitude=0&longitude=0`, { token: demo }),
      404,
    );
    assertError(await sandbox.http.send('GET', `${S}/merchants/${OTHER_BAKERY_ID}/deliveryAvailabilities?latitude=0&longitude=0`, { token: demo }), 403);
    assertError(
      await sandbox.http.send('GET', `${S}/merchants/${DEMO_GROCERY_ID}/deliveryAvailabilities?latitude=-22.9&longitude=-43.2`, { token: demo }),
      422,
      'OutOfDeliveryArea',
    );
  });

  it('registers an order with a fresh quote: 202 {id, trackingUrl}; it becomes a confirmed platform delivery with events', async () => {
    await drain(sandbox, demo);
    const q = await quote();
    const response = await register(registration(q.id));
    assert.equal(response.status, 202, JSON.stringify(response.body));
    assert.equal(response.headers['x-ratelimit-limit'], '4000');
    const { id, trackingUrl } = response.body as { id: string; trackingUrl: string };
    assert.ok(new URL(trackingUrl).pathname.endsWith(id));
    // The tracking URL is a public page (the customer has no token).
    const page = await sandbox.http.send('GET', new URL(trackingUrl).pathname);
    assert.equal(page.status, 200);
    assert.match(page.headers['content-type'] ?? '', /text\/html/);
    assert.match(page.bytes.toString('utf8'), /Ainda não designado/);
    assert.equal((await sandbox.http.send('GET', '/tracking/00000000-0000-4000-8000-000000000000')).status, 404);
    assert.equal((await sandbox.http.send('GET', '/tracking/x')).status, 400);
    const detail = await detailOf(sandbox, demo, id);
    assert.equal(detail.status, 'CONFIRMED');
    assert.equal(detail.orderType, 'DELIVERY');
    assert.equal(detail.delivery.deliveredBy, 'PLATFORM');
    assert.equal(detail.customer.name, 'Marina Alves');
    assert.equal(detail.items[0].totalPrice, 55.8);
    assert.equal(detail.total.deliveryFee, 8.5);
    assert.equal(detail.total.orderAmount, 64.3);
    assert.deepEqual(detail.delivery.deliveryAddress.coordinates, POINT);
    assert.deepEqual(await codesOf(sandbox, id), ['PLC', 'CFM', 'RDS']);
    await advance(sandbox, 60);
    assert.deepEqual(await codesOf(sandbox, id), ['PLC', 'CFM', 'RDS', 'ADR']);
    assert.equal((await sandbox.http.send('GET', `${S}/orders/${id}/tracking`, { token: demo })).status, 200);
    assert.match((await sandbox.http.send('GET', new URL(trackingUrl).pathname)).bytes.toString('utf8'), /Posição do entregador/);
    // A quote is spent once: the resend is refused.
    assertError(await register(registration(q.id)), 409, 'QuoteAlreadyUsed');
  });

  it('refuses bad bodies with 400 and unknown, foreign or expired quotes', async () => {
    const q = await quote();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const broken: ((b: Record<string, any>) => void)[] = [
      (b) => delete b.customer,
      (b) => (b.customer.phone.number = 12345),
      (b) => (b.delivery.quoteId = 'not-a-uuid'),
      (b) => (b.delivery.deliveryAddress.state = 'São Paulo'),
      (b) => delete b.delivery.deliveryAddress.coordinates,
      (b) => (b.items = []),
      (b) => (b.items[0].quantity = 1.5),
      (b) => (b.items[0].totalPrice = -1),
      (b) => (b.payments.methods = []),
      (b) => delete b.payments.methods[0].value,
    ];
    for (const breakIt of broken) {
      const body = registration(q.id);
      breakIt(body);
      assertError(await register(body), 400);
    }
    assertError(await sandbox.http.send('POST', `${S}/merchants/${DEMO_GROCERY_ID}/orders`, { token: demo, raw: '{"customer":' }), 400);
    assertError(await register(registration('00000000-0000-4000-8000-000000000000')), 400, 'InvalidQuote');
    const restaurantQuote = await quote(DEMO_RESTAURANT_ID);
    assertError(await register(registration(restaurantQuote.id)), 400, 'InvalidQuote');
    assertError(await register(registration(q.id), OTHER_BAKERY_ID), 403);
    await advance(sandbox, 5 * 60);
    demo = await sandbox.http.token('demo', 'demo-secret');
    assertError(await register(registration(q.id)), 409, 'QuoteExpired');
  });

  it('checks every row of the register body table: each field of the wrong type is 400; the optional ones may be left out', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const set = (body: Record<string, any>, path: string, value: unknown) => {
      const keys = path.split('.');
      const last = keys.pop()!;
      const target = keys.reduce((o, k) => o[k], body);
      if (value === undefined) delete target[last];
      else target[last] = value;
    };
    const rows: [string, unknown][] = [
      ['customer.name', 42],
      ['customer.phone.countryCode', 55],
      ['customer.phone.areaCode', 11],
      ['customer.phone.number', 987654321],
      ['customer.phone.type', ['CUSTOMER']],
      ['delivery.merchantFee', '8.5'],
      ['delivery.quoteId', 'quote'],
      ['delivery.deliveryAddress.postalCode', 5005001],
      ['delivery.deliveryAddress.streetNumber', 300],
      ['delivery.deliveryAddress.streetName', null],
      ['delivery.deliveryAddress.neighborhood', {}],
      ['delivery.deliveryAddress.city', []],
      ['delivery.deliveryAddress.state', 'SPX'],
      ['delivery.deliveryAddress.country', 'BRA'],
      ['delivery.deliveryAddress.coordinates.latitude', '-23.5'],
      ['delivery.deliveryAddress.coordinates.longitude', undefined],
      ['items.0.id', 7],
      ['items.0.name', undefined],
      ['items.0.quantity', '2'],
      ['items.0.unitPrice', '27.9'],
      ['items.0.price', '55.8'],
      ['items.0.optionsPrice', false],
      ['items.0.totalPrice', undefined],
      ['payments.methods.0.method', undefined],
      ['payments.methods.0.type', 1],
      ['payments.methods.0.value', '64.3'],
      ['payments.methods.0.card.brand', 3],
    ];
    const q = await quote();
    for (const [path, value] of rows) {
      const body = structuredClone(registration(q.id));
      set(body, path, value);
      assertError(await register(body), 400);
    }
    // Not stated as mandatory and not needed for a delivery: phone type, merchant fee, item price and options price, card.
    const minimal = structuredClone(registration((await quote()).id));
    for (const path of ['customer.phone.type', 'delivery.merchantFee', 'items.0.price', 'items.0.optionsPrice', 'payments.methods.0.card'])
      set(minimal, path, undefined);
    const accepted = await register(minimal);
    assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
    const detail = await detailOf(sandbox, demo, (accepted.body as { id: string }).id);
    assert.equal(detail.total.deliveryFee, q.quote.netValue, 'without merchantFee the quote’s price is the fee');
  });

  it('cancels a delivery-only order with a listed code; refuses other codes, other orders, a second cancel', async () => {
    const { id } = (await register(registration((await quote()).id))).body as { id: string };
    const reasons = await sandbox.http.send('GET', `${S}/orders/${id}/cancellationReasons`, { token: demo });
    assert.equal(reasons.status, 200);
    const list = reasons.body as { cancelCodeId: string; description: string }[];
    assert.ok(list.length > 0 && list.every((r) => typeof r.cancelCodeId === 'string' && r.description.length > 0));
    const url = `${S}/orders/${id}/cancel`;
    assertError(await sandbox.http.send('POST', url, { token: demo, json: { reason: 'x' } }), 400);
    assertError(await sandbox.http.send('POST', url, { token: demo, json: { reason: 'x', cancellationCode: '801' } }), 400);
    assertError(await sandbox.http.send('POST', url, { token: demo, json: { reason: 'x', cancellationCode: 999 } }), 400);
    const ok = await sandbox.http.send('POST', url, { token: demo, json: { reason: 'O cliente desistiu', cancellationCode: Number(list[0]?.cancelCodeId) } });
    assert.equal(ok.status, 202);
    assert.equal(ok.headers['x-ratelimit-limit'], '600');
    assert.equal((await detailOf(sandbox, demo, id)).status, 'CANCELLED');
    assert.deepEqual((await codesOf(sandbox, id)).slice(-1), ['CAN']);
    assertError(await sandbox.http.send('POST', url, { token: demo, json: { reason: 'x', cancellationCode: 801 } }), 409);
    await advance(sandbox, 60);
    assert.ok(!(await codesOf(sandbox, id)).includes('ADR'), 'no driver for a cancelled order');
    const marketplace = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    assertError(await sandbox.http.send('GET', `${S}/orders/${marketplace.id}/cancellationReasons`, { token: demo }), 409, 'NotDeliveryOnlyOrder');
    assertError(await sandbox.http.send('POST', `${S}/orders/${marketplace.id}/cancel`, { token: demo, json: { reason: 'x', cancellationCode: 801 } }), 409);
  });
});
