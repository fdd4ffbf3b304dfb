import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

/**
 * A rush on one terminal serving three stores: one board, tags and chips per store, alerts that
 * ring until staff act (counted on the page's sound events), a board that fits 1024x600.
 */
describe('a busy board of three stores in Chromium', () => {
  const terminal = useTerminal({ name: 'board', sandbox: { rateLimitFactor: 0 }, viewport: { width: 1920, height: 1080 }, recordSounds: true });

  const placeOrder = (merchantId: string, body: Record<string, unknown> = {}) => terminal.placeOrder({ merchantId, ...body });
  const card = (id: string) => terminal.page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
  const column = (name: string) => terminal.page.getByTestId(`column-${name}`);
  const confirmCalls = async (id: string): Promise<number> => {
    const calls = (await terminal.http.send('GET', `/_sandbox/orders/${id}/calls`)).body as { calls?: { route: string }[] } | { route: string }[];
    return (Array.isArray(calls) ? calls : (calls.calls ?? [])).filter((c) => c.route.includes('confirm')).length;
  };

  it('puts the orders of the three stores on one board, each card tagged, chips counting new orders', async () => {
    const { page } = terminal;
    const orders = [await placeOrder(DEMO_RESTAURANT_ID), await placeOrder(DEMO_GROCERY_ID, { orderType: 'TAKEOUT' }), await placeOrder(DEMO_PIZZERIA_ID)];
    for (const o of orders) await column('new').locator(`[data-order-id="${o.id}"]`).waitFor({ timeout: 15_000 });
    assert.equal(await page.getByTestId('store-chip').count(), 3);
    for (const o of orders) await card(o.id).getByTestId('store-tag').waitFor();
    const chip = page.locator(`[data-testid="store-chip"][data-store-id="${DEMO_PIZZERIA_ID}"]`);
    assert.equal(((await chip.getByTestId('store-chip-new').textContent()) ?? '').trim(), '1 novo');
  });

  it("a chip's filter hides another store's cards, never its alert nor its count", async () => {
    const { page } = terminal;
    await page.locator(`[data-testid="store-chip"][data-store-id="${DEMO_RESTAURANT_ID}"]`).click();
    const before = await terminal.sounds('new');
    const hidden = await placeOrder(DEMO_PIZZERIA_ID);
    const chip = page.locator(`[data-testid="store-chip"][data-store-id="${DEMO_PIZZERIA_ID}"]`);
    await chip.getByText('2 novos').waitFor({ timeout: 15_000 });
    await page.waitForFunction((n) => (window as unknown as { sounds: string[] }).sounds.filter((s) => s === 'new').length > n, before);
    assert.equal(await card(hidden.id).count(), 0, 'not on the filtered board');
    await page.getByTestId('store-chip-all').click();
    await card(hidden.id).waitFor();
  });

  it('rings again while new orders wait, and stops exactly when the last one is confirmed', async () => {
    const { page } = terminal;
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('alert-repeatSeconds').fill('3');
    await page.getByTestId('alert-repeatSeconds').press('Tab');
    await page.getByTestId('nav-orders').click();
    const start = await terminal.sounds('new');
    await page.waitForFunction((n) => (window as unknown as { sounds: string[] }).sounds.filter((s) => s === 'new').length >= n + 2, start, {
      timeout: 15_000,
    });
    for (;;) {
      const next = column('new').getByTestId('act-confirm').first();
      if ((await next.count()) === 0) break;
      await next.click();
      await page.waitForTimeout(200);
    }
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="column-new"] [data-testid="order-card"]').length === 0, undefined, {
      timeout: 20_000,
    });
    const atLastConfirm = await terminal.sounds('new');
    await page.waitForTimeout(7_000);
    assert.equal(await terminal.sounds('new'), atLastConfirm, 'no new-order sound after the last confirm');
  });

  it('at 1024x600: nothing overflows its card, at least 5 new orders in view, pt-BR and English', async () => {
    const { page } = terminal;
    await page.setViewportSize({ width: 1024, height: 600 });
    const placed = [];
    for (let i = 0; i < 8; i++)
      placed.push(await placeOrder([DEMO_RESTAURANT_ID, DEMO_GROCERY_ID, DEMO_PIZZERIA_ID][i % 3] as string, { orderType: i % 2 ? 'TAKEOUT' : 'DELIVERY' }));
    for (const o of placed) await column('new').locator(`[data-order-id="${o.id}"]`).waitFor({ timeout: 20_000 });
    await terminal.shot('1024x600-pt-BR');
    const inView = await column('new').evaluate((col) => {
      const box = col.querySelector('.scroller')?.getBoundingClientRect();
      if (!box) return 0;
      return [...col.querySelectorAll('[data-testid="order-card"]')].filter((c) => {
        const r = c.getBoundingClientRect();
        return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
      }).length;
    });
    assert.ok(inView >= 5, `${inView} new orders fully in view`);
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="order-card"]')].flatMap((c) => {
        const box = c.getBoundingClientRect();
        return [...c.querySelectorAll('*')]
          .filter((e) => {
            const r = e.getBoundingClientRect();
            return (
              r.width > 0 &&
              (r.left < box.left - 0.5 ||
                r.right > box.right + 0.5 ||
                r.bottom > box.bottom + 0.5 ||
                (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow === 'visible'))
            );
          })
          .map((e) => `${c.getAttribute('data-order-id')}: ${e.className || e.tagName}`);
      }),
    );
    assert.deepEqual(overflowing, []);
    await terminal.shot('1024x600-pt-BR');
    await chooseLanguage(page, 'en');
    await page.getByTestId('nav-orders').click();
    await terminal.shot('1024x600-en');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await terminal.shot('1920x1080-en');
    await chooseLanguage(page, 'pt-BR');
    await page.getByTestId('nav-orders').click();
    await terminal.shot('1920x1080-pt-BR');
  });

  it('a weighed item reads 0,75 kg in the drawer, a counted one 2× (pt-BR, 1024x600)', async () => {
    const { page } = terminal;
    await page.setViewportSize({ width: 1024, height: 600 });
    const order = await placeOrder(DEMO_GROCERY_ID, {
      orderType: 'TAKEOUT',
      items: [
        { externalCode: 'BP-HOR-01', quantity: 0.75 },
        { externalCode: 'BP-HOR-03', quantity: 2 },
      ],
    });
    await card(order.id).waitFor({ timeout: 15_000 });
    await card(order.id).getByRole('button').first().click();
    const drawer = page.getByTestId('order-drawer');
    await drawer.getByText('Itens').waitFor();
    const quantities = (await drawer.getByTestId('order-item-quantity').allTextContents()).map((q) => q.replace(/\s/g, ' '));
    assert.deepEqual(quantities, ['0,75 kg', '2×']);
    await terminal.shotAs('drawer-weighed-1024x600-pt-BR');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1920, height: 1080 });
  });

  it('auto-confirm confirms once, marks the card, and does not confirm again after a restart', async () => {
    const { page } = terminal;
    await page.getByTestId('nav-settings').click();
    await page.locator(`[data-testid="auto-confirm"][data-store-id="${DEMO_GROCERY_ID}"]`).check();
    await page.getByTestId('nav-orders').click();
    // Placed while the terminal is down: it is confirmed when the terminal is back, once.
    await terminal.shell.stop();
    const order = await placeOrder(DEMO_GROCERY_ID, { orderType: 'TAKEOUT' });
    await terminal.restart();
    await column('preparing').locator(`[data-order-id="${order.id}"]`).waitFor({ timeout: 20_000 });
    await card(order.id).getByTestId('auto-confirmed').waitFor();
    await terminal.restart();
    await card(order.id).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(2_000);
    assert.equal(await confirmCalls(order.id), 1, 'the sandbox saw one confirm');
  });
});
