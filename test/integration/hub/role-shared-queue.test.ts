import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID, seedStores } from '../../../src-sandbox/index';
import type { Board } from '../../../src-shared/ipc/channels/orders';
import { startHubApp, type HubApp } from '../../support/hub/role';
import { withSandbox } from '../../support/sandbox/sandbox';
import { control, createOrder, type ControlEvent, type Sandbox } from '../../support/sandbox/orders';
import { waitFor } from '../../support/sync/harness';

/**
 * The split-queue trap against the sandbox, with a second app polling the same credential: the
 * platform keeps one queue per application, so whatever one acknowledges the other never sees. The
 * hub names it instead of silently showing half the orders.
 */
describe('hub role: a second terminal polling the same account is named', () => {
  let sandbox: Sandbox;
  let hub: HubApp;
  let second: HubApp;

  const acknowledged = async (orderId: string, code: string): Promise<boolean> => {
    const events = (await sandbox.http.send('GET', '/_sandbox/events')).body as { events: ControlEvent[] };
    return events.events.some((e) => e.orderId === orderId && e.code === code && e.acknowledged);
  };
  const onBoard = async (app: HubApp, orderId: string): Promise<boolean> => (await app.call<Board>('orders:board')).rows.some((r) => r.id === orderId);

  before(async () => {
    sandbox = await withSandbox();
    hub = await startHubApp(sandbox.url, 'hub-shared');
    second = await startHubApp(sandbox.url, 'hub-shared-2');
  });
  after(async () => {
    await second?.stop();
    await hub?.stop();
    await sandbox.close();
  });

  it('says nothing while it sees every order whole', async () => {
    const view = await hub.sharedQueue();
    assert.equal(view.suspected, false);
    assert.deepEqual(view.signs, []);
  });

  it('an order it knows only from a later event (its PLACED read by the other terminal) is a sign', async () => {
    // Whichever terminal polls first after an order is placed takes its PLACED for good. Orders are
    // placed until one went to the second terminal alone; then its customer cancels it, and
    // whichever polls first takes the cancellation (a terminal that acts itself polls at once and
    // takes its own outcome: the platform's own news is the even race). When the hub gets it, it
    // knows an order it never saw start.
    for (let attempt = 0; attempt < 40 && !(await hub.sharedQueue()).suspected; attempt++) {
      const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
      await waitFor(() => acknowledged(order.id, 'PLC'), 'the order taken by a terminal');
      if (await onBoard(hub, order.id)) continue;
      await waitFor(() => onBoard(second, order.id), 'the order on the second terminal');
      assert.equal((await control(sandbox, order.id, 'customerCancel')).status, 200);
      await waitFor(() => acknowledged(order.id, 'CAN'), 'the cancellation taken by a terminal');
      if (!(await onBoard(hub, order.id))) continue;
      await waitFor(async () => (await hub.sharedQueue()).suspected, 'the hub names the other poller', 5_000);
    }
    const view = await hub.sharedQueue();
    assert.equal(view.suspected, true);
    assert.ok(view.signs.includes('missed-events'), JSON.stringify(view));
    assert.ok(view.missedOrders >= 1);
    assert.deepEqual(view.stores, [DEMO_RESTAURANT_ID]);
    assert.notEqual(view.lastSeenAt, null);
  });

  it('events for a store it does not serve are a sign too', async () => {
    const other = seedStores.find((s) => s.id !== DEMO_RESTAURANT_ID && s.owner === 'demo');
    assert.ok(other, 'a second store of the credential');
    // The second terminal serves only the restaurant: events of another store of the account reaching it mean someone else serves that one.
    await second.call('settings:update', { stores: [DEMO_RESTAURANT_ID] });
    for (let attempt = 0; attempt < 40 && !(await second.sharedQueue()).signs.includes('foreign-stores'); attempt++) {
      const order = await createOrder(sandbox, { merchantId: other.id, orderType: 'TAKEOUT' });
      await waitFor(() => acknowledged(order.id, 'PLC'), 'the order taken by a terminal');
      if (await onBoard(second, order.id))
        await waitFor(async () => (await second.sharedQueue()).signs.includes('foreign-stores'), 'the second terminal names it', 5_000);
    }
    const view = await second.sharedQueue();
    assert.ok(view.signs.includes('foreign-stores'), JSON.stringify(view));
    assert.ok(view.stores.includes(other.id));
  });
});
