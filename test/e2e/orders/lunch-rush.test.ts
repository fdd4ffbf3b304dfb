import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { SMALL_SCREEN, useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

interface Placed {
  id: string;
  displayId: string;
}

/**
 * A lunch rush on the store's own screen, 1024x600, in Portuguese, tapped with a finger: a dozen
 * orders cancelled at once leave the board where it was, in one line and one sound; a customer's
 * complaint is announced on whatever screen is open, muted or not, and answered from the banner; a
 * double tap does one thing (the sandbox's per-order call log says what was sent); a compact card
 * says an order is scheduled, and one past its deadline offline offers nothing to confirm.
 */
describe('a lunch rush at 1024x600 on a touch screen', () => {
  const POLL_MS = 1_000;
  const terminal = useTerminal({
    name: 'rush',
    touch: true,
    locale: 'pt-BR',
    recordSounds: true,
    pollSeconds: POLL_MS / 1000,
    sandbox: { rateLimitFactor: 0 },
  });

  const card = (id: string) => terminal.page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
  const column = (name: string) => terminal.page.getByTestId(`column-${name}`);
  const drawer = () => terminal.page.getByTestId('order-drawer');
  const banner = () => terminal.page.getByTestId('requests-banner');
  async function control(path: string, json: unknown = {}): Promise<Record<string, unknown>> {
    const response = await terminal.http.send('POST', path, { json });
    assert.ok(response.status < 300, `${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Record<string, unknown>;
  }
  async function calls(orderId: string, action: string): Promise<number> {
    const body = (await terminal.http.send('GET', `/_sandbox/orders/${orderId}/calls`)).body as { calls: { route: string }[] };
    return body.calls.filter((c) => c.route.endsWith(`/${action}`)).length;
  }
  const sounds = (): Promise<string[]> => terminal.page.evaluate(() => [...(globalThis as unknown as { sounds: string[] }).sounds]);
  const top = async (target: Locator): Promise<number> => {
    const box = await target.boundingBox();
    assert.ok(box, 'on screen');
    return box.y;
  };
  const newCount = async (): Promise<number> => Number(await column('new').getByTestId('column-count').textContent());
  /** New orders, on the board once the New column counts them (a virtual list draws only the cards in view). */
  async function placeMany(n: number, body: Record<string, unknown> = {}): Promise<Placed[]> {
    const before = await newCount();
    const orders: Placed[] = [];
    for (let i = 0; i < n; i++) orders.push(await terminal.placeOrder<Placed>({ orderType: 'TAKEOUT', ...body }));
    await terminal.page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="column-new"] [data-testid="column-count"]')?.textContent) >= n,
      before + n,
      { timeout: 15_000 },
    );
    return orders;
  }
  async function confirmed(body: Record<string, unknown> = {}): Promise<Placed> {
    const [order] = (await placeMany(1, body)) as [Placed];
    await card(order.id).getByTestId('act-confirm').tap();
    await terminal.page.locator(`[data-order-id="${order.id}"][data-status="CONFIRMED"]`).waitFor({ timeout: 15_000 });
    return order;
  }
  /** Lets every new order pass its 8 minutes on the platform's clock (the terminal's runs on). */
  const passEightMinutes = () => control('/_sandbox/clock', { advanceSeconds: 8 * 60 + 1 });
  /** Two taps on the spot where `target` is now, `gapMs` apart, as a hurried finger does. */
  async function doubleTap(target: Locator, gapMs: number): Promise<void> {
    const box = await target.boundingBox();
    assert.ok(box);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await terminal.page.touchscreen.tap(x, y);
    await terminal.page.waitForTimeout(gapMs);
    await terminal.page.touchscreen.tap(x, y);
  }
  /** The new orders left on the board pass their 8 minutes, out of the next test's way. */
  async function clearNewOrders(): Promise<void> {
    const { page } = terminal;
    if ((await column('new').getByTestId('order-card').count()) === 0) return;
    await passEightMinutes();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="column-new"] [data-testid="order-card"]').length === 0, undefined, {
      timeout: 15_000,
    });
    await page.getByTestId('cancel-summary-dismiss').tap();
  }
  let complained: Placed | undefined;

  it('12 orders cancelled at once: one line under the board, no card moves, one sound, one tap dismisses them', async (t) => {
    const { page } = terminal;
    // The repeat shortened to see the siren repeat below; muted, so only what a mute never silences sounds.
    await page.getByTestId('nav-settings').tap();
    await page.getByTestId('alert-repeatSeconds').fill('3');
    await page.getByTestId('alert-repeatSeconds').press('Tab');
    await page.getByTestId('nav-orders').tap();
    await page.getByTestId('mute').tap();
    const cooking = await confirmed();
    const doomed = await placeMany(12);
    await page.getByTestId('orders-waiting-badge').getByText('12').waitFor();
    await page.waitForTimeout(1_000);
    const before = { card: await top(card(cooking.id)), sounds: (await sounds()).length };

    await passEightMinutes();
    const line = page.getByTestId('cancel-summary');
    await line.getByText('12 pedidos cancelados pela plataforma').waitFor({ timeout: 15_000 });
    assert.equal(await newCount(), 0, 'every one left New');
    await page.waitForTimeout(3_000);
    const after = await top(card(cooking.id));
    assert.ok(Math.abs(after - before.card) <= 60, `the card on screen moved ${after - before.card} px`);
    const board = await page.getByTestId('order-board').boundingBox();
    assert.ok(board && board.height >= 0.6 * SMALL_SCREEN.height, `the board is ${board?.height} px of ${SMALL_SCREEN.height}`);
    const lineBox = await line.boundingBox();
    assert.ok(lineBox && lineBox.height <= 60, `one line: ${lineBox?.height} px`);
    t.diagnostic(`card moved ${after - before.card} px; board ${board.height} px of ${SMALL_SCREEN.height}; line ${lineBox.height} px`);
    assert.deepEqual((await sounds()).slice(before.sounds), ['cancelled'], 'one sound starts (muted: no chime)');
    assert.equal(await page.getByTestId('orders-waiting-badge').count(), 0, 'nothing left to confirm');
    await terminal.shot('cancelled-pt-BR');

    // "Ver" lists them over the board: the board stays where it is.
    await line.getByTestId('cancel-summary-show').tap();
    const list = page.getByTestId('cancel-list');
    await list.waitFor();
    assert.equal(await list.getByTestId('cancel-list-item').count(), 12);
    await list.getByText('Cancelado pela plataforma: Não foi confirmado em até 8 minutos').first().waitFor();
    assert.equal(await top(card(cooking.id)), after, 'the list opens over the board');
    await terminal.shot('cancelled-list-pt-BR');

    await list.getByTestId('cancel-list-close').tap();
    await list.waitFor({ state: 'detached' });

    // Cancelled cards are in Done, marked red.
    await page.getByTestId('show-done').tap();
    const newest = column('done').getByTestId('order-card').first();
    assert.equal(await newest.getAttribute('data-order-id'), doomed.at(-1)?.id);
    await newest.getByTestId('cancelled-badge').getByText('CANCELADO').waitFor();
    await terminal.shot('cancelled-done-pt-BR');
    await line.getByTestId('cancel-summary-dismiss').tap();
    await line.waitFor({ state: 'detached' });
    await page.getByTestId('show-preparing').tap();
    complained = cooking;
  });

  it('a dispute raised while on the Store screen is announced there within one poll, sounds though muted, repeats, and opens its drawer from the banner', async (t) => {
    const { page } = terminal;
    const order = complained ?? (await confirmed());
    await page.getByTestId('nav-store').tap();
    await page.getByTestId('store-tab-status').waitFor();
    assert.equal(await page.getByTestId('unmute').count(), 1, 'still muted');
    const heard = (await sounds()).filter((k) => k === 'dispute').length;
    const raised = Date.now();
    await control(`/_sandbox/orders/${order.id}/dispute`, { action: 'CANCELLATION', expiresInSeconds: 3_600, timeoutAction: 'ACCEPT_CANCELLATION' });
    await banner().waitFor({ timeout: 10_000 });
    const took = Date.now() - raised;
    assert.ok(took <= POLL_MS + 1_500, `announced ${took} ms after it was raised (poll every ${POLL_MS} ms)`);
    t.diagnostic(`announced on the Store screen ${took} ms after it was raised (poll every ${POLL_MS} ms)`);
    await banner().getByText('Reclamação do cliente', { exact: true }).waitFor();
    await banner()
      .getByText(/responda em \d+:\d\d/)
      .waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="orders-requests-badge"]')?.textContent?.replace(/\s/g, '') === '!1');
    // Muted: the siren sounds, and sounds again (every 3 s here) until answered.
    await page.waitForFunction((n) => (globalThis as unknown as { sounds: string[] }).sounds.filter((k) => k === 'dispute').length >= n + 2, heard, {
      timeout: 10_000,
    });
    await terminal.shot('dispute-store-screen-pt-BR');

    await banner().getByTestId('requests-answer').tap();
    await drawer().getByTestId('dispute-panel').waitFor();
    assert.equal(await page.getByTestId('nav-orders').getAttribute('aria-current'), 'page');
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'detached' });
    // Pinned to the top of its column, counted on its tab; the banner stays until it is answered.
    await page.getByTestId('show-preparing').getByTestId('tab-requests').getByText('1 cliente espera resposta').waitFor({ state: 'attached' });
    assert.equal(await column('preparing').getByTestId('order-card').first().getAttribute('data-order-id'), order.id);
    await banner().waitFor();
  });

  it('a compact card says an order is scheduled; the rush in screenshots, Portuguese and English', async () => {
    const { page } = terminal;
    const doomed = await placeMany(7);
    await passEightMinutes();
    await page.getByTestId('cancel-summary').getByText('7 pedidos cancelados pela plataforma').waitFor({ timeout: 15_000 });
    assert.equal(await newCount(), 0);
    assert.equal(doomed.length, 7);
    const [scheduled] = (await placeMany(1, { orderTiming: 'SCHEDULED' })) as [Placed];
    await placeMany(3);
    await card(scheduled.id)
      .getByTestId('scheduled-start')
      .getByText(/^Agendado · começar \d\d:\d\d$/)
      .waitFor();
    await page.waitForTimeout(500);
    await terminal.shot('board-pt-BR');

    await chooseLanguage(page, 'en');
    await page.getByTestId('nav-orders').tap();
    await page.getByTestId('cancel-summary').getByText('7 orders cancelled by the platform').waitFor();
    await card(scheduled.id)
      .getByTestId('scheduled-start')
      .getByText(/^Scheduled · start \d{1,2}:\d\d [AP]M$/)
      .waitFor();
    await banner().getByText('Customer complaint', { exact: true }).waitFor();
    await page.getByTestId('unmute').waitFor();
    await page.waitForTimeout(500);
    await terminal.shot('board-en');
    await page.getByTestId('cancel-summary-show').tap();
    await terminal.shot('cancelled-list-en');
    await page.getByTestId('cancel-summary-dismiss').tap();
    await chooseLanguage(page, 'pt-BR');
    await page.getByTestId('nav-orders').tap();
  });

  it('a double tap on Confirmar confirms one order; on Iniciar preparo it sends no Pronto', async () => {
    const { page } = terminal;
    await clearNewOrders();
    for (const gap of [120, 150]) {
      const [first, second] = (await placeMany(3)) as [Placed, Placed];
      const firstCard = column('new').getByTestId('order-card').first();
      await page.waitForFunction(
        (id) => document.querySelector('[data-testid="column-new"] [data-testid="order-card"]')?.getAttribute('data-order-id') === id,
        first.id,
      );
      await page.waitForTimeout(600);
      await doubleTap(firstCard.getByTestId('act-confirm'), gap);
      await column('preparing').locator(`[data-order-id="${first.id}"]`).waitFor({ timeout: 15_000 });
      await page.waitForTimeout(2_000);
      assert.equal(await calls(first.id, 'confirm'), 1, `${gap} ms: the tapped order confirmed once`);
      assert.equal(await calls(second.id, 'confirm'), 0, `${gap} ms: the order that slid under the finger is not confirmed`);
      assert.equal(await card(second.id).getAttribute('data-status'), 'PLACED');

      await page.waitForTimeout(600);
      await doubleTap(card(first.id).getByTestId('act-startPreparation'), gap);
      await page.locator(`[data-order-id="${first.id}"][data-status="PREPARATION_STARTED"]`).waitFor({ timeout: 15_000 });
      await page.waitForTimeout(2_000);
      assert.equal(await calls(first.id, 'startPreparation'), 1);
      assert.equal(await calls(first.id, 'readyToPickup'), 0, `${gap} ms: no Pronto from the second tap`);
      await clearNewOrders();
    }
    // A tap half a second later is a tap: the next step goes.
    const ready = column('preparing').getByTestId('act-readyToPickup').first();
    const id = (await ready.locator('xpath=ancestor::article').getAttribute('data-order-id')) ?? '';
    await ready.tap();
    await card(id).waitFor({ state: 'detached', timeout: 15_000 });
    assert.equal(await calls(id, 'readyToPickup'), 1);
  });

  it('offline past its deadline, a new order offers no Confirmar: greyed, "Prazo esgotado — não prepare"', async () => {
    const [late] = (await placeMany(1)) as [Placed];
    const clock = (await terminal.http.send('GET', '/_sandbox/clock')).body as { now: string };
    // The terminal comes back 9 minutes later on the platform's clock, and cannot reach it.
    await terminal.restart({ clockAt: new Date(Date.parse(clock.now) + 9 * 60_000).toISOString(), apiBaseUrl: 'http://127.0.0.1:9' });
    const greyed = card(late.id).getByTestId('confirm-expired');
    await greyed.getByText('Prazo esgotado — não prepare').waitFor({ timeout: 15_000 });
    assert.equal(await greyed.isDisabled(), true);
    assert.equal(await card(late.id).getByTestId('act-confirm').count(), 0);
    await terminal.shot('expired-offline-pt-BR');
  });
});
