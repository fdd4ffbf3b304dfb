import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { ManualClock } from '../../../src-main/base/clock';
import { answerDeadline } from '../../../src-main/features/orders/answer-deadline';
import { settledByEvent, settledByStatus } from '../../../src-main/orders/outcomes';
import { addressChangesOf, disputesOf, driverRequestOf, openRequestOf, type RequestEvent } from '../../../src-main/orders/requests';
import { ConnectivityMonitor } from '../../../src-main/sync/connectivity';
import { SyncService } from '../../../src-main/sync/sync-service';
import { FakeGateway, memoryStore, offline, silentLogger } from '../../support/sync/fakes';

const T0 = Date.parse('2026-03-10T15:00:00.000Z');
const at = (s: number): string => new Date(T0 + s * 1000).toISOString();

const hsd = (id: string, expiresInS: number, alternatives: unknown[] = []): RequestEvent => ({
  code: 'HSD',
  fullCode: 'HANDSHAKE_DISPUTE',
  createdAt: at(0),
  metadata: JSON.stringify({
    disputeId: id,
    action: 'PROPOSED_AMOUNT_REFUND',
    message: 'Chegou frio',
    alternatives,
    expiresAt: at(expiresInS),
    timeoutAction: 'ACCEPT_CANCELLATION',
  }),
});
const hss = (id: string, outcome: string, settledBy: string): RequestEvent => ({
  code: 'HSS',
  fullCode: 'HANDSHAKE_SETTLEMENT',
  createdAt: at(60),
  metadata: { disputeId: id, outcome, settledBy },
});
const dar = (expiresInS: number | null, requestedBy = 'CUSTOMER'): RequestEvent => ({
  code: 'DAR',
  fullCode: 'DELIVERY_ADDRESS_CHANGE_REQUESTED',
  createdAt: at(0),
  metadata: {
    requestedBy,
    address: { streetName: 'Rua Augusta', streetNumber: '900', neighborhood: 'Consolação', city: 'São Paulo', state: 'SP' },
    ...(expiresInS === null ? {} : { expiresAt: at(expiresInS) }),
  },
});

