import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FaultConfig, FaultState } from '../../../src-sandbox/faults/state';
import { EventLog } from '../../../src-sandbox/orders/events';
import { newOrder } from '../../../src-sandbox/orders/order-factory';
import { SeededRandom } from '../../../src-sandbox/orders/random';
import { Timeline } from '../../../src-sandbox/orders/timeline';
import { isValidUpcA } from '../../../src-shared/upc';
import { menuFor } from '../../../src-sandbox/orders/menu';
import { DEMO_GROCERY_ID, seedStores } from '../../../src-sandbox/seed/stores';
import { World } from '../../../src-sandbox/world';

describe('sandbox seeded random', () => {
  it('replays the same sequence for the same seed and stays in range', () => {
    const a = new SeededRandom(7);
    const b = new SeededRandom(7);
    const xs = Array.from({ length: 50 }, () => a.next());
    assert.deepEqual(
      xs,
      Array.from({ length: 50 }, () => b.next()),
    );
    assert.ok(xs.every((x) => x >= 0 && x < 1));
    const r = new SeededRandom(1);
    for (let i = 0; i < 200; i++) {
      const n = r.int(3, 5);
      assert.ok(n >= 3 && n <= 5 && Number.isInteger(n));
    }
    assert.equal(r.chance(0), false);
    assert.equal(r.chance(1), true);
    assert.match(r.uuid(), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.throws(() => r.pick([]), RangeError);
  });
});

describe('sandbox timeline', () => {
  it('runs due jobs in due order with their own due time, including jobs scheduled by jobs', () => {
    const t = new Timeline();
    const ran: [string, number][] = [];
    t.schedule(30, (due) => ran.push(['c', due]));
    t.schedule(10, (due) => {
      ran.push(['a', due]);
      t.schedule(20, (d) => ran.push(['b', d]));
    });
    t.schedule(100, (due) => ran.push(['late', due]));
    assert.equal(t.runDue(5), 0);
    assert.equal(t.runDue(50), 3);
    assert.deepEqual(ran, [
      ['a', 10],
      ['b', 20],
      ['c', 30],
    ]);
    assert.equal(t.size, 1);
    t.schedule(100, (due) => ran.push(['same', due]));
    t.runDue(100);
    assert.deepEqual(
      ran.slice(3).map(([n]) => n),
      ['late', 'same'],
      'equal due times keep scheduling order',
    );
  });
});

describe('sandbox event log', () => {
  it('keeps createdAt monotonic, filters by store, honours limit, forgets acknowledged events', () => {
    const log = new EventLog();
    const first = log.emit({ code: 'PLC', orderId: 'o1', merchantId: 'm1', atMs: 2000, audience: ['app'] });
    const second = log.emit({ code: 'CFM', orderId: 'o1', merchantId: 'm1', atMs: 1000, audience: ['app'] });
    log.emit({ code: 'PLC', orderId: 'o2', merchantId: 'm2', atMs: 3000, audience: ['app'] });
    assert.equal(first.fullCode, 'PLACED');
    assert.ok(Date.parse(second.createdAt) >= Date.parse(first.createdAt), 'never earlier than the previous event');
    const m1 = new Set(['m1']);
    assert.deepEqual(
      log.pending('app', m1, 10).map((r) => r.event.id),
      [first.id, second.id],
    );
    assert.deepEqual(
      log.pending('app', m1, 1).map((r) => r.event.id),
      [first.id],
    );
    assert.equal(log.acknowledge('app', [first.id, 'unknown'], new Set(['m2'])), 0, 'another store cannot acknowledge');
    assert.equal(log.acknowledge('app', [first.id], m1), 1);
    assert.deepEqual(
      log.pending('app', m1, 10).map((r) => r.event.id),
      [second.id],
    );
    assert.equal(log.get(first.id)?.acknowledged, true);
    assert.equal(log.list('m2').length, 1);
    assert.equal(log.list().length, 3);
  });

  it('keeps a queue per application: one application acknowledging never hides the event from another', () => {
    const log = new EventLog();
    const shared = log.emit({ code: 'PLC', orderId: 'o1', merchantId: 'm1', atMs: 1000, audience: ['owner', 'partner'] });
    const own = log.emit({ code: 'PLC', orderId: 'o2', merchantId: 'm1', atMs: 1000, audience: ['owner'] });
    const m1 = new Set(['m1']);
    assert.deepEqual(
      log.pending('partner', m1, 10).map((r) => r.event.id),
      [shared.id],
      'an event is only for its audience',
    );
    assert.equal(log.acknowledge('partner', [shared.id, own.id], m1), 1, 'an event of another audience cannot be acknowledged');
    assert.deepEqual(log.pending('partner', m1, 10), []);
    assert.deepEqual(
      log.pending('owner', m1, 10).map((r) => r.event.id),
      [shared.id, own.id],
    );
    assert.equal(log.get(shared.id)?.acknowledged, false, 'acknowledged once every application did');
    assert.equal(log.acknowledge('owner', [shared.id], m1), 1);
    assert.equal(log.get(shared.id)?.acknowledged, true);
    assert.deepEqual(log.get(shared.id)?.acknowledgedBy, ['partner', 'owner']);
    assert.deepEqual(log.pending('nobody', m1, 10), []);
  });
});

describe('sandbox fault decisions', () => {
  it('duplicates polled items deterministically under a seed, never beyond the limit', () => {
    const make = () => {
      const f = new FaultState();
      f.set(FaultConfig.parse({ duplicateRate: 0.5, seed: 42 }));
      return f;
    };
    const items = [1, 2, 3, 4, 5, 6];
    const a = make().duplicate(items, 100);
    assert.deepEqual(a, make().duplicate(items, 100));
    assert.ok(a.length > items.length);
    assert.deepEqual([...new Set(a)].sort(), items);
    assert.equal(make().duplicate(items, 4).length, 4);
    const none = new FaultState();
    assert.deepEqual(none.duplicate(items, 100), items);
    assert.equal(none.active, false);
  });

  it('rejects a configuration out of range', () => {
    assert.equal(FaultConfig.safeParse({ errorRate: 1.5 }).success, false);
    assert.equal(FaultConfig.safeParse({ errorStatus: 200 }).success, false);
    assert.equal(FaultConfig.safeParse({ dropMode: 'sometimes' }).success, false);
    assert.equal(FaultConfig.safeParse({ bogus: 1 }).success, false);
    assert.equal(FaultConfig.safeParse({ promotionErrorRate: -0.1 }).success, false);
    assert.deepEqual(FaultConfig.parse({}), {
      latencyMs: 0,
      errorRate: 0,
      errorStatus: 503,
      dropRate: 0,
      dropMode: 'afterAction',
      duplicateRate: 0,
      promotionErrorRate: 0,
    });
  });
});

describe('sandbox order factory and seed', () => {
  it('builds menus from the catalog: sellable items, grocery products with a UPC-A ean', () => {
    const world = new World();
    const menu = menuFor(world.catalog, DEMO_GROCERY_ID);
    assert.ok(menu.length > 0);
    for (const item of menu) assert.ok(item.ean && isValidUpcA(item.ean), item.name);
    assert.equal(menuFor(world.catalog, '00000000-0000-4000-8000-000000000000').length, 0);
  });

  it('builds orders whose totals and payments add up, for every store and type', () => {
    const rng = new SeededRandom(3);
    const world = new World();
    for (const store of seedStores) {
      const menu = menuFor(world.catalog, store.id);
      for (const orderType of ['DELIVERY', 'TAKEOUT', 'DINE_IN'] as const) {
        for (let i = 0; i < 10; i++) {
          const order = newOrder(rng, store, {
            menu,
            orderType,
            deliveredBy: 'PLATFORM',
            orderTiming: i % 2 ? 'SCHEDULED' : 'IMMEDIATE',
            nowMs: 1_700_000_000_000,
          });
          const { total, payments, items } = order.detail;
          const sub = Math.round(items.reduce((s, x) => s + x.totalPrice, 0) * 100) / 100;
          assert.equal(total.subTotal, sub);
          assert.equal(total.orderAmount, Math.round((total.subTotal + total.deliveryFee + total.additionalFees - total.benefits) * 100) / 100);
          assert.equal(Math.round((payments.prepaid + payments.pending) * 100) / 100, total.orderAmount);
          assert.equal(order.detail.delivery !== undefined, orderType === 'DELIVERY');
          assert.equal(order.detail.takeout !== undefined, orderType === 'TAKEOUT');
          assert.equal(order.confirmDeadlineMs - order.createdAtMs, 8 * 60_000);
          if (order.detail.orderTiming === 'SCHEDULED') assert.ok(order.preparationStartMs > order.createdAtMs);
          for (const item of order.detail.items) {
            const groups = item.options.map((o) => menu.find((m) => m.id === item.id)?.options.find((x) => x.id === o.id)?.group);
            assert.equal(new Set(groups).size, groups.length, 'at most one option per group');
          }
        }
      }
    }
  });
});
