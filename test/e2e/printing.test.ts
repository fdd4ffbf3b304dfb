import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEMO_RESTAURANT_ID, startSandbox, type RunningSandbox } from '../../src-sandbox/index';
import { pinnedNow } from '../support/clock';
import { startFakePrinter, type FakePrinter } from '../support/fake-printer';
import { rawHttp } from '../support/sandbox';
import { chooseLanguage, launchChromium, ROOT, startWebShell, type RunningShell } from '../support/web-shell';

/** A kitchen's network printer set up on the Settings page, printing on confirm, out and back. */
describe('printing in Chromium', () => {
  let sandbox: RunningSandbox;
  let shell: RunningShell;
  let browser: Browser;
  let page: Page;
  let printer: FakePrinter;
  const dataDir = mkdtempSync(join(tmpdir(), 'st-print-e2e-'));

  async function confirmNewOrder(): Promise<{ id: string; displayId: string }> {
    const response = await rawHttp(sandbox.url).send('POST', '/_sandbox/orders', { json: { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' } });
    const order = response.body as { id: string; displayId: string };
    const card = page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await card.getByTestId('act-confirm').click({ timeout: 15_000 });
    await page.locator(`[data-order-id="${order.id}"][data-status="CONFIRMED"]`).waitFor({ timeout: 15_000 });
    return order;
  }
  const ticketsOf = (code: string) => printer.jobs.filter((j) => j.toString('latin1').includes(`#${code}`)).length;

  before(async () => {
    printer = await startFakePrinter();
    sandbox = await startSandbox({ port: 0, now: pinnedNow(), rateLimitFactor: 0 });
    shell = await startWebShell({ args: ['--api-base-url', sandbox.url, '--client-id', 'demo', '--poll-interval', '1'], dataDir, clientSecret: 'demo-secret' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(shell.launchUrl());
    await page.getByTestId('order-board').waitFor();
  });
  after(async () => {
    await browser?.close();
    await shell?.stop();
    await sandbox?.close();
    await printer?.close();
  });

  it('a network printer is added on the Settings page, its test page prints, and the preview shows the ticket', async () => {
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('printer-add').click();
    await page.getByTestId('printer-name').fill('Cozinha');
    await page.getByTestId('printer-host').fill('127.0.0.1');
    await page.getByTestId('printer-port').fill(String(printer.port));
    await page.getByTestId('printer-test').click();
    await page.getByText('Teste impresso').waitFor({ timeout: 10_000 });
    assert.ok(printer.jobs.at(-1)?.toString('latin1').includes('TESTE DE IMPRESS'), 'the test page');
    await page.getByTestId('printer-save').click();
    await page.locator('[data-testid="printer"]').waitFor();
    await page.getByTestId('preview-image').waitFor();
    await page.getByTestId('settings-printers').screenshot({ path: join(ROOT, 'test-results', 'printers-pt-BR.png') });
    await chooseLanguage(page, 'en');
    await page.getByTestId('preview-customer').click();
    await page.waitForTimeout(300);
    await page.getByTestId('settings-printers').screenshot({ path: join(ROOT, 'test-results', 'printers-en.png') });
    await chooseLanguage(page, 'pt-BR');
  });

  it('confirming an order prints its kitchen ticket once, and the card says so', async () => {
    await page.getByTestId('nav-orders').click();
    const order = await confirmNewOrder();
    for (let i = 0; i < 100 && ticketsOf(order.displayId) === 0; i++) await page.waitForTimeout(100);
    assert.equal(ticketsOf(order.displayId), 1);
    await page.locator(`[data-order-id="${order.id}"]`).getByTestId('printed').waitFor({ timeout: 10_000 });
  });

  it('a printer that is off shows in the top bar; back on, the waiting ticket prints once', async () => {
    await printer.stop();
    const order = await confirmNewOrder();
    await page.getByTestId('printer-alert').waitFor({ timeout: 15_000 });
    await page.locator(`[data-order-id="${order.id}"]`).getByTestId('not-printed').waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(ROOT, 'test-results', 'printer-offline-pt-BR.png') });
    assert.equal(ticketsOf(order.displayId), 0);
    await printer.start();
    for (let i = 0; i < 300 && ticketsOf(order.displayId) === 0; i++) await page.waitForTimeout(100);
    assert.equal(ticketsOf(order.displayId), 1, 'printed once it is back');
    await page.locator(`[data-order-id="${order.id}"]`).getByTestId('printed').waitFor({ timeout: 10_000 });
    await page.getByTestId('printer-alert').waitFor({ state: 'detached', timeout: 10_000 });
    await page.waitForTimeout(1_500);
    assert.equal(ticketsOf(order.displayId), 1, 'and only once');
  });

  it('reprints from the drawer', async () => {
    const order = await confirmNewOrder();
    for (let i = 0; i < 100 && ticketsOf(order.displayId) === 0; i++) await page.waitForTimeout(100);
    await page.locator(`[data-order-id="${order.id}"]`).getByRole('button').first().click();
    await page.getByTestId('reprint-kitchen').click();
    for (let i = 0; i < 100 && ticketsOf(order.displayId) < 2; i++) await page.waitForTimeout(100);
    assert.equal(ticketsOf(order.displayId), 2);
    await page.keyboard.press('Escape');
  });
});
