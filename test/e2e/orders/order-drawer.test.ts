import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { DEMO_RESTAURANT_ID, seedStores } from '../../../src-sandbox/index';
import { SMALL_SCREEN, useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

/**
 * The order drawer at the store's 1024x600, in Portuguese then English, against a sandbox the test
 * drives: a cash order says the change to take along, how to call the customer, which store it is
 * for and how long is left to confirm; a customer's complaint is answered from the top of the drawer
 * without scrolling, rejected with a ready reason; a pickup code is checked with the platform failing.
 */
interface PlacedOrder {
  id: string;
  displayId: string;
  merchant: { name: string };
  customer: { phone: { number: string; localizer: string } };
  payments: { methods: { method: string; value: number; cash?: { changeFor: number } }[] };
  delivery?: { pickupCode?: string };
}

/** How the screenshots name a language. */
const short = (locale: 'pt-BR' | 'en'): string => (locale === 'pt-BR' ? 'pt' : 'en');
const RESTAURANT = seedStores.find((s) => s.id === DEMO_RESTAURANT_ID)?.name ?? '';

/** An amount as the screen writes reais in Portuguese ("49,00") or English ("49.00"), for a pattern. */
const reais = (value: number, locale: 'pt-BR' | 'en'): string =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value).replace(/\./gu, '\\.');

