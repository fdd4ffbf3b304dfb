import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { SandboxClock } from '../../../src-sandbox/clock';
import type { AutoClosurePatch } from '../../../src-sandbox/merchant/auto-closure-rules';
import { statusInputsFor } from '../../../src-sandbox/merchant/ops-routes';
import { storeStatus } from '../../../src-sandbox/merchant/status';
import { confirmOrder, readyToPickup } from '../../../src-sandbox/orders/lifecycle';
import { menuFor } from '../../../src-sandbox/orders/menu';
import type { OrderRecord } from '../../../src-sandbox/orders/model';
import { advanceDriver, assignDriver, placeOrder } from '../../../src-sandbox/orders/platform';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/seed/stores';
import { World } from '../../../src-sandbox/world';
import { TEST_INSTANT_MS } from '../../support/clock';

/**
 * The platform's automatic closure, on a world whose clock stands still unless a test moves it:
 * each rule fires at the very moment its threshold is reached and not a second before, the status
 * says why the store is closed and opens again by itself, one store's closure leaves the others
 * alone, and with the rules off (the default) nothing ever closes.
 */
const T0 = TEST_INSTANT_MS;
const MIN = 60;

let world: World;
beforeEach(() => {
  world = new World(new SandboxClock(() => T0));
});

/** Seconds since the test began, on the sandbox clock. */
const at = (seconds: number) => T0 + seconds * 1000;

function moveTo(seconds: number): void {
  world.clock.advance((at(seconds) - world.clock.now()) / 1000);
  world.orders.settle();
}

function place(merchantId = DEMO_RESTAURANT_ID): OrderRecord {
  const store = world.stores.get(merchantId)!;
  return placeOrder(world.orders, store, {
    orderType: 'DELIVERY',
    deliveredBy: 'PLATFORM',
    orderTiming: 'IMMEDIATE',
    menu: menuFor(world.catalog, merchantId),
  });
}

function placeConfirmed(merchantId = DEMO_RESTAURANT_ID): OrderRecord {
  const order = place(merchantId);
  confirmOrder(world.orders, order);
  return order;
}

const closures = (merchantId = DEMO_RESTAURANT_ID) => world.autoClosure.closures(merchantId);

/** The store's DELIVERY entry and its auto-closure validation, as GET /status answers them. */
function statusOf(merchantId = DEMO_RESTAURANT_ID) {
  world.lastPollByStore.set(merchantId, world.clock.now());
  const entry = storeStatus(statusInputsFor(world, world.stores.get(merchantId)!)).find((e) => e.operation === 'DELIVERY')!;
  return { entry, validation: entry.validations.find((v) => v.code === 'auto-closure') };
}

function rulesOn(patch: AutoClosurePatch = { on: true }, merchantId = DEMO_RESTAURANT_ID): void {
  world.autoClosure.setStoreSettings(merchantId, patch);
}

describe('sandbox automatic closure: orders cancelled by the confirmation deadline', () => {
  it('closes the store at the third timeout within 30 minutes, not a second before, and reopens 30 minutes later', () => {
    rulesOn({ on: { timeouts: true } });
    place();
    moveTo(10 * MIN);
    place();
    moveTo(20 * MIN);
    place(); // the three time out at 8, 18 and 28 minutes
    moveTo(28 * MIN - 1);
    assert.deepEqual(closures(), []);
    assert.equal(statusOf().entry.state, 'OK');
    assert.equal(statusOf().validation?.state, 'OK');
    moveTo(28 * MIN);
    assert.deepEqual(
      closures().map((c) => [c.rule, c.atMs, c.untilMs]),
      [['timeouts', at(28 * MIN), at(58 * MIN)]],
    );
    const closed = statusOf();
    assert.equal(closed.entry.state, 'CLOSED');
    assert.equal(closed.entry.available, false);
    assert.equal(closed.validation?.state, 'CLOSED');
    assert.equal(closed.validation?.message.title, 'Fechada pela plataforma');
    assert.match(closed.validation?.message.subtitle ?? '', /3 pedidos cancelados por falta de confirmação em 30 minutos/);
    assert.match(closed.validation?.message.description ?? '', /^Reabre às \d\d:\d\d \(horário da loja\)\.$/);
    assert.deepEqual(closed.entry.message, closed.validation?.message, 'the closure is what the entry says');
    moveTo(58 * MIN - 1);
    assert.equal(statusOf().entry.state, 'CLOSED');
    moveTo(58 * MIN);
    assert.equal(statusOf().entry.state, 'OK');
    assert.equal(statusOf().validation?.state, 'OK');
  });

  it('counts only the timeouts inside the window: one exactly 30 minutes older has left it', () => {
    rulesOn({ on: { timeouts: true } });
    place(); // times out at 8 min
    moveTo(10 * MIN);
    place(); // 18 min
    moveTo(30 * MIN);
    place(); // 38 min: the window (8, 38] holds two
    moveTo(31 * MIN);
    place(); // 39 min: (9, 39] holds three
    moveTo(39 * MIN - 1);
    assert.deepEqual(closures(), []);
    moveTo(39 * MIN);
    assert.deepEqual(
      closures().map((c) => c.atMs),
      [at(39 * MIN)],
    );
  });

  it('starts afresh after reopening: the timeouts that closed the store do not close it again', () => {
    rulesOn({ on: { timeouts: true }, timeouts: 2, timeoutWindowMinutes: 60, closeMinutes: 10 });
    place();
    place(); // both time out at 8 min: closed until 18
    moveTo(9 * MIN);
    place(); // times out at 17, while closed
    moveTo(20 * MIN);
    place(); // 28: the first timeout since reopening
    moveTo(40 * MIN);
    assert.equal(closures().length, 1);
    assert.equal(statusOf().entry.state, 'OK');
  });
});