describe('order requests read from events', () => {
  it('a dispute is open until HSS settles it, with its alternatives and amounts', () => {
    const open = disputesOf([
      hsd('d1', 300, [
        { id: 'a1', type: 'REFUND', amount: 12.5 },
        { id: 'a2', type: 'REFUND', amount: { value: 25 } },
      ]),
    ]);
    assert.equal(open.length, 1);
    assert.deepEqual(
      open[0]?.alternatives.map((a) => a.amount),
      [12.5, 25],
    );
    assert.equal(open[0]?.settlement, null);
    const settled = disputesOf([hsd('d1', 300), hss('d1', 'ACCEPTED', 'TIMEOUT')]);
    assert.deepEqual(settled[0]?.settlement, { outcome: 'ACCEPTED', settledBy: 'TIMEOUT', reason: null, alternativeAmount: null, at: at(60) });
  });

  it('an event with unreadable metadata is left out, never a failure', () => {
    const broken: RequestEvent = { code: 'HSD', fullCode: 'HANDSHAKE_DISPUTE', createdAt: null, metadata: '{not json' };
    assert.deepEqual(disputesOf([broken, hss('x', 'REJECTED', 'MERCHANT')]), []);
    assert.equal(openRequestOf([broken]), null);
  });

  it('an address change is pending until DAA or DAD, and who answered is kept', () => {
    const pending = addressChangesOf([dar(600)]);
    assert.equal(pending[0]?.outcome, null);
    assert.equal(pending[0]?.address?.streetName, 'Rua Augusta');
    const denied = addressChangesOf([
      dar(600),
      { code: 'DAD', fullCode: 'DELIVERY_ADDRESS_CHANGE_DENIED', createdAt: at(600), metadata: { answeredBy: 'TIMEOUT' } },
    ]);
    assert.equal(denied[0]?.outcome, 'DENIED');
    assert.equal(denied[0]?.answeredBy, 'TIMEOUT');
  });

  it("the board shows the request with the nearest deadline; a change the store asked for is not the store's to answer", () => {
    assert.deepEqual(openRequestOf([dar(600), hsd('d1', 120)]), { kind: 'dispute', expiresAt: at(120), action: 'PROPOSED_AMOUNT_REFUND' });
    assert.equal(openRequestOf([dar(600, 'MERCHANT')]), null);
    assert.deepEqual(openRequestOf([dar(null)]), { kind: 'addressChange', expiresAt: null, action: null });
  });

  it('a driver request: requested, then failed for want of drivers, or withdrawn by the store', () => {
    const rds: RequestEvent = { code: 'RDS', fullCode: 'REQUEST_DRIVER_SUCCESS', createdAt: at(0), metadata: {} };
    assert.equal(driverRequestOf([rds])?.state, 'requested');
    assert.deepEqual(
      driverRequestOf([rds, { code: 'RDF', fullCode: 'REQUEST_DRIVER_FAILED', createdAt: at(60), metadata: { reason: 'NO_DRIVERS_AVAILABLE' } }]),
      {
        state: 'failed',
        reason: 'NO_DRIVERS_AVAILABLE',
        at: at(60),
      },
    );
    assert.equal(
      driverRequestOf([rds, { code: 'RDF', fullCode: 'REQUEST_DRIVER_FAILED', createdAt: at(60), metadata: { reason: 'CANCELLED_BY_MERCHANT' } }])?.state,
      'cancelled',
    );
  });

  it('an answer is checked against the order before it is queued', () => {
    const events = [hsd('d1', 300, [{ id: 'a1', type: 'REFUND', amount: 10 }])];
    const orderId = '5f0c2c1e-2a7b-4c3d-8e9f-0a1b2c3d4e5f';
    assert.equal(answerDeadline({ orderId, action: 'acceptDispute', payload: { disputeId: 'd1' } }, events), T0 + 300_000);
    assert.throws(
      () => answerDeadline({ orderId, action: 'acceptDispute', payload: { disputeId: 'other' } }, events),
      (e: unknown) => e instanceof AppError && e.code === 'conflict',
    );
    assert.throws(
      () => answerDeadline({ orderId, action: 'chooseDisputeAlternative', payload: { disputeId: 'd1', alternativeId: 'nope' } }, events),
      (e: unknown) => e instanceof AppError && e.code === 'bad-input',
    );
    assert.throws(
      () => answerDeadline({ orderId, action: 'acceptDispute', payload: { disputeId: 'd1' } }, [...events, hss('d1', 'REJECTED', 'MERCHANT')]),
      /not open/,
    );
    assert.throws(() => answerDeadline({ orderId, action: 'denyAddressChange' }, events), /No address change/);
    assert.equal(answerDeadline({ orderId, action: 'denyAddressChange' }, [dar(600)]), T0 + 600_000);
  });
});

describe("how answer events settle the store's answers", () => {
  const answer = (id: number, action: string, disputeId = 'd1') => ({
    id,
    action: action as never,
    state: 'sent',
    attempts: 1,
    payload: JSON.stringify({ disputeId }),
  });

  it('HSS: confirmed for the very answer, failed when settled otherwise, expired when the timeout came first', () => {
    assert.equal(
      settledByEvent([answer(1, 'rejectDispute')], 'HANDSHAKE_SETTLEMENT', 'e', { disputeId: 'd1', outcome: 'REJECTED', settledBy: 'MERCHANT' })?.state,
      'confirmed',
    );
    assert.equal(
      settledByEvent([answer(1, 'rejectDispute')], 'HANDSHAKE_SETTLEMENT', 'e', { disputeId: 'd1', outcome: 'ACCEPTED', settledBy: 'MERCHANT' })?.state,
      'failed',
    );
    assert.equal(
      settledByEvent([answer(1, 'acceptDispute')], 'HANDSHAKE_SETTLEMENT', 'e', { disputeId: 'd1', outcome: 'ACCEPTED', settledBy: 'TIMEOUT' })?.state,
      'expired',
    );
    assert.equal(
      settledByEvent([answer(1, 'acceptDispute', 'd2')], 'HANDSHAKE_SETTLEMENT', 'e', { disputeId: 'd1', outcome: 'ACCEPTED', settledBy: 'MERCHANT' }),
      undefined,
      'another dispute',
    );
  });

  it('DAA/DAD settle the address answer; RDF withdrawn by the store confirms the cancel', () => {
    assert.equal(settledByEvent([answer(1, 'acceptAddressChange')], 'DELIVERY_ADDRESS_CHANGE_ACCEPTED', 'e', { answeredBy: 'MERCHANT' })?.state, 'confirmed');
    assert.equal(settledByEvent([answer(1, 'acceptAddressChange')], 'DELIVERY_ADDRESS_CHANGE_DENIED', 'e', { answeredBy: 'TIMEOUT' })?.state, 'expired');
    assert.equal(settledByEvent([answer(2, 'cancelDriverRequest')], 'REQUEST_DRIVER_FAILED', 'e', { reason: 'CANCELLED_BY_MERCHANT' })?.state, 'confirmed');
    assert.equal(settledByEvent([answer(3, 'requestDriver')], 'REQUEST_DRIVER_FAILED', 'e', { reason: 'NO_DRIVERS_AVAILABLE' })?.state, 'failed');
  });

  it('a dispute answer outlives a delivered order, not a cancelled one', () => {
    assert.equal(settledByStatus('rejectDispute', 'CONCLUDED'), undefined);
    assert.equal(settledByStatus('rejectDispute', 'CANCELLED')?.state, 'expired');
    assert.equal(settledByStatus('acceptAddressChange', 'CONCLUDED')?.state, 'expired');
  });
});

