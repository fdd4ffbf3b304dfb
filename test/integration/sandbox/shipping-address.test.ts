import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { sandboxWithTokens } from '../../support/sandbox/sandbox';
import { advance, assertError, codesOf, createOrder, detailOf, drain, type Sandbox } from '../../support/sandbox/orders';

const S = '/shipping/v1.0';
const NEW_ADDRESS = {
  streetNumber: '77',
  streetName: 'Rua Aimberê',
  complement: 'Casa 2',
  neighborhood: 'Perdizes',
  city: 'São Paulo',
  state: 'SP',
  country: 'BR',
  reference: 'Perto da padaria',
  coordinates: { latitude: -23.538, longitude: -46.676 },
};

describe('sandbox shipping: address confirmation, address changes, safe delivery', () => {
  let sandbox: Sandbox;
  let demo: string;
  before(async () => ({ sandbox, demo } = await sandboxWithTokens()));
  after(() => sandbox.close());

  const post = (orderId: string, name: string, json?: unknown) =>
    sandbox.http.send('POST', `${S}/orders/${orderId}/${name}`, json === undefined ? { token: demo } : { token: demo, json });
  const safe = async (orderId: string) => {
    const response = await sandbox.http.send('GET', `${S}/orders/${orderId}/safeDelivery`, { token: demo });
    assert.equal(response.status, 200);
    return response.body as { rules: Record<string, boolean>; score: string };
  };

  it('reads the safe-delivery rules and score; confirming the address sets its rule', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const before = await safe(order.id);
    assert.deepEqual(Object.keys(before.rules).sort(), [
      'customer_address_change_requested',
      'customer_address_confirmed',
      'customer_phone_is_fixed',
      'customer_phone_valid',
      'merchant_address_change_approved',
      'merchant_address_change_denied',
    ]);
    assert.equal(before.score, 'VERY_HIGH');
    const confirmed = await post(order.id, 'userConfirmAddress');
    assert.equal(confirmed.status, 202);
    assert.equal(confirmed.headers['x-ratelimit-limit'], '500');
    assert.equal((await safe(order.id)).rules.customer_address_confirmed, true);
    const takeout = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    assertError(await post(takeout.id, 'userConfirmAddress'), 409, 'NotDelivery');
    assertError(await sandbox.http.send('GET', `${S}/orders/${takeout.id}/safeDelivery`, { token: demo }), 409);
  });

  it("a customer's change (DAR) is accepted by the merchant with 200 (DAA); the address is replaced", async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    assertError(await post(order.id, 'acceptDeliveryAddressChange'), 409, 'NoAddressChangePending');
    await drain(sandbox, demo);
    const asked = await sandbox.http.send('POST', `/_sandbox/orders/${order.id}/addressChangeRequest`, { json: NEW_ADDRESS });
    assert.equal(asked.status, 201);
    const [dar] = await drain(sandbox, demo);
    assert.equal(dar?.code, 'DAR');
    assert.equal(dar?.metadata.requestedBy, 'CUSTOMER');
    assert.equal((await safe(order.id)).rules.customer_address_change_requested, true);
    assert.equal((await safe(order.id)).score, 'HIGH');
    const accepted = await post(order.id, 'acceptDeliveryAddressChange');
    assert.equal(accepted.status, 200);
    assert.match(accepted.headers['content-type'] ?? '', /text\/plain/);
    const address = (await detailOf(sandbox, demo, order.id)).delivery.deliveryAddress;
    assert.equal(address.streetName, 'Rua Aimberê');
    assert.deepEqual(address.coordinates, NEW_ADDRESS.coordinates);
    assert.equal((await safe(order.id)).rules.merchant_address_change_approved, true);
    assert.deepEqual((await codesOf(sandbox, order.id)).slice(-2), ['DAR', 'DAA']);
    assertError(await post(order.id, 'denyDeliveryAddressChange'), 409);
  });

  it("a customer's change denied by the merchant: 202, DAD, the address stays", async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    assert.equal((await sandbox.http.send('POST', `/_sandbox/orders/${order.id}/addressChangeRequest`)).status, 201);
    assertError(await sandbox.http.send('POST', `/_sandbox/orders/${order.id}/addressChangeRequest`), 409, 'AddressChangePending');
    const denied = await post(order.id, 'denyDeliveryAddressChange');
    assert.equal(denied.status, 202);
    assert.deepEqual((await detailOf(sandbox, demo, order.id)).delivery.deliveryAddress, order.delivery.deliveryAddress);
    assert.equal((await safe(order.id)).rules.merchant_address_change_denied, true);
    assert.deepEqual((await codesOf(sandbox, order.id)).slice(-2), ['DAR', 'DAD']);
  });

  it("the merchant's own change request (202, DAR) is answered by the customer 30 s later (DAA)", async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const response = await post(order.id, 'deliveryAddressChangeRequest', NEW_ADDRESS);
    assert.equal(response.status, 202);
    assertError(await post(order.id, 'acceptDeliveryAddressChange'), 409, 'AwaitingCustomer');
    assertError(await post(order.id, 'deliveryAddressChangeRequest', NEW_ADDRESS), 409, 'AddressChangePending');
    await advance(sandbox, 30);
    assert.deepEqual((await codesOf(sandbox, order.id)).slice(-2), ['DAR', 'DAA']);
    assert.equal((await detailOf(sandbox, demo, order.id)).delivery.deliveryAddress.streetNumber, '77');
  });

  it('validates the address change body (400)', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const without = (key: string) => Object.fromEntries(Object.entries(NEW_ADDRESS).filter(([k]) => k !== key));
    for (const required of ['streetName', 'neighborhood', 'city', 'state', 'country', 'coordinates']) {
      assertError(await post(order.id, 'deliveryAddressChangeRequest', without(required)), 400);
    }
    assertError(await post(order.id, 'deliveryAddressChangeRequest', { ...NEW_ADDRESS, state: 'SPX' }), 400);
    assertError(await post(order.id, 'deliveryAddressChangeRequest', { ...NEW_ADDRESS, country: 'BRA' }), 400);
    assertError(await post(order.id, 'deliveryAddressChangeRequest', { ...NEW_ADDRESS, coordinates: { latitude: -23.5 } }), 400);
    assertError(await post(order.id, 'deliveryAddressChangeRequest', { ...NEW_ADDRESS, complement: 12 }), 400);
    assertError(await post(order.id, 'deliveryAddressChangeRequest', { ...NEW_ADDRESS, reference: ['x'] }), 400);
    assertError(await post(order.id, 'deliveryAddressChangeRequest', { ...NEW_ADDRESS, streetNumber: 77 }), 400);
    assertError(await post(order.id, 'deliveryAddressChangeRequest', { ...NEW_ADDRESS, coordinates: { latitude: 'x', longitude: 1 } }), 400);
    assertError(await post(order.id, 'deliveryAddressChangeRequest'), 400);
    const { complement: _complement, reference: _reference, ...withoutOptional } = without('streetNumber') as typeof NEW_ADDRESS;
    const optional = await post(order.id, 'deliveryAddressChangeRequest', withoutOptional);
    assert.equal(optional.status, 202, 'streetNumber, complement and reference are optional');
  });
});
