import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TAP_SETTLE_MS } from '../../../src-renderer/orders/tap-guard';
import { useTerminal } from '../../support/shells/terminal-fixture';

/**
 * The orders board as a cook uses it, against a sandbox the test drives: an order arrives, is
 * confirmed, prepared, its pickup code checked; another is cancelled; a restart keeps the board.
 */
describe('orders board in Chromium', () => {
  const terminal = useTerminal({ name: 'board', viewport: { width: 1280, height: 800 } });

  const placeOrder = (body: Record<string, unknown>) => terminal.placeOrder<{ id: string; displayId: string; delivery?: { pickupCode?: string } }>(body);
  const card = (id: string) => terminal.page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
  const column = (name: string) => terminal.page.getByTestId(`column-${name}`);

  it('shows a new order in "Novos" with its countdown, and moves it along as staff act', async () => {
    const { page } = terminal;
    const order = await placeOrder({ orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    await column('new').locator(`[data-order-id="${order.id}"]`).waitFor();
    await card(order.id)
      .getByText(/Confirmar em \d:\d\d/)
      .waitFor();
    await card(order.id).getByText('NOVO').waitFor();
    await terminal.shot('new-order');

    await card(order.id).getByTestId('act-confirm').click();
    await column('preparing').locator(`[data-order-id="${order.id}"]`).waitFor({ timeout: 15_000 });
    assert.equal(await card(order.id).getAttribute('data-status'), 'CONFIRMED');

    await card(order.id).getByTestId('act-startPreparation').click();
    await page.locator(`[data-order-id="${order.id}"][data-status="PREPARATION_STARTED"]`).waitFor({ timeout: 15_000 });
    // "Pronto" took the place of "Iniciar preparo" under the pointer: a tap there waits until it settled
    // (src-renderer/orders/tap-guard.ts), as a person sees the new button before tapping it.
    await page.waitForTimeout(TAP_SETTLE_MS + 100);
    await card(order.id).getByTestId('act-readyToPickup').click();
    await column('ready').locator(`[data-order-id="${order.id}"]`).waitFor({ timeout: 15_000 });

    const calls = await terminal.http.send('GET', `/_sandbox/orders/${order.id}/calls`);
    const routes = calls.body as { calls?: { route: string }[] } | { route: string }[];
    const list = Array.isArray(routes) ? routes : (routes.calls ?? []);
    for (const action of ['confirm', 'startPreparation', 'readyToPickup']) {
      assert.equal(list.filter((c) => c.route.includes(action)).length, 1, `${action} sent exactly once`);
    }
  });

  it('checks a platform driver pickup code in the order drawer', async () => {
    const { page } = terminal;
    const order = await placeOrder({ orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    await card(order.id).waitFor({ timeout: 15_000 });
    await card(order.id).getByTestId('act-confirm').click();
    await page.locator(`[data-order-id="${order.id}"][data-status="CONFIRMED"]`).waitFor({ timeout: 15_000 });
    await card(order.id).getByRole('button').first().click();
    const drawer = page.getByTestId('order-drawer');
    await drawer.getByText('Itens').waitFor();
    const input = drawer.getByTestId('pickup-code').getByRole('textbox');
    await input.fill('0000x');
    await drawer.getByRole('button', { name: 'Verificar' }).click();
    await drawer.getByText('Código errado').waitFor();
    await input.fill(order.delivery?.pickupCode ?? '');
    await drawer.getByRole('button', { name: 'Verificar' }).click();
    await drawer.getByText('Código correto').waitFor();
    await terminal.shotAs('order-drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  it('cancels an order with a reason from the platform list', async () => {
    const { page } = terminal;
    const order = await placeOrder({ orderType: 'TAKEOUT' });
    await card(order.id).waitFor({ timeout: 15_000 });
    await card(order.id).getByRole('button').first().click();
    await page.getByTestId('order-drawer').getByRole('button', { name: 'Cancelar pedido' }).click();
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.getByRole('radio').first().check();
    await dialog.getByTestId('cancel-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await terminal.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 6 } });
    await column('done').locator(`[data-order-id="${order.id}"][data-status="CANCELLED"]`).waitFor({ timeout: 15_000 });
  });

  it('shows the same board after a restart, before the first poll', async () => {
    const { page } = terminal;
    const before = (
      await page.getByTestId('order-card').evaluateAll((cards) => cards.map((c) => `${c.getAttribute('data-order-id')}:${c.getAttribute('data-status')}`))
    ).sort();
    assert.ok(before.length >= 3);
    await terminal.shell.stop();
    await terminal.stopSandbox(); // the platform is gone: only the local cache can show the board
    await terminal.restart({ apiBaseUrl: 'http://127.0.0.1:9' });
    await page.getByTestId('order-card').first().waitFor();
    const after = (
      await page.getByTestId('order-card').evaluateAll((cards) => cards.map((c) => `${c.getAttribute('data-order-id')}:${c.getAttribute('data-status')}`))
    ).sort();
    assert.deepEqual(after, before);
    await page.getByTestId('current-store').getByText('Cantina da Vila').waitFor(); // the last known store list
    await page.getByTestId('connectivity').getByText('Sem conexão', { exact: true }).waitFor({ timeout: 20_000 });
  });
});
