import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiError } from '../../../src-main/api/errors';
import { DisputeMetadata } from '../../../src-shared/wire/events';
import type { OrderDetail } from '../../../src-sandbox/orders/model';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { connectApi, readEvents, type ConnectedApi } from '../../support/app/api-client';
import { withSandbox } from '../../support/sandbox/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const failsWith = (code: string, status: number, bodyCode?: string) => (error: unknown) => {
  assert.ok(error instanceof ApiError, String(error));
  assert.equal(error.code, code, error.message);
  assert.equal(error.status, status);
  if (bodyCode) assert.equal(error.body?.code, bodyCode);
  return true;
};

describe('client ↔ sandbox: order module (spec §4.5, §4.7, §6)', () => {
  let sandbox: Sandbox;
  let api: ConnectedApi;
  const place = async (body: Record<string, unknown>): Promise<OrderDetail> => {
    const response = await sandbox.http.send('POST', '/_sandbox/orders', { json: body });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body as OrderDetail;
  };
  const control = (path: string, json: unknown = {}) => sandbox.http.send('POST', path, { json });

  before(async () => {
    sandbox = await withSandbox();
    await control('/_sandbox/reset');
    api = await connectApi(sandbox.url);
  });
  after(async () => {
    await api.close();
    await sandbox.close();
  });

  it("polls a new order's PLACED event, reads the detail in the documented shape, and acknowledges it", async () => {
    const order = await place({ merchantId: DEMO_RESTAURANT_ID, orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    const polled = readEvents(await api.order.pollEvents({ limit: 1000 }));
    const placed = polled.find((e) => e.orderId === order.id && e.fullCode === 'PLACED');
    assert.ok(placed, 'the PLACED event is polled');
    assert.equal(placed.code, 'PLC');
    assert.equal(placed.merchantId, DEMO_RESTAURANT_ID);
    const detail = await api.order.getOrder(order.id);
    assert.equal(detail.status, 'PLACED');
    assert.equal(detail.merchant?.id, DEMO_RESTAURANT_ID);
    assert.equal(detail.delivery?.deliveredBy, 'PLATFORM');
    assert.ok(detail.items.length > 0 && typeof detail.total?.orderAmount === 'number');
    await api.order.acknowledgeEvents(polled.map((e) => e.id));
    const again = readEvents(await api.order.pollEvents());
    assert.ok(!again.some((e) => e.id === placed.id), 'an acknowledged event does not come back');
    await assert.rejects(api.order.pollEvents({ limit: 5000 }), failsWith('validation', 400));
  });

  it('the events module routes (GET /events:polling, POST /events/acknowledgment) serve the same events', async () => {
    const order = await place({ merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    const polled = readEvents(await api.events.poll({ limit: 1000 }));
    const placed = polled.find((e) => e.orderId === order.id && e.code === 'PLC');
    assert.ok(placed);
    await api.events.acknowledge([placed.id]);
    assert.ok(!readEvents(await api.events.poll({ limit: 1000 })).some((e) => e.id === placed.id));
    assert.ok(api.answers.some((a) => a.route === 'GET /events:polling' && a.status === 200));
  });

  it('moves an order through confirm, startPreparation, readyToPickup; an out-of-place action is 409', async () => {
    const order = await place({ merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    assert.deepEqual(await api.order.confirm(order.id), { status: 'ACCEPTED' });
    await assert.rejects(api.order.confirm(order.id), failsWith('conflict', 409, 'InvalidOrderStatus'));
    assert.deepEqual(await api.order.startPreparation(order.id), { status: 'ACCEPTED' });
    assert.deepEqual(await api.order.readyToPickup(order.id), { status: 'ACCEPTED' });
    await assert.rejects(api.order.dispatch(order.id), failsWith('conflict', 409, 'NotMerchantDelivery'));
    const codes = readEvents(await api.order.pollEvents({ limit: 1000 }))
      .filter((e) => e.orderId === order.id)
      .map((e) => e.fullCode);
    for (const code of ['CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP']) assert.ok(codes.includes(code), `${code} event`);
    assert.equal((await api.order.getOrder(order.id)).status, 'READY_TO_PICKUP');
  });

  it('dispatches a merchant delivery and checks its delivery code (the customer localizer)', async () => {
    const order = await place({ merchantId: DEMO_RESTAURANT_ID, orderType: 'DELIVERY', deliveredBy: 'MERCHANT' });
    await assert.rejects(api.order.dispatch(order.id), failsWith('conflict', 409), 'dispatch before confirm');
    await api.order.confirm(order.id);
    assert.deepEqual(await api.order.dispatch(order.id), { status: 'ACCEPTED' });
    const localizer = (await api.order.getOrder(order.id)).customer?.phone?.localizer;
    assert.ok(localizer);
    assert.equal(await api.order.verifyDeliveryCode(order.id, '0000-not-it'), false);
    assert.equal((await api.order.getOrder(order.id)).status, 'DISPATCHED', 'a wrong code changes nothing');
    assert.equal(await api.order.verifyDeliveryCode(order.id, localizer), true);
    assert.equal((await api.order.getOrder(order.id)).status, 'CONCLUDED', 'the right code at the door ends the delivery');
    await assert.rejects(api.order.verifyDeliveryCode(order.id, localizer), failsWith('conflict', 409, 'InvalidOrderStatus'));
    await assert.rejects(api.order.validatePickupCode(order.id, '1234'), failsWith('conflict', 409, 'NotPlatformDelivery'));
  });

  it('validates the pickup code of a platform delivery', async () => {
    const order = await place({ merchantId: DEMO_RESTAURANT_ID, orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    const pickupCode = (await api.order.getOrder(order.id)).delivery?.pickupCode;
    assert.ok(pickupCode);
    assert.equal(await api.order.validatePickupCode(order.id, pickupCode), true);
    assert.equal(await api.order.validatePickupCode(order.id, `${pickupCode}9`), false);
    await assert.rejects(api.order.verifyDeliveryCode(order.id, 'x'), failsWith('conflict', 409, 'NotMerchantDelivery'));
  });

  it('lists cancellation reasons and requests a cancellation; an unknown reason is 400', async () => {
    const order = await place({ merchantId: DEMO_RESTAURANT_ID, orderType: 'DELIVERY', deliveredBy: 'MERCHANT' });
    const reasons = await api.order.cancellationReasons(order.id);
    assert.ok(reasons.some((r) => r.code === '503'));
    await assert.rejects(api.order.requestCancellation(order.id, 'not-a-code'), failsWith('validation', 400));
    assert.deepEqual(await api.order.requestCancellation(order.id, '503'), { status: 'ACCEPTED' });
    assert.equal((await api.order.getOrder(order.id)).status, 'CANCELLATION_REQUESTED');
  });

  it('tracks a platform driver: 404 before ASSIGN_DRIVER (asked once per 30 s), the position after', async () => {
    const waiting = await place({ merchantId: DEMO_RESTAURANT_ID, orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    const before = api.answers.length;
    for (let i = 0; i < 3; i++) await assert.rejects(api.order.trackOrder(waiting.id), failsWith('not-found', 404));
    assert.equal(api.answers.length - before, 1, 'the guard asked the API once; no 429 from the sandbox');

    const driven = await place({ merchantId: DEMO_RESTAURANT_ID, orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    await api.order.confirm(driven.id);
    assert.equal((await control(`/_sandbox/orders/${driven.id}/assignDriver`)).status, 200);
    const tracking = await api.order.trackOrder(driven.id);
    assert.equal(typeof tracking.latitude, 'number');
    assert.equal(typeof tracking.longitude, 'number');
    const takeout = await place({ merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    await assert.rejects(api.order.trackOrder(takeout.id), failsWith('conflict', 409));
  });

  it('reads the virtual bag and the final price of each item after merchant promotions', async () => {
    const order = await place({ merchantId: DEMO_GROCERY_ID, orderType: 'DELIVERY' });
    const bag = await api.order.getVirtualBag(order.id);
    assert.ok(bag.bag.items.length > 0);
    const prices = await api.order.promotionPrices(order.id);
    assert.equal(prices.length, bag.bag.items.length);
    for (const p of prices) assert.equal(p.finalPrice, Math.round((p.grossValue - p.merchantDiscount) * 100) / 100);
  });

  it('answers disputes: accept, reject with a reason, choose an alternative; a settled one is 409', async () => {
    const open = async (action: string) => {
      const order = await place({ merchantId: DEMO_RESTAURANT_ID, orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
      await api.order.confirm(order.id);
      const response = await control(`/_sandbox/orders/${order.id}/dispute`, { action });
      assert.equal(response.status, 201);
      const hsd = readEvents(await api.order.pollEvents({ limit: 1000 })).find((e) => e.orderId === order.id && e.fullCode === 'HANDSHAKE_DISPUTE');
      assert.ok(hsd, 'the HSD event is polled');
      return DisputeMetadata.parse(hsd.metadata);
    };
    const cancellation = await open('CANCELLATION');
    assert.deepEqual(await api.order.acceptDispute(cancellation.disputeId), { status: 'ACCEPTED' });
    await assert.rejects(api.order.acceptDispute(cancellation.disputeId), failsWith('conflict', 409, 'DisputeSettled'));
    const partial = await open('PARTIAL_CANCELLATION');
    assert.deepEqual(await api.order.rejectDispute(partial.disputeId, 'O item foi entregue, confira a foto.'), { status: 'ACCEPTED' });
    const refund = await open('PROPOSED_AMOUNT_REFUND');
    const alternative = refund.alternatives[0];
    assert.ok(alternative);
    assert.deepEqual(await api.order.chooseDisputeAlternative(refund.disputeId, alternative.id), { status: 'ACCEPTED' });
    await assert.rejects(api.order.acceptDispute(UNKNOWN), failsWith('not-found', 404));
  });

  it("answers 404 for an unknown order and 403 for another application's order", async () => {
    await assert.rejects(api.order.getOrder(UNKNOWN), failsWith('not-found', 404));
    const theirs = await place({ merchantId: OTHER_BAKERY_ID, orderType: 'TAKEOUT' });
    await assert.rejects(api.order.getOrder(theirs.id), failsWith('forbidden', 403));
    await assert.rejects(api.order.confirm(theirs.id), failsWith('forbidden', 403));
  });
});
