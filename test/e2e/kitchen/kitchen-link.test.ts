import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { freePort } from '../../support/free-port';
import { pairKitchenDisplay, type PairedKitchen } from '../../support/kitchen/pairing';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

/** The counter's port for its screens, known before it starts: it comes back there after each kill, where the kitchen looks. */
const HUB_PORT = await freePort();

/**
 * A kitchen display tells the truth about its link to the counter (the store's hub), as the board
 * does: the hub killed, its tickets stay on screen read-only under the banner within seconds, a tap
 * on a bump is held (nothing is sent, nothing is blamed on the internet); a ticket the customer
 * cancelled meanwhile is gone within seconds of the hub's return; revoked at the counter, it says so
 * at once and after a reload, never as a quiet kitchen. In pt-BR and English, at 1024x600.
 * Screenshots: test-results/kitchen-link-*.png.
 */
describe('a kitchen display and its link to the counter', () => {
  const counter = useTerminal({ name: 'kitchen-link', args: ['--hub-port', String(HUB_PORT), '--no-hub-announce'] });
  let paired: PairedKitchen | undefined;
  after(async () => {
    await paired?.shell.stop();
    if (paired) rmSync(paired.shell.dataDir, { recursive: true, force: true });
  });
  const kitchen = (): Page => {
    assert.ok(paired, 'the kitchen display is paired');
    return paired.page;
  };
  const ticketOf = (orderId: string) => kitchen().locator(`[data-testid="kitchen-ticket"][data-order-id="${orderId}"]`);
  const banner = () => kitchen().getByTestId('link-banner');

  /** An order the counter confirms, on the kitchen display. */
  async function confirmedTicket(): Promise<string> {
    const order = await counter.placeOrder({ orderType: 'TAKEOUT', items: [{ externalCode: 'CV-MAS-01', quantity: 1 }] });
    await counter.page.getByTestId('nav-orders').click();
    await counter.page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`).getByTestId('act-confirm').click({ timeout: 15_000 });
    await ticketOf(order.id).waitFor({ timeout: 15_000 });
    return order.id;
  }

  /** The counter's process killed: the store's hub gone at once, its sockets with it. */
  async function killHub(): Promise<void> {
    counter.shell.process.kill('SIGKILL');
    await banner().and(kitchen().locator('[data-state="lost"]')).waitFor({ timeout: 5_000 });
  }

  it('pairs as the kitchen display', async () => {
    paired = await pairKitchenDisplay(counter);
    await counter.page.getByTestId('pairing-dialog').getByTestId('pairing-close').click();
    assert.equal(await banner().count(), 0, 'no banner while the link is up');
  });

  it('the hub killed: its tickets stay, read-only, under the banner; a bump is held; a cancellation made meanwhile is gone once it is back', async () => {
    const kept = await confirmedTicket();
    const cancelled = await confirmedTicket();
    await killHub();
    assert.match(await banner().innerText(), /Sem conexão com o terminal principal desde \d{2}:\d{2} — quadro somente leitura/);
    assert.equal(await kitchen().getByTestId('kitchen-content').getAttribute('data-read-only'), 'true');
    // The tickets stay readable; a bump is held where it is (the hatching says so), never sent nor blamed on the internet.
    await ticketOf(kept).getByTestId('ticket-bump').click();
    await kitchen().keyboard.press('Enter'); // the bump bar
    assert.equal(await ticketOf(kept).count(), 1, 'the ticket stays');
    assert.equal(await kitchen().getByTestId('kitchen-notice').count(), 0, 'no notice blaming the platform');
    // A station is this screen's own choice: it still changes.
    await kitchen().locator('[data-testid="kitchen-station"][data-station-id="all"]').click();
    await counter.shotAs('kitchen-link-hub-killed-pt-BR', kitchen());

    // The customer cancels while the counter is down; the counter comes back and hears it.
    assert.equal((await counter.http.send('POST', `/_sandbox/orders/${cancelled}/customerCancel`, { json: {} })).status < 300, true);
    await counter.restart();
    await banner().waitFor({ state: 'detached', timeout: 10_000 });
    await ticketOf(cancelled).waitFor({ state: 'detached', timeout: 10_000 });
    assert.equal(await ticketOf(kept).count(), 1, 'the other ticket is still there');
    assert.equal(await kitchen().getByTestId('kitchen-content').getAttribute('data-read-only'), 'false');
    await ticketOf(kept).getByTestId('ticket-bump').click();
    await ticketOf(kept).waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('in English: the same banner, and the hatched tickets', async () => {
    await kitchen().getByTestId('kitchen-exit').click();
    await chooseLanguage(kitchen(), 'en');
    await kitchen().reload();
    await kitchen().locator('[data-testid="kitchen-mode"][data-screen="kitchen"]').waitFor();
    await confirmedTicket();
    await killHub();
    assert.match(await banner().innerText(), /No connection to the main terminal since \d{1,2}:\d{2}\s?(AM|PM) — board read-only/);
    await counter.shotAs('kitchen-link-hub-killed-en', kitchen());
    await counter.restart();
    await banner().waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('revoked at the counter: it says so at once, and after a reload — never a quiet kitchen', async () => {
    const hub = counter.page;
    await hub.getByTestId('nav-settings').click();
    await hub.getByTestId('settings-screens').getByTestId('screen-revoke').click();
    await hub.getByTestId('revoke-dialog').getByTestId('revoke-confirm').click();
    await banner().and(kitchen().locator('[data-state="refused"]')).waitFor({ timeout: 5_000 });
    assert.match(await banner().innerText(), /This screen was removed at the main terminal/);
    await counter.shotAs('kitchen-link-revoked-en', kitchen());

    await kitchen().reload();
    await kitchen().locator('[data-testid="kitchen-mode"][data-screen="kitchen"]').waitFor();
    await banner().and(kitchen().locator('[data-state="refused"]')).waitFor({ timeout: 5_000 });
    const empty = kitchen().getByTestId('kitchen-empty');
    assert.equal(await empty.getAttribute('data-why'), 'unread');
    assert.match(await empty.innerText(), /The orders could not be read: This screen was removed/);
    assert.doesNotMatch(await empty.innerText(), /No orders to prepare/);
    await counter.shotAs('kitchen-link-revoked-reload-en', kitchen());

    // Portuguese, as the kitchen's cooks read it.
    await kitchen().getByTestId('kitchen-exit').click();
    await chooseLanguage(kitchen(), 'pt-BR');
    await kitchen().reload();
    await kitchen().locator('[data-testid="kitchen-mode"][data-screen="kitchen"]').waitFor();
    assert.match(await banner().innerText(), /Esta tela foi removida no terminal principal/);
    assert.match(await kitchen().getByTestId('kitchen-empty').innerText(), /Os pedidos não puderam ser lidos: Esta tela foi removida/);
    await counter.shotAs('kitchen-link-revoked-reload-pt-BR', kitchen());
  });
});
