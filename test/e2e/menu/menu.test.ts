import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

/**
 * The menu as a cook uses it in a rush: a dish sold out ("86") and back, a whole category paused, a
 * price changed after a confirmation, and a change made offline that waits and goes once; the
 * sandbox's catalog shows each one.
 */
interface WireItem {
  id: string;
  status: string;
  price: { value: number };
  name: string;
}
interface WireCategory {
  id: string;
  name: string;
  items: WireItem[];
}

describe('menu availability and prices in Chromium', () => {
  const terminal = useTerminal({ name: 'menu', ready: 'store' });

  async function catalog(): Promise<WireCategory[]> {
    const response = await terminal.http.send('GET', `/catalog/v2.0/merchants/${DEMO_RESTAURANT_ID}/categories?include_items=true`, {
      token: await terminal.token(),
    });
    assert.equal(response.status, 200);
    return response.body as WireCategory[];
  }
  const itemOnPlatform = async (id: string): Promise<WireItem | undefined> => (await catalog()).flatMap((c) => c.items).find((i) => i.id === id);
  const row = (id: string) => terminal.page.locator(`[data-testid="menu-item"][data-item-id="${id}"]`);

  before(async () => {
    await terminal.page.getByTestId('nav-menu').click();
    await terminal.page.getByTestId('menu-item').first().waitFor();
  });

  it("finds a dish by name, sells it out and back; the platform's catalog follows", async () => {
    const { page } = terminal;
    const [category] = await catalog();
    const dish = category?.items[0];
    assert.ok(dish);
    await page.getByTestId('menu-search').fill(dish.name.slice(0, 5).toUpperCase());
    await row(dish.id).waitFor();
    await row(dish.id).getByTestId('menu-toggle').click();
    await page.locator(`[data-testid="menu-item"][data-item-id="${dish.id}"][data-status="UNAVAILABLE"]`).getByText('Esgotado').waitFor();
    assert.equal((await itemOnPlatform(dish.id))?.status, 'UNAVAILABLE');
    await terminal.shot('item-paused-pt');

    // Read again, the menu says why customers cannot order it.
    await page.getByTestId('nav-orders').click();
    await page.getByTestId('nav-menu').click();
    await page.getByTestId('menu-search').fill(dish.name.slice(0, 5));
    await row(dish.id).getByTestId('menu-toggle').click();
    await page.locator(`[data-testid="menu-item"][data-item-id="${dish.id}"][data-status="AVAILABLE"]`).waitFor();
    assert.equal((await itemOnPlatform(dish.id))?.status, 'AVAILABLE');
    await page.getByTestId('menu-search').fill('');
  });

  it('pauses a whole category', async () => {
    const { page } = terminal;
    const categories = await catalog();
    const target = categories[1] ?? categories[0];
    assert.ok(target);
    await page.locator(`[data-testid="menu-category"][data-category-id="${target.id}"]`).getByTestId('menu-category-toggle').click();
    await page.locator(`[data-testid="menu-category"][data-category-id="${target.id}"]`).getByText('Reativar categoria').waitFor({ timeout: 15_000 });
    const after = (await catalog()).find((c) => c.id === target.id);
    assert.ok(after && after.items.length > 0 && after.items.every((i) => i.status === 'UNAVAILABLE'), 'every item of the category is paused');
    await page.locator(`[data-testid="menu-category"][data-category-id="${target.id}"]`).getByTestId('menu-category-toggle').click();
    await page.locator(`[data-testid="menu-category"][data-category-id="${target.id}"]`).getByText('Esgotar categoria').waitFor({ timeout: 15_000 });
    assert.ok((await catalog()).find((c) => c.id === target.id)?.items.every((i) => i.status === 'AVAILABLE'));
  });

  it('changes a price after a confirmation that warns of a big change', async () => {
    const { page } = terminal;
    const dish = (await catalog())[0]?.items[1];
    assert.ok(dish);
    await page.getByTestId('menu-search').fill(dish.name);
    await row(dish.id).getByTestId('menu-price').click();
    const dialog = page.getByTestId('price-dialog');
    await dialog.getByTestId('price-input').fill(String(Math.round(dish.price.value * 3)));
    await dialog.getByTestId('price-big-change').waitFor();
    await dialog.getByTestId('price-input').fill('39,90');
    assert.equal(await dialog.getByTestId('price-big-change').count(), 0);
    await terminal.shot('price-pt');
    await dialog.getByTestId('price-confirm').click();
    await row(dish.id)
      .getByText(/R\$\s?39,90/)
      .waitFor();
    assert.equal((await itemOnPlatform(dish.id))?.price.value, 39.9);
    await page.getByTestId('menu-search').fill('');
  });

  it("sells a dish out until tomorrow: paused now, back by itself at the store's opening", async () => {
    const { page } = terminal;
    const dish = (await catalog())[0]?.items[3];
    assert.ok(dish);
    await page.getByTestId('menu-search').fill(dish.name);
    await row(dish.id).getByTestId('menu-until-tomorrow').click();
    await page
      .locator(`[data-testid="menu-item"][data-item-id="${dish.id}"][data-status="UNAVAILABLE"]`)
      .getByTestId('menu-comeback')
      .getByText(/Volta a vender sozinho na abertura: .*00:00/)
      .waitFor();
    assert.equal((await itemOnPlatform(dish.id))?.status, 'UNAVAILABLE');
    await terminal.shot('until-tomorrow-pt');
    // Put back by hand: the comeback is withdrawn.
    await row(dish.id).getByTestId('menu-toggle').click();
    await page.locator(`[data-testid="menu-item"][data-item-id="${dish.id}"][data-status="AVAILABLE"]`).waitFor();
    assert.equal(await row(dish.id).getByTestId('menu-comeback').count(), 0);
    assert.equal((await itemOnPlatform(dish.id))?.status, 'AVAILABLE');
    await page.getByTestId('menu-search').fill('');
  });

  it('pauses an add-on of a dish and brings it back (out of one topping, not of the dish)', async () => {
    const { page } = terminal;
    let found: { item: WireItem; optionId: string; optionName: string } | undefined;
    for (const item of (await catalog()).flatMap((c) => c.items)) {
      const flat = (await terminal.http.send('GET', `/catalog/v2.0/merchants/${DEMO_RESTAURANT_ID}/items/${item.id}/flat`, { token: await terminal.token() }))
        .body as {
        options: { id: string; productId: string; status: string }[];
        products: { id: string; name: string }[];
      };
      const option = flat.options.find((o) => o.status === 'AVAILABLE');
      if (option) {
        found = { item, optionId: option.id, optionName: flat.products.find((p) => p.id === option.productId)?.name ?? '' };
        break;
      }
    }
    assert.ok(found, 'the seeded menu has a dish with add-ons');
    const optionOnPlatform = async () =>
      (
        (await terminal.http.send('GET', `/catalog/v2.0/merchants/${DEMO_RESTAURANT_ID}/items/${found.item.id}/flat`, { token: await terminal.token() }))
          .body as { options: { id: string; status: string }[] }
      ).options.find((o) => o.id === found.optionId)?.status;
    await page.getByTestId('menu-search').fill(found.item.name);
    await row(found.item.id).getByTestId('menu-item-open').click();
    const option = page.getByTestId('options-dialog').locator(`[data-testid="menu-option"][data-option-id="${found.optionId}"]`);
    await option.getByText(found.optionName).waitFor();
    await option.getByTestId('menu-option-toggle').click();
    await page.getByTestId('options-dialog').locator(`[data-testid="menu-option"][data-option-id="${found.optionId}"][data-status="UNAVAILABLE"]`).waitFor();
    assert.equal(await optionOnPlatform(), 'UNAVAILABLE');
    await terminal.shot('options-pt');
    await option.getByTestId('menu-option-toggle').click();
    await page.getByTestId('options-dialog').locator(`[data-testid="menu-option"][data-option-id="${found.optionId}"][data-status="AVAILABLE"]`).waitFor();
    assert.equal(await optionOnPlatform(), 'AVAILABLE');
    await page.getByTestId('options-dialog').getByText('Fechar').click();
    await page.getByTestId('menu-search').fill('');
  });

  it('offline, a dish sold out waits and reaches the platform once; the screen says it in English', async () => {
    const { page } = terminal;
    await chooseLanguage(page, 'en');
    await page.getByTestId('nav-menu').click();
    const dish = (await catalog())[0]?.items[2];
    assert.ok(dish);
    await page.getByTestId('menu-search').fill(dish.name);
    await terminal.http.send('PUT', '/_sandbox/faults', { json: { errorRate: 1, errorStatus: 503 } });
    await row(dish.id).getByTestId('menu-toggle').click();
    await page
      .locator(`[data-testid="menu-item"][data-item-id="${dish.id}"][data-pending="true"]`)
      .getByText('queued: sent when the connection is back')
      .waitFor({ timeout: 20_000 });
    await terminal.shot('offline-en');
    await terminal.http.send('PUT', '/_sandbox/faults', { json: {} });
    await page.locator(`[data-testid="menu-item"][data-item-id="${dish.id}"][data-pending="false"][data-status="UNAVAILABLE"]`).waitFor({ timeout: 30_000 });
    assert.equal((await itemOnPlatform(dish.id))?.status, 'UNAVAILABLE');
    // The dish's add-ons, in English too.
    await row(dish.id).getByTestId('menu-item-open').click();
    await page.getByTestId('options-dialog').locator('[data-testid="menu-option"], :text("This item has no add-ons.")').first().waitFor({ timeout: 20_000 });
    await terminal.shot('options-en');
    await page.getByTestId('options-dialog').getByText('Close').click();
    await chooseLanguage(page, 'pt-BR');
  });
});
