import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { TEST_INSTANT } from '../../support/clock';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

/**
 * The reviews screen as a clerk uses it, against a sandbox the test starts: the summary and list,
 * the awaiting filter, one review opened, an answer blocked for its length, refused by the platform
 * for a phone number and for a link, then sent and edited within the 10 minutes.
 */
describe('reviews screen in Chromium', () => {
  let target: { id: string };
  const terminal = useTerminal({
    name: 'reviews',
    pollSeconds: null, // the terminal's own pace
    viewport: { width: 1024, height: 768 },
    // A Brazilian kiosk: the browser's own widgets (date fields) follow the system locale.
    locale: 'pt-BR',
    // The review this test answers, plus enough others that "all" has a second page (15 seeds + 7).
    seed: async () => {
      target = await addReview({ score: 2, comment: 'A lasanha chegou fria e a embalagem veio amassada.', status: 'NOT_REPLIED', customerName: 'Rita Moraes' });
      for (let i = 0; i < 6; i++) await addReview({ score: 5, status: 'PUBLISHED', comment: `Ótimo pedido número ${i + 1}.` });
    },
    ready: 'store',
  });

  const reviewVia = async (id: string) => {
    const response = await terminal.http.send('GET', `/review/v2.0/merchants/${DEMO_RESTAURANT_ID}/reviews/${id}`, { token: await terminal.token() });
    return response.body as { status: string; replies: { from: string; text: string }[] };
  };
  async function addReview(json: Record<string, unknown>): Promise<{ id: string }> {
    const response = await terminal.http.send('POST', '/_sandbox/reviews', { json: { merchantId: DEMO_RESTAURANT_ID, ...json } });
    assert.equal(response.status, 201);
    return response.body as { id: string };
  }
  const drawer = () => terminal.page.getByTestId('review-drawer');
  const row = (id: string) => terminal.page.locator(`[data-testid="review-row"][data-review-id="${id}"]`);

  it('shows the summary and the reviews awaiting an answer first, with their time left', async () => {
    const { page } = terminal;
    // The navigation badge counts the 3 seeded reviews awaiting an answer plus this test's one.
    await page.getByTestId('reviews-badge').getByText('4').waitFor();
    await page.getByTestId('nav-reviews').click();
    const summary = page.getByTestId('review-summary');
    // Valid: the 3 seeded published public reviews of the last 3 months (5, 4, 5) and the six 5s added.
    await summary.getByText('9 de 22 avaliações contam para a nota').waitFor();
    assert.equal(await summary.getByTestId('summary-score').textContent(), '4,89');
    await summary.getByText(/publicadas, públicas e dos últimos 3 meses/).waitFor();

    assert.equal(await page.getByTestId('filter-awaiting').getAttribute('aria-pressed'), 'true');
    await row(target.id).waitFor();
    const statuses = await page.getByTestId('review-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')));
    assert.deepEqual(statuses, ['NOT_REPLIED', 'NOT_REPLIED', 'NOT_REPLIED', 'NOT_REPLIED']);
    await row(target.id)
      .getByText(/Responder em 4 d 23 h/)
      .waitFor();
    await row(target.id)
      .getByText(/Pedido #\d+/)
      .waitFor();
    await terminal.shot('awaiting-pt-1024');
  });

  it('lists all reviews page by page, marks private ones, and narrows by date', async () => {
    const { page } = terminal;
    await page.getByTestId('filter-all').click();
    await page.getByTestId('review-count').getByText('20 de 22').waitFor();
    await page.getByTestId('review-more').click();
    await page.getByTestId('review-count').getByText('22 de 22').waitFor();
    assert.equal(await page.getByTestId('review-more').count(), 0);
    await page.locator('[data-testid="review-row"][data-status="PUBLISHED"]').getByText('Privada').waitFor();
    // A review of the platform's old API is listed like any other: its version is no word for the store.
    await page.locator('[data-testid="review-row"][data-version="v1"]').first().waitFor();
    assert.equal(
      await page
        .getByTestId('review-row')
        .getByText(/^(v1|v2)$/)
        .count(),
      0,
      'no "v1"/"v2" on the rows',
    );

    // Oldest first: the 200-day-old seed leads.
    await page.getByTestId('filter-sort').selectOption('ASC');
    await page.waitForFunction(() => document.querySelector('[data-testid="review-row"] .comment')?.textContent?.includes('Sem comentário'));
    await page.getByTestId('filter-sort').selectOption('DESC');

    // Today only: this test's reviews and the newest seeds, nothing older.
    await page.getByTestId('filter-period').selectOption('today');
    await page.waitForFunction(() => !/de 22$/.test(document.querySelector('[data-testid="review-count"]')?.textContent ?? ''));
    const todays = await page.getByTestId('review-row').count();
    assert.ok(todays >= 7 && todays < 22, `today's reviews only (${todays})`);
    // The same by picked days, said back in the screen's words whatever the system's date format.
    const today = TEST_INSTANT.slice(0, 10); // the tests' instant is written in store (São Paulo) time
    await page.getByTestId('filter-period').selectOption('custom');
    await page.getByTestId('filter-from').fill(today);
    await page.getByTestId('filter-to').fill(today);
    await page
      .getByTestId('filter-chosen')
      .getByText(/^De .+ até .+$/)
      .waitFor();
    await page.getByTestId('review-count').getByText(`${todays} de ${todays}`).waitFor();
    await terminal.shot('dates-pt-1024');
    await page.getByTestId('filter-period').selectOption('any');
    await page.getByTestId('review-count').getByText('20 de 22').waitFor();
    await terminal.shot('all-pt-1024');
    await page.getByTestId('filter-awaiting').click();
    await page.getByTestId('review-count').getByText('4 de 4').waitFor();
  });

  it('opens a review with its customer, order, questions and answer box', async () => {
    await row(target.id).click();
    await drawer().getByTestId('review-customer').getByText('Rita Moraes').waitFor();
    await drawer().getByText('A lasanha chegou fria').waitFor();
    await drawer().getByTestId('review-survey').getByText('O que o cliente respondeu').waitFor();
    await drawer().getByText('Você pediria de novo?').waitFor();
    // Rita gave 2 stars: her answers are the lit ones, the rest of the scale stays plain.
    assert.deepEqual(await drawer().getByTestId('survey-answer').allInnerTexts(), ['2', '✓ Embalagem', '✓ Não']);
    assert.equal(
      await drawer()
        .getByText(/Versão v\d/)
        .count(),
      0,
      'no API version in the drawer',
    );
    await drawer()
      .getByText(/Prazo para responder: 4 d 23 h/)
      .waitFor();
    await drawer().getByText('A plataforma recusa respostas com:').waitFor();
  });

  it('blocks a too-short answer on the terminal', async () => {
    const text = drawer().getByTestId('answer-text');
    await text.fill('Obrigado');
    await drawer().getByTestId('answer-counter').getByText('8/300').waitFor();
    await drawer().getByText('Faltam 2 caracteres (mínimo 10).').waitFor();
    assert.ok(await drawer().getByTestId('answer-send').isDisabled());
    await text.press('Enter'); // a textarea takes Enter as a new line: still nothing is sent
    assert.equal((await reviewVia(target.id)).status, 'NOT_REPLIED');
  });

  it('says why the platform refused an answer with a phone number, and one with a link', async () => {
    const text = drawer().getByTestId('answer-text');
    await text.fill('Sentimos muito! Ligue para (11) 98765-4321 que resolvemos.');
    await drawer().getByTestId('answer-send').click();
    const error = drawer().getByTestId('answer-error');
    await error.getByText(/^A plataforma recusou o texto: /).waitFor();
    await error.getByText('Tire telefones, e-mails, CPF ou outros dados pessoais.').waitFor();
    await terminal.shot('refused-pt-1024');

    await text.fill('Sentimos muito! Veja nosso cardápio em www.cantinadavila.com.br');
    await drawer().getByTestId('answer-send').click();
    await error.getByText('Tire links e endereços de sites.').waitFor();
    assert.equal((await reviewVia(target.id)).status, 'NOT_REPLIED', 'a refused answer changes nothing');
  });

  it('sends a good answer, shows the review answered, and edits it within 10 minutes', async () => {
    const { page } = terminal;
    await drawer().getByTestId('answer-text').fill('Sentimos muito pela lasanha fria, Rita. Já falamos com a cozinha e a embalagem foi trocada.');
    await drawer().getByTestId('answer-send').click();
    await drawer().getByTestId('answer-done').getByText('Resposta enviada.').waitFor();
    await drawer().getByTestId('review-status').getByText('Respondida').waitFor();
    await drawer().getByTestId('review-replies').getByText('Já falamos com a cozinha').waitFor();
    await drawer()
      .getByTestId('edit-window')
      .getByText(/Pode editar por mais 9:\d\d/)
      .waitFor();
    assert.equal(await row(target.id).getAttribute('data-status'), 'REPLIED');
    await page.getByTestId('reviews-badge').getByText('3').waitFor();
    await terminal.shot('answered-pt-1024');

    await drawer().getByTestId('answer-edit').click();
    const text = drawer().getByTestId('answer-text');
    assert.match(await text.inputValue(), /^Sentimos muito pela lasanha fria/);
    await text.fill('Sentimos muito pela lasanha fria, Rita. A cozinha já ajustou o preparo e a embalagem.');
    await drawer().getByTestId('answer-send').click();
    await drawer().getByTestId('answer-done').getByText('Resposta alterada.').waitFor();
    await drawer().getByTestId('review-replies').getByText('A cozinha já ajustou o preparo').waitFor();
    const stored = await reviewVia(target.id);
    assert.equal(stored.status, 'REPLIED');
    assert.deepEqual(
      stored.replies.filter((r) => r.from === 'MERCHANT').map((r) => r.text),
      ['Sentimos muito pela lasanha fria, Rita. A cozinha já ajustou o preparo e a embalagem.'],
    );
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-review-id')), target.id, 'focus back on the row');
  });

  it('looks right in English and at 1920x1080', async () => {
    const { page } = terminal;
    for (const [locale, label] of [
      ['pt-BR', 'pt'],
      ['en', 'en'],
    ] as const) {
      await chooseLanguage(page, locale);
      for (const [width, height] of [
        [1024, 768],
        [1920, 1080],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.reload();
        await page.getByTestId('nav-reviews').click();
        await page.getByTestId('review-row').first().waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        assert.equal(overflow, false, `no horizontal overflow at ${width}x${height} ${locale}`);
        if (label === 'en' || width === 1920) await terminal.shot(`list-${label}-${width}`);
        await page.getByTestId('review-row').first().click();
        await drawer().getByTestId('answer-panel').waitFor();
        await page.waitForFunction(() => document.querySelector('[data-testid="review-customer"]')?.getAttribute('aria-busy') === 'false');
        await terminal.shot(`drawer-${label}-${width}`);
        await page.keyboard.press('Escape');
      }
    }
    await page.getByText('Awaiting answer').first().waitFor();
  });
});
