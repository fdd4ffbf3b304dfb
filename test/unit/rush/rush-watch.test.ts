import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src-main/base/clock';
import type { OrdersDb } from '../../../src-main/db/orders/orders-db';
import { RushWatch } from '../../../src-main/features/rush/rush-watch';
import { EventIngest } from '../../../src-main/sync/ingest';
import type { RushView } from '../../../src-shared/ipc/channels/rush';
import { MERCHANT, memoryStore, silentLogger } from '../../support/sync/fakes';

/**
 * The rush gauge read from a terminal's order database: each store's open orders, its confirmation
 * timeouts, its drivers at the counter — the word and the warnings a window sees, pushed only when
 * they change.
 */

const MIN = 60_000;
const T0 = Date.parse('2026-11-24T15:00:00Z');
const OTHER = 'e5d41f63-5e7c-4b8a-8f30-4b5c6d7e8f94';

function setUp() {
  const db: OrdersDb = memoryStore();
  const clock = new ManualClock(T0);
  const ingest = new EventIngest(db, clock, silentLogger);
  const event = (orderId: string, code: string, atMs: number, merchantId = MERCHANT, metadata: object = {}) => ({
    id: randomUUID(),
    code,
    fullCode: code,
    orderId,
    merchantId,
    createdAt: new Date(atMs).toISOString(),
    metadata,
  });
  /** An order placed at `at` (its detail saved: the deadline is 8 minutes later), then the events given. */
  const order = (at: number, then: [code: string, atMs: number, metadata?: object][] = [], merchantId = MERCHANT): string => {
    const id = randomUUID();
    ingest.apply([event(id, 'PLC', at, merchantId)]);
    db.write(() =>
      db.orders.saveDetail(
        id,
        {
          id,
          displayId: id.slice(0, 4),
          status: 'PLACED',
          orderType: 'DELIVERY',
          orderTiming: 'IMMEDIATE',
          createdAt: new Date(at).toISOString(),
          merchant: { id: merchantId },
          items: [{}],
          total: { orderAmount: 10 },
        },
        at,
      ),
    );
    if (then.length > 0) ingest.apply(then.map(([code, atMs, metadata]) => event(id, code, atMs, merchantId, metadata)));
    return id;
  };
  const heard: RushView[] = [];
  const watch = new RushWatch({ db, clock, logger: silentLogger, changed: (view) => heard.push(view) });
  return { clock, order, watch, heard };
}

describe('the rush gauge on a terminal', () => {
  it('is calm with nothing on, and says each busy store apart', () => {
    const { clock, order, watch } = setUp();
    assert.deepEqual(watch.current().stores, []);
    for (let i = 0; i < 7; i++) order(T0 - (i + 1) * MIN);
    order(T0 - MIN, [], OTHER);
    clock.advance(4 * MIN);
    const view = watch.current();
    const mine = view.stores.find((s) => s.merchantId === MERCHANT);
    assert.ok(mine && mine.level !== 'calm', `seven orders waiting to be confirmed, some near their deadline: ${JSON.stringify(mine)}`);
    assert.equal(view.stores.find((s) => s.merchantId === OTHER)?.level, 'calm');
    assert.equal(view.stores[0]?.merchantId, MERCHANT, 'the store under most pressure first');
  });

  it('warns when two orders timed out within the rule’s window, and when a driver has waited six minutes', () => {
    const { clock, order, watch } = setUp();
    const timeout = { origin: 'PLATFORM', cancelCode: 'CONFIRMATION_TIMEOUT', reason: 'Pedido não confirmado' };
    order(T0 - 25 * MIN, [['CAN', T0 - 17 * MIN, timeout]]);
    order(T0 - 20 * MIN, [['CAN', T0 - 12 * MIN, { ...timeout, cancelCode: 'CUSTOMER_GAVE_UP' }]]);
    assert.deepEqual(watch.current().stores[0]?.warnings, [], 'one timeout (the other a customer): no warning');
    order(T0 - 15 * MIN, [['CAN', T0 - 7 * MIN, timeout]]);
    assert.deepEqual(watch.current().stores[0]?.warnings, [{ rule: 'timeouts', timedOut: 2, limit: 3, aboutToTimeOut: 0 }]);

    order(T0 - 12 * MIN, [
      ['CFM', T0 - 11 * MIN],
      ['AAO', T0 - 6.5 * MIN],
    ]);
    const warnings = watch.current().stores[0]?.warnings ?? [];
    assert.deepEqual(
      warnings.map((w) => w.rule),
      ['timeouts', 'driver-wait'],
    );
    assert.equal(watch.current().stores[0]?.level, 'swamped');
    clock.advance(40 * MIN);
    assert.ok(!watch.current().stores[0]?.warnings.some((w) => w.rule === 'timeouts'), 'the timeouts left the rule’s window');
  });

  it('pushes a view only when a store’s word or warnings change, not as pressure creeps', async () => {
    const { clock, order, watch, heard } = setUp();
    order(T0 - MIN);
    watch.start();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(heard.length, 1, 'the first view');
    clock.advance(20_000);
    watch.wake();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(heard.length, 1, 'pressure moved a little, the word did not');
    for (let i = 0; i < 12; i++) order(clock.now() - 7 * MIN);
    watch.wake();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(heard.length, 2, 'the store turned busy: heard');
    assert.notEqual(heard[1]?.stores[0]?.level, 'calm');
    await watch.stop();
  });
});