describe('the order drawer at 1024x600', () => {
  const terminal = useTerminal({ name: 'drawer', viewport: SMALL_SCREEN });

  async function control(method: 'GET' | 'POST', path: string, json?: unknown): Promise<Record<string, unknown>> {
    const response = await terminal.http.send(method, path, json === undefined ? {} : { json });
    assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Record<string, unknown>;
  }
  const card = (id: string) => terminal.page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
  const drawer = () => terminal.page.getByTestId('order-drawer');
  async function openDrawer(id: string): Promise<void> {
    await card(id).getByRole('button').first().click({ timeout: 15_000 });
    await drawer().waitFor();
  }
  async function closeDrawer(): Promise<void> {
    await terminal.page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'detached' });
  }
  async function confirmedOrder(body: Record<string, unknown>): Promise<PlacedOrder> {
    const order = await terminal.placeOrder<PlacedOrder>(body);
    await card(order.id).getByTestId('act-confirm').click({ timeout: 15_000 });
    await terminal.page.locator(`[data-order-id="${order.id}"][data-status="CONFIRMED"]`).waitFor({ timeout: 15_000 });
    return order;
  }
  /** Entirely inside the 600 px the terminal shows. */
  async function onScreen(locator: Locator, what: string): Promise<void> {
    const box = await locator.boundingBox();
    assert.ok(box, `${what} is laid out`);
    assert.ok(box.y >= 0 && box.y + box.height <= SMALL_SCREEN.height, `${what} on screen: top ${box.y}, bottom ${box.y + box.height}`);
  }
  const top = async (locator: Locator): Promise<number> => (await locator.boundingBox())?.y ?? Number.NaN;
  const bodyScroll = () =>
    drawer()
      .getByTestId('drawer-body')
      .evaluate((el) => el.scrollTop);

  afterEach(async () => {
    await terminal.faults({});
    if (await drawer().count()) await closeDrawer();
  });

  /** A cash order's drawer: the store, the countdown, the change to take along, the phone and its localizer. */
  async function checkCashOrder(locale: 'pt-BR' | 'en'): Promise<void> {
    const order = await terminal.placeOrder<PlacedOrder>({ orderType: 'DELIVERY', deliveredBy: 'PLATFORM', payment: 'CASH' });
    const [cash] = order.payments.methods;
    assert.equal(cash?.method, 'CASH');
    const paysWith = cash.cash?.changeFor ?? Number.NaN;
    const change = Math.round((paysWith - cash.value) * 100) / 100;
    await openDrawer(order.id);
    const words =
      locale === 'pt-BR'
        ? {
            countdown: /^Confirmar em [0-8]:\d\d$/u,
            change: `Levar troco: R\\$\\s?${reais(change, locale)}`,
            paysWith: `o cliente paga com R\\$\\s?${reais(paysWith, locale)}`,
            call: 'Para ligar: ',
            code: 'código ',
            until: /^válido até \d\d:\d\d$/u,
          }
        : {
            countdown: /^Confirm within [0-8]:\d\d$/u,
            change: `Bring change: R\\$\\s?${reais(change, locale)}`,
            paysWith: `the customer pays with R\\$\\s?${reais(paysWith, locale)}`,
            call: 'To call: ',
            code: 'code ',
            until: /^valid until \d{1,2}:\d\d [AP]M$/u,
          };
    assert.equal((await drawer().getByTestId('drawer-store').textContent())?.trim(), RESTAURANT);
    assert.equal(order.merchant.name, RESTAURANT);
    assert.match((await drawer().getByTestId('drawer-countdown').textContent())?.trim() ?? '', words.countdown);
    await onScreen(drawer().getByTestId('drawer-countdown'), 'the countdown');
    await terminal.shot(`cash-${short(locale)}`);

    const phone = drawer().getByTestId('drawer-phone');
    await phone.scrollIntoViewIfNeeded();
    assert.match((await phone.textContent()) ?? '', new RegExp(`${words.call}${order.customer.phone.number}`, 'u'));
    const spaced = order.customer.phone.localizer.replace(/(\d{4})(?=\d)/gu, '$1 ');
    assert.equal((await drawer().getByTestId('drawer-localizer').textContent())?.trim(), `${words.code}${spaced}`);
    assert.match((await drawer().getByTestId('drawer-localizer-expiry').textContent())?.trim() ?? '', words.until);
    const toBring = drawer().getByTestId('drawer-change');
    await toBring.scrollIntoViewIfNeeded();
    const said = (await toBring.textContent())?.replace(/\s+/gu, ' ').trim() ?? '';
    assert.match(said, new RegExp(words.change, 'u'));
    assert.match(said, new RegExp(words.paysWith, 'u'));
    await terminal.shot(`cash-payment-${short(locale)}`);
    await closeDrawer();
  }

  /** A confirmed order with an open complaint: its panel above the actions, answerable without scrolling. */
  async function openComplaint(action: string): Promise<PlacedOrder> {
    const order = await confirmedOrder({ orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    await control('POST', `/_sandbox/orders/${order.id}/dispute`, { action, expiresInSeconds: 300, timeoutAction: 'ACCEPT_CANCELLATION' });
    await card(order.id).getByTestId('request-banner').waitFor({ timeout: 15_000 });
    await openDrawer(order.id);
    const requests = drawer().getByTestId('drawer-requests');
    await requests.getByTestId('dispute-panel').waitFor();
    await terminal.page.waitForFunction(
      () =>
        (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute(
          'data-testid',
        ) === 'drawer-requests',
    );
    assert.ok((await top(requests)) < (await top(drawer().getByTestId('drawer-actions'))), 'the request above the actions');
    assert.equal(await bodyScroll(), 0, 'nothing scrolled');
    await onScreen(requests.getByTestId('dispute-accept'), 'accept');
    await onScreen(requests.getByTestId('dispute-reject'), 'reject');
    return order;
  }

  it('a cash order: the store, the countdown, "levar troco", the phone and its localizer', async () => {
    await checkCashOrder('pt-BR');
  });

  it('a complaint is above the actions, answered without scrolling, and rejected with a ready reason that reaches the platform', async () => {
    const order = await openComplaint('CANCELLATION');
    const panel = drawer().getByTestId('dispute-panel');
    assert.equal((await panel.getByTestId('dispute-accept').textContent())?.trim(), 'Aceitar e cancelar o pedido');
    assert.match((await panel.getByTestId('dispute-accept').getAttribute('class')) ?? '', /\bdestructive\b/u, 'accepting cancels the order: drawn destructive');
    assert.match((await drawer().getByTestId('drawer-cancel').getAttribute('class')) ?? '', /\bdestructive\b/u);
    assert.equal(
      await panel
        .getByTestId('dispute-accept')
        .evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el).backgroundColor),
      'rgb(255, 90, 95)',
      'filled with the alert red',
    );
    assert.ok(
      (await top(drawer().getByTestId('drawer-cancel'))) > (await top(drawer().getByTestId('drawer-actions'))),
      "the order's cancel on a row below the steps",
    );
    await terminal.shot('dispute-pt');

    await panel.getByTestId('dispute-reject').click();
    const chips = panel.getByTestId('dispute-preset');
    assert.equal(await chips.count(), 4);
    await chips.first().click();
    const reason = panel.getByTestId('dispute-reason');
    assert.equal(await reason.inputValue(), 'O pedido saiu completo e lacrado');
    assert.equal(await chips.first().getAttribute('aria-pressed'), 'true');
    await reason.press('End');
    await reason.pressSequentially(' (conferido na saída)');
    const sent = 'O pedido saiu completo e lacrado (conferido na saída)';
    assert.equal(await reason.inputValue(), sent, 'still editable');
    await onScreen(panel.getByTestId('dispute-reject-send'), 'the send button');
    await terminal.shot('dispute-reject-pt');
    await panel.getByTestId('dispute-reject-send').click();
    await drawer().locator('[data-testid="dispute-outcome"][data-outcome="REJECTED"]').waitFor({ timeout: 15_000 });
    const state = await control('GET', `/_sandbox/orders/${order.id}`);
    const [dispute] = state.disputes as { status: string; rejectReason?: string }[];
    assert.equal(dispute?.status, 'REJECTED');
    assert.equal(dispute?.rejectReason, sent);
  });

  it('a pickup code with the platform failing says "Verificando…" at once and answers from the saved code before the old 4 s', async () => {
    const order = await confirmedOrder({ orderType: 'DELIVERY', deliveredBy: 'PLATFORM' });
    const code = order.delivery?.pickupCode ?? '';
    assert.match(code, /^\d{4}$/u);
    await openDrawer(order.id);
    const form = drawer().getByTestId('pickup-code');
    await form.scrollIntoViewIfNeeded();
    await terminal.faults({ errorRate: 1, errorStatus: 503 });
    await form.getByRole('textbox').fill(code);
    await form.getByTestId('pickup-code-check').click();
    await form.getByTestId('pickup-code-checking').getByText('Verificando…').waitFor({ timeout: 1_000 });
    assert.equal(await form.getByTestId('pickup-code-verdict').count(), 0, 'the verdict comes after');
    await terminal.shot('pickup-checking-pt', drawer());
    // 1.5 s of the platform at most: before the 4 s the screens give it (which made a clerk wait 4.4 s).
    const verdict = form.locator('[data-testid="pickup-code-verdict"][data-valid="true"]');
    await verdict.waitFor({ timeout: 3_500 });
    assert.match((await verdict.textContent()) ?? '', /Código correto: pode entregar o pedido \(conferido com os dados salvos, sem conexão\)/u);
    assert.equal(await form.getByTestId('pickup-code-checking').count(), 0);
    await terminal.shot('pickup-offline-pt', drawer());
  });

  it('the same drawer in English', async () => {
    await chooseLanguage(terminal.page, 'en');
    await terminal.page.getByTestId('nav-orders').click();
    await checkCashOrder('en');
    await openComplaint('PROPOSED_AMOUNT_REFUND');
    const panel = drawer().getByTestId('dispute-panel');
    assert.match((await panel.getByTestId('dispute-accept').getAttribute('class')) ?? '', /primary/u, 'a refund does not cancel the order');
    await terminal.shot('dispute-en');
    await panel.getByTestId('dispute-reject').click();
    const chips = panel.getByTestId('dispute-preset');
    assert.deepEqual(
      (await chips.allTextContents()).map((t) => t.trim()),
      ['The order left complete and sealed', 'Every item was checked before it left', 'Made as the customer asked', 'Left at the agreed time'],
    );
    await chips.nth(1).click();
    assert.equal(await panel.getByTestId('dispute-reason').inputValue(), 'Every item was checked before it left');
    await onScreen(panel.getByTestId('dispute-reject-send'), 'the send button');
    await terminal.shot('dispute-reject-en');
    await closeDrawer();
    await chooseLanguage(terminal.page, 'pt-BR');
  });
});
