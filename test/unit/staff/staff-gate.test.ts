import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { guardBridge } from '../../../src-renderer/staff/staff-gate';
import { fakeBridge } from '../../support/app/fake-bridge';

/**
 * The gate over the screen's bridge tells the staff state which order's trail may have a new line:
 * after a trailed call about it (an order's action), never after a read (the drawer's detail and its
 * panels, which would read the trail again at every opening for nothing).
 */
describe('the staff gate over the bridge', () => {
  it("asks for an order's trail again after a trailed call about it, not after a read", async () => {
    const told: string[] = [];
    const raw = fakeBridge({
      'orders:detail': () => ({ error: { code: 'not-found', message: 'gone' } }),
      'deliveryOrders:get': () => ({ error: { code: 'not-found', message: 'none' } }),
      'orders:act': () => ({ error: { code: 'conflict', message: 'too late' } }),
    });
    const bridge = guardBridge(raw, { ask: async () => false, answered: (orderId) => told.push(orderId) });
    await bridge['orders:detail']({ orderId: 'o-1' });
    await bridge['deliveryOrders:get']({ orderId: 'o-1' });
    assert.deepEqual(told, [], 'reads leave no line');
    await bridge['orders:act']({ orderId: 'o-1', action: 'confirm' });
    assert.deepEqual(told, ['o-1'], 'an action, even refused, may have left one');
    assert.deepEqual(
      raw.calls.map((c) => c.channel),
      ['orders:detail', 'deliveryOrders:get', 'orders:act'],
    );
  });
});
