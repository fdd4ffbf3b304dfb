import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { axeViolations } from '../../support/axe';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

/**
 * Several customers waiting for an answer at 1024x600, in stores with long names: the banner under
 * every screen keeps what is asked, the countdown and the order's number whole (only the store's
 * name gives way), and "mais N" is a button that lists every open request, each opening its order's
 * drawer. pt-BR first, then English.
 */
interface Placed {
  id: string;
  displayId: string;
}

const LONG_NAMES: Record<string, string> = {
  [DEMO_RESTAURANT_ID]: 'Cantina da Vila — Cozinha Italiana, Massas Frescas e Pratos Executivos',
  [DEMO_PIZZERIA_ID]: 'Pizzaria Forno a Lenha — Unidade Pinheiros, Rua dos Pinheiros 95',
  [DEMO_GROCERY_ID]: 'Mercado Bom Preço — Hortifrúti, Padaria, Bebidas e Limpeza da Pompeia',
};

const COUNTDOWN = { pt: /responda em \d{1,2}:\d\d/, en: /answer within \d{1,2}:\d\d/ };

describe('several customer requests under every screen', () => {
  const terminal = useTerminal({
    name: 'request-banner',
    // The stores are renamed before the terminal first reads them.
    seed: async () => {
      for (const [id, name] of Object.entries(LONG_NAMES)) {
        const store = terminal.sandbox.world.stores.get(id);
        assert.ok(store, `the sandbox has the store ${id}`);
        store.name = name;
      }
    },
  });

  async function control(path: string, json?: unknown): Promise<void> {
    const response = await terminal.http.send('POST', path, json === undefined ? {} : { json });
    assert.ok(response.status < 300, `${path}: ${response.status} ${JSON.stringify(response.body)}`);
  }
  async function confirmedOrder(merchantId: string, orderType: 'DELIVERY' | 'TAKEOUT'): Promise<Placed> {
    const order = await terminal.placeOrder<Placed>({ merchantId, orderType, ...(orderType === 'DELIVERY' ? { deliveredBy: 'PLATFORM' } : {}) });
    const card = terminal.page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await card.getByTestId('act-confirm').click({ timeout: 15_000 });
    await terminal.page.locator(`[data-order-id="${order.id}"][data-status="CONFIRMED"]`).waitFor({ timeout: 15_000 });
    return order;
  }
  const dispute = (order: Placed, expiresInSeconds: number) =>
    control(`/_sandbox/orders/${order.id}/dispute`, { action: 'CANCELLATION', expiresInSeconds, timeoutAction: 'ACCEPT_CANCELLATION' });

  const banner = () => terminal.page.getByTestId('requests-banner');
  const more = () => banner().getByTestId('requests-more');
  const list = () => terminal.page.getByTestId('requests-list');
  const items = () => list().getByTestId('requests-list-item');
  const entry = (order: Placed) => list().locator(`[data-testid="requests-list-item"][data-order-id="${order.id}"]`);
  const drawer = () => terminal.page.getByTestId('order-drawer');
  const drawerOf = (order: Placed) => drawer().getByRole('heading', { name: `#${order.displayId}` });

  /** Nothing of it is cut: not by its own box, nor by any box around it that clips. */
  function shownWhole(element: Locator): Promise<string | null> {
    return element.evaluate((el) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0) return 'not drawn';
      if (getComputedStyle(el).display !== 'inline' && el.scrollWidth > el.clientWidth + 1)
        return `its text is ${el.scrollWidth} px in a box of ${el.clientWidth}`;
      for (let around = el.parentElement; around; around = around.parentElement) {
        if (getComputedStyle(around).overflowX === 'visible') continue;
        const clip = around.getBoundingClientRect();
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5)
          return `${Math.round(box.left)}–${Math.round(box.right)} px clipped to ${Math.round(clip.left)}–${Math.round(clip.right)} px`;
      }
      return null;
    });
  }
  /** What is asked, the countdown and the order's number whole in the banner, whatever the store's name. */
  async function wholeInBanner(order: Placed, words: { kind: string; order: string; countdown: RegExp }): Promise<void> {
    assert.equal(await banner().getAttribute('data-order-id'), order.id, "the nearest deadline is the banner's");
    // What is seen (the announcement for screen readers says it too).
    const seen = terminal.page.locator(':not([role="alert"])');
    assert.equal(await shownWhole(banner().getByText(`${words.order} #${order.displayId}`).and(seen)), null, 'the order number is whole');
    assert.equal(await shownWhole(banner().getByText(words.countdown).and(seen)), null, 'the countdown is whole');
    assert.equal(await shownWhole(banner().getByText(words.kind, { exact: true }).and(seen)), null, 'what is asked is whole');
  }
  /** An entry of the list: what, how long, which order and store; nothing that matters cut; a finger's target. */
  async function listed(order: Placed, words: { kind: string; order: string; countdown: RegExp }, store: string | undefined): Promise<void> {
    await entry(order).getByText(words.kind, { exact: true }).waitFor();
    await entry(order).getByText(`${words.order} #${order.displayId}`).waitFor();
    await entry(order).getByText(words.countdown).waitFor();
    assert.ok((await entry(order).textContent())?.includes(store ?? '-'), 'the store is named');
    for (const part of [
      entry(order).getByText(words.kind, { exact: true }),
      entry(order).getByTestId('request-order'),
      entry(order).getByTestId('request-countdown'),
    ]) {
      assert.equal(await shownWhole(part), null, `${await part.textContent()}: whole in the list`);
    }
    await targetOf(entry(order));
  }
  async function targetOf(element: Locator): Promise<void> {
    const box = await element.boundingBox();
    assert.ok(box && box.width >= 44 && box.height >= 44, `a 44 px target: ${JSON.stringify(box)}`);
  }

  // The orders asked about, shared by the tests (one terminal for the file).
  let first: Placed;
  let second: Placed;
  const complaint = {
    pt: { kind: 'Reclamação do cliente', order: 'Pedido', countdown: COUNTDOWN.pt },
    en: { kind: 'Customer complaint', order: 'Order', countdown: COUNTDOWN.en },
  };
  const address = {
    pt: { kind: 'Cliente pediu outro endereço', order: 'Pedido', countdown: COUNTDOWN.pt },
    en: { kind: 'Customer asked for another address', order: 'Order', countdown: COUNTDOWN.en },
  };

  it('two complaints: the number stays whole, and "mais 1 cliente" lists both, each opening its drawer', async () => {
    const { page } = terminal;
    first = await confirmedOrder(DEMO_RESTAURANT_ID, 'TAKEOUT');
    second = await confirmedOrder(DEMO_PIZZERIA_ID, 'DELIVERY');
    // Later than the address change of the next test (10 min), which then comes first.
    await dispute(first, 900);
    await dispute(second, 1_200);
    await more().getByText('mais 1 cliente').waitFor({ timeout: 15_000 });
    await wholeInBanner(first, complaint.pt);
    await terminal.shot('two-pt', banner());

    // A real button: reachable, sized for a finger, saying whether its list is open.
    assert.equal(await more().evaluate((el) => el.tagName), 'BUTTON');
    assert.equal(await more().getAttribute('aria-expanded'), 'false');
    await targetOf(more());
    await more().click();
    assert.equal(await more().getAttribute('aria-expanded'), 'true');
    await list().waitFor();
    assert.equal(await items().count(), 2);
    await listed(first, complaint.pt, LONG_NAMES[DEMO_RESTAURANT_ID]);
    await listed(second, complaint.pt, LONG_NAMES[DEMO_PIZZERIA_ID]);
    // The nearest deadline first, as in the banner.
    assert.equal(await items().first().getAttribute('data-order-id'), first.id);
    await terminal.shot('list-pt');
    assert.deepEqual(await axeViolations(page, { include: '[data-testid="requests-banner"]' }), [], 'the banner and its list pass axe (WCAG 2.2 AA)');

    // Escape closes the list, and the focus goes back to the button.
    await page.keyboard.press('Escape');
    await list().waitFor({ state: 'detached' });
    assert.equal(await more().getAttribute('aria-expanded'), 'false');
    assert.equal(await more().evaluate((el) => el === document.activeElement), true, 'the focus is back on "mais 1 cliente"');

    // Choosing one opens its order's drawer at the request, and the list goes.
    await more().click();
    await entry(second).click();
    await list().waitFor({ state: 'detached' });
    await drawerOf(second).waitFor();
    await drawer().getByTestId('dispute-panel').waitFor({ timeout: 15_000 });
    await terminal.shot('chosen-pt');
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'detached' });
  });

  it('three, an address change first: from the keyboard, a tap outside, over an open drawer, in English too', async () => {
    const { page } = terminal;
    const third = await confirmedOrder(DEMO_GROCERY_ID, 'DELIVERY');
    await control(`/_sandbox/orders/${third.id}/addressChangeRequest`);
    await more().getByText('mais 2 clientes').waitFor({ timeout: 15_000 });
    await wholeInBanner(third, address.pt);
    await terminal.shot('three-pt', banner());

    // Opened from the keyboard; a tap outside it closes it.
    await more().focus();
    await page.keyboard.press('Enter');
    await list().waitFor();
    assert.deepEqual(await items().evaluateAll((els) => els.map((el) => el.getAttribute('data-order-id'))), [third.id, first.id, second.id]);
    await listed(third, address.pt, LONG_NAMES[DEMO_GROCERY_ID]);
    await terminal.shot('list-three-pt');
    await page.getByTestId('column-new').getByText('Nenhum pedido').click();
    await list().waitFor({ state: 'detached' });
    assert.equal(await more().getAttribute('aria-expanded'), 'false');

    await chooseLanguage(page, 'en');
    try {
      await more().getByText('2 more customers').waitFor();
      await wholeInBanner(third, address.en);
      await terminal.shot('three-en', banner());
      await more().click();
      await listed(third, address.en, LONG_NAMES[DEMO_GROCERY_ID]);
      await listed(first, complaint.en, LONG_NAMES[DEMO_RESTAURANT_ID]);
      await listed(second, complaint.en, LONG_NAMES[DEMO_PIZZERIA_ID]);
      await terminal.shot('list-en');
      await entry(third).click();
      await drawerOf(third).waitFor();
      await drawer().getByText('Delivery address change').waitFor({ timeout: 15_000 });
      await terminal.shot('chosen-en');

      // Over the open drawer: Escape closes the list only; another entry takes the drawer to its order.
      await more().click();
      await list().waitFor();
      await page.keyboard.press('Escape');
      await list().waitFor({ state: 'detached' });
      await drawerOf(third).waitFor();
      await more().click();
      await entry(first).click();
      await drawerOf(first).waitFor();
      await drawer().getByTestId('dispute-panel').waitFor({ timeout: 15_000 });
      await page.keyboard.press('Escape');
      await drawer().waitFor({ state: 'detached' });
    } finally {
      await chooseLanguage(page, 'pt-BR');
    }
  });
});
