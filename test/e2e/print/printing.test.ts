import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { closedPort } from '../../support/print/dead-printer';
import { startFakePrinter, type FakePrinter } from '../../support/print/fake-printer';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

/** A kitchen's network printer set up on the Settings page, printing on confirm, out and back. */
describe('printing in Chromium', () => {
  const terminal = useTerminal({ name: 'printers', sandbox: { rateLimitFactor: 0 }, viewport: { width: 1280, height: 800 } });
  let printer: FakePrinter;

  async function confirmNewOrder(): Promise<{ id: string; displayId: string }> {
    const { page } = terminal;
    const order = await terminal.placeOrder({ orderType: 'TAKEOUT' });
    const card = page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await card.getByTestId('act-confirm').click({ timeout: 15_000 });
    await page.locator(`[data-order-id="${order.id}"][data-status="CONFIRMED"]`).waitFor({ timeout: 15_000 });
    return order;
  }
  const ticketsOf = (code: string) => printer.jobs.filter((j) => j.toString('latin1').includes(`#${code}`)).length;

  before(async () => {
    printer = await startFakePrinter();
  });
  after(() => printer?.close());

  it('a network printer is added on the Settings page, its test page prints, and the preview shows the ticket', async () => {
    const { page } = terminal;
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
    await terminal.shot('pt-BR', page.getByTestId('settings-printers'));
    await chooseLanguage(page, 'en');
    await page.getByTestId('preview-customer').click();
    await page.waitForTimeout(300);
    await terminal.shot('en', page.getByTestId('settings-printers'));
    await chooseLanguage(page, 'pt-BR');
  });

  it('a test print to a printer that cannot be reached names the printer and the cause, never the platform', async () => {
    const { page } = terminal;
    const port = await closedPort();
    await page.getByTestId('printer-add').click();
    await page.getByTestId('printer-name').fill('Balcão');
    await page.getByTestId('printer-host').fill('127.0.0.1');
    await page.getByTestId('printer-port').fill(String(port));
    await page.getByTestId('printer-test').click();
    const problem = page.getByTestId('printer-test-error');
    await problem.waitFor({ timeout: 10_000 });
    const refused = await problem.innerText();
    assert.match(refused, new RegExp(`^Impressora Balcão \\(127\\.0\\.0\\.1:${port}\\): recusou a conexão\\.`));
    assert.match(refused, /confira a porta/);
    assert.doesNotMatch(refused, /plataforma|internet/i);
    await terminal.shot('test-refused-pt-BR', page.getByTestId('printer-form'));

    await chooseLanguage(page, 'en');
    await page.getByTestId('printer-test').click();
    await problem.filter({ hasText: 'refused the connection' }).waitFor({ timeout: 10_000 });
    assert.match(await problem.innerText(), new RegExp(`^Printer Balcão \\(127\\.0\\.0\\.1:${port}\\): refused the connection\\.`));
    await terminal.shot('test-refused-en', page.getByTestId('printer-form'));
    await chooseLanguage(page, 'pt-BR');
    await page.getByTestId('printer-form').getByRole('button', { name: 'Cancelar' }).click();
  });

  it('confirming an order prints its kitchen ticket once, and the card says so', async () => {
    const { page } = terminal;
    await page.getByTestId('nav-orders').click();
    const order = await confirmNewOrder();
    for (let i = 0; i < 100 && ticketsOf(order.displayId) === 0; i++) await page.waitForTimeout(100);
    assert.equal(ticketsOf(order.displayId), 1);
    await page.locator(`[data-order-id="${order.id}"]`).getByTestId('printed').waitFor({ timeout: 10_000 });
  });

  it('a printer that is off shows in the top bar; back on, the waiting ticket prints once', async () => {
    const { page } = terminal;
    await printer.stop();
    const order = await confirmNewOrder();
    await page.getByTestId('printer-alert').waitFor({ timeout: 15_000 });
    const alert = await page.getByTestId('printer-alert').innerText();
    assert.match(alert, /Cozinha: recusou a conexão/, 'the top bar names the printer and why');
    assert.match(alert, /1 na fila/);
    await page.locator(`[data-order-id="${order.id}"]`).getByTestId('not-printed').waitFor({ timeout: 10_000 });
    await terminal.shotAs('printer-offline-pt-BR');
    assert.equal(ticketsOf(order.displayId), 0);
    // The alert opens the printers, where the printer's row says what to check.
    await page.getByTestId('printer-alert').click();
    const row = page.getByTestId('printer-problem');
    await row.waitFor({ timeout: 10_000 });
    assert.match(await row.innerText(), new RegExp(`^Impressora Cozinha \\(127\\.0\\.0\\.1:${printer.port}\\): recusou a conexão`));
    await terminal.shot('offline-panel-pt-BR', page.getByTestId('settings-printers'));
    await page.setViewportSize({ width: 1024, height: 600 });
    await terminal.shot('offline-1024-pt-BR');
    await chooseLanguage(page, 'en');
    assert.match(await page.getByTestId('printer-alert').innerText(), /Cozinha: connection refused/);
    await terminal.shot('offline-1024-en');
    await chooseLanguage(page, 'pt-BR');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('nav-orders').click();
    await printer.start();
    for (let i = 0; i < 300 && ticketsOf(order.displayId) === 0; i++) await page.waitForTimeout(100);
    assert.equal(ticketsOf(order.displayId), 1, 'printed once it is back');
    await page.locator(`[data-order-id="${order.id}"]`).getByTestId('printed').waitFor({ timeout: 10_000 });
    await page.getByTestId('printer-alert').waitFor({ state: 'detached', timeout: 10_000 });
    await page.waitForTimeout(1_500);
    assert.equal(ticketsOf(order.displayId), 1, 'and only once');
  });

  it('reprints from the drawer', async () => {
    const { page } = terminal;
    const order = await confirmNewOrder();
    for (let i = 0; i < 100 && ticketsOf(order.displayId) === 0; i++) await page.waitForTimeout(100);
    await page.locator(`[data-order-id="${order.id}"]`).getByRole('button').first().click();
    await page.getByTestId('reprint-kitchen').click();
    for (let i = 0; i < 100 && ticketsOf(order.displayId) < 2; i++) await page.waitForTimeout(100);
    assert.equal(ticketsOf(order.displayId), 2);
    await page.keyboard.press('Escape');
  });
});