describe('sandbox automatic closure: a driver waiting at the store', () => {
  function driverArrived(): OrderRecord {
    const order = placeConfirmed();
    assignDriver(world.orders, order);
    advanceDriver(world.orders, order); // going to the store
    advanceDriver(world.orders, order); // ARRIVED_AT_ORIGIN
    return order;
  }

  it('closes the store when a driver has waited 10 minutes, not a second before', () => {
    rulesOn({ on: { 'driver-wait': true } });
    moveTo(2 * MIN);
    driverArrived();
    moveTo(12 * MIN - 1);
    assert.deepEqual(closures(), []);
    moveTo(12 * MIN);
    assert.deepEqual(
      closures().map((c) => [c.rule, c.atMs, c.untilMs]),
      [['driver-wait', at(12 * MIN), at(42 * MIN)]],
    );
    assert.match(statusOf().validation?.message.subtitle ?? '', /Entregador esperando na loja há 10 minutos/);
  });

  it('leaves the store open when the driver collects the order before his tenth minute', () => {
    rulesOn({ on: { 'driver-wait': true } });
    const order = driverArrived();
    moveTo(10 * MIN - 1);
    advanceDriver(world.orders, order); // COLLECTED
    moveTo(60 * MIN);
    assert.deepEqual(closures(), []);
  });
});

describe('sandbox automatic closure: late orders', () => {
  const rules: AutoClosurePatch = { on: { 'late-share': true }, lateShare: 0.5, lateMinimum: 4, preparationMinutes: 20 };

  /**
   * Four confirmed orders a minute apart, due at 20, 21, 22 and 23 minutes; the last `onTime` of them
   * are ready at 10, the first ones are late (so the share is high before enough orders are due).
   */
  function fourOrders(onTime: number): void {
    const orders: OrderRecord[] = [];
    for (let i = 0; i < 4; i++) {
      moveTo(i * MIN);
      orders.push(placeConfirmed());
    }
    moveTo(10 * MIN);
    for (const order of orders.slice(4 - onTime)) readyToPickup(world.orders, order);
  }

  it('closes the store when half of at least four orders due in the last hour were late, at the due moment that makes it so', () => {
    rulesOn(rules);
    fourOrders(2);
    moveTo(23 * MIN - 1); // three due, two of them late: too few orders
    assert.deepEqual(closures(), []);
    moveTo(23 * MIN); // four due, two late
    assert.deepEqual(
      closures().map((c) => [c.rule, c.atMs]),
      [['late-share', at(23 * MIN)]],
    );
    assert.match(statusOf().validation?.message.subtitle ?? '', /2 de 4 pedidos atrasados na última hora/);
  });

  it('leaves the store open while the late share stays under the limit', () => {
    rulesOn(rules);
    fourOrders(3);
    moveTo(3 * 60 * MIN);
    assert.deepEqual(closures(), []);
  });
});

describe('sandbox automatic closure: stores and switches', () => {
  it("closes only the overloaded store: another store's status stays open and it has no closure", () => {
    world.autoClosure.setEveryStoreSettings({ on: true });
    for (let i = 0; i < 3; i++) place(DEMO_RESTAURANT_ID);
    place(DEMO_GROCERY_ID);
    moveTo(9 * MIN);
    assert.equal(closures(DEMO_RESTAURANT_ID).length, 1);
    assert.equal(statusOf(DEMO_RESTAURANT_ID).entry.state, 'CLOSED');
    assert.deepEqual(closures(DEMO_GROCERY_ID), []);
    assert.equal(statusOf(DEMO_GROCERY_ID).entry.state, 'OK');
    assert.equal(statusOf(DEMO_GROCERY_ID).validation?.state, 'OK', 'the grocery is under the rules too, and open');
  });

  it('closes nothing with the rules off (the default), and the status has no auto-closure validation', () => {
    for (let i = 0; i < 6; i++) place();
    const waiting = placeConfirmed();
    assignDriver(world.orders, waiting);
    advanceDriver(world.orders, waiting);
    advanceDriver(world.orders, waiting);
    for (let i = 0; i < 6; i++) placeConfirmed();
    moveTo(3 * 60 * MIN);
    assert.deepEqual(world.autoClosure.closures(), []);
    assert.equal(statusOf().entry.state, 'OK');
    assert.equal(statusOf().validation, undefined);
  });

  it('counts from the moment the rules are switched on: earlier timeouts do not close the store', () => {
    for (let i = 0; i < 3; i++) place();
    moveTo(9 * MIN); // three timeouts at 8 minutes, rules off
    rulesOn();
    place();
    moveTo(20 * MIN);
    assert.deepEqual(closures(), []);
  });
});
