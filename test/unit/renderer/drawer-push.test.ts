import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OrderDetailView } from '../../../src-shared/ipc/channels/orders';
import { Now } from '../../../src-renderer/lib/now.svelte';
import { OrdersState } from '../../../src-renderer/orders/orders-state.svelte';
import { boardRow } from '../../support/app/board-row';
import { fakeBridge } from '../../support/app/fake-bridge';

/**
 * An open drawer follows what happens to its order without waiting for its next read: a chain's
 * server pushes the order's row whenever an action of it changes (an outbox notice, on any replica),
 * and the drawer reads the order again then — its actions' states with it. Another order's push does not.
 */
const T0 = Date.parse('2026-11-24T15:00:00.000Z');
const iso = new Date(T0).toISOString();

describe('an open drawer and the pushes of its order', () => {
  it("reads its order again when the order's row is pushed, and only then", async () => {
    let reads = 0;
    const bridge = fakeBridge({
      'orders:board': () => ({ rows: [boardRow('a', T0), boardRow('b', T0)], closedLeftOut: 0, generatedAt: iso }),
      // What the drawer shows is not this test's matter: which read it shows is.
      'orders:detail': () => {
        reads++;
        return { read: reads } as unknown as OrderDetailView;
      },
    });
    const state = new OrdersState(bridge, new Now(() => T0));
    await state.load();
    await state.open('a');
    assert.equal(reads, 1);
    bridge.push('orders:changed', { rows: [{ ...boardRow('b', T0), status: 'CONFIRMED' }], actions: [] });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(reads, 1, "another order's push leaves the drawer alone");
    bridge.push('orders:changed', { rows: [{ ...boardRow('a', T0), status: 'CONFIRMED' }], actions: [] });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(reads, 2, "its own order's push reads it again");
    assert.deepEqual(state.detail, { read: 2 } as unknown, 'and shows what it read');
  });
});
