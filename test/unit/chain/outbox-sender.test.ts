import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { ManualClock } from '../../../src-main/base/clock';
import { OutboxSender } from '../../../src-main/chain/outbox-sender';
import { FakeBus, FakeLease, FakeOrders, FakeOutbox, storageDown } from '../../support/chain/fakes';
import { advance, FakeGateway, MERCHANT, offline, silentLogger } from '../../support/sync/fakes';

const KEY = '0b9a7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

function setup() {
  const clock = new ManualClock();
  const gateway = new FakeGateway(clock);
  const orders = new FakeOrders(new FakeLease(clock));
  const outbox = new FakeOutbox();
  const bus = new FakeBus();
  const sender = (holder: string) =>
    new OutboxSender({ outbox, orders, gateway, bus, holder, clock, logger: silentLogger, claimMs: 60_000, backoff: { jitter: 0 } });
  const order = gateway.place();
  orders.put(order, MERCHANT);
  const enqueue = (action: 'confirm' | 'dispatch' = 'confirm', key = KEY) =>
    outbox.enqueue({ orderId: order, action, storeId: MERCHANT, idempotencyKey: key, origin: null }, clock.now());
  return { clock, gateway, orders, outbox, bus, sender, order, enqueue };
}

describe('chain outbox sender', () => {
  it('claims a due action, sends it once, records it sent and tells the store', async () => {
    const { gateway, outbox, bus, sender, order, enqueue } = setup();
    await enqueue();
    const a = sender('replica-a');
    const b = sender('replica-b');
    const [claimedA, claimedB] = await Promise.all([a.round(), b.round()]);
    assert.equal(claimedA + claimedB, 1, 'one replica holds the row');
    assert.equal(gateway.applied.length, 1);
    assert.equal(outbox.rows[0]!.state, 'sent');
    assert.ok(bus.published.some((n) => n.kind === 'outbox' && n.orderId === order && n.storeId === MERCHANT));
  });

  it('a sent action whose event never comes: one replica reads its order again after a minute, and the effect there settles it', async () => {
    const { clock, gateway, outbox, sender, enqueue } = setup();
    await enqueue();
    const [a, b] = [sender('replica-a'), sender('replica-b')];
    await a.round();
    assert.equal(outbox.rows[0]!.state, 'sent');
    const reads = () => gateway.count('getOrder');
    await Promise.all([a.round(), b.round()]);
    assert.equal(reads(), 0, 'its event is waited for a minute');
    clock.advance(61_000);
    await Promise.all([a.round(), b.round()]);
    assert.equal(reads(), 1, 'one replica reads the order');
    assert.equal(outbox.rows[0]!.state, 'confirmed', 'the effect there settles it');
  });

  it('a sent action whose effect never shows is failed after five minutes, with the reason', async () => {
    const { clock, outbox, sender, order } = setup();
    // A driver asked for: no status of the order shows it (the fake platform moves none).
    await outbox.enqueue(
      { orderId: order, action: 'requestDriver', payload: { quoteId: 'q-1' }, storeId: MERCHANT, idempotencyKey: KEY, origin: null },
      clock.now(),
    );
    const a = sender('replica-a');
    await a.round();
    assert.equal(outbox.rows[0]!.state, 'sent');
    for (let minute = 1; minute <= 4; minute++) {
      clock.advance(61_000);
      await a.round();
      assert.equal(outbox.rows[0]!.state, 'sent', `still on its way after ${minute} min`);
    }
    clock.advance(61_000);
    await a.round();
    assert.equal(outbox.rows[0]!.state, 'failed');
    assert.match(JSON.stringify(outbox.rows[0]!.reason), /never confirmed/);
  });

  it('looks first at the order when a previous claim lost its answer: an effect already there settles it, nothing is sent twice', async () => {
    const { clock, gateway, outbox, sender, order, enqueue } = setup();
    await enqueue();
    // replica-a claimed it and sent it, then died before recording the answer.
    const [claimed] = await outbox.claim('replica-a', 10, 60_000, clock.now());
    await gateway.act(order, claimed!.action, null);
    await clock.advance(60_000);
    await sender('replica-b').round();
    assert.equal(gateway.applied.length, 1, 'not sent again');
    assert.equal(outbox.rows[0]!.state, 'confirmed');
    assert.equal(gateway.count('getOrder'), 1);
  });

  it('sends again after a lost answer when the order shows no effect', async () => {
    const { clock, gateway, outbox, sender, enqueue } = setup();
    await enqueue();
    await outbox.claim('replica-a', 10, 60_000, clock.now());
    await clock.advance(60_000);
    await sender('replica-b').round();
    assert.equal(gateway.applied.length, 1);
    assert.equal(outbox.rows[0]!.state, 'sent');
  });

  it('waits with backoff through a passing failure, and is woken by an outbox notice', async () => {
    const { clock, gateway, outbox, bus, sender, order, enqueue } = setup();
    await enqueue();
    gateway.failNext('act', offline());
    const worker = sender('replica-a');
    worker.start();
    await advance(clock, 0);
    assert.equal(outbox.rows[0]!.state, 'queued');
    assert.equal(outbox.rows[0]!.dueAt, clock.now() + 1_000);
    await advance(clock, 2_000);
    assert.equal(outbox.rows[0]!.state, 'sent');
    await enqueue('dispatch', '6c1f2e3d-4b5a-4978-8695-a4b3c2d1e0f9');
    await bus.publish({ kind: 'outbox', storeId: MERCHANT, orderId: order });
    await advance(clock, 0);
    assert.equal(gateway.applied.length, 2, 'sent on the notice, before the idle wait');
    await worker.stop();
  });

  it('settles a 409 as confirmed when the order shows the effect, failed when it does not', async () => {
    const { gateway, outbox, sender, order, enqueue } = setup();
    await enqueue('dispatch');
    gateway.details.get(order)!.status = 'DISPATCHED';
    gateway.failNext('act', new AppError('conflict', 'already dispatched'));
    await sender('replica-a').round();
    assert.equal(outbox.rows[0]!.state, 'confirmed');

    await outbox.enqueue({ orderId: order, action: 'confirm', storeId: MERCHANT, idempotencyKey: '6c1f2e3d-4b5a-4978-8695-a4b3c2d1e0f9', origin: null }, 0);
    gateway.details.get(order)!.status = 'CANCELLED';
    gateway.failNext('act', new AppError('conflict', 'cancelled'));
    await sender('replica-a').round();
    assert.equal(outbox.rows[1]!.state, 'failed');
  });

  it('leaves the claim to lapse when the answer cannot be recorded; the next holder finds the effect and sends nothing twice', async () => {
    const { clock, outbox, gateway, sender, enqueue } = setup();
    await enqueue();
    outbox.failNext('sent', storageDown());
    await sender('replica-a').round();
    assert.equal(gateway.applied.length, 1);
    assert.equal(outbox.rows[0]!.state, 'queued', 'still claimed, its answer unrecorded');
    await sender('replica-b').round();
    assert.equal(gateway.applied.length, 1, 'the claim holds: nobody else sends it meanwhile');
    await clock.advance(60_000);
    await sender('replica-b').round();
    assert.equal(gateway.applied.length, 1);
    assert.equal(outbox.rows[0]!.state, 'confirmed');
  });
});
