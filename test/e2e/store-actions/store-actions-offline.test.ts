import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

/**
 * Store actions made while the platform cannot be reached wait in the store outbox, like order
 * actions: a review answer and a pause made offline are shown as queued, and reach the sandbox
 * exactly once after the fault clears (its call log says so).
 */
describe('store actions made offline, in Chromium', () => {
  const terminal = useTerminal({ name: 'store-outbox', ready: 'store' });

  async function storeCalls(route: RegExp): Promise<{ method: string; route: string; status: number | null }[]> {
    const response = await terminal.http.send('GET', `/_sandbox/calls?merchantId=${DEMO_RESTAURANT_ID}`);
    assert.equal(response.status, 200);
    return (response.body as { calls: { method: string; route: string; status: number | null }[] }).calls.filter((c) => route.test(`${c.method} ${c.route}`));
  }

  it('a review answer and a pause made offline wait, then reach the platform exactly once', async () => {
    const { page } = terminal;
    const created = await terminal.http.send('POST', '/_sandbox/reviews', {
      json: { merchantId: DEMO_RESTAURANT_ID, status: 'NOT_REPLIED', score: 2, comment: 'Chegou frio.' },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const review = created.body as { id: string };

    await page.getByTestId('nav-reviews').click();
    await page.locator(`[data-testid="review-row"][data-review-id="${review.id}"]`).click();
    const drawer = page.getByTestId('review-drawer');
    await drawer.getByTestId('answer-text').waitFor();

    await terminal.faults({ errorRate: 1, errorStatus: 503 });
    const answer = 'Sentimos muito pelo atraso, vamos melhorar a embalagem térmica.';
    await drawer.getByTestId('answer-text').fill(answer);
    await drawer.getByTestId('answer-send').click();
    await drawer.getByTestId('answer-queued').getByText('Sem conexão: a resposta foi para a fila').waitFor({ timeout: 20_000 });
    await drawer.locator('[data-testid="store-action"][data-kind="answerReview"][data-state="queued"]').waitFor();
    await terminal.shot('answer-pt');
    await page.keyboard.press('Escape');

    await page.getByTestId('nav-store').click();
    await page.getByTestId('open-pause').click();
    const dialog = page.getByTestId('pause-dialog');
    await dialog.getByText('30 min', { exact: true }).click();
    await dialog.getByTestId('pause-confirm').click();
    await page.getByTestId('pauses-notice').getByText('Sem conexão: a pausa foi para a fila').waitFor({ timeout: 20_000 });
    const queuedPause = page.locator('[data-testid="store-action"][data-kind="pause"]');
    await queuedPause.and(page.locator('[data-state="queued"]')).waitFor();
    await terminal.shot('pause-pt');

    // Nothing took effect while the platform answered 503.
    assert.equal((await storeCalls(/^POST .*interruptions/)).filter((c) => c.status === 201).length, 0);

    await terminal.faults({});
    await queuedPause.and(page.locator('[data-state="done"]')).waitFor({ timeout: 30_000 });
    await page.getByTestId('active-pause').waitFor({ timeout: 20_000 });

    const pauses = await storeCalls(/^POST .*interruptions/);
    assert.equal(pauses.filter((c) => c.status === 201).length, 1, `the pause was made once: ${JSON.stringify(pauses)}`);
    const token = await terminal.token();
    const listed = await terminal.http.send('GET', `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/interruptions`, { token });
    assert.equal((listed.body as unknown[]).length, 1, 'one pause on the platform');

    await page.getByTestId('nav-reviews').click();
    const answers = await storeCalls(/^POST .*answers/);
    // The answer may still be on its way: the store's actions go out in the order they were made.
    for (let i = 0; i < 50 && answers.filter((c) => c.status === 201).length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answers.splice(0, answers.length, ...(await storeCalls(/^POST .*answers/)));
    }
    assert.equal(answers.filter((c) => c.status === 201).length, 1, `the answer was sent once: ${JSON.stringify(answers)}`);
    const stored = (await terminal.http.send('GET', `/review/v2.0/merchants/${DEMO_RESTAURANT_ID}/reviews/${review.id}`, { token })).body as {
      replies: { text: string; from: string }[];
    };
    assert.deepEqual(
      stored.replies.filter((r) => r.from === 'MERCHANT').map((r) => r.text),
      [answer],
      'the answer is on the review once',
    );
  });

  it('a queued pause can be undone before it leaves, and the screens say it in English', async () => {
    const { page } = terminal;
    await page.getByTestId('nav-store').click();
    await page.getByTestId('resume').click();
    await page.getByTestId('open-pause').waitFor({ timeout: 20_000 });
    await chooseLanguage(page, 'en');
    await page.getByTestId('nav-store').click();

    await terminal.faults({ errorRate: 1, errorStatus: 503 });
    await page.getByTestId('open-pause').click();
    const dialog = page.getByTestId('pause-dialog');
    await dialog.getByText('1 h', { exact: true }).click();
    await dialog.getByTestId('pause-confirm').click();
    await page.getByTestId('pauses-notice').getByText('Offline: the pause is queued').waitFor({ timeout: 20_000 });
    const queued = page.locator('[data-testid="store-action"][data-kind="pause"][data-state="queued"]');
    await queued.getByText('Queued: sent as soon as there is a connection').waitFor();
    await terminal.shot('pause-en');
    await queued.getByTestId('store-action-cancel').click();
    await page.locator('[data-testid="store-action"][data-kind="pause"][data-state="cancelled"]').getByText('Undone before it left').waitFor();

    const before = (await storeCalls(/^POST .*interruptions/)).filter((c) => c.status === 201).length;
    await terminal.faults({});
    await page.getByTestId('connectivity').getByText('Online', { exact: true }).waitFor({ timeout: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    assert.equal((await storeCalls(/^POST .*interruptions/)).filter((c) => c.status === 201).length, before, 'the withdrawn pause never left');
    await chooseLanguage(page, 'pt-BR');
  });
});
