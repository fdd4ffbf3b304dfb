import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BoardRow } from '../../../src-shared/ipc/channels/orders';
import { Now } from '../../../src-renderer/lib/now.svelte';
import { OrdersState } from '../../../src-renderer/orders/orders-state.svelte';
import { boardRow } from '../../support/app/board-row';
import { fakeBridge } from '../../support/app/fake-bridge';

const T0 = Date.parse('2026-11-24T15:00:00Z');
const OTHER = 'e5d41f63-5e7c-4b8a-8f30-4b5c6d7e8f94';
const row = (id: string, patch: Partial<BoardRow> = {}): BoardRow => boardRow(id, T0, patch);

async function boardOf(rows: BoardRow[]) {
  const bridge = fakeBridge({ 'orders:board': () => ({ rows, closedLeftOut: 0, generatedAt: new Date(T0).toISOString() }) });
  const state = new OrdersState(bridge, new Now(() => T0));
  await state.load();
  return { bridge, state };
}

/** What a push leaves the board's lists (orders-state.svelte.ts): what shows an unchanged list is not drawn again. */
describe("the board's lists over a push", () => {
  it('a push that changes one column leaves the other columns, the calls for staff and the counts as they were', async () => {
    const { bridge, state } = await boardOf([row('a'), row('b', { merchantId: OTHER }), row('c', { status: 'CONFIRMED' })]);
    const before = {
      new: state.columns.new,
      attention: state.attention,
      stores: state.storesOnBoard,
      counts: state.newByStore,
      preparing: state.columns.preparing,
    };
    bridge.push('orders:changed', { rows: [row('c', { status: 'PREPARATION_STARTED' })], actions: [] });
    assert.equal(state.columns.preparing[0]?.status, 'PREPARATION_STARTED');
    assert.notEqual(state.columns.preparing, before.preparing);
    assert.equal(state.columns.new, before.new, 'New: the same array');
    assert.equal(state.attention, before.attention, 'the same orders call for staff');
    assert.equal(state.storesOnBoard, before.stores);
    assert.equal(state.newByStore, before.counts);
    bridge.push('orders:changed', { rows: [row('d')], actions: [] });
    assert.deepEqual(
      state.columns.new.map((r) => r.id),
      ['a', 'b', 'd'],
    );
    assert.equal(state.attention.length, 3, 'a new order calls for staff');
    assert.equal(state.newByStore.get(boardRow('x', T0).merchantId ?? ''), 2);
  });

  it('opening an order takes it off the calls for staff, and a new request of its customer puts it back', async () => {
    const { bridge, state } = await boardOf([row('a'), row('b'), row('c', { status: 'CONFIRMED' })]);
    assert.deepEqual(
      state.attention.map((r) => r.id),
      ['a', 'b'],
    );
    await state.open('a');
    state.close();
    assert.deepEqual(
      state.attention.map((r) => r.id),
      ['b'],
    );
    assert.equal(state.needsAttention('a'), false);
    const request = { kind: 'dispute' as const, expiresAt: new Date(T0 + 60_000).toISOString(), action: 'CANCELLATION' };
    bridge.push('orders:changed', { rows: [row('a', { request })], actions: [] });
    assert.deepEqual(
      state.attention.map((r) => r.id),
      ['a', 'b'],
    );
    assert.equal(state.needsAttention('a'), true);
  });

  it('a store filter narrows the columns, never the calls for staff', async () => {
    const { state } = await boardOf([row('a'), row('b', { merchantId: OTHER })]);
    state.toggleStore(OTHER);
    assert.deepEqual(
      state.columns.new.map((r) => r.id),
      ['b'],
    );
    assert.equal(state.attention.length, 2);
    state.showAllStores();
    assert.equal(state.columns.new.length, 2);
  });
});
