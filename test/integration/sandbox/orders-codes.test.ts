import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { sandboxWithTokens } from '../../support/sandbox/sandbox';
import { action, advance, assertError, control, createOrder, O, type Sandbox } from '../../support/sandbox/orders';

describe('sandbox orders: tracking, pickup and delivery codes, virtual bag', () => {
  let sandbox: Sandbox;
  let demo: string;
  before(async () => ({ sandbox, demo } = await sandboxWithTokens()));
  after(() => sandbox.close());

  const track = (orderId: string) => sandbox.http.send('GET', `${O}/orders/${orderId}/tracking`, { token: demo });

  it("tracks only a PLATFORM delivery, 404 before ASSIGN_DRIVER, then the driver's position", async () => {
    const merchant = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, deliveredBy: 'MERCHANT' });
    assertError(await track(merchant.id), 409, 'NotPlatformDelivery');
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await action(sandbox, demo, order.id, 'confirm');
    assertError(await track(order.id), 404);
    await advance(sandbox, 30);
    await control(sandbox, order.id, 'assignDriver');
    const response = await track(order.id);
    assert.equal(response.status, 200);
    assert.equal(response.headers['x-ratelimit-limit'], '5000');
    const tracking = response.body as Record<string, number | string>;
    assert.equal(typeof tracking.latitude, 'number');
    assert.equal(typeof tracking.longitude, 'number');
    assert.ok(Number.isInteger(tracking.pickupEtaStart) && Number.isInteger(tracking.deliveryEtaEnd));
    assert.ok((tracking.pickupEtaStart as number) > 0);
    assert.ok(Date.parse(tracking.expectedDelivery as string) > Date.parse(tracking.trackDate as string));
  });

  it('answers tracking at most once every 30 seconds per order (429 with Retry-After)', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await action(sandbox, demo, order.id, 'confirm');
    await control(sandbox, order.id, 'assignDriver');
    assert.equal((await track(order.id)).status, 200);
    const again = await track(order.id);
    assertError(again, 429, 'TooManyRequests');
    assert.ok(Number(again.headers['retry-after']) > 0);
    await advance(sandbox, 30);
    const later = await track(order.id);
    assert.equal(later.status, 200);
    // The driver collects: the pickup ETA is now in the past (negative), the position moves on.
    await control(sandbox, order.id, 'advanceDriver');
    await control(sandbox, order.id, 'advanceDriver');
    await advance(sandbox, 9 * 60);
    await control(sandbox, order.id, 'advanceDriver');
    await advance(sandbox, 60);
    const collected = (await track(order.id)).body as Record<string, number>;
    assert.ok((collected.pickupEtaStart as number) < 0);
  });

  it("validates the pickup code of a PLATFORM delivery against the detail's pickupCode", async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const url = `${O}/orders/${order.id}/validatePickupCode`;
    const right = await sandbox.http.send('POST', url, { token: demo, json: { code: order.delivery.pickupCode } });
    assert.equal(right.status, 200);
    assert.deepEqual(right.body, { valid: true });
    const wrong = await sandbox.http.send('POST', url, { token: demo, json: { code: '0000x' } });
    assert.deepEqual(wrong.body, { valid: false });
    assertError(await sandbox.http.send('POST', url, { token: demo, json: {} }), 400);
    assertError(await sandbox.http.send('POST', url, { token: demo, json: { code: 1234 } }), 400);
    const merchant = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, deliveredBy: 'MERCHANT' });
    assertError(await sandbox.http.send('POST', `${O}/orders/${merchant.id}/validatePickupCode`, { token: demo, json: { code: '1234' } }), 409);
    const takeout = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    assertError(await sandbox.http.send('POST', `${O}/orders/${takeout.id}/validatePickupCode`, { token: demo, json: { code: '1234' } }), 409);
  });

  it('validates pickup codes only while the store has the feature enabled (spec §4.5 "only when enabled")', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    const url = `${O}/orders/${order.id}/validatePickupCode`;
    const features = (json: unknown) => sandbox.http.send('PUT', `/_sandbox/merchants/${DEMO_RESTAURANT_ID}/features`, { json });
    const off = await features({ pickupCode: false });
    assert.equal(off.status, 200);
    assert.deepEqual(off.body, { merchantId: DEMO_RESTAURANT_ID, pickupCode: false, smartPreparation: true });
    assertError(await sandbox.http.send('POST', url, { token: demo, json: { code: order.delivery.pickupCode } }), 409, 'PickupCodeNotEnabled');
    assert.equal((await features({ pickupCode: true })).status, 200);
    assert.deepEqual((await sandbox.http.send('POST', url, { token: demo, json: { code: order.delivery.pickupCode } })).body, { valid: true });
    assertError(await features({ pickupCode: 'no' }), 400);
    assertError(await features({ other: true }), 400);
    assertError(await sandbox.http.send('PUT', '/_sandbox/merchants/00000000-0000-4000-8000-000000000000/features', { json: {} }), 404);
  });

  it('verifies the delivery code of a MERCHANT delivery against phone.localizer', async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, deliveredBy: 'MERCHANT' });
    const url = `${O}/orders/${order.id}/verifyDeliveryCode`;
    assert.deepEqual((await sandbox.http.send('POST', url, { token: demo, json: { code: order.customer.phone.localizer } })).body, { valid: true });
    assert.deepEqual((await sandbox.http.send('POST', url, { token: demo, json: { code: '12' } })).body, { valid: false });
    assertError(await sandbox.http.send('POST', url, { token: demo, raw: 'nope' }), 400);
    const platform = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    assertError(
      await sandbox.http.send('POST', `${O}/orders/${platform.id}/verifyDeliveryCode`, { token: demo, json: { code: '1' } }),
      409,
      'NotMerchantDelivery',
    );
  });

  it('reads the virtual bag: items by uniqueId with their gross price, item benefits with sponsors', async () => {
    const [first, second] = sandbox.world.catalog.menuOf(DEMO_GROCERY_ID);
    assert.ok(first?.ean && second?.externalCode);
    const order = await createOrder(sandbox, { merchantId: DEMO_GROCERY_ID, items: [{ ean: first.ean, quantity: 3 }, { externalCode: second.externalCode }] });
    assert.deepEqual(
      order.items.map((i: { id: string; ean: string; quantity: number; unitPrice: number }) => [i.id, i.ean, i.quantity, i.unitPrice]),
      [
        [first.id, first.ean, 3, first.price],
        [second.id, second.ean, 1, second.price],
      ],
    );
    const response = await sandbox.http.send('GET', `${O}/orders/${order.id}/virtual-bag`, { token: demo });
    assert.equal(response.status, 200);
    assert.equal(response.headers['x-ratelimit-limit'], '1000');
    const bag = (response.body as { bag: { items: { uniqueId: string; prices: { grossValue: { value: number } } }[]; benefits: { benefits: unknown[] } } }).bag;
    assert.deepEqual(
      bag.items.map((i) => i.uniqueId),
      order.items.map((i: { uniqueId: string }) => i.uniqueId),
    );
    assert.deepEqual(
      bag.items.map((i) => i.prices.grossValue.value),
      order.items.map((i: { totalPrice: number }) => i.totalPrice),
    );
    assert.deepEqual(bag.benefits.benefits, []);
  });

  it("shows benefits in the bag that add up to the detail's total.benefits", async () => {
    let seen = 0;
    for (let i = 0; i < 30 && seen < 2; i++) {
      const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
      if (order.total.benefits === 0) continue;
      seen += 1;
      const bag = (await sandbox.http.send('GET', `${O}/orders/${order.id}/virtual-bag`, { token: demo })).body as {
        bag: {
          items: { uniqueId: string }[];
          benefits: { benefits: { target: string; targetId: string; sponsorships: { liability: string; amount: { value: number } }[] }[] };
        };
      };
      let sum = 0;
      for (const benefit of bag.bag.benefits.benefits) {
        assert.equal(benefit.target, 'ITEM');
        assert.ok(bag.bag.items.some((item) => item.uniqueId === benefit.targetId));
        for (const s of benefit.sponsorships) {
          assert.ok(['PARTNER', 'CHAIN', 'PLATFORM'].includes(s.liability));
          sum += s.amount.value;
        }
      }
      assert.equal(Math.round(sum * 100) / 100, order.total.benefits);
    }
    assert.ok(seen > 0, 'some random orders carry a shared discount');
  });
});
