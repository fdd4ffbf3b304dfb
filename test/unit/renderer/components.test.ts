import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { render } from 'svelte/server';
import type { BoardRow } from '../../../src-shared/ipc/channels/orders';
import { createTerminal, terminalContext } from '../../../src-renderer/app/terminal';
import OrderCard from '../../../src-renderer/orders/OrderCard.svelte';
import OrdersScreen from '../../../src-renderer/orders/OrdersScreen.svelte';
import { boardRow, ROW_STORE } from '../../support/board-row';
import { fakeBridge } from '../../support/fake-bridge';

const T0 = Date.parse('2026-11-24T15:00:00Z');
const STORE = ROW_STORE;

const row = (id: string, patch: Partial<BoardRow> = {}): BoardRow => boardRow(id, T0, patch);

/** A terminal on a fake bridge, its screen clock at T0. */
function terminalWith(rows: BoardRow[]) {
  const chimes: number[] = [];
  const bridge = fakeBridge({ 'orders:board': () => ({ rows, generatedAt: new Date(T0).toISOString() }) });
  const terminal = createTerminal(bridge, { systemNow: () => T0, chime: () => chimes.push(T0) });
  return { bridge, terminal, chimes };
}

describe('renderer components with a fake bridge (server-rendered)', () => {
  it('a new order card shows its code, customer, the confirm countdown and the confirm button', () => {
    const { terminal } = terminalWith([]);
    const { body } = render(OrderCard, { props: { row: row('a1b2c3d4') }, context: terminalContext(terminal) });
    assert.match(body, /#A1B2/);
    assert.match(body, /Ana/);
    assert.match(body, /Confirmar em 7:00/, 'seven minutes left of the eight, on the screen clock');
    assert.match(body, /data-testid="act-confirm"/);
  });

  it('the board puts each order of the bridge in its column', async () => {
    const { terminal, bridge } = terminalWith([row('new-1'), row('cooking', { status: 'CONFIRMED' }), row('gone', { status: 'CANCELLED' })]);
    await terminal.ordersState.load(null);
    assert.deepEqual(bridge.calls.map((c) => c.channel), ['orders:board']);
    const { body } = render(OrdersScreen, { context: terminalContext(terminal) });
    const column = (name: string) => body.slice(body.indexOf(`data-testid="column-${name}"`), body.indexOf('</section>', body.indexOf(`data-testid="column-${name}"`)));
    assert.match(column('new'), /data-order-id="new-1"/);
    assert.match(column('preparing'), /data-order-id="cooking"/);
    assert.match(column('done'), /data-order-id="gone"/);
    assert.doesNotMatch(column('new'), /cooking|gone/);
  });

  it('rings once for a new order pushed after the board was read, not for a known one, and says so in English', async () => {
    const { terminal, bridge, chimes } = terminalWith([row('known')]);
    await terminal.ordersState.load(null);
    bridge.push('orders:changed', { rows: [row('known', { status: 'CONFIRMED' })], actions: [] });
    assert.equal(chimes.length, 0);
    bridge.push('orders:changed', { rows: [row('arrived')], actions: [] });
    assert.equal(chimes.length, 1);
    assert.equal(terminal.ordersState.isFresh('arrived'), true);
    terminal.i18n.setLocale('en');
    const { body } = render(OrderCard, { props: { row: row('arrived') }, context: terminalContext(terminal) });
    assert.match(body, /Confirm within 7:00/);
    assert.match(body, /NEW/);
  });
});
