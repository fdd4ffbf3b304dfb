import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEMO_RESTAURANT_ID, startSandbox, type RunningSandbox } from '../../src-sandbox/index';
import { pinnedNow } from '../support/clock';
import { rawHttp } from '../support/sandbox';
import { launchChromium, ROOT, startWebShell, type RunningShell } from '../support/web-shell';

/**
 * The orders board as a cook uses it, against a sandbox the test drives: an order arrives, is
 * confirmed, prepared, its pickup code checked; another is cancelled; a restart keeps the board.
 */
describe('orders board in Chromium', () => {
  let sandbox: RunningSandbox;
  let shell: RunningShell;
  let browser: Browser;
  let page: Page;
  const dataDir = mkdtempSync(join(tmpdir(), 'st-board-'));
  const args = () => ['--api-base-url', sandbox.url, '--client-id', 'demo', '--poll-interval', '1'];

  async function placeOrder(body: Record<string, unknown>): Promise<{ id: string; displayId: string; delivery?: { pickupCode?: string } }> {
    const response = await rawHttp(sandbox.url).send('POST', '/_sandbox/orders', { json: { merchantId: DEMO_RESTAURANT_ID, ...body } });
    assert.equal(response.status, 201);
    return response.body as never;
  }

  const card = (id: string) => page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
  const column = (name: string) => page.getByTestId(`column-${name}`);

  before(async () => {
    sandbox = await startSandbox({ port: 0, now: pinnedNow() });
    shell = await startWebShell({ args: args(), dataDir, clientSecret: 'demo-secret' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(shell.launchUrl());
    await page.getByTestId('order-board').waitFor();
  });
  after(async () => {
    await browser?.close();
    await shell?.stop();
    await sandbox?.close();
  });

  it('shows a new order in "Novos" with its countdown, and moves it along as staff act', async () => {
    const order = await placeOrder({ orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    await column('new').locator(`[data-order-id="${order.id}"]`).waitFor();
    await card(order.id).getByText(/Confirmar em \d:\d\d/).waitFor();
    await card(order.id).getByText('NOVO').waitFor();
    await page.screenshot({ path: join(ROOT, 'test-results', 'board-new-order.png') });

    await card(order.id).getByTestId('act-confirm').click();
    await column('preparing').locator(`[data-order-id="${order.id}"]`).waitFor({ timeout: 15_000 });
    assert.equal(await card(order.id).getAttribute('data-status'), 'CONFIRMED');

    await card(order.id).getByTestId('act-startPreparation').click();
    await page.locator(`[data-order-id="${order.id}"][data-status="PREPARATION_STARTED"]`).waitFor({ timeout: 15_000 });
    await card(order.id).getByTestId('act-readyToPickup').click();
    await column('ready').locator(`[data-order-id="${order.id}"]`).waitFor({ timeout: 15_000 });

    const calls = await rawHttp(sandbox.url).send('GET', `/_sandbox/orders/${order.id}/calls`);
    const routes = (calls.body as { calls?: { route: string }[] } | { route: string }[]);
    const list = Array.isArray(routes) ? routes : (routes.calls ?? []);
    for (const action of ['confirm', 'startPreparation', 'readyToPickup']) {
      assert.equal(list.filter((c) => c.route.includes(action)).length, 1, `${action} sent exactly once`);
    }
  });

  it('checks a platform driver pickup code in the order drawer', async () => {
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
    await page.screenshot({ path: join(ROOT, 'test-results', 'order-drawer.png') });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  it('cancels an order with a reason from the platform list', async () => {
    const order = await placeOrder({ orderType: 'TAKEOUT' });
    await card(order.id).waitFor({ timeout: 15_000 });
    await card(order.id).getByRole('button').first().click();
    await page.getByTestId('order-drawer').getByRole('button', { name: 'Cancelar pedido' }).click();
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.getByRole('radio').first().check();
    await dialog.getByTestId('cancel-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await rawHttp(sandbox.url).send('POST', '/_sandbox/clock', { json: { advanceSeconds: 6 } });
    await column('done').locator(`[data-order-id="${order.id}"][data-status="CANCELLED"]`).waitFor({ timeout: 15_000 });
  });

  it('shows the same board after a restart, before the first poll', async () => {
    const before = (await page.getByTestId('order-card').evaluateAll((cards) => cards.map((c) => `${c.getAttribute('data-order-id')}:${c.getAttribute('data-status')}`))).sort();
    assert.ok(before.length >= 3);
    await shell.stop();
    await sandbox.close(); // the platform is gone: only the local cache can show the board
    shell = await startWebShell({ args: ['--api-base-url', 'http://127.0.0.1:9', '--client-id', 'demo'], dataDir, clientSecret: 'demo-secret' });
    await page.goto(shell.launchUrl());
    await page.getByTestId('order-card').first().waitFor();
    const after = (await page.getByTestId('order-card').evaluateAll((cards) => cards.map((c) => `${c.getAttribute('data-order-id')}:${c.getAttribute('data-status')}`))).sort();
    assert.deepEqual(after, before);
    await page.getByTestId('current-store').getByText('Cantina da Vila').waitFor(); // the last known store list
    await page.getByTestId('connectivity').getByText('Sem conexão', { exact: true }).waitFor({ timeout: 20_000 });
    sandbox = await startSandbox({ port: 0, now: pinnedNow() }); // for after()
  });
});
