import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { useTerminal } from '../../support/shells/terminal-fixture';

const STORES = [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID, DEMO_PIZZERIA_ID];

/** The board at scale (2,000 open orders) and scheduled orders moving lanes on the terminal's clock. */
describe('board at scale and scheduled orders in Chromium', () => {
  const terminal = useTerminal({ name: 'board', sandbox: { rateLimitFactor: 0 }, viewport: { width: 1920, height: 1080 }, recordSounds: true });

  const placeOrder = (merchantId: string, body: Record<string, unknown> = {}) =>
    terminal.placeOrder<{ id: string; preparationStartDateTime?: string }>({ merchantId, ...body });
  const column = (name: string) => terminal.page.getByTestId(`column-${name}`);
  const countOf = async (name: string) => Number(await column(name).getByTestId('column-count').textContent());

  it('a confirmed scheduled order waits in the Scheduled lane, and calls for staff when the clock reaches its start', async () => {
    const { page } = terminal;
    const order = await placeOrder(DEMO_RESTAURANT_ID, { orderTiming: 'SCHEDULED', orderType: 'TAKEOUT' });
    const card = () => page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await column('new').locator(`[data-order-id="${order.id}"]`).waitFor({ timeout: 15_000 });
    await card().getByTestId('act-confirm').click();
    await column('scheduled').locator(`[data-order-id="${order.id}"]`).waitFor({ timeout: 15_000 });
    await card().getByTestId('scheduled-start').waitFor();
    await terminal.shot('scheduled-pt-BR');

    // The terminal comes back at the order's preparation start (its clock, not the machine's).
    const start = order.preparationStartDateTime;
    assert.ok(start);
    await terminal.restart({ clockAt: new Date(Date.parse(start) + 5_000).toISOString() });
    await column('preparing').locator(`[data-order-id="${order.id}"]`).waitFor({ timeout: 15_000 });
    await card().getByTestId('start-now').waitFor();
    await page.waitForFunction(() => (window as unknown as { sounds: string[] }).sounds.includes('new'), undefined, { timeout: 15_000 });
    assert.ok((await terminal.sounds('new')) >= 1, 'the alert rings for it');
    await terminal.shot('scheduled-start-pt-BR');
    // Back at the tests' instant (the sandbox's): the order waits in its lane again.
    await terminal.restart();
    await column('scheduled').locator(`[data-order-id="${order.id}"]`).waitFor({ timeout: 15_000 });
  });

  it('2,000 open orders of three stores survive a reload, the newest included', async () => {
    const { page } = terminal;
    const TOTAL = 2_000;
    let newest = '';
    for (let i = 0; i < TOTAL; i += 25) {
      const batch = await Promise.all(Array.from({ length: 25 }, (_, j) => placeOrder(STORES[(i + j) % 3] as string)));
      newest = batch.at(-1)?.id ?? newest;
    }
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="column-new"] [data-testid="column-count"]')?.textContent) >= n, TOTAL, {
      timeout: 180_000,
      polling: 1000,
    });
    assert.ok((await page.locator('[data-testid="order-card"]').count()) < 200, 'virtualized: a few dozen cards drawn, not 2,000');
    await page.reload();
    await page.getByTestId('order-board').waitFor();
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="column-new"] [data-testid="column-count"]')?.textContent) >= n, TOTAL, {
      timeout: 30_000,
    });
    assert.equal(await countOf('new'), TOTAL);
    // The newest has the latest deadline: the end of the New column.
    await column('new')
      .locator('.scroller')
      .evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await column('new').locator(`[data-order-id="${newest}"]`).waitFor({ timeout: 10_000 });
    await terminal.shot('2000-orders');
  });
});
