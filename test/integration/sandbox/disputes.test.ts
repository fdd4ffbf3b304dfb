import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { sandboxWithTokens } from '../../support/sandbox/sandbox';
import { action, advance, assertError, control, createOrder, detailOf, drain, type Sandbox } from '../../support/sandbox/orders';

interface DisputeBody {
  id: string;
  orderId: string;
  action: string;
  message: string;
  alternatives: { id: string; type: string; amount: number }[];
  expiresAt: string;
  timeoutAction: string;
  status: string;
}

const D = '/order/v1.0/disputes';

describe('sandbox disputes', () => {
  let sandbox: Sandbox;
  let demo: string;
  let other: string;
  before(async () => ({ sandbox, demo, other } = await sandboxWithTokens()));
  after(() => sandbox.close());

  const confirmedOrder = async () => {
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID });
    await action(sandbox, demo, order.id, 'confirm');
    return order;
  };
  const openDispute = async (orderId: string, json: Record<string, unknown> = {}) => {
    const response = await control(sandbox, orderId, 'dispute', json);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body as DisputeBody;
  };

  it('opens a dispute with an HSD event whose metadata is the documented shape', async () => {
    const order = await confirmedOrder();
    await drain(sandbox, demo);
    const dispute = await openDispute(order.id, { action: 'PARTIAL_CANCELLATION', expiresInSeconds: 120 });
    assert.equal(dispute.status, 'OPEN');
    assert.equal(dispute.timeoutAction, 'ACCEPT_CANCELLATION');
    const [event] = await drain(sandbox, demo);
    assert.equal(event?.code, 'HSD');
    assert.equal(event?.fullCode, 'HANDSHAKE_DISPUTE');
    assert.deepEqual(event?.metadata, {
      disputeId: dispute.id,
      action: 'PARTIAL_CANCELLATION',
      message: dispute.message,
      alternatives: dispute.alternatives,
      expiresAt: dispute.expiresAt,
      timeoutAction: 'ACCEPT_CANCELLATION',
    });
    assert.equal(Date.parse(dispute.expiresAt) - Date.parse(event?.createdAt ?? ''), 120_000);
    assert.ok(dispute.alternatives.length > 0);
    for (const a of dispute.alternatives) assert.ok(a.id && a.type && a.amount > 0);
  });

  it('accepting a CANCELLATION dispute settles it (HSS) and cancels the order', async () => {
    const order = await confirmedOrder();
    const dispute = await openDispute(order.id);
    await drain(sandbox, demo);
    const response = await sandbox.http.send('POST', `${D}/${dispute.id}/accept`, { token: demo });
    assert.equal(response.status, 202);
    assert.equal(response.headers['x-ratelimit-limit'], '1000');
    const events = await drain(sandbox, demo);
    assert.deepEqual(
      events.map((e) => e.code),
      ['HSS', 'CAN'],
    );
    assert.equal(events[0]?.metadata.outcome, 'ACCEPTED');
    assert.equal(events[0]?.metadata.settledBy, 'MERCHANT');
    assert.deepEqual(events[1]?.metadata, { origin: 'CUSTOMER', cancelCode: 'DISPUTE_ACCEPTED', reason: 'A loja aceitou o pedido de cancelamento do cliente' });
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'CANCELLED');
    assertError(await sandbox.http.send('POST', `${D}/${dispute.id}/reject`, { token: demo, json: { reason: 'late' } }), 409, 'DisputeSettled');
  });

  it('rejecting needs a reason (400 otherwise) and leaves the order alone', async () => {
    const order = await confirmedOrder();
    const dispute = await openDispute(order.id);
    await drain(sandbox, demo);
    assertError(await sandbox.http.send('POST', `${D}/${dispute.id}/reject`, { token: demo, json: {} }), 400);
    assertError(await sandbox.http.send('POST', `${D}/${dispute.id}/reject`, { token: demo, json: { reason: '  ' } }), 400);
    assert.equal((await sandbox.http.send('POST', `${D}/${dispute.id}/reject`, { token: demo, json: { reason: 'O pedido saiu no horário' } })).status, 202);
    const [hss] = await drain(sandbox, demo);
    assert.equal(hss?.metadata.outcome, 'REJECTED');
    assert.equal(hss?.metadata.reason, 'O pedido saiu no horário');
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'CONFIRMED');
  });

  it('choosing an alternative settles with it; an unknown alternative is 404', async () => {
    const order = await confirmedOrder();
    const dispute = await openDispute(order.id, { action: 'PROPOSED_AMOUNT_REFUND' });
    await drain(sandbox, demo);
    assertError(await sandbox.http.send('POST', `${D}/${dispute.id}/alternatives/nope`, { token: demo }), 404);
    const alternative = dispute.alternatives[0];
    assert.ok(alternative);
    assert.equal((await sandbox.http.send('POST', `${D}/${dispute.id}/alternatives/${alternative.id}`, { token: demo })).status, 202);
    const [hss] = await drain(sandbox, demo);
    assert.equal(hss?.metadata.outcome, 'ALTERNATIVE_ACCEPTED');
    assert.deepEqual(hss?.metadata.alternative, alternative);
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'CONFIRMED');
  });

  it('refuses an answer at or after expiresAt (409); the dispute settles by its timeoutAction', async () => {
    const order = await confirmedOrder();
    const accepting = await openDispute(order.id, { expiresInSeconds: 60 });
    await advance(sandbox, 60);
    assertError(await sandbox.http.send('POST', `${D}/${accepting.id}/accept`, { token: demo }), 409, 'DisputeSettled');
    const events = await drain(sandbox, demo);
    const hss = events.find((e) => e.code === 'HSS' && e.metadata.disputeId === accepting.id);
    assert.equal(hss?.metadata.settledBy, 'TIMEOUT');
    assert.equal(hss?.metadata.outcome, 'ACCEPTED');
    assert.equal(hss?.createdAt, accepting.expiresAt);
    const can = events.find((e) => e.code === 'CAN' && e.orderId === order.id);
    assert.equal(can?.metadata.cancelCode, 'DISPUTE_UNANSWERED', 'the timeout accepted it, not the store');
    assert.equal((await detailOf(sandbox, demo, order.id)).status, 'CANCELLED');

    const second = await confirmedOrder();
    const rejecting = await openDispute(second.id, { expiresInSeconds: 30, timeoutAction: 'REJECT_CANCELLATION' });
    await advance(sandbox, 31);
    await drain(sandbox, demo);
    const state = (await sandbox.http.send('GET', `/_sandbox/orders/${second.id}`)).body as { disputes: DisputeBody[]; order: { status: string } };
    assert.equal(state.disputes.find((d) => d.id === rejecting.id)?.status, 'REJECTED');
    assert.equal(state.order.status, 'CONFIRMED');
  });

  it("answers 404 for an unknown dispute, 403 for another application's, 400 for a malformed id, 401 without token", async () => {
    assertError(await sandbox.http.send('POST', `${D}/00000000-0000-4000-8000-000000000000/accept`, { token: demo }), 404);
    assertError(await sandbox.http.send('POST', `${D}/not-a-uuid/accept`, { token: demo }), 400);
    const bakery = await createOrder(sandbox, { merchantId: OTHER_BAKERY_ID });
    const dispute = await openDispute(bakery.id);
    assertError(await sandbox.http.send('POST', `${D}/${dispute.id}/accept`, { token: demo }), 403);
    assertError(await sandbox.http.send('POST', `${D}/${dispute.id}/accept`), 401);
    assert.equal((await sandbox.http.send('POST', `${D}/${dispute.id}/accept`, { token: other })).status, 202);
  });

  it('control: one open dispute per order, a valid body, not on a cancelled order', async () => {
    const order = await confirmedOrder();
    await openDispute(order.id);
    assertError(await control(sandbox, order.id, 'dispute', {}), 409, 'DisputeOpen');
    const fresh = await confirmedOrder();
    assertError(await control(sandbox, fresh.id, 'dispute', { action: 'REFUND_EVERYTHING' }), 400);
    assertError(await control(sandbox, fresh.id, 'dispute', { expiresInSeconds: 0 }), 400);
    await control(sandbox, fresh.id, 'customerCancel');
    assertError(await control(sandbox, fresh.id, 'dispute', {}), 409);
    assertError(await control(sandbox, '00000000-0000-4000-8000-000000000000', 'dispute', {}), 404);
  });
});
