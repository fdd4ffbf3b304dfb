import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { TAP_SETTLE_MS } from '../../../src-renderer/orders/tap-guard';
import { TEST_INSTANT_MS } from '../../support/clock';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

const DAY_MS = 24 * 3600_000;
/** Three days before the tests' instant: the day whose orders history must still find. */
const EARLIER = new Date(TEST_INSTANT_MS - 3 * DAY_MS).toISOString();

interface SandboxOrder {
  id: string;
  displayId: string;
  createdAt: string;
  status: string;
  customer: { name: string };
  total: { orderAmount: number };
}

/**
 * History and the day's summary across simulated days: the sandbox and the terminal start three
 * days back, take orders, then both move to the tests' instant (the terminal restarts there).
 */
describe('history and the day summary in Chromium', () => {
  const terminal = useTerminal({ name: 'history', clockAt: EARLIER, sandbox: { rateLimitFactor: 0 }, viewport: { width: 1280, height: 800 } });
  let earlier: SandboxOrder[] = [];

  const placeOrder = (merchantId: string, body: Record<string, unknown> = {}) => terminal.placeOrder<SandboxOrder>({ merchantId, ...body });

  before(async () => {
    const { page, sandbox } = terminal;
    // That day: three orders of two stores, one confirmed and concluded, one cancelled by the customer.
    const done = await placeOrder(DEMO_RESTAURANT_ID, { orderType: 'TAKEOUT' });
    const cancelled = await placeOrder(DEMO_PIZZERIA_ID);
    const open = await placeOrder(DEMO_RESTAURANT_ID);
    for (const o of [done, cancelled, open]) await page.locator(`[data-order-id="${o.id}"]`).waitFor({ timeout: 15_000 });
    await page.locator(`[data-order-id="${done.id}"]`).getByTestId('act-confirm').click();
    await page.locator(`[data-order-id="${done.id}"][data-status="CONFIRMED"]`).waitFor({ timeout: 15_000 });
    await page.locator(`[data-order-id="${done.id}"]`).getByTestId('act-startPreparation').click();
    await page.locator(`[data-order-id="${done.id}"][data-status="PREPARATION_STARTED"]`).waitFor({ timeout: 15_000 });
    // "Pronto" took the place of "Iniciar preparo" under the pointer: a tap there waits until it settled (tap-guard.ts).
    await page.waitForTimeout(TAP_SETTLE_MS + 100);
    await page.locator(`[data-order-id="${done.id}"]`).getByTestId('act-readyToPickup').click();
    await page.locator(`[data-order-id="${done.id}"][data-status="READY_TO_PICKUP"]`).waitFor({ timeout: 15_000 });
    await terminal.http.send('POST', `/_sandbox/orders/${done.id}/conclude`);
    await terminal.http.send('POST', `/_sandbox/orders/${cancelled.id}/customerCancel`);
    await page.locator(`[data-order-id="${done.id}"][data-status="CONCLUDED"]`).waitFor({ timeout: 15_000 });
    await page.locator(`[data-order-id="${cancelled.id}"][data-status="CANCELLED"]`).waitFor({ timeout: 15_000 });
    // Three days later, for both.
    await terminal.shell.stop();
    await terminal.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 3 * 24 * 3600 } });
    await terminal.restart({ clockAt: new Date(sandbox.world.clock.now()).toISOString() });
    await page.getByTestId('order-board').waitFor();
    // The order nobody confirmed was cancelled by the platform at its 8-minute deadline, three days ago.
    earlier = ((await terminal.http.send('GET', '/_sandbox/orders')).body as { orders: SandboxOrder[] }).orders;
    await page.locator(`[data-order-id="${open.id}"][data-status="CANCELLED"]`).waitFor({ timeout: 15_000 });
  });

  it('finds an order of three days ago by its customer name (typed after `/`) and opens it read-only', async () => {
    const { page } = terminal;
    const closed = earlier.find((o) => o.status === 'CONCLUDED');
    assert.ok(closed);
    await page.getByTestId('nav-history').click();
    await page.getByTestId('history-results').waitFor();
    await page.keyboard.press('/');
    await page.keyboard.type(closed.customer.name.split(' ').at(-1) ?? '');
    const row = page.locator(`[data-testid="history-row"][data-order-id="${closed.id}"]`);
    await row.waitFor({ timeout: 10_000 });
    await terminal.shot('pt-BR');
    await row.click();
    const drawer = page.getByTestId('order-drawer');
    await drawer.waitFor();
    assert.equal(await drawer.locator('.actions button').count(), 0, 'a concluded order offers no action');
    await page.keyboard.press('Escape');
  });

  it('filters by status: the cancelled orders of that day, and nothing else', async () => {
    const { page } = terminal;
    await page.getByTestId('history-text').fill('');
    await page.getByTestId('history-status').selectOption('CANCELLED');
    const cancelled = earlier.filter((o) => o.status === 'CANCELLED');
    assert.equal(cancelled.length, 2, 'one by the customer, one by the platform at its deadline');
    for (const o of cancelled) await page.locator(`[data-testid="history-row"][data-order-id="${o.id}"]`).waitFor({ timeout: 10_000 });
    assert.equal(await page.getByTestId('history-row').count(), 2);
  });

  it('a day is typed as the screen writes it: dd/mm/aaaa on a Portuguese screen (at 1024x600)', async () => {
    const { page } = terminal;
    await page.setViewportSize({ width: 1024, height: 600 });
    await page.getByTestId('history-status').selectOption('');
    const from = page.getByTestId('history-from');
    assert.equal(await from.getAttribute('placeholder'), 'dd/mm/aaaa');
    const [year, month, day] = EARLIER.slice(0, 10).split('-');
    await from.pressSequentially(`${day}${month}${year}`);
    assert.equal(await from.inputValue(), `${day}/${month}/${year}`, 'the slashes come as the digits are typed');
    for (const o of earlier) await page.locator(`[data-testid="history-row"][data-order-id="${o.id}"]`).waitFor({ timeout: 10_000 });
    await page.getByTestId('history-to').focus();
    await terminal.shot('day-1024x600-pt-BR');
    await from.fill('');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("the summary of that day equals the sandbox's orders of that day", async () => {
    const { page } = terminal;
    await page.getByTestId('history-tab-summary').click();
    const day = EARLIER.slice(0, 10);
    await page.getByTestId('summary-day').fill(day);
    const total = page.locator('[data-testid="summary-card"][data-store-id="total"]');
    await total.waitFor({ timeout: 10_000 });
    const sameDay = earlier.filter((o) => new Date(o.createdAt).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' }) === day);
    assert.equal(Number(await total.getByTestId('summary-orders').textContent()), sameDay.length);
    assert.equal(Number(await total.getByTestId('summary-cancelled').textContent()), sameDay.filter((o) => o.status === 'CANCELLED').length);
    const gross = sameDay.filter((o) => o.status !== 'CANCELLED').reduce((sum, o) => sum + Math.round(o.total.orderAmount * 100), 0) / 100;
    const shown = ((await total.getByTestId('summary-gross').textContent()) ?? '').replace(/[^\d,]/g, '').replace(',', '.');
    assert.equal(Number(shown), gross);
    // The platform writes its reasons in Portuguese with a code; the summary words them by the code.
    await total.getByText('1× Cancelado pela plataforma: Não foi confirmado em até 8 minutos').waitFor();
    await total.getByText('1× Cancelado pelo cliente: O cliente desistiu do pedido').waitFor();
    await terminal.shotAs('summary-pt-BR');
    await chooseLanguage(page, 'en');
    await page.getByTestId('nav-history').click();
    await page.getByTestId('summary-view').waitFor();
    await total.getByText('1× Cancelled by the platform: Not confirmed within 8 minutes').waitFor();
    await total.getByText('1× Cancelled by the customer: The customer gave up on the order').waitFor();
    assert.equal(await total.getByText(/Pedido não confirmado|desistiu/).count(), 0, 'no Portuguese platform words on the English screen');
    await terminal.shotAs('summary-en');
    const download = page.waitForEvent('download');
    await page.getByTestId('summary-csv').click();
    const csv = await (await download).path();
    assert.ok(csv);
  });
});
