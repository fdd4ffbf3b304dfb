import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { render } from 'svelte/server';
import type { RushView } from '../../../src-shared/ipc/channels/rush';
import { createTerminal, terminalContext } from '../../../src-renderer/app/terminal';
import RushBadge from '../../../src-renderer/rush/RushBadge.svelte';
import RushWarnings from '../../../src-renderer/rush/RushWarnings.svelte';
import { fakeBridge } from '../../support/app/fake-bridge';
import { boardRow, ROW_STORE } from '../../support/app/board-row';

const T0 = Date.parse('2026-11-24T15:00:00Z');
const CENTRO = '0a6b1d2e-0000-4000-8000-0000000000c1';

function terminalWith(view: RushView) {
  const bridge = fakeBridge({ 'stores:list': () => [{ id: CENTRO, name: 'Centro', corporateName: 'Cantina Centro Ltda' }] });
  const terminal = createTerminal(bridge, { systemNow: () => T0, sounds: () => {}, notifier: { notify: () => {} } });
  bridge.push('rush:changed', view);
  return terminal;
}

describe('the rush guard on the top bar', () => {
  it('shows no word for a calm store, and the busiest store’s word otherwise, in both languages', () => {
    const calm = terminalWith({ at: new Date(T0).toISOString(), stores: [{ merchantId: CENTRO, level: 'calm', pressure: 0.3, warnings: [] }] });
    assert.doesNotMatch(render(RushBadge, { context: terminalContext(calm) }).body, /data-testid="rush-level"/);
    const busy = terminalWith({
      at: new Date(T0).toISOString(),
      stores: [
        { merchantId: 'other', level: 'busy', pressure: 1.2, warnings: [] },
        { merchantId: CENTRO, level: 'swamped', pressure: 2.4, warnings: [] },
      ],
    });
    assert.match(render(RushBadge, { context: terminalContext(busy) }).body, /data-level="swamped"[^>]*>Lotado</);
    busy.i18n.setLocale('en');
    assert.match(render(RushBadge, { context: terminalContext(busy) }).body, />Swamped</);
  });

  it('names the store and the cause of each warning before the platform would close it', async () => {
    const terminal = terminalWith({
      at: new Date(T0).toISOString(),
      stores: [
        {
          merchantId: CENTRO,
          level: 'swamped',
          pressure: 2.1,
          warnings: [
            { rule: 'driver-wait', waiting: 3, longestMs: 6.5 * 60_000, limitMs: 10 * 60_000, expected: 0 },
            { rule: 'timeouts', timedOut: 2, limit: 3, aboutToTimeOut: 1 },
          ],
        },
      ],
    });
    await terminal.storesState.load();
    assert.match(
      render(RushBadge, { context: terminalContext(terminal) }).body,
      /data-level="risk"[^>]*>2 riscos de fechamento</,
      'the top bar says the risk, a tap tells which',
    );
    const pt = render(RushWarnings, { context: terminalContext(terminal), props: { onclose: () => {} } }).body;
    assert.match(pt, /Centro: 3 entregadores esperando há mais de 6 min — a plataforma pode fechar a loja/);
    assert.match(pt, /2 pedidos expiraram sem confirmação e 1 está para expirar — com 3 a plataforma fecha a loja/);
    terminal.i18n.setLocale('en');
    assert.match(render(RushWarnings, { context: terminalContext(terminal), props: { onclose: () => {} } }).body, /3 drivers waiting over 6 min/);
  });
});

describe('the warnings’ one-tap fixes', () => {
  it('offers to confirm the orders on time and to mark ready the one a driver waits for, in both languages; a confirm goes to the outbox', async () => {
    const acts: unknown[] = [];
    const bridge = fakeBridge({
      'stores:list': () => [{ id: ROW_STORE, name: 'Centro', corporateName: 'Cantina Centro Ltda' }],
      'orders:board': () => ({
        rows: [
          boardRow('new1', T0),
          boardRow('prep', T0, {
            status: 'PREPARATION_STARTED',
            driver: { state: 'atStore', pickupEtaSeconds: null, deliveryEtaSeconds: null, checkedAt: null },
          }),
        ],
        closedLeftOut: 0,
        generatedAt: new Date(T0).toISOString(),
      }),
      'orders:act': (input) => {
        acts.push(input);
        return {
          id: 1,
          orderId: 'new1',
          action: 'confirm',
          payload: null,
          state: 'queued',
          attempts: 0,
          createdAt: new Date(T0).toISOString(),
          updatedAt: new Date(T0).toISOString(),
          nextAttemptAt: null,
          reason: null,
          actor: 'staff',
          origin: null,
        };
      },
    });
    const terminal = createTerminal(bridge, { systemNow: () => T0, sounds: () => {}, notifier: { notify: () => {} } });
    bridge.push('rush:changed', {
      at: new Date(T0).toISOString(),
      stores: [
        {
          merchantId: ROW_STORE,
          level: 'swamped',
          pressure: 2,
          warnings: [
            { rule: 'timeouts', timedOut: 2, limit: 3, aboutToTimeOut: 0 },
            { rule: 'driver-wait', waiting: 1, longestMs: 7 * 60_000, limitMs: 10 * 60_000, expected: 0 },
          ],
        },
      ],
    });
    await terminal.storesState.load();
    await terminal.ordersState.load();
    const pt = render(RushWarnings, { context: terminalContext(terminal), props: { onclose: () => {} } }).body;
    assert.match(pt, /data-testid="rush-confirm"[^>]*>Confirmar o pedido no prazo</);
    assert.match(pt, /data-testid="rush-ready-row" data-why="driver"[^>]*><span><strong>#PREP<\/strong> entregador no balcão<\/span>/);
    assert.match(pt, />Pausar Centro por 15 min</);
    terminal.i18n.setLocale('en');
    const en = render(RushWarnings, { context: terminalContext(terminal), props: { onclose: () => {} } }).body;
    assert.match(en, />Confirm the order on time</);
    assert.match(en, /driver at the counter/);
    assert.equal(await terminal.ordersState.act({ orderId: 'new1', action: 'confirm' }), true);
    assert.deepEqual(acts, [{ orderId: 'new1', action: 'confirm' }]);
  });
});
