import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { SMALL_SCREEN, useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage, STORE_TIME_ZONE } from '../../support/shells/web-shell';

const LOCALES = [
  ['pt-BR', 'pt'],
  ['en', 'en'],
] as const;

/** Words only an integrator reads, which the store's screens no longer show (the list). */
const JARGON =
  /\bv[12]\b|Versão v|UPC-A|Página de código|Code page|Segredos guardados|Secrets kept|Nenhum lugar|Nowhere|Janela|Window:|Intervalo de consulta|Polling interval|Aplicativo (centralizado|distribuído)|(Centralized|Distributed) application|Id do cliente|Client id|Segredo do cliente|Client secret|sandbox embutido|embedded sandbox|credencial|credential/i;

/**
 * Texts cut on screen: an element that hides part of its text (its content wider or taller than its
 * box with the overflow hidden), or that reaches past the window's right edge. `oneTapAway` names
 * what may end in "…" because a tap shows it whole (a history row opens the order). Text kept for
 * screen readers only is not on screen.
 */
async function cutTexts(page: Page, oneTapAway: string[] = []): Promise<string[]> {
  return page.evaluate((allowed) => {
    const cut: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('main *, header *')) {
      if (el.offsetParent === null || el.closest('.sr-only') || allowed.some((selector) => el.matches(selector))) continue;
      const text = (el.innerText || '').trim();
      if (!text) continue;
      const style = getComputedStyle(el);
      const hidesX = style.overflowX !== 'visible' && style.overflowX !== 'auto' && style.overflowX !== 'scroll';
      const hidesY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      const box = el.getBoundingClientRect();
      if (hidesX && el.scrollWidth > el.clientWidth + 1) cut.push(`${text.slice(0, 60)} (cut at its right)`);
      else if (hidesY && el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 0) cut.push(`${text.slice(0, 60)} (cut at its bottom)`);
      else if (style.overflowX === 'auto' && el.scrollWidth > el.clientWidth + 1) cut.push(`${text.slice(0, 60)} (scrolls sideways)`);
      else if (el.children.length === 0 && box.width > 0 && box.right > window.innerWidth + 1) cut.push(`${text.slice(0, 60)} (past the window)`);
    }
    return cut;
  }, oneTapAway);
}

async function expectWhole(page: Page, where: string, oneTapAway: string[] = []): Promise<void> {
  assert.deepEqual(await cutTexts(page, oneTapAway), [], `nothing cut on ${where}`);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), false, `no sideways scroll on ${where}`);
}

async function expectNoJargon(scope: Locator, where: string): Promise<void> {
  const text = await scope.innerText();
  assert.doesNotMatch(text, JARGON, `no integrator word on ${where}`);
}

/**
 * The screens outside the board in the store's words, at the store's 1024x600 terminal in both
 * languages: Settings (the day-to-day settings, the platform account folded under "Avançado"),
 * History's rows, a review with its customer's survey, the menu, the promotion form, the Store
 * screen; and the "/" hint, which only a terminal with a keyboard shows.
 */
