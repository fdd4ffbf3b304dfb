import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { useTerminal } from '../../support/shells/terminal-fixture';

describe('web shell in Chromium, against the embedded sandbox', () => {
  // Each test opens its own windows (a launch link signs in one window): the fixture opens none.
  const terminal = useTerminal({ name: 'web-shell', demo: true, window: false });

  async function open(viewport = { width: 1280, height: 800 }): Promise<Page> {
    const context = await terminal.browser.newContext({ viewport });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(terminal.shell.launchUrl());
    await page.getByTestId('order-board').waitFor(); // the board is the home screen
    await page.getByTestId('nav-store').click();
    await page.getByTestId('store-list').getByRole('button').first().waitFor();
    (page as Page & { errors: string[] }).errors = errors;
    return page;
  }

  it('shows the demo stores in Portuguese, with the store name and connectivity in the frame', async () => {
    const page = await open();
    const list = page.getByTestId('store-list');
    for (const name of ['Cantina da Vila', 'Mercado Bom Preço', 'Pizzaria Forno a Lenha']) {
      await list.getByText(name, { exact: true }).waitFor();
    }
    assert.equal(await list.getByText('Padaria Pão Quente').count(), 0, "another application's store never shows");
    assert.equal(await page.getByTestId('current-store').innerText(), 'Cantina da Vila');
    await page.getByTestId('connectivity').getByText('Conectado').waitFor();
    assert.equal(await page.getByRole('navigation').getByRole('button', { name: 'Pedidos' }).count(), 1);
    assert.deepEqual((page as Page & { errors: string[] }).errors, []);
    assert.equal(new URL(page.url()).hash, '', 'the launch token leaves the address bar');
    assert.deepEqual(await page.context().cookies(), [], 'no cookie: another 127.0.0.1 port would receive it');
    await page.context().close();
  });

  it('shows a store detail and switches the current store', async () => {
    const page = await open();
    await page.getByTestId('store-list').getByText('Mercado Bom Preço').click();
    const detail = page.getByTestId('store-detail');
    await detail.getByRole('heading', { name: 'Mercado Bom Preço' }).waitFor();
    await detail.getByText('Mercado', { exact: true }).waitFor();
    await detail.getByText('Avenida Pompeia, 1780', { exact: false }).waitFor();
    await page.getByTestId('select-store').click();
    await page.getByTestId('current-store').getByText('Mercado Bom Preço').waitFor();
    await page.reload();
    await page.getByTestId('current-store').getByText('Mercado Bom Preço').waitFor();
    await page.getByTestId('order-board').waitFor();
    await page.context().close();
  });

  it('switches to English from Settings (keyboard shortcut Alt+5), and remembers it', async () => {
    const page = await open();
    await page.keyboard.press('Alt+5');
    await page.getByTestId('locale-en').click();
    await page.getByRole('navigation').getByRole('button', { name: 'Orders' }).waitFor();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    // The demo account, in English, under "Advanced" (folded until opened).
    await page.getByTestId('settings-advanced-toggle').getByText('Advanced').click();
    await page.getByTestId('settings-account-kind').getByText('Demo: sample stores, no real orders').waitFor();
    await page.reload();
    await page.getByRole('navigation').getByRole('button', { name: 'Reviews' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await terminal.shotAs('settings-en', page);
    await page.context().close();
  });

  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    it(`fits ${viewport.width}x${viewport.height} with large touch targets`, async () => {
      const page = await open(viewport);
      await page.getByTestId('store-list').getByText('Cantina da Vila', { exact: true }).click();
      await page.getByTestId('store-detail').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `horizontal overflow of ${overflow}px`);
      const heights = await page
        .getByRole('navigation')
        .getByRole('button')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
      assert.ok(
        heights.every((h) => h >= 56),
        `nav buttons must be at least 56px tall: ${heights}`,
      );
      await terminal.shotAs(`stores-${viewport.width}x${viewport.height}`, page);
      await page.context().close();
    });
  }

  it('a window without a valid launch link is told to open the terminal again, and gets no data', async () => {
    const { browser, shell } = terminal;
    for (const url of [`${shell.origin}/#launch=not-the-token-at-all`, `${shell.origin}/`]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(url);
      await page.getByTestId('window-signed-out').getByText('Esta janela não está conectada ao terminal').waitFor();
      assert.equal(await page.getByTestId('order-board').count(), 0);
      await context.close();
    }
  });

  it('a launch link signs in one window only: the same link in a second window is refused', async () => {
    const { browser, shell } = terminal;
    const link = shell.launchUrl();
    const first = await browser.newContext();
    const page = await first.newPage();
    await page.goto(link);
    await page.getByTestId('order-board').waitFor();
    const second = await browser.newContext();
    const other = await second.newPage();
    await other.goto(link);
    await other.getByTestId('window-signed-out').waitFor();
    await page.reload();
    await page.getByTestId('order-board').waitFor(); // the signed-in window keeps its session on reload
    await first.close();
    await second.close();
  });
});