describe('dispute answers through the outbox', () => {
  function setup() {
    const clock = new ManualClock();
    const gateway = new FakeGateway(clock);
    const store = memoryStore();
    const sync = new SyncService({
      db: store,
      gateway,
      clock,
      logger: silentLogger,
      connectivity: new ConnectivityMonitor(clock),
      pollIntervalMs: 30_000,
      random: () => 0.5,
    });
    return { clock, gateway, store, sync };
  }

  it('queued offline, sent once when back, confirmed by HSS; a second answer returns the first', async () => {
    const ctx = setup();
    const id = ctx.gateway.place({ deliveredBy: 'PLATFORM' });
    ctx.gateway.emit(id, 'HSD', 'HANDSHAKE_DISPUTE', {
      metadata: { disputeId: 'd1', action: 'CANCELLATION', alternatives: [], expiresAt: new Date(ctx.clock.now() + 300_000).toISOString() },
    });
    await ctx.sync.poller.round();
    assert.equal(ctx.store.board.rowsOf([id])[0]?.request?.kind, 'dispute');

    ctx.gateway.failNext('act', offline(), offline());
    const entry = ctx.sync.outbox.enqueue({ orderId: id, action: 'rejectDispute', payload: { disputeId: 'd1', reason: 'Entregue completo' } }, 'staff', {
      expiresMs: ctx.clock.now() + 300_000,
    });
    const again = ctx.sync.outbox.enqueue({ orderId: id, action: 'acceptDispute', payload: { disputeId: 'd1' } }, 'staff', {
      expiresMs: ctx.clock.now() + 300_000,
    });
    assert.equal(again.id, entry.id, 'one answer per dispute');
    await ctx.sync.outbox.tick();
    ctx.clock.advance(10_000);
    await ctx.sync.outbox.tick();
    assert.equal(ctx.store.outbox.get(entry.id)?.state, 'queued', 'still waiting while offline');
    ctx.clock.advance(10_000);
    await ctx.sync.outbox.tick();
    assert.equal(ctx.store.outbox.get(entry.id)?.state, 'sent');
    assert.equal(ctx.gateway.calls.filter((c) => c.method === 'act').length, 3, 'two failures, one success');

    ctx.gateway.emit(id, 'HSS', 'HANDSHAKE_SETTLEMENT', { metadata: { disputeId: 'd1', outcome: 'REJECTED', settledBy: 'MERCHANT' } });
    await ctx.sync.poller.round();
    assert.equal(ctx.store.outbox.get(entry.id)?.state, 'confirmed');
    assert.equal(ctx.store.board.rowsOf([id])[0]?.request, null);
  });

  it('an answer still queued when the dispute expires is never sent', async () => {
    const ctx = setup();
    const id = ctx.gateway.place({ deliveredBy: 'PLATFORM' });
    await ctx.sync.poller.round();
    ctx.gateway.failNext('act', offline());
    const entry = ctx.sync.outbox.enqueue({ orderId: id, action: 'acceptDispute', payload: { disputeId: 'd1' } }, 'staff', {
      expiresMs: ctx.clock.now() + 30_000,
    });
    await ctx.sync.outbox.tick();
    ctx.clock.advance(31_000);
    await ctx.sync.outbox.tick();
    assert.equal(ctx.store.outbox.get(entry.id)?.state, 'expired');
    assert.equal(ctx.gateway.calls.filter((c) => c.method === 'act').length, 1, 'only the failed try');
  });
});
