import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { systemClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { RemoteEndpoint } from '../../../src-main/hub/link/remote-endpoint';
import { pairWithHub } from '../../../src-main/hub/trust/pair-client';
import type { ControlEvent } from '../../support/sandbox/orders';
import { axeViolations, smallTargets } from '../../support/axe';
import { startRivalPoller } from '../../support/sync/rival-poller';
import { useTerminal } from '../../support/shells/terminal-fixture';
import { waitFor } from '../../support/sync/harness';
import { chooseLanguage } from '../../support/shells/web-shell';

/**
 * Settings › Telas on the store's small screen (1024x600), in both languages: a screen paired with
 * the code on screen (the test plays the screen, pairing as its main process does), its confirm
 * shown as its own on the board and in the drawer, revoked with a confirmation; and a second
 * terminal reading the same account named on every screen.
 */
describe('hub screens in Chromium', () => {
  const terminal = useTerminal({ name: 'hub-screens', args: ['--hub-port', '0', '--no-hub-announce'] });
  let screen: RemoteEndpoint | undefined;
  after(() => screen?.close());

  async function accessible(where: string, scope?: string): Promise<void> {
    const violations = await axeViolations(terminal.page, scope ? { include: scope } : {});
    assert.deepEqual(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      [],
      where,
    );
    assert.deepEqual(await smallTargets(terminal.page, 44), [], `${where}: touch targets under 44 px`);
  }
  const panel = (): Locator => terminal.page.getByTestId('settings-screens');

  it('pairs a screen with the code on screen, and lists it connected', async () => {
    const { page } = terminal;
    await page.getByTestId('nav-settings').click();
    await panel().getByTestId('screens-none').waitFor();
    assert.equal(await panel().getAttribute('data-state'), 'idle');
    await panel().scrollIntoViewIfNeeded();
    await terminal.shot('empty-pt-BR', panel());

    await page.getByTestId('screens-pair').click();
    const dialog = page.getByTestId('pairing-dialog');
    const code = dialog.getByTestId('pairing-code');
    await code.waitFor();
    await dialog.getByTestId('pairing-qr').waitFor();
    assert.match(await code.innerText(), /^\d{3} \d{3}$/);
    assert.match(await dialog.getByTestId('pairing-countdown').innerText(), /^Vale por mais (2:00|1:5\d)$/);
    assert.equal(await dialog.getByTestId('pairing-tries').innerText(), 'Restam 5 tentativas');
    assert.match(await dialog.getByTestId('pairing-fingerprint').innerText(), /[0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4} [0-9a-f]{4}/);
    await terminal.shot('pairing-pt-BR');
    await accessible('the pairing window', '[data-testid="pairing-dialog"]');

    const port = Number(await dialog.getAttribute('data-port'));
    const paired = await pairWithHub({ host: '127.0.0.1', port, code: String(await code.getAttribute('data-code')), name: 'Cozinha 1', kind: 'kitchen' });
    await dialog.getByTestId('pairing-closed').and(page.locator('[data-why="used"]')).waitFor();
    screen = new RemoteEndpoint({
      hub: () => ({ host: '127.0.0.1', port }),
      fingerprint: paired.fingerprint,
      credential: paired.credential,
      clock: systemClock,
      logger: silentLogger,
    });
    screen.start();
    await dialog.getByTestId('pairing-close').click();
    const listed = panel().getByTestId('paired-screen');
    await listed.and(page.locator('[data-connected="true"]')).waitFor({ timeout: 15_000 });
    assert.match(await listed.innerText(), /Cozinha 1\s+Cozinha · Contato: agora\s+Conectada\s+Revogar/);
    await terminal.shot('paired-pt-BR', panel());
    await accessible('Settings › Telas with a screen', '[data-testid="settings-screens"]');
  });

  it("the screen's confirm shows whose it was, on the card and in the drawer", async () => {
    const { page } = terminal;
    assert.ok(screen);
    const order = await terminal.placeOrder({ orderType: 'TAKEOUT' });
    await page.getByTestId('nav-orders').click();
    const card = page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await card.waitFor({ timeout: 15_000 });
    const acted = await screen.invoke('orders:act', { orderId: order.id, action: 'confirm' });
    assert.ok(acted.ok, JSON.stringify(acted));
    await card.and(page.locator('[data-status="CONFIRMED"]')).getByTestId('confirmed-from').waitFor({ timeout: 15_000 });
    assert.equal(await card.getByTestId('confirmed-from').getAttribute('title'), 'Confirmado por Cozinha 1');
    await card.getByRole('button').first().click();
    await page.getByTestId('action-origin').waitFor();
    assert.equal((await page.getByTestId('action-origin').innerText()).trim(), '· por Cozinha 1');
    await page.getByTestId('action-origin').scrollIntoViewIfNeeded();
    await terminal.shot('confirmed-from-pt-BR');
    await page.keyboard.press('Escape');
  });

  it('in English, the same window and list', async () => {
    const { page } = terminal;
    await chooseLanguage(page, 'en');
    const listed = panel().getByTestId('paired-screen');
    await listed.waitFor();
    assert.match(await listed.innerText(), /Cozinha 1\s+Kitchen · Last contact: now\s+Connected\s+Revoke/);
    await panel().scrollIntoViewIfNeeded();
    await terminal.shot('paired-en', panel());
    await page.getByTestId('screens-pair').click();
    const dialog = page.getByTestId('pairing-dialog');
    await dialog.getByTestId('pairing-code').waitFor();
    assert.equal(await dialog.getByTestId('pairing-tries').innerText(), '5 tries left');
    await terminal.shot('pairing-en');
    await accessible('the pairing window in English', '[data-testid="pairing-dialog"]');
    await dialog.getByTestId('pairing-close').click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('revokes the screen after a confirmation: it is cut at once and leaves the list', async () => {
    const { page } = terminal;
    assert.ok(screen);
    await panel().getByTestId('screen-revoke').click();
    const confirm = page.getByTestId('revoke-dialog');
    await confirm.waitFor();
    assert.match(await confirm.innerText(), /Revoke “Cozinha 1”\?/);
    await terminal.shot('revoke-en');
    await accessible('the revoke confirmation', '[data-testid="revoke-dialog"]');
    await confirm.getByTestId('revoke-confirm').click();
    await panel().getByTestId('screens-none').waitFor();
    await waitFor(() => screen?.link().state === 'refused', 'the screen told it was revoked');
    await chooseLanguage(page, 'pt-BR');
  });

  it('a second terminal reading the same account is named on screen, in both languages', async () => {
    const { page } = terminal;
    await page.getByTestId('nav-orders').click();
    const http = terminal.http;
    const token = await terminal.token();
    const acknowledged = async (orderId: string, code: string): Promise<boolean> => {
      const events = (await http.send('GET', '/_sandbox/events')).body as { events: ControlEvent[] };
      return events.events.some((e) => e.orderId === orderId && e.code === code && e.acknowledged);
    };
    // The other terminal polls far more often than this one: it takes the order's start. Stopped,
    // it leaves the confirmation to this terminal, which then knows an order it never saw placed.
    let missed: string | undefined;
    for (let attempt = 0; attempt < 10 && !missed; attempt++) {
      const rival = startRivalPoller(http, { everyMs: 25 });
      const order = await terminal.placeOrder({ orderType: 'TAKEOUT' });
      await waitFor(() => acknowledged(order.id, 'PLC'), 'the order taken');
      await rival.stop();
      if (rival.taken.includes(order.id) && (await page.locator(`[data-order-id="${order.id}"]`).count()) === 0) missed = order.id;
    }
    assert.ok(missed, 'the other terminal took an order alone');
    const confirmed = await http.send('POST', `/order/v1.0/orders/${missed}/confirm`, { token });
    assert.equal(confirmed.status, 202);
    const banner = page.getByTestId('shared-queue-banner');
    await banner.waitFor({ timeout: 20_000 });
    assert.equal(await banner.getAttribute('data-signs'), 'missed-events');
    assert.match(await banner.innerText(), /Outro terminal está lendo os pedidos desta conta: pareie-o como tela deste/);
    await terminal.shot('shared-queue-pt-BR');
    await accessible('the board with the shared-queue banner');
    await chooseLanguage(page, 'en');
    await page.getByTestId('nav-orders').click();
    assert.match(await banner.innerText(), /Another terminal is reading this account's orders: pair it as a screen of this one/);
    await terminal.shot('shared-queue-en');
    await banner.getByTestId('shared-queue-how').click();
    await panel().waitFor();
    assert.ok(await panel().evaluate((el) => el.getBoundingClientRect().top < innerHeight), 'Settings open at Telas');
    await chooseLanguage(page, 'pt-BR');
  });
});
