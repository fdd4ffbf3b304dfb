import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, smallTargets } from '../../support/axe';
import { pairKitchenDisplay } from '../../support/kitchen/pairing';
import { useTerminal } from '../../support/shells/terminal-fixture';
import type { RunningShell } from '../../support/shells/web-shell';

const BIG_SCREEN = { width: 1920, height: 1080 } as const;

/**
 * Two terminals of one store, each through its own screens: the counter (the hub) shows a pairing
 * code in Settings › Telas; a second terminal, on its first run, joins it as the kitchen display
 * (the hub's address typed, the code on its keypad) and opens on the kitchen display. An order the
 * counter confirms appears on the kitchen's screen; the cook bumps it there; the counter's board has
 * it ready, sent to the platform once. Screenshots of both sides (test-results/kitchen-pairing-*.png).
 */
describe('a kitchen display paired through both terminals’ screens', () => {
  const counter = useTerminal({ name: 'kitchen-pairing', args: ['--hub-port', '0', '--no-hub-announce'], viewport: BIG_SCREEN });
  let kitchenShell: RunningShell | undefined;
  let kitchen: Page | undefined;
  after(async () => {
    await kitchenShell?.stop();
    if (kitchenShell) rmSync(kitchenShell.dataDir, { recursive: true, force: true });
  });

  async function accessible(page: Page, where: string): Promise<void> {
    const violations = await axeViolations(page);
    assert.deepEqual(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      [],
      where,
    );
    assert.deepEqual(await smallTargets(page, 44), [], `${where}: touch targets under 44 px`);
  }

  it('pairs the kitchen display with the code the counter shows', async () => {
    const hub = counter.page;
    const paired = await pairKitchenDisplay(counter, {
      beforePair: async (screen) => {
        await counter.shot('hub-code-1920x1080');
        await counter.shotAs('kitchen-pairing-screen-code-1024x600', screen);
      },
    });
    kitchenShell = paired.shell;
    kitchen = paired.page;
    const dialog = hub.getByTestId('pairing-dialog');

    // The new screen opens on the kitchen display; the counter's window closes its code and lists it.
    await dialog.getByTestId('pairing-closed').and(hub.locator('[data-why="used"]')).waitFor();
    await dialog.getByTestId('pairing-close').click();
    const listed = hub.getByTestId('settings-screens').getByTestId('paired-screen');
    await listed.and(hub.locator('[data-connected="true"]')).waitFor({ timeout: 15_000 });
    assert.match(await listed.innerText(), /Cozinha — fogão\s+Cozinha · Contato: agora\s+Conectada/);
    await listed.scrollIntoViewIfNeeded();
    await counter.shot('hub-listed-1920x1080');
    await accessible(kitchen, 'the paired kitchen display');
  });

  it('an order the counter confirms is bumped on the kitchen display; the counter has it ready, sent once', async () => {
    assert.ok(kitchen, 'the kitchen display is paired');
    const hub = counter.page;
    const order = await counter.placeOrder({ orderType: 'TAKEOUT', items: [{ externalCode: 'CV-MAS-01', quantity: 2 }] });
    await hub.getByTestId('nav-orders').click();
    const card = hub.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await card.getByTestId('act-confirm').click({ timeout: 15_000 });

    const ticket = kitchen.locator(`[data-testid="kitchen-ticket"][data-order-id="${order.id}"]`);
    await ticket.getByText('Lasanha à bolonhesa').waitFor({ timeout: 15_000 });
    await counter.shotAs('kitchen-pairing-screen-ticket-1024x600', kitchen);
    await ticket.getByTestId('ticket-bump').click();
    await ticket.waitFor({ state: 'detached' });

    await hub.locator(`[data-testid="order-card"][data-order-id="${order.id}"][data-status="READY_TO_PICKUP"]`).waitFor({ timeout: 15_000 });
    await counter.shot('hub-ready-1920x1080');
    const calls = (await counter.http.send('GET', `/_sandbox/orders/${order.id}/calls`)).body as { calls?: { route: string }[] } | { route: string }[];
    const list = Array.isArray(calls) ? calls : (calls.calls ?? []);
    assert.equal(list.filter((c) => c.route.includes('readyToPickup')).length, 1, 'readyToPickup sent exactly once');
  });
});
