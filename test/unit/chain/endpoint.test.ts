import { StoreOutboxDb } from '../../../src-main/db/store-outbox/store-outbox-db';
import type { ChainApi } from '../../../src-main/feature-kit/feature';
import { StoreOutbox } from '../../../src-main/sync/store-outbox';
import { sqliteScheduledActions } from '../../../src-main/sync/scheduled-actions-storage';
import { sqlitePromotionStatuses } from '../../../src-main/sync/promotion-statuses-storage';
import { sqliteDeliveryOrders } from '../../../src-main/sync/delivery-orders-storage';
import { AppError, isTransient } from '../../../src-shared/errors';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import { ChainEndpoint } from '../../../src-main/chain/chain-endpoint';
import { DeviceAccess } from '../../../src-main/chain/device-access';
import { DeviceGrants } from '../../../src-main/chain/device-grants';
import { PrinterReports } from '../../../src-main/chain/printer-reports';
import { ChainRush } from '../../../src-main/chain/chain-rush';
import type { RushRows } from '../../../src-main/orders/rush-input';
import type { RushView } from '../../../src-shared/ipc/channels/rush';
import { chainHandlers } from '../../../src-main/app/chain-server';
import { CHAIN_FEATURES } from '../../../src-main/app/features';
import type { OrdersChanged } from '../../../src-shared/ipc/channels/orders';
import { NOT_HEARD_FROM } from '../../../src-main/sync/connectivity';
import { FakeBus, FakeDevices, FakeLease, FakeOrders, FakeOutbox, FakeStores, noStaffOnChain, storageDown } from '../../support/chain/fakes';
import { flush, silentLogger } from '../../support/sync/fakes';

const STORE_A = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';
const STORE_B = '7b2e9d41-0c3a-4f6b-8e5d-2a1b3c4d5e6f';

const offlineOrder = randomUUID();

/** The replica's store status monitor as the endpoint sees it: store A open, store B never read. */
function fakeStatus() {
  const open = { merchantId: STORE_A, summary: 'open' as const, entries: [], checkedAt: '2026-11-24T15:00:00.000Z', error: null };
  const checked: string[] = [];
  return {
    checked,
    intervalMs: 30_000,
    snapshot: (id: string) => (id === STORE_A ? open : undefined),
    current: () => [open],
    check: async (id: string) => {
      checked.push(id);
      return { ...open, merchantId: id };
    },
    onChange: () => () => undefined,
  };
}

