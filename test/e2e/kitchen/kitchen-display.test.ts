import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DEMO_RESTAURANT_ID, seedStores } from '../../../src-sandbox/index';
import { axeViolations, smallTargets } from '../../support/axe';
import { SMALL_SCREEN, useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

const RESTAURANT = seedStores.find((s) => s.id === DEMO_RESTAURANT_ID)?.name ?? '';
const BIG_SCREEN = { width: 1920, height: 1080 };

type Placed = { id: string; displayId: string };

/**
 * The kitchen's screens as a store uses them: two stations defined in Settings by the menu's
 * categories, an order confirmed at the counter, bumped on the kitchen display with a bump bar's
 * keys (1, Enter), recalled (Backspace), bumped at both stations; the counter's board then has it
 * ready (sent once) and the pickup board shows its code under "Pronto". Then every screen in both
 * languages at 1024x600 and 1920x1080, with tickets of three ages, looked at and checked by axe.
 */
describe('kitchen display, expo and pickup board in Chromium', () => {
  const terminal = useTerminal({ name: 'kitchen', viewport: SMALL_SCREEN });
  const ticket = (id: string) => terminal.page.locator(`[data-testid="kitchen-ticket"][data-order-id="${id}"]`);

  const openScreen = async (screen: 'kitchen' | 'expo' | 'pickup') => {
    const { page } = terminal;
    await page.getByTestId('nav-settings').click();
    await page.getByTestId(`open-kitchen-${screen}`).click();
    await page.locator(`[data-testid="kitchen-mode"][data-screen="${screen}"]`).waitFor();
  };
  const exit = async () => {
    await terminal.page.getByTestId('kitchen-exit').click();
    await terminal.page.getByTestId('kitchen-mode').waitFor({ state: 'detached' });
  };
  const station = (name: string) => terminal.page.getByRole('radio', { name, exact: true });
  const confirmOnPlatform = async (order: Placed) => {
    const answer = await terminal.http.send('POST', `/order/v1.0/orders/${order.id}/confirm`, { token: await terminal.token() });
    assert.equal(answer.status, 202);
  };

  async function defineStation(page: Page, name: string, categories: string[]): Promise<void> {
    await page.getByTestId('kitchen-add-station').click();
    const editor = page.getByTestId('kitchen-station-editor').last();
    await editor.getByTestId('kitchen-station-name').fill(name);
    const store = editor.getByTestId('kitchen-store').filter({ hasText: RESTAURANT });
    await store.getByTestId('kitchen-category').first().waitFor({ timeout: 15_000 });
    for (const category of categories) await store.getByRole('checkbox', { name: new RegExp(`^(✓ )?${category}`) }).click();
  }

  it('defines two stations in Settings from the menu’s categories', async () => {
    const { page } = terminal;
    await page.getByTestId('nav-settings').click();
    const section = page.getByTestId('settings-kitchen');
    await defineStation(page, 'Fogão', ['Massas', 'Pratos executivos']);
    await defineStation(page, 'Bar', ['Bebidas']);
    // Preparation times: pasta 15 minutes, drinks 2 (the rest, the default 10); a delivery turns amber at 4 and red at 8.
    for (const [category, minutes] of [
      ['Massas', '15'],
      ['Bebidas', '2'],
    ] as const) {
      const row = section.getByTestId('kitchen-target-category').filter({ has: page.getByText(category, { exact: true }) });
      await row.getByTestId('kitchen-target').first().fill(minutes);
      await row.getByTestId('kitchen-target').first().press('Tab');
    }
    await section.getByTestId('kitchen-amber-DELIVERY').fill('4');
    await section.getByTestId('kitchen-amber-DELIVERY').press('Tab');
    await section.getByTestId('kitchen-red-DELIVERY').fill('8');
    await section.getByTestId('kitchen-red-DELIVERY').press('Tab');
    await section.getByTestId('kitchen-save').click();
    await section.getByText('Salvo.').waitFor();
    await section.getByTestId('kitchen-station-editor').first().scrollIntoViewIfNeeded();
    await terminal.shot('settings');
    await section.getByTestId('kitchen-ages').first().scrollIntoViewIfNeeded();
    await terminal.shot('settings-timing');
    const pasta = section.getByTestId('kitchen-target-category').filter({ has: page.getByText('Massas', { exact: true }) });
    await pasta.getByTestId('kitchen-target-dishes').click();
    await pasta.getByTestId('kitchen-target-item').first().waitFor();
    await pasta.scrollIntoViewIfNeeded();
    await terminal.shot('settings-targets');
  });

  it('bumps an order with the bump bar’s keys, recalls it, bumps both stations: ready on the board once, "Pronto" on the pickup board', async () => {
    const { page } = terminal;
    const order = await terminal.placeOrder<Placed>({
      orderType: 'TAKEOUT',
      items: [{ externalCode: 'CV-MAS-01', quantity: 2 }, { externalCode: 'CV-BEB-01' }],
    });
    await page.getByTestId('nav-orders').click();
    const card = page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await card.getByTestId('act-confirm').click({ timeout: 15_000 });
    await page.locator(`[data-order-id="${order.id}"][data-status="CONFIRMED"]`).waitFor({ timeout: 15_000 });

    await openScreen('kitchen');
    // Every station: the drink (2 min) waits so it is ready with the pasta (15 min): "começar HH:MM", 13 minutes on.
    await station('Todas').click();
    const line = (name: string) => ticket(order.id).getByTestId('ticket-line').filter({ hasText: name });
    await line('Refrigerante lata 350 ml')
      .getByTestId('line-start')
      .getByText(/^começar \d{2}:\d{2}$/)
      .waitFor();
    assert.equal(await line('Lasanha à bolonhesa').getByTestId('line-start').count(), 0, 'the longest starts with the order');
    await terminal.shot('display-start-line');
    // A cook marks it priority, then holds it (its start lines pause), then releases it: every screen hears each.
    await ticket(order.id).getByTestId('ticket-priority-toggle').click();
    await ticket(order.id).and(page.locator('[data-mark="priority"]')).getByTestId('ticket-priority').waitFor();
    await ticket(order.id).getByTestId('ticket-hold-toggle').click();
    await ticket(order.id).and(page.locator('[data-mark="hold"]')).getByText('em espera').waitFor();
    await terminal.shot('display-held');
    assert.equal(await ticket(order.id).getByTestId('line-start').count(), 0, 'held: no start to say');
    await ticket(order.id).getByTestId('ticket-hold-toggle').click();
    await ticket(order.id).and(page.locator('[data-mark="none"]')).waitFor();
    await station('Fogão').click();
    await ticket(order.id).getByText('Lasanha à bolonhesa').waitFor();
    assert.equal(await ticket(order.id).getByText('Refrigerante lata 350 ml').count(), 0, 'the drink is the bar’s');
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await ticket(order.id).waitFor({ state: 'detached' });
    await page.keyboard.press('Backspace');
    await ticket(order.id).waitFor();
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await ticket(order.id).waitFor({ state: 'detached' });

    await exit();
    await openScreen('expo');
    const expo = page.locator(`[data-testid="expo-order"][data-order-id="${order.id}"]`);
    await expo.locator('[data-testid="expo-station"][data-done="true"]', { hasText: 'Fogão' }).waitFor();
    await expo.locator('[data-testid="expo-station"][data-done="false"]', { hasText: 'Bar' }).waitFor();
    await exit();

    await openScreen('kitchen');
    await station('Bar').click();
    await ticket(order.id).getByText('Refrigerante lata 350 ml').waitFor();
    await ticket(order.id).getByTestId('ticket-bump').click();
    await ticket(order.id).waitFor({ state: 'detached' });
    // Today's speed of service: one order at the bar; every station shows the stove's too.
    const speed = (name: string) =>
      page
        .getByTestId('kitchen-speed-line')
        .getByTestId('station-speed')
        .filter({ hasText: `${name}:` });
    await speed('Bar')
      .getByText(/média \d+ (min|s) · p90 \d+ (min|s) · 1 pedido/)
      .waitFor();
    assert.equal(await speed('Fogão').count(), 0, 'the bar’s display says the bar’s');
    await station('Todas').click();
    await speed('Fogão')
      .getByText(/1 pedido/)
      .waitFor();
    await exit();
    await page.getByTestId('nav-history').click();
    await page.getByTestId('history-tab-summary').click();
    const kitchenCard = page.getByTestId('summary-kitchen');
    await kitchenCard.getByTestId('station-speed').filter({ hasText: 'Fogão:' }).waitFor();
    await kitchenCard.getByTestId('station-speed').filter({ hasText: 'Bar:' }).waitFor();
    await kitchenCard.scrollIntoViewIfNeeded();
    await terminal.shot('summary-kitchen');

    await page.getByTestId('nav-orders').click();
    // At 1024x600 the board shows New and one other column, picked with tabs.
    if (await page.getByTestId('show-ready').isVisible()) await page.getByTestId('show-ready').click();
    await page.getByTestId('column-ready').locator(`[data-order-id="${order.id}"]`).waitFor({ timeout: 15_000 });
    const calls = (await terminal.http.send('GET', `/_sandbox/orders/${order.id}/calls`)).body as { calls?: { route: string }[] } | { route: string }[];
    const list = Array.isArray(calls) ? calls : (calls.calls ?? []);
    assert.equal(list.filter((c) => c.route.includes('readyToPickup')).length, 1, 'readyToPickup sent exactly once');

    await openScreen('pickup');
    await page.getByTestId('pickup-ready').locator(`[data-testid="pickup-code"][data-order-id="${order.id}"]`).getByText(order.displayId).waitFor();
    assert.equal(await page.getByTestId('pickup-preparing').locator(`[data-order-id="${order.id}"]`).count(), 0);
    await exit();
  });

  it('shows every screen in both languages at 1024x600 and 1920x1080, readable and reachable', async () => {
    const { page } = terminal;
    // Tickets of three ages: confirmed 11, 5.5 and 0.5 minutes before the terminal's clock.
    const orders: Placed[] = [];
    for (const [minutes, count] of [
      [5.5, 2],
      [5, 2],
      [0.5, 1],
    ] as const) {
      for (let i = 0; i < count; i++) {
        // The oldest is sure to have the stove's dishes and a drink; the youngest, a customer's note; the others are the sandbox's random ones.
        const order =
          orders.length === 0
            ? await terminal.placeOrder<Placed>({
                orderType: 'TAKEOUT',
                items: [{ externalCode: 'CV-MAS-03', quantity: 2 }, { externalCode: 'CV-EXE-01' }, { externalCode: 'CV-BEB-02' }],
              })
            : minutes === 0.5
              ? await placeWithNote()
              : await terminal.placeOrder<Placed>({ orderType: i % 2 === 0 ? 'TAKEOUT' : 'DELIVERY' });
        await confirmOnPlatform(order);
        orders.push(order);
      }
      await terminal.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: minutes * 60 } });
    }
    const now = ((await terminal.http.send('GET', '/_sandbox/clock')).body as { now: string }).now;
    await terminal.restart({ clockAt: now });
    await page.getByTestId('order-board').waitFor();
    await page.locator(`[data-order-id="${orders.at(-1)?.id}"][data-status="CONFIRMED"]`).waitFor({ timeout: 15_000 });

    // The pickup board with first names; the oldest order's drink out at the bar, one of its dishes done at the stove.
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('kitchen-first-name').check();
    await page.getByTestId('kitchen-save').click();
    await page.getByTestId('settings-kitchen').getByRole('status').waitFor();
    await openScreen('kitchen');
    await station('Bar').click();
    await ticket(orders[0]?.id ?? '').waitFor();
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await ticket(orders[0]?.id ?? '').waitFor({ state: 'detached' });
    await station('Fogão').click();
    await ticket(orders[0]?.id ?? '')
      .getByTestId('ticket-line')
      .first()
      .click();
    await ticket(orders[0]?.id ?? '')
      .locator('[data-testid="ticket-line"]:disabled')
      .waitFor();
    // One ticket a priority (first on the display), one held (last, greyed, its clock stopped).
    await station('Todas').click();
    await ticket(orders[3]?.id ?? '')
      .getByTestId('ticket-priority-toggle')
      .click();
    await ticket(orders[1]?.id ?? '')
      .getByTestId('ticket-hold-toggle')
      .click();
    const cards = page.getByTestId('kitchen-ticket');
    await cards
      .first()
      .and(page.locator(`[data-order-id="${orders[3]?.id}"][data-mark="priority"]`))
      .waitFor();
    await cards
      .last()
      .and(page.locator(`[data-order-id="${orders[1]?.id}"][data-mark="hold"]`))
      .waitFor();
    await exit();

    for (const locale of ['pt-BR', 'en'] as const) {
      await chooseLanguage(page, locale);
      for (const size of [SMALL_SCREEN, BIG_SCREEN]) {
        await page.setViewportSize(size);
        const at = `${locale}-${size.width}x${size.height}`;
        await openScreen('kitchen');
        await station(locale === 'en' ? 'All' : 'Todas').click();
        for (const level of ['fresh', 'amber', 'red']) await page.locator(`[data-testid="kitchen-ticket"][data-age="${level}"]`).first().waitFor();
        await checkScreen(page, `kitchen display (all stations) ${at}`);
        await terminal.shot(`display-all-${at}`);
        await station('Fogão').click();
        await page.getByTestId('all-day-count').first().waitFor();
        await checkScreen(page, `kitchen display (Fogão) ${at}`);
        await terminal.shot(`display-station-${at}`);
        await exit();
        await openScreen('expo');
        await page.getByTestId('expo-order').first().waitFor();
        await checkScreen(page, `expo ${at}`);
        await terminal.shot(`expo-${at}`);
        await page.getByTestId('expo-order').first().click();
        await page.getByTestId('expo-dialog').waitFor();
        await terminal.shot(`expo-order-${at}`);
        await page.keyboard.press('Escape');
        await exit();
        await openScreen('pickup');
        await page.getByTestId('pickup-code').first().waitFor();
        await checkScreen(page, `pickup board ${at}`);
        await terminal.shot(`pickup-${at}`);
        await exit();
      }
    }
    await page.setViewportSize(SMALL_SCREEN);
    await chooseLanguage(page, 'pt-BR');
  });

  /** A random order of the sandbox's with a customer's note on a dish (a quarter of the random lines have one). */
  async function placeWithNote(): Promise<Placed> {
    for (let tries = 0; tries < 16; tries++) {
      const order = await terminal.placeOrder<Placed & { items: { observations?: string }[] }>({ orderType: 'TAKEOUT' });
      if (order.items.some((item) => item.observations)) return order;
    }
    throw new Error('no random order with a note in 16');
  }

  async function checkScreen(page: Page, where: string): Promise<void> {
    assert.deepEqual(await axeViolations(page), [], `no accessibility violation on the ${where}`);
    assert.deepEqual(await smallTargets(page, 44), [], `every target at least 44 px on the ${where}`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, `no sideways scroll on the ${where}`);
  }
});
