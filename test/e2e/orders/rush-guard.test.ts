import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

/**
 * The rush guard at 1024x600 in Portuguese, against the sandbox's automatic closure (its rules on for
 * the restaurant): two orders left to time out put "Risco de fechamento" in the top bar while the
 * platform still has the store open; a tap names the store and the cause, and a second pauses it for
 * 15 minutes (one pause on the platform), another confirms the new order still on time; the third timeout is the one the platform closes the store
 * for — after the warning, never before. Screenshots:
 * test-results/rush-guard-*.png.
 */
describe('the rush guard warns before the platform closes the store', () => {
  const terminal = useTerminal({ name: 'rush-guard', touch: true, locale: 'pt-BR', pollSeconds: 1, sandbox: { rateLimitFactor: 0 } });

  async function control(method: 'GET' | 'POST' | 'PUT', path: string, json?: unknown): Promise<Record<string, unknown>> {
    const response = await terminal.http.send(method, path, json === undefined ? {} : { json });
    assert.ok(response.status < 300, `${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Record<string, unknown>;
  }
  const closures = async (merchantId = DEMO_RESTAURANT_ID) =>
    ((await control('GET', `/_sandbox/auto-closure/closures?merchantId=${merchantId}`)).closures as unknown[]).length;
  /** Orders placed and left unconfirmed past their 8 minutes on the platform's clock: cancelled by its timeout. */
  async function letTimeOut(n: number, merchantId = DEMO_RESTAURANT_ID): Promise<void> {
    for (let i = 0; i < n; i++) await terminal.placeOrder({ orderType: 'TAKEOUT', merchantId });
    await terminal.page
      .getByTestId('column-new')
      .getByTestId('order-card')
      .nth(n - 1)
      .waitFor({ timeout: 15_000 });
    await control('POST', '/_sandbox/clock', { advanceSeconds: 8 * 60 + 1 });
  }

  it('says the risk in the top bar after two timeouts, with the store open; the platform closes it at the third', async () => {
    const { page } = terminal;
    await control('PUT', `/_sandbox/merchants/${DEMO_RESTAURANT_ID}/auto-closure`, { on: true });
    await letTimeOut(2);
    const badge = page.getByTestId('rush-level');
    await page.locator('[data-testid="rush-level"][data-level="risk"]').waitFor({ timeout: 20_000 });
    assert.equal(await badge.textContent(), 'Risco de fechamento');
    assert.equal(await closures(), 0, 'the warning came while the platform still had the store open');
    const box = await badge.boundingBox();
    assert.ok(box && box.height >= 44 && box.y + box.height <= 80, `a 44 px target inside the top bar: ${JSON.stringify(box)}`);
    await terminal.shot('top-bar-pt-BR');

    await badge.tap();
    const warning = page.getByTestId('rush-warnings').getByTestId('rush-warning');
    await warning.first().waitFor();
    assert.match((await warning.first().textContent()) ?? '', /^Cantina da Vila: 2 pedidos expiraram sem confirmação — com 3 a plataforma fecha a loja$/);
    await terminal.shot('warnings-pt-BR');
    // A new order on time: one tap confirms it (the timeouts rule's own fix), through the order outbox.
    const onTime = await terminal.placeOrder({ orderType: 'TAKEOUT', merchantId: DEMO_RESTAURANT_ID });
    await page.getByTestId('rush-confirm').getByText('Confirmar o pedido no prazo').waitFor({ timeout: 15_000 });
    await terminal.shot('warnings-confirm-pt-BR');
    await page.getByTestId('rush-confirm').tap();
    await page.getByTestId('rush-confirmed').getByText('Cantina da Vila: 1 pedido confirmado.').waitFor({ timeout: 15_000 });
    // Said once the outbox took it; the platform hears it on the outbox's next turn.
    const confirmsSent = async () =>
      ((await control('GET', `/_sandbox/orders/${onTime.id}/calls`)) as { calls: { route: string; status: number | null }[] }).calls.filter(
        (c) => c.route === 'POST /orders/{id}/confirm' && c.status === 202,
      ).length;
    const sentBy = Date.now() + 15_000;
    while ((await confirmsSent()) === 0 && Date.now() < sentBy) await page.waitForTimeout(200);
    assert.equal(await confirmsSent(), 1, 'one confirm sent');
    // One tap pauses the store for 15 minutes, through the store outbox: one pause on the platform.
    await page.getByTestId('rush-pause').tap();
    await page
      .getByTestId('rush-paused')
      .getByText(/^Cantina da Vila pausada até \d\d:\d\d\.$/)
      .waitFor({ timeout: 15_000 });
    const pauses = (await control('GET', `/_sandbox/calls?merchantId=${DEMO_RESTAURANT_ID}`)) as { calls: { route: string }[] };
    assert.equal(pauses.calls.filter((c) => c.route === 'POST /merchants/{merchantId}/interruptions').length, 1, 'one pause sent');
    await terminal.shot('paused-pt-BR');
    await page.getByTestId('rush-warnings').getByRole('button', { name: 'Fechar' }).tap();

    await chooseLanguage(page, 'en');
    await page.getByTestId('nav-orders').tap();
    await page.locator('[data-testid="rush-level"][data-level="risk"]').getByText('Closure risk').waitFor();
    await terminal.shot('top-bar-en');
    await chooseLanguage(page, 'pt-BR');
    await page.getByTestId('nav-orders').tap();

    // Unheeded, the third timeout closes the store on the platform: the warning was the last chance.
    await letTimeOut(1);
    const closed = await control('GET', `/_sandbox/merchants/${DEMO_RESTAURANT_ID}/auto-closure`);
    assert.notEqual(closed.closedUntil, null, 'the platform closed the store at its third timeout');
    assert.equal(await closures(), 1);
  });
  it('with busy mode on, a swamped store pauses itself once through the outbox, with an end of its own (no resume is ever sent), and the platform never closes it', async () => {
    const { page } = terminal;
    await control('PUT', `/_sandbox/merchants/${DEMO_GROCERY_ID}/auto-closure`, { on: true });
    await page.getByTestId('nav-settings').tap();
    const toggle = page.locator(`[data-testid="busy-mode"][data-store-id="${DEMO_GROCERY_ID}"]`);
    await toggle.tap();
    await page.waitForFunction(
      (id) => (document.querySelector(`[data-testid="busy-mode"][data-store-id="${id}"]`) as HTMLInputElement | null)?.checked,
      DEMO_GROCERY_ID,
    );
    // An hour: the platform's clock is this test's 25 minutes ahead of the terminal's (the timeouts it made pass).
    await page.getByTestId('busy-minutes').fill('60');
    await page.getByTestId('busy-minutes').press('Enter');
    await page.getByTestId('busy-minutes').blur();
    await terminal.shot('busy-mode-settings-pt-BR');
    await page.getByTestId('nav-orders').tap();
    await page
      .getByTestId('cancel-summary-dismiss')
      .tap({ timeout: 2_000 })
      .catch(() => undefined);

    await letTimeOut(2, DEMO_GROCERY_ID);
    const pausesOf = async () => {
      const calls = (await control('GET', `/_sandbox/calls?merchantId=${DEMO_GROCERY_ID}`)) as { calls: { route: string; status: number | null }[] };
      return calls.calls.filter((c) => c.route === 'POST /merchants/{merchantId}/interruptions' && c.status === 201).length;
    };
    const started = Date.now();
    while ((await pausesOf()) === 0) {
      assert.ok(Date.now() - started < 40_000, 'busy mode paused the grocery within 40 s');
      await page.waitForTimeout(500);
    }
    await page.waitForTimeout(3_000);
    assert.equal(await pausesOf(), 1, 'paused once');
    assert.equal(await closures(DEMO_GROCERY_ID), 0, 'the platform never closed it');
    const resumes = (await control('GET', `/_sandbox/calls?merchantId=${DEMO_GROCERY_ID}`)) as { calls: { route: string }[] };
    assert.equal(resumes.calls.filter((c) => c.route.startsWith('DELETE')).length, 0, 'no resume: the pause ends by itself');
  });
});