async function setup() {
  const clock = new ManualClock();
  const orders = new FakeOrders(new FakeLease(clock));
  const outbox = new FakeOutbox();
  const devices = new FakeDevices();
  const bus = new FakeBus();
  const counterA = devices.add([STORE_A], 'Balcão A').device;
  const counterB = devices.add([STORE_B], 'Balcão B').device;
  const grants = new DeviceGrants({ devices, bus, logger: silentLogger });
  await grants.start();
  const asked: string[] = [];
  const gateway = {
    cancellationReasons: async (orderId: string) => {
      asked.push(orderId);
      if (orderId === offlineOrder) throw new AppError('connection', 'no route to the platform');
      return [{ code: '503', description: 'Item indisponível' }];
    },
    validatePickupCode: async (orderId: string, code: string) => {
      asked.push(orderId);
      return code === '1234';
    },
  };
  const stores = new FakeStores();
  await stores.name([{ id: STORE_A, name: 'Cantina Centro', corporateName: 'Cantina Ltda' }]);
  // The chain server's composition: the features' server sides over the fakes.
  const printers = new PrinterReports();
  // The chain's orders as the rush gauge reads them: what a test puts here, cut to the stores asked.
  const rushRows: RushRows = { open: [], recent: [] };
  const rush = new ChainRush({
    rows: async (_since, stores) => ({
      open: rushRows.open.filter((o) => stores === null || stores.includes(o.merchant_id)),
      recent: rushRows.recent.filter((o) => stores === null || stores.includes(o.merchant_id)),
    }),
    clock,
    logger: silentLogger,
  });
  const late: { endpoint?: ChainEndpoint } = {};
  const { handlers } = chainHandlers(CHAIN_FEATURES, {
    orders,
    outbox,
    bus,
    stores,
    clock,
    logger: silentLogger,
    gateway,
    storeStatus: fakeStatus(),
    platformLink: { current: NOT_HEARD_FROM },
    pollIntervalMs: 30_000,
    access: new DeviceAccess((origin) => (origin ? grants.storesOfFresh(origin.id) : Promise.resolve(null)), orders),
    api: {} as ChainApi,
    storeOutbox: new StoreOutbox({ db: StoreOutboxDb.open(':memory:'), clock, logger: silentLogger }),
    scheduledActions: sqliteScheduledActions(StoreOutboxDb.open(':memory:')),
    promotionStatuses: sqlitePromotionStatuses(StoreOutboxDb.open(':memory:')),
    deliveryOrders: sqliteDeliveryOrders(StoreOutboxDb.open(':memory:')),
    pushToStore: () => {},
    pushToEachDevice: (event, payloadFor) => late.endpoint?.pushToEachDevice(event, payloadFor),
    printers,
    rush,
    busyMode: { minutes: async () => new Map() },
    ...noStaffOnChain,
  });
  const endpoint = new ChainEndpoint({ orders, bus, grants, clock, logger: silentLogger, handlers, printers });
  late.endpoint = endpoint;
  endpoint.start();
  const orderA = randomUUID();
  const orderB = randomUUID();
  orders.put(orderA, STORE_A);
  orders.put(orderB, STORE_B);
  const origin = (d: typeof counterA) => ({ id: d.id, name: d.name, kind: d.kind });
  const heard = (d: typeof counterA) => {
    const pushes: OrdersChanged[] = [];
    endpoint.connect((event, payload) => event === 'orders:changed' && pushes.push(payload as OrdersChanged), origin(d));
    return pushes;
  };
  return { clock, orders, outbox, devices, bus, grants, endpoint, counterA, counterB, orderA, orderB, origin, heard, asked, printers, rush, rushRows };
}