describe("the store's words at 1024x600", () => {
  const terminal = useTerminal({ name: 'words', viewport: SMALL_SCREEN, ready: 'store' });
  let review: { id: string };

  before(async () => {
    const placed = await terminal.placeOrder<{ id: string }>({ merchantId: DEMO_RESTAURANT_ID });
    await terminal.placeOrder({ merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    const cancelled = await terminal.placeOrder<{ id: string }>({ merchantId: DEMO_RESTAURANT_ID });
    await terminal.http.send('POST', `/_sandbox/orders/${cancelled.id}/customerCancel`);
    const response = await terminal.http.send('POST', '/_sandbox/reviews', {
      json: {
        merchantId: DEMO_RESTAURANT_ID,
        score: 2,
        status: 'NOT_REPLIED',
        customerName: 'Rita Moraes',
        comment: 'A lasanha chegou fria e a embalagem veio amassada.',
      },
    });
    assert.equal(response.status, 201);
    review = response.body as { id: string };
    await terminal.page.locator(`[data-order-id="${placed.id}"]`).first().waitFor({ timeout: 15_000 });
  });

  it('Settings: the day-to-day settings in plain words; the platform account folded under "Avançado" until opened', async () => {
    const { page } = terminal;
    for (const [locale, label] of LOCALES) {
      await chooseLanguage(page, locale);
      const screen = page.getByTestId('settings-screen');
      await screen.evaluate((element) => element.scrollTo(0, 0));
      const advanced = page.getByTestId('settings-advanced');
      assert.equal(await advanced.evaluate((details) => (details as HTMLDetailsElement).open), false, 'Avançado starts folded');
      assert.equal(await page.getByTestId('settings-client-id').isVisible(), false);
      assert.equal(await page.getByTestId('settings-sign-out').isVisible(), false, 'signing out is behind Avançado too');
      await expectNoJargon(screen, `Settings (${locale})`);
      await expectWhole(page, `Settings (${locale})`);
      await terminal.shot(`settings-${label}-1024x600`);

      await page.getByTestId('settings-advanced-toggle').click();
      await page.getByTestId('settings-account').scrollIntoViewIfNeeded();
      const kind = page.getByTestId('settings-account-kind');
      await kind.getByText(locale === 'en' ? 'One company key for every store' : 'Uma chave da empresa para todas as lojas').waitFor();
      await page.getByTestId('settings-client-id').getByText('demo').waitFor();
      await page.getByTestId('settings-credential-store').waitFor();
      await expectNoJargon(advanced, `Avançado (${locale})`);
      await expectWhole(page, `Avançado (${locale})`);
      await terminal.shot(`settings-advanced-${label}-1024x600`);
      await page.getByTestId('settings-advanced-toggle').click();
    }
  });

  it("the printer form names the code page by what it prints; the promotion form asks for the products' barcodes in words", async () => {
    const { page } = terminal;
    for (const [locale, label] of LOCALES) {
      await chooseLanguage(page, locale);
      await page.getByTestId('printer-add').click();
      const form = page.getByTestId('printer-form');
      await page.getByTestId('printer-encoding').scrollIntoViewIfNeeded();
      await form.getByText(locale === 'en' ? 'Accented letters (ç, ã, é)' : 'Letras com acento (ç, ã, é)').waitFor();
      assert.equal(
        await page.getByTestId('printer-encoding').locator('option:checked').innerText(),
        locale === 'en' ? 'Portuguese: the default (cp860)' : 'Português: o padrão (cp860)',
      );
      assert.doesNotMatch(await form.innerText(), /Página de código|Code page/);
      await expectWhole(page, `the printer form (${locale})`);
      await terminal.shot(`printer-form-${label}-1024x600`);
      await form.getByRole('button', { name: locale === 'en' ? 'Cancel' : 'Cancelar' }).click();

      await page.getByTestId('nav-menu').click();
      await page.getByTestId('menu-tab-promotions').click();
      await page.getByTestId('promotion-new').click();
      const dialog = page.getByTestId('promotion-dialog');
      await dialog
        .getByText(
          locale === 'en'
            ? 'Product barcodes (the 12 digits under the bars; one per line)'
            : 'Códigos de barras dos produtos (os 12 números embaixo das barras; um por linha)',
        )
        .waitFor();
      await expectNoJargon(dialog, `the promotion form (${locale})`);
      await terminal.shot(`promotion-form-${label}-1024x600`);
      await dialog.getByText(locale === 'en' ? 'Back' : 'Voltar').click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('menu-tab-items').click();
    }
  });

  it("History: each row's time, code, status and total whole; the customer's and store's names end in … only because a tap opens the order", async () => {
    const { page } = terminal;
    for (const [locale, label] of LOCALES) {
      await chooseLanguage(page, locale);
      await page.getByTestId('nav-history').click();
      await page.locator('[data-testid="history-row"][data-status="CANCELLED"]').waitFor({ timeout: 15_000 });
      assert.ok((await page.getByTestId('history-row').count()) >= 3);
      await expectWhole(page, `History (${locale})`, ['[data-testid="history-row"] .who', '[data-testid="history-row"] .where']);
      // The store and the type are on the row (under the name), not dropped for lack of room.
      await page
        .getByTestId('history-row')
        .first()
        .getByText(locale === 'en' ? /Cantina da Vila · (Delivery|Takeout)/ : /Cantina da Vila · (Entrega|Retirada)/)
        .waitFor();
      await terminal.shot(`history-${label}-1024x600`);
    }
  });

  it("Reviews: no API version anywhere; the survey lights up the customer's answers", async () => {
    const { page } = terminal;
    for (const [locale, label] of LOCALES) {
      await chooseLanguage(page, locale);
      await page.getByTestId('nav-reviews').click();
      const row = page.locator(`[data-testid="review-row"][data-review-id="${review.id}"]`);
      await row.waitFor();
      await expectNoJargon(page.getByTestId('reviews-screen'), `Reviews (${locale})`);
      // A row's comment ends after two lines: the drawer, one tap away, has it whole.
      await expectWhole(page, `Reviews (${locale})`, ['[data-testid="review-row"] .comment']);
      await row.click();
      const drawer = page.getByTestId('review-drawer');
      await drawer.getByTestId('review-customer').getByText('Rita Moraes').waitFor();
      const survey = drawer.getByTestId('review-survey');
      await survey.getByText(locale === 'en' ? 'What the customer answered' : 'O que o cliente respondeu').waitFor();
      await survey.scrollIntoViewIfNeeded();
      assert.deepEqual(await survey.getByTestId('survey-answer').allInnerTexts(), ['2', '✓ Embalagem', '✓ Não'], 'her answers, lit');
      assert.deepEqual(await survey.locator('[data-chosen="false"]').allInnerTexts(), ['1', '3', '4', '5'], 'the rest of the scale, plain');
      const lit = await survey
        .getByTestId('survey-answer')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      const plain = await survey
        .locator('[data-chosen="false"]')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      assert.notEqual(lit, plain, 'the chosen step is filled, the others are not');
      await expectNoJargon(drawer, `the review (${locale})`);
      await expectWhole(page, `the review (${locale})`, ['[data-testid="review-row"] .comment']);
      await terminal.shot(`review-survey-${label}-1024x600`);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
    }
  });

  it("Menu and Store: the store's name, the menu's buttons and the Store screen's tabs whole in both languages", async () => {
    const { page } = terminal;
    for (const [locale, label] of LOCALES) {
      await chooseLanguage(page, locale);
      await page.getByTestId('nav-menu').click();
      await page.getByTestId('menu-item').first().waitFor();
      await page
        .getByRole('heading', { level: 1 })
        .getByText(/Cantina da Vila$/)
        .waitFor();
      // A dish's long name may end in "…": tapping it opens its add-ons under its whole name.
      await expectWhole(page, `the Menu (${locale})`, ['[data-testid="menu-item-open"] strong']);
      await terminal.shot(`menu-${label}-1024x600`);

      await page.getByTestId('nav-store').click();
      for (const tab of ['status', 'hours', 'checkin', 'details'] as const) {
        await page.getByTestId(`store-tab-${tab}`).click();
        await page.waitForFunction((t) => document.querySelector(`[data-testid="store-tab-${t}"]`)?.getAttribute('aria-selected') === 'true', tab);
        await expectWhole(page, `the Store screen, tab ${tab} (${locale})`);
      }
      await page.getByTestId('store-tab-status').click();
      await expectNoJargon(page.locator('main'), `the Store screen (${locale})`);
      await terminal.shot(`store-${label}-1024x600`);
    }
  });

  it('the "/" hint: never on a touch terminal, even while its on-screen keyboard types; there once a physical key is pressed', async () => {
    const { browser, shell } = terminal;
    await chooseLanguage(terminal.page, 'pt-BR');
    const context = await browser.newContext({ viewport: SMALL_SCREEN, timezoneId: STORE_TIME_ZONE, hasTouch: true });
    try {
      const page = await context.newPage();
      await page.goto(shell.launchUrl());
      await page.getByTestId('nav-history').tap();
      await page.getByTestId('history-count').waitFor();
      const hint = page.getByTestId('history-search-hint');
      assert.equal(await hint.count(), 0, 'a finger-first screen starts without it');
      // Typing into the search field is what an on-screen keyboard does: still no hint.
      await page.getByTestId('history-text').tap();
      await page.keyboard.type('Ana');
      assert.equal(await hint.count(), 0);
      await page.getByTestId('nav-menu').tap();
      await page.getByTestId('menu-item').first().waitFor();
      assert.equal(await page.getByTestId('menu-search').getAttribute('title'), null, 'no "Aperte / para buscar" on the menu either');
      await terminal.shot('touch-menu-pt-1024x600', page);

      // A keyboard plugged in: "/" outside a field focuses the search, and the hint shows from then on.
      await page.getByTestId('nav-history').tap();
      await page.getByTestId('history-count').waitFor();
      await page.keyboard.press('/');
      await hint.getByText('Aperte / para buscar').waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'history-text');
      await page.getByTestId('nav-menu').click();
      await page.getByTestId('menu-item').first().waitFor();
      assert.equal(await page.getByTestId('menu-search').getAttribute('title'), 'Aperte / para buscar');
      // A finger on the screen again: the hint goes.
      await page.getByTestId('nav-history').tap();
      await page.getByTestId('history-count').waitFor();
      assert.equal(await hint.count(), 0);
    } finally {
      await context.close();
    }
  });

  it('the "/" hint on a counter PC (a mouse as its pointer) shows from the start', async () => {
    const { page } = terminal;
    await page.getByTestId('nav-history').click();
    await page.getByTestId('history-search-hint').waitFor();
  });
});
