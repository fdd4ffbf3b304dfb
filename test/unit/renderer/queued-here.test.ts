import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { QUEUED_ON_SCREEN, type OutboxEntry } from '../../../src-shared/ipc/channels/orders';
import { LinkState } from '../../../src-renderer/join/link-state.svelte';
import { Now } from '../../../src-renderer/lib/now.svelte';
import { availableActions, waitsHere } from '../../../src-renderer/orders/board-logic';
import { OrdersState } from '../../../src-renderer/orders/orders-state.svelte';
import { boardRow } from '../../support/app/board-row';
import { fakeBridge } from '../../support/app/fake-bridge';

/**
 * A screen of a chain's server, its link lost: a confirm answered as waiting on this screen (a
 * negative id, reason QueuedOnScreen) is the card's pending action at once, so no second confirm is
 * offered; a refusal heard later is the card's error; a board read afresh replaces it with the
 * server's word. A screen of a store's hub stays read-only.
 */
const T0 = Date.parse('2026-11-24T15:00:00.000Z');
const iso = new Date(T0).toISOString();
const queuedHere = (orderId: string, id = -1): OutboxEntry => ({
  id,
  orderId,
  action: 'confirm',
  payload: null,
  state: 'queued',
  attempts: 0,
  createdAt: iso,
  updatedAt: iso,
  nextAttemptAt: iso,
  reason: { code: 'connection', message: 'waits on this screen', reason: QUEUED_ON_SCREEN },
  actor: 'staff',
  origin: null,
});

describe("an action queued on a screen of a chain's server", () => {
  it("is the card's pending action at once, and no second confirm is offered", async () => {
    const bridge = fakeBridge({
      'orders:board': () => ({ rows: [boardRow('a', T0)], closedLeftOut: 0, generatedAt: iso }),
      'orders:act': ({ orderId }) => queuedHere(orderId),
    });
    const state = new OrdersState(bridge, new Now(() => T0));
    await state.load();
    assert.deepEqual(availableActions(state.row('a')!, T0), ['confirm', 'requestCancellation']);
    assert.equal(await state.act({ orderId: 'a', action: 'confirm' }), true);
    const pending = state.row('a')?.pendingAction;
    assert.equal(pending?.state, 'queued');
    assert.ok(pending && waitsHere(pending));
    assert.deepEqual(availableActions(state.row('a')!, T0), []);
    // The link back, the board read afresh: the server's word replaces this screen's.
    await state.load();
    assert.equal(state.row('a')?.pendingAction, null);
  });

  it("a refusal heard later is the card's error", async () => {
    const bridge = fakeBridge({ 'orders:board': () => ({ rows: [boardRow('a', T0)], closedLeftOut: 0, generatedAt: iso }) });
    const state = new OrdersState(bridge, new Now(() => T0));
    await state.load();
    bridge.push('orders:changed', { rows: [], actions: [queuedHere('a', -7)] });
    assert.equal(state.row('a')?.pendingAction?.id, -7);
    bridge.push('orders:changed', { rows: [], actions: [{ ...queuedHere('a', -7), state: 'failed', reason: { code: 'forbidden', message: 'not granted' } }] });
    assert.equal(state.row('a')?.pendingAction, null);
    assert.equal(state.actionErrorOf('a')?.code, 'forbidden');
  });

  it("the server's own entries (positive ids) are left to its pushes", async () => {
    const bridge = fakeBridge({ 'orders:board': () => ({ rows: [boardRow('a', T0)], closedLeftOut: 0, generatedAt: iso }) });
    const state = new OrdersState(bridge, new Now(() => T0));
    await state.load();
    bridge.push('orders:changed', { rows: [], actions: [{ ...queuedHere('a', 12), reason: null }] });
    assert.equal(state.row('a')?.pendingAction, null);
  });
});

describe('the link of a screen', () => {
  const lost = { state: 'lost' as const, since: iso, reason: 'unreachable' as const };
  it("of a chain's server keeps working while lost; of a store's hub it does not", () => {
    const bridge = fakeBridge({});
    const server = new LinkState(bridge);
    server.setHubRole('server');
    bridge.push('join:link', lost);
    assert.equal(server.stale, true);
    assert.equal(server.keepsWorking, true);
    server.hold();
    assert.equal(server.held, true);
    bridge.push('join:link', { state: 'connected', since: iso, reason: null });
    assert.equal(server.keepsWorking, false);
    assert.equal(server.held, false, 'a held tap is news of that loss only');

    const hub = new LinkState(bridge);
    hub.setHubRole('terminal');
    bridge.push('join:link', lost);
    assert.equal(hub.stale, true);
    assert.equal(hub.keepsWorking, false);
  });
});