describe('chain endpoint', () => {
  it('answers a device the board of its own stores only', async () => {
    const { endpoint, counterA, orderA, origin } = await setup();
    const board = await endpoint.invoke('orders:board', {}, origin(counterA));
    assert.ok(board.ok);
    assert.deepEqual(
      (board.value as { rows: { id: string }[] }).rows.map((r) => r.id),
      [orderA],
    );
    const other = await endpoint.invoke('orders:board', { merchantId: STORE_B }, origin(counterA));
    assert.equal(other.ok ? 'ok' : other.error.code, 'forbidden');
  });

  it('says an order of another store is not found, for its drawer and its actions', async () => {
    const { endpoint, outbox, counterA, orderA, orderB, origin } = await setup();
    const detail = await endpoint.invoke('orders:detail', { orderId: orderB }, origin(counterA));
    assert.equal(detail.ok ? 'ok' : detail.error.code, 'not-found');
    const act = await endpoint.invoke('orders:act', { orderId: orderB, action: 'confirm' }, origin(counterA));
    assert.equal(act.ok ? 'ok' : act.error.code, 'not-found');
    assert.equal(outbox.rows.length, 0);
    const own = await endpoint.invoke('orders:detail', { orderId: orderA }, origin(counterA));
    assert.ok(own.ok);
  });

  it("queues an action once per idempotency key, in the order's store, and wakes the senders", async () => {
    const { endpoint, outbox, bus, counterA, orderA, origin } = await setup();
    const idempotencyKey = randomUUID();
    const first = await endpoint.invoke('orders:act', { orderId: orderA, action: 'confirm', idempotencyKey }, origin(counterA));
    const replay = await endpoint.invoke('orders:act', { orderId: orderA, action: 'confirm', idempotencyKey }, origin(counterA));
    assert.ok(first.ok && replay.ok);
    assert.equal(outbox.rows.length, 1);
    assert.equal(outbox.rows[0]!.key, idempotencyKey);
    assert.equal(outbox.rows[0]!.storeId, STORE_A);
    assert.equal(bus.published.filter((n) => n.kind === 'outbox').length, 1);
  });

  it('refuses a call with no device, a revoked device, and the channels a chain does not serve, never throwing', async () => {
    const { endpoint, devices, grants, counterA, origin } = await setup();
    const none = await endpoint.invoke('orders:board', {});
    assert.equal(none.ok ? 'ok' : none.error.code, 'forbidden');
    const setup_ = await endpoint.invoke('setup:state', {}, origin(counterA));
    assert.equal(setup_.ok ? 'ok' : setup_.error.code, 'forbidden');
    const bad = await endpoint.invoke('orders:act', { orderId: 'x' }, origin(counterA));
    assert.equal(bad.ok ? 'ok' : bad.error.code, 'bad-input');
    await devices.revoke(counterA.id, 0);
    await grants.reload();
    const revoked = await endpoint.invoke('orders:board', {}, origin(counterA));
    assert.equal(revoked.ok ? 'ok' : revoked.error.code, 'forbidden');
  });

  it("answers the server's own database failing as the server's passing trouble (queued at the terminal), never as the terminal's storage", async () => {
    const { endpoint, orders, counterA, orderA, origin } = await setup();
    orders.failNext('storeOf', storageDown());
    const act = await endpoint.invoke('orders:act', { orderId: orderA, action: 'confirm' }, origin(counterA));
    assert.ok(!act.ok);
    assert.equal(act.error.code, 'server');
    assert.equal(act.error.reason, 'ServerStorage');
    assert.ok(isTransient(act.error), 'a screen keeps what it queued');
    const again = await endpoint.invoke('orders:act', { orderId: orderA, action: 'confirm' }, origin(counterA));
    assert.ok(again.ok, 'the database back, the same press goes');
  });

  it("answers status:get and settings:get for the device's stores", async () => {
    const { endpoint, counterA, origin } = await setup();
    const status = await endpoint.invoke('status:get', {}, origin(counterA));
    assert.ok(status.ok);
    const settings = await endpoint.invoke('settings:get', {}, origin(counterA));
    assert.ok(settings.ok);
    assert.deepEqual((settings.value as { stores: string[] }).stores, [STORE_A]);
  });

  it("pushes a store's changes to that store's screens only, checking the grant when it sends", async () => {
    const { bus, devices, grants, counterA, counterB, orderA, heard } = await setup();
    const a = heard(counterA);
    const b = heard(counterB);
    await bus.publish({ kind: 'orders', storeId: STORE_A, orderIds: [orderA] });
    await flush();
    assert.deepEqual(
      a.map((p) => p.rows.map((r) => r.id)),
      [[orderA]],
    );
    assert.equal(b.length, 0);
    await devices.grant(counterA.id, [STORE_B]);
    await grants.reload();
    await bus.publish({ kind: 'orders', storeId: STORE_A, orderIds: [orderA] });
    await flush();
    assert.equal(a.length, 1, 'a device whose grant moved to another store hears no more of this one');
  });

  it("reads a poll's notices for several stores in one query, each store's rows to its own screens only", async () => {
    const { bus, orders, counterA, counterB, orderA, orderB, heard } = await setup();
    const a = heard(counterA);
    const b = heard(counterB);
    let reads = 0;
    const rows = orders.rows.bind(orders);
    orders.rows = (ids, stores) => {
      reads++;
      return rows(ids, stores);
    };
    // Store A's notice also names B's order (whatever a notice says): a row goes to its own store's screens.
    await bus.publish({ kind: 'orders', storeId: STORE_A, orderIds: [orderA, orderB] }, { kind: 'orders', storeId: STORE_B, orderIds: [orderB] });
    await flush();
    assert.equal(reads, 1, 'one read for both stores');
    assert.deepEqual(
      a.map((p) => p.rows.map((r) => r.id)),
      [[orderA]],
    );
    assert.deepEqual(
      b.map((p) => p.rows.map((r) => r.id)),
      [[orderB]],
    );
  });

  it('sends the boards again after the bus lost its connection (notices may be lost)', async () => {
    const { bus, counterA, orderA, heard } = await setup();
    const a = heard(counterA);
    bus.reconnect();
    await flush();
    assert.deepEqual(
      a.map((p) => p.rows.map((r) => r.id)),
      [[orderA]],
    );
  });

  it('counts connected screens per store, and tells revocations from any replica', async () => {
    const { endpoint, bus, devices, grants, counterA, heard } = await setup();
    heard(counterA);
    assert.deepEqual([...endpoint.screensByStore()], [[STORE_A, 1]]);
    const revoked: string[] = [];
    grants.onRevoked((id) => revoked.push(id));
    await devices.revoke(counterA.id, 0);
    await bus.publish({ kind: 'device', deviceId: counterA.id, change: 'revoked' });
    await flush();
    assert.ok(revoked.includes(counterA.id));
    assert.deepEqual([...endpoint.screensByStore()], []);
  });

  it("counts a terminal's printers out for its own stores while it is connected, and forgets them when it goes", async () => {
    const { endpoint, counterA, counterB, origin } = await setup();
    const out = { id: 'cozinha', state: 'error', since: '2026-11-24T15:00:00.000Z', waiting: 2 } as const;
    const offA = endpoint.connect(() => {}, origin(counterA));
    const offB = endpoint.connect(() => {}, origin(counterB));
    const told = await endpoint.invoke('print:report', { printers: [out, { id: 'balcao', state: 'ok', since: null, waiting: 0 }] }, origin(counterA));
    assert.deepEqual(told.ok && told.value, { printersOut: 1 });
    assert.deepEqual([...endpoint.printersOutByStore()], [[STORE_A, 1]]);
    // A report names no store: B's terminal can only speak for B's printers, whatever it sends.
    const smuggled = await endpoint.invoke('print:report', { merchantId: STORE_A, printers: [out] }, origin(counterB));
    assert.equal(!smuggled.ok && smuggled.error.code, 'bad-input');
    assert.match(!smuggled.ok ? smuggled.error.message : '', /merchantId/, 'the refusal names what was wrong');
    await endpoint.invoke('print:report', { printers: [out] }, origin(counterB));
    assert.deepEqual(
      new Map(endpoint.printersOutByStore()),
      new Map([
        [STORE_A, 1],
        [STORE_B, 1],
      ]),
    );
    for (const junk of [{ printers: 'todas' }, { printers: [{ ...out, state: 'on-fire' }] }, { printers: Array.from({ length: 9 }, () => out) }, null]) {
      const refused = await endpoint.invoke('print:report', junk, origin(counterA));
      assert.equal(!refused.ok && refused.error.code, 'bad-input', JSON.stringify(junk));
    }
    assert.equal(endpoint.printersOutByStore().get(STORE_A), 1, 'a refused report changes nothing');
    const stranger = await endpoint.invoke('print:report', { printers: [out] });
    assert.equal(!stranger.ok && stranger.error.code, 'forbidden', 'no device, no report');
    offA();
    assert.deepEqual([...endpoint.printersOutByStore()], [[STORE_B, 1]], 'a terminal gone: its printers say nothing');
    endpoint.connect(() => {}, origin(counterA));
    assert.equal(endpoint.printersOutByStore().get(STORE_A), undefined, 'forgotten, not waiting for it to come back');
    offB();
  });

  it("answers and pushes the rush gauge read from the chain's orders, each terminal its own stores' only", async () => {
    const { endpoint, counterA, counterB, origin, clock, rush, rushRows } = await setup();
    // Two of store A's orders cancelled by the confirmation timeout in the last minutes: one more and the platform closes it.
    const timedOut = (minutesAgo: number) =>
      ({
        merchant_id: STORE_A,
        created_ms: clock.now() - (minutesAgo + 8) * 60_000,
        preparation_start_at: null,
        confirm_deadline_ms: clock.now() - minutesAgo * 60_000,
        confirmed_ms: null,
        ready_ms: null,
        cancelled_ms: clock.now() - minutesAgo * 60_000,
        cancel_metadata: JSON.stringify({ cancelCode: 'CONFIRMATION_TIMEOUT' }),
        arrived_ms: null,
      }) as RushRows['recent'][number];
    (rushRows.recent as RushRows['recent'][number][]).push(timedOut(3), timedOut(1));
    const a = await endpoint.invoke('rush:gauge', {}, origin(counterA));
    assert.ok(a.ok, JSON.stringify(a));
    const view = a.value as RushView;
    assert.deepEqual(
      view.stores.map((s) => [s.merchantId, s.level, s.warnings.map((w) => w.rule)]),
      [[STORE_A, 'swamped', ['timeouts']]],
    );
    const b = await endpoint.invoke('rush:gauge', {}, origin(counterB));
    assert.deepEqual(b.ok && (b.value as RushView).stores, [], "store B's terminal hears nothing of A");
    const heardA: RushView[] = [];
    const heardB: RushView[] = [];
    endpoint.connect((event, payload) => event === 'rush:changed' && heardA.push(payload as RushView), origin(counterA));
    endpoint.connect((event, payload) => event === 'rush:changed' && heardB.push(payload as RushView), origin(counterB));
    await (rush as unknown as { tick(): Promise<number> }).tick();
    assert.deepEqual(
      heardA.map((v) => v.stores.map((s) => s.merchantId)),
      [[STORE_A]],
    );
    assert.equal(heardB.length, 0, "A's word is not pushed to B's terminal");
    assert.equal(rush.of(STORE_A)?.level, 'swamped', 'kept for the wall');
    clock.advance(15_000);
    await (rush as unknown as { tick(): Promise<number> }).tick();
    assert.equal(heardA.length, 1, 'the same word again is not pushed again');
  });

  it("asks the platform a granted order's cancellation reasons and pickup code; never another store's", async () => {
    const { endpoint, orders, counterA, counterB, orderA, origin, asked } = await setup();
    orders.put(offlineOrder, STORE_A);
    const reasons = await endpoint.invoke('orders:cancellationReasons', { orderId: orderA }, origin(counterA));
    assert.ok(reasons.ok);
    assert.deepEqual(reasons.value, { reasons: [{ code: '503', description: 'Item indisponível' }], source: 'api' });
    const offline = await endpoint.invoke('orders:cancellationReasons', { orderId: offlineOrder }, origin(counterA));
    assert.ok(offline.ok);
    assert.equal((offline.value as { source: string }).source, 'standard', 'the spec’s codes while the platform is out of reach');
    const code = await endpoint.invoke('orders:validatePickupCode', { orderId: orderA, code: '1234' }, origin(counterA));
    assert.deepEqual(code.ok && code.value, { valid: true, checkedBy: 'api' });
    const before = asked.length;
    const meddle = await endpoint.invoke('orders:validatePickupCode', { orderId: orderA, code: '1234' }, origin(counterB));
    assert.equal(!meddle.ok && meddle.error.code, 'not-found');
    assert.equal(asked.length, before, 'the platform is not asked for another store’s order');
  });

  it("names a device's own stores, and only those", async () => {
    const { endpoint, counterA, counterB, origin } = await setup();
    const a = await endpoint.invoke('stores:list', { all: true }, origin(counterA));
    assert.deepEqual(a.ok && a.value, [{ id: STORE_A, name: 'Cantina Centro', corporateName: 'Cantina Ltda' }]);
    const b = await endpoint.invoke('stores:list', {}, origin(counterB));
    assert.deepEqual(b.ok && b.value, [{ id: STORE_B, name: STORE_B, corporateName: STORE_B }], 'a store the platform did not name yet shows its id');
  });

  it("answers and pushes a store's status to that store's screens only", async () => {
    const { endpoint, counterA, counterB, origin } = await setup();
    const a = await endpoint.invoke('stores:status', {}, origin(counterA));
    assert.ok(a.ok);
    assert.deepEqual(
      (a.value as { stores: { merchantId: string; summary: string }[] }).stores.map((s) => [s.merchantId, s.summary]),
      [[STORE_A, 'open']],
    );
    const other = await endpoint.invoke('stores:status', { merchantId: STORE_A }, origin(counterB));
    assert.equal(!other.ok && other.error.code, 'forbidden');
    const heardA: unknown[] = [];
    const heardB: unknown[] = [];
    endpoint.connect((event, payload) => event === 'stores:status' && heardA.push(payload), origin(counterA));
    endpoint.connect((event, payload) => event === 'stores:status' && heardB.push(payload), origin(counterB));
    endpoint.storeStatusChanged({ merchantId: STORE_A, summary: 'paused', entries: [], checkedAt: null, error: null });
    assert.equal(heardA.length, 1);
    assert.equal(heardB.length, 0, "another store's status is not pushed");
  });
});
