import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { silentLogger } from '../../../src-main/base/log';
import { kitchenHandlers } from '../../../src-main/features/kitchen/handlers';
import { KitchenDesk } from '../../../src-main/features/kitchen/kitchen-desk';
import { AppError } from '../../../src-shared/errors';
import { GENERAL_STATION_ID, KitchenSetup } from '../../../src-shared/ipc/channels/kitchen';
import { kitchenHarness, TWO_STATIONS } from '../../support/kitchen/harness';

const isCode = (code: string) => (error: unknown) => error instanceof AppError && error.code === code;

/** A kitchen with the grill and drinks stations (the cake goes to the general station). */
function kitchen() {
  const k = kitchenHarness();
  k.desk.saveSetup(KitchenSetup.parse(TWO_STATIONS));
  return k;
}

describe('kitchen bumps and recalls', () => {
  it('shows confirmed orders with their lines and no money, and never a new order', async () => {
    const k = kitchen();
    const id = await k.confirmed();
    const placed = k.gateway.place();
    await k.sync.poller.round();
    const board = k.desk.board();
    assert.deepEqual(
      board.tickets.map((t) => t.orderId),
      [id],
      'the new order is not on the kitchen',
    );
    const [ticket] = board.tickets;
    assert.equal(ticket?.status, 'CONFIRMED');
    assert.deepEqual(
      ticket?.items.map((i) => [i.key, i.stationId, i.bumpedAt]),
      [
        ['line-burger', 'grill', null],
        ['line-soda', 'drinks', null],
        ['line-cake', GENERAL_STATION_ID, null],
      ],
    );
    assert.equal(ticket?.since, new Date(k.clock.now()).toISOString(), 'aged from its confirmation');
    const text = JSON.stringify(board);
    for (const money of ['42.5', 'total', 'price', 'pickupCode']) assert.ok(!text.includes(money), `no ${money} on the kitchen`);
    assert.throws(() => k.desk.bump({ orderId: placed, stationId: null }), isCode('not-found'), 'a new order cannot be bumped');
  });

  it('bumps one station’s part of an order, then one line, and a bump of what is bumped changes nothing', async () => {
    const k = kitchen();
    const id = await k.confirmed();
    const grill = k.desk.bump({ orderId: id, stationId: 'grill' });
    assert.equal(grill.finished, null);
    assert.deepEqual(
      grill.ticket.items.map((i) => i.bumpedAt !== null),
      [true, false, false],
    );
    assert.deepEqual(k.desk.bump({ orderId: id, stationId: 'grill' }).ticket, grill.ticket, 'twice is once');
    const soda = k.desk.bump({ orderId: id, stationId: null, itemKey: 'line-soda' });
    assert.deepEqual(
      soda.ticket.items.map((i) => i.bumpedAt !== null),
      [true, true, false],
    );
    assert.throws(() => k.desk.bump({ orderId: id, stationId: 'grill', itemKey: 'line-cake' }), isCode('not-found'), 'a line of another station');
    assert.equal(k.readies(id).length, 0, 'the general station still has the cake');
    assert.ok(
      k.pushes.some((p) => p.tickets.some((t) => t.orderId === id && t.items[0]?.bumpedAt !== null)),
      'every screen is told',
    );
  });

  it('recalls the last bump of the station, all its lines together, and then the one before', async () => {
    const k = kitchen();
    const first = await k.confirmed();
    const second = await k.confirmed();
    k.desk.bump({ orderId: first, stationId: 'grill' });
    await k.clock.advance(1_000);
    k.desk.bump({ orderId: second, stationId: 'grill' });
    k.desk.bump({ orderId: first, stationId: 'drinks' });
    const back = k.desk.recall('grill');
    assert.equal(back.ticket?.orderId, second, 'the newest grill bump, not the drinks one made after it');
    assert.equal(back.ticket?.items.find((i) => i.stationId === 'grill')?.bumpedAt, null);
    assert.equal(k.desk.recall('grill').ticket?.orderId, first);
    assert.equal(k.desk.recall('grill').ticket, null, 'nothing left to bring back');
    assert.equal(k.desk.recall(null).ticket?.orderId, first, 'any station: the drinks bump');
    const revisions = k.db.kitchen.bumpsOf(first).map((b) => [b.item_key, b.state, b.revision]);
    assert.deepEqual(revisions.sort(), [
      ['line-burger', 'recalled', 2],
      ['line-soda', 'recalled', 2],
    ]);
  });

  it('marks the order ready through the orders outbox when the last station bumps, once', async () => {
    const k = kitchen();
    const id = await k.confirmed();
    k.desk.bump({ orderId: id, stationId: 'grill' });
    k.desk.bump({ orderId: id, stationId: GENERAL_STATION_ID });
    const last = k.desk.bump({ orderId: id, stationId: 'drinks' });
    const [ready] = k.readies(id);
    assert.deepEqual(last.finished, { actionId: ready?.id });
    assert.equal(ready?.actor, 'staff');
    assert.notEqual(last.ticket.doneAt, null);
    assert.equal(k.desk.bump({ orderId: id, stationId: null }).finished, null, 'bumped again: nothing more');
    assert.equal(k.desk.recall('drinks').ticket, null, 'a finished order stays done: its ready is on its way');
    assert.equal(k.readies(id).length, 1);

    await k.sync.outbox.tick();
    await k.sync.poller.round();
    assert.equal(k.gateway.applied.filter((a) => a.orderId === id && a.action === 'readyToPickup').length, 1, 'sent once');
    const ticket = k.desk.board().tickets.find((t) => t.orderId === id);
    assert.equal(ticket?.status, 'READY_TO_PICKUP', 'the pickup board shows it ready');
  });

  it('puts one ready in the outbox when two screens bump the last parts at once', async () => {
    const k = kitchen();
    const handlers = kitchenHandlers(k.desk, { categories: async () => ({ stores: [], source: 'saved' }) });
    const id = await k.confirmed();
    k.desk.bump({ orderId: id, stationId: GENERAL_STATION_ID });
    const answers = await Promise.all([
      handlers['kitchen:bump']({ orderId: id, stationId: 'grill' }),
      handlers['kitchen:bump']({ orderId: id, stationId: 'drinks' }),
      handlers['kitchen:bump']({ orderId: id, stationId: null }),
    ]);
    assert.equal(answers.filter((a) => a.finished !== null).length, 1, 'one bump finished it');
    assert.equal(k.readies(id).length, 1, 'one action in the outbox');
    assert.equal(k.db.outbox.forOrder(id).length, 2, 'the confirm and the one ready');
  });

  it('finishes an order bumped whole before its detail came once: the lines read later do not reopen it', async () => {
    const k = kitchen();
    const id = k.gateway.place({ orderType: 'TAKEOUT' });
    const down = () => new AppError('connection', 'cannot reach the API');
    k.gateway.failNext('getOrder', down(), down(), down(), down(), down(), down());
    await k.sync.poller.round();
    k.sync.outbox.enqueue({ orderId: id, action: 'confirm' });
    await k.sync.outbox.tick();
    await k.sync.poller.round();
    const [whole] = k.desk.board().tickets.find((t) => t.orderId === id)?.items ?? [];
    assert.equal(whole?.key, '*', 'no detail yet: the whole order is one part');
    assert.notEqual(k.desk.bump({ orderId: id, stationId: null }).finished, null);
    k.gateway.failures.delete('getOrder');
    assert.equal(await k.sync.details.fetch(id), true);
    const later = k.desk.board().tickets.find((t) => t.orderId === id);
    assert.equal(later?.items.length, 2, 'the lines came');
    assert.notEqual(later?.doneAt, null, 'still done');
    assert.equal(k.desk.bump({ orderId: id, stationId: 'grill' }).finished, null);
    assert.equal(k.readies(id).length, 1);
    assert.equal(k.db.kitchen.markDone(id, k.clock.now()), false, 'an order is finished once');
  });

  it('sends the ready of a delivery as the board’s "Pronto" does, and none for an order type it does not know', async () => {
    const k = kitchen();
    const delivery = await k.confirmed({ orderType: 'DELIVERY' });
    assert.notEqual(k.desk.bump({ orderId: delivery, stationId: null }).finished?.actionId ?? null, null);
    const odd = await k.confirmed({ orderType: 'DRONE' });
    const finished = k.desk.bump({ orderId: odd, stationId: null }).finished;
    assert.deepEqual(finished, { actionId: null }, 'done in the kitchen; the counter decides');
    assert.equal(k.readies(odd).length, 0);
  });

  it('does not show or bump a scheduled order before its preparation start', async () => {
    const k = kitchen();
    const start = k.clock.now() + 3600_000;
    const id = await k.confirmed({ orderTiming: 'SCHEDULED', preparationStartDateTime: new Date(start).toISOString() });
    assert.throws(() => k.desk.bump({ orderId: id, stationId: null }), isCode('conflict'));
    await k.clock.advance(3600_000);
    assert.ok(k.desk.bump({ orderId: id, stationId: 'grill' }).ticket.items[0]?.bumpedAt);
  });

  it('keeps bumps across a restart of the kitchen on the same database', async () => {
    const k = kitchen();
    const id = await k.confirmed();
    k.desk.bump({ orderId: id, stationId: 'grill' });
    const again = new KitchenDesk({ db: k.db, outbox: k.sync.outbox, clock: k.clock, logger: silentLogger, push: { push: () => {} } });
    const ticket = again.board().tickets[0];
    assert.equal(ticket?.items[0]?.bumpedAt !== null, true);
    assert.deepEqual(
      again.setup().stations.map((s) => s.id),
      ['grill', 'drinks'],
      'the stations too',
    );
  });
});
