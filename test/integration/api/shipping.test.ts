import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiError } from '../../../src-main/api/errors';
import type { OrderDetail } from '../../../src-sandbox/orders/model';
import type { DeliveryOrderRegistration } from '../../../src-shared/wire/shipping';
import { DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { connectApi, readEvents, type ConnectedApi } from '../../support/app/api-client';
import { withSandbox } from '../../support/sandbox/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;

const failsWith = (code: string, status: number, bodyCode?: string) => (error: unknown) => {
  assert.ok(error instanceof ApiError, String(error));
  assert.equal(error.code, code, error.message);
  assert.equal(error.status, status);
  if (bodyCode) assert.equal(error.body?.code, bodyCode);
  return true;
};

/** A point a few hundred metres from the demo restaurant (Vila Madalena). */
const NEARBY = { latitude: -23.5531, longitude: -46.6869 };

function registration(quoteId: string): DeliveryOrderRegistration {
  return {
    customer: { name: 'Ana Souza', phone: { countryCode: '55', areaCode: '11', number: '987654321', type: 'CUSTOMER' } },
    delivery: {
      merchantFee: 7.5,
      quoteId,
      deliveryAddress: {
        postalCode: '05435-001',
        streetNumber: '100',
        streetName: 'Rua Fradique Coutinho',
        neighborhood: 'Pinheiros',
        city: 'São Paulo',
        state: 'SP',
        country: 'BR',
        coordinates: NEARBY,
      },
    },
    items: [{ id: 'i1', name: 'Lasanha', quantity: 1, unitPrice: 42, totalPrice: 42 }],
    payments: { methods: [{ method: 'CREDIT', type: 'OFFLINE', value: 49.5, card: { brand: 'VISA' } }] },
  };
}

describe('client ↔ sandbox: shipping module, styles A and B (spec §4.1)', () => {
  let sandbox: Sandbox;
  let api: ConnectedApi;
  const control = (path: string, json?: unknown) => sandbox.http.send('POST', path, json === undefined ? {} : { json });
  const merchantDelivery = async (): Promise<OrderDetail> => {
    const order = (await control('/_sandbox/orders', { merchantId: DEMO_RESTAURANT_ID, orderType: 'DELIVERY', deliveredBy: 'MERCHANT' })).body as OrderDetail;
    await api.order.confirm(order.id);
    return order;
  };

  before(async () => {
    sandbox = await withSandbox();
    api = await connectApi(sandbox.url);
  });
  after(async () => {
    await api.close();
    await sandbox.close();
  });

  it('style A: quotes an order, requests a driver, refuses a second request, cancels it', async () => {
    const order = await merchantDelivery();
    const quote = await api.shipping.quoteForOrder(order.id);
    assert.ok(quote.id && quote.quote.netValue >= 0);
    assert.equal(quote.preparationTime ?? undefined, undefined, 'the order quote has no preparationTime');
    const text = await api.shipping.requestDriver(order.id, quote.id);
    assert.equal(typeof text, 'string', 'a 202 confirmation text');
    await assert.rejects(api.shipping.requestDriver(order.id, quote.id), failsWith('conflict', 409), 'a quote is spent once');
    await assert.rejects(api.shipping.quoteForOrder(order.id), failsWith('conflict', 409, 'DriverAlreadyRequested'));
    assert.equal(typeof (await api.shipping.cancelRequestDriver(order.id)), 'string');
    await assert.rejects(api.shipping.cancelRequestDriver(order.id), failsWith('conflict', 409, 'NoDriverRequest'));
    const codes = readEvents(await api.order.pollEvents({ limit: 1000 }))
      .filter((e) => e.orderId === order.id)
      .map((e) => e.code);
    assert.ok(codes.includes('RDS') && codes.includes('RDF'), `driver events: ${codes.join(',')}`);
  });

  it('style A: tracking is 404 until a driver is assigned, then the position', async () => {
    const order = await merchantDelivery();
    const quote = await api.shipping.quoteForOrder(order.id);
    await api.shipping.requestDriver(order.id, quote.id);
    await assert.rejects(api.shipping.track(order.id), failsWith('not-found', 404));
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 61 } });
    const tracking = await api.shipping.track(order.id);
    assert.equal(typeof tracking.latitude, 'number');
  });

  it('style B: quotes a destination, registers a delivery-only order, lists reasons and cancels it', async () => {
    const quote = await api.shipping.quoteForMerchant(DEMO_RESTAURANT_ID, NEARBY);
    assert.equal(typeof quote.preparationTime, 'number', 'the merchant quote has preparationTime');
    assert.equal(typeof quote.quote.raise, 'number', 'and quote.raise');
    const registered = await api.shipping.registerOrder(DEMO_RESTAURANT_ID, registration(quote.id));
    assert.ok(registered.id && registered.trackingUrl.includes(registered.id));
    await assert.rejects(api.shipping.registerOrder(DEMO_RESTAURANT_ID, registration(quote.id)), failsWith('conflict', 409), 'a quote is spent once');
    const reasons = await api.shipping.cancellationReasons(registered.id);
    assert.ok(reasons.length > 0 && reasons.every((r) => r.cancelCodeId && r.description));
    await assert.rejects(api.shipping.cancel(registered.id, { reason: 'x', cancellationCode: 1 }), failsWith('validation', 400));
    assert.equal(
      typeof (await api.shipping.cancel(registered.id, { reason: 'Cliente desistiu', cancellationCode: Number(reasons[0]?.cancelCodeId) })),
      'string',
    );
    assert.equal((await api.order.getOrder(registered.id)).status, 'CANCELLED');
  });

  it('style B: the documented errors (400 missing point, 422 out of area, 403 other store, 409 not delivery-only)', async () => {
    await assert.rejects(api.shipping.quoteForMerchant(DEMO_RESTAURANT_ID, { latitude: Number.NaN, longitude: 0 }), failsWith('validation', 400));
    await assert.rejects(
      api.shipping.quoteForMerchant(DEMO_RESTAURANT_ID, { latitude: -22.9, longitude: -43.2 }),
      failsWith('validation', 422, 'OutOfDeliveryArea'),
    );
    await assert.rejects(api.shipping.quoteForMerchant(OTHER_BAKERY_ID, NEARBY), failsWith('forbidden', 403));
    const platformOrder = await merchantDelivery();
    await assert.rejects(api.shipping.cancellationReasons(platformOrder.id), failsWith('conflict', 409, 'NotDeliveryOnlyOrder'));
  });

  it("address: the merchant confirms it, asks for a change, answers the customer's change; safe delivery score", async () => {
    const order = await merchantDelivery();
    const before = await api.shipping.safeDelivery(order.id);
    assert.equal(typeof before.score, 'string');
    assert.equal(typeof before.rules.customer_address_confirmed, 'boolean');
    await api.shipping.userConfirmAddress(order.id);
    assert.equal((await api.shipping.safeDelivery(order.id)).rules.customer_address_confirmed, true);
    await api.shipping.requestAddressChange(order.id, {
      streetName: 'Rua Harmonia',
      streetNumber: '500',
      neighborhood: 'Vila Madalena',
      city: 'São Paulo',
      state: 'SP',
      country: 'BR',
      coordinates: NEARBY,
    });
    await assert.rejects(
      api.shipping.requestAddressChange(order.id, { streetName: '', neighborhood: 'x', city: 'x', state: 'SPX', country: 'BR', coordinates: NEARBY }),
      failsWith('validation', 400),
    );

    const customerChange = await merchantDelivery();
    assert.equal((await control(`/_sandbox/orders/${customerChange.id}/addressChangeRequest`)).status, 201);
    assert.equal(typeof (await api.shipping.acceptAddressChange(customerChange.id)), 'string');
    const denied = await merchantDelivery();
    await control(`/_sandbox/orders/${denied.id}/addressChangeRequest`);
    assert.equal(typeof (await api.shipping.denyAddressChange(denied.id)), 'string');
    await assert.rejects(api.shipping.denyAddressChange(denied.id), failsWith('conflict', 409));
    const codes = readEvents(await api.order.pollEvents({ limit: 1000 }))
      .filter((e) => e.orderId === customerChange.id || e.orderId === denied.id)
      .map((e) => e.code);
    for (const code of ['DAR', 'DAA', 'DAD']) assert.ok(codes.includes(code), `${code} in ${codes.join(',')}`);

    const takeout = (await control('/_sandbox/orders', { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' })).body as OrderDetail;
    await assert.rejects(api.shipping.safeDelivery(takeout.id), failsWith('conflict', 409, 'NotDelivery'));
  });
});
