import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { effective } from '../../../src-sandbox/catalog/model';
import { DEMO_RESTAURANT_ID, startSandbox, type RunningSandbox } from '../../../src-sandbox/index';
import { axeViolations, smallTargets } from '../../support/axe';
import { chainCertificate, inviteCode, startChainReplica, type ChainReplica } from '../../support/chain/process';
import { clusterOrSkip } from '../../support/chain/db';
import { pinnedNow } from '../../support/clock';
import type { PgCluster } from '../../support/chain/pg-cluster';
import { rawHttp } from '../../support/sandbox/sandbox';
import { SHOTS, SMALL_SCREEN } from '../../support/shells/terminal-fixture';
import { chooseLanguage, launchChromium, ROOT, startWebShell, STORE_TIME_ZONE, type RunningShell } from '../../support/shells/web-shell';

/**
 * A store's terminal of a chain, through its own screens: its first run joins the chain's server
 * with the code a manager made for the restaurant (the server's address typed), then works the
 * restaurant's board: an order arrives from the server's poll, staff confirm it, the platform has
 * it confirmed. Screenshots at 1024x600 in both languages (test-results/chain-terminal-*.png).
 */
const built = existsSync(join(ROOT, 'out', 'main', 'web.js'));

describe('a store terminal of a chain server, in Chromium', { skip: built ? false : 'run `npm run build` first' }, () => {
  let cluster: PgCluster | null = null;
  let sandbox: RunningSandbox;
  let replica: ChainReplica;
  let shell: RunningShell;
  let browser: Browser;
  let page: Page;
  const folder = mkdtempSync(join(tmpdir(), 'st-chain-e2e-'));

  const shot = async (what: string): Promise<void> => {
    await page.screenshot({ path: join(SHOTS, `chain-terminal-${what}.png`) });
    const violations = await axeViolations(page);
    assert.deepEqual(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      [],
      `${what} passes axe`,
    );
    assert.deepEqual(await smallTargets(page, 44), [], `${what}: every target 44 px`);
  };

  before(async () => {
    cluster = await clusterOrSkip('the chain terminal e2e');
    if (!cluster) return;
    sandbox = await startSandbox({ port: 0, now: pinnedNow() });
    const databaseUrl = await cluster.database('chain_e2e');
    const clockAt = sandbox.world.clock.nowIso();
    replica = await startChainReplica({ name: 'Rede Cantina', databaseUrl, sandboxUrl: sandbox.url, clockAt, tls: await chainCertificate(folder) });
    const code = inviteCode({ databaseUrl, stores: [DEMO_RESTAURANT_ID], name: 'Cantina — Balcão', kind: 'counter', clockAt });
    shell = await startWebShell({ args: ['--credential-store', 'file'] });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: SMALL_SCREEN, timezoneId: STORE_TIME_ZONE });
    await page.goto(shell.launchUrl());
    await page.getByTestId('first-run').waitFor();
    await page.getByTestId('setup-join').click();
    await page.getByTestId('join-address').fill(`127.0.0.1:${replica.port}`);
    await page.getByTestId('join-address-use').click();
    await page.getByTestId('join-kind-counter').click();
    await page.getByTestId('join-name').fill('Cantina — Balcão');
    await page.getByTestId('join-next').click();
    // A typed address may be the chain's server: the code step says where its code comes from.
    await page.getByTestId('join-code-chain').waitFor();
    await shot('join-code-pt-BR');
    for (const digit of code) await page.getByTestId(`join-key-${digit}`).click();
    await page.getByTestId('join-pair').click();
    await page.getByTestId('order-board').waitFor({ timeout: 30_000 });
  });
  after(async () => {
    await browser?.close();
    await shell?.stop();
    await replica?.kill('SIGTERM');
    await sandbox?.close();
    await cluster?.stop();
    if (shell) rmSync(shell.dataDir, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  });

  it("works the restaurant's orders through the server: one arrives, staff confirm it, the platform has it confirmed", async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const placed = (await rawHttp(sandbox.url).send('POST', '/_sandbox/orders', { json: { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' } })).body as {
      id: string;
      displayId: string;
    };
    const card = page.locator(`[data-testid="order-card"][data-order-id="${placed.id}"]`);
    await card.waitFor({ timeout: 20_000 });
    await shot('board-pt-BR');
    await card.getByTestId('act-confirm').click();
    await page.locator(`[data-testid="order-card"][data-order-id="${placed.id}"][data-status="CONFIRMED"]`).waitFor({ timeout: 20_000 });
    const order = (await rawHttp(sandbox.url).send('GET', `/_sandbox/orders/${placed.id}/calls`)).body as
      { calls?: { route: string; status: number }[] } | { route: string; status: number }[];
    const calls = Array.isArray(order) ? order : (order.calls ?? []);
    assert.equal(calls.filter((c) => c.route.includes('confirm') && c.status === 202).length, 1, 'confirmed once on the platform');
    await card.click();
    await page.getByTestId('order-drawer').waitFor();
    await shot('drawer-pt-BR');
    await page.keyboard.press('Escape');
    await chooseLanguage(page, 'en');
    await page.getByTestId('nav-orders').click();
    await card.waitFor();
    await shot('board-en');
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('settings-screen-pairing').waitFor();
    await shot('settings-en');
    // The store's tickets print here: its printers are this terminal's own.
    await page.getByTestId('settings-printers').scrollIntoViewIfNeeded();
    await page.getByTestId('printer-add').waitFor();
    await shot('printers-en');
    // The same terminal on a big screen, in both languages.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.getByTestId('nav-orders').click();
    await card.waitFor();
    await shot('board-en-1920x1080');
    await chooseLanguage(page, 'pt-BR');
    await page.getByTestId('nav-orders').click();
    await card.waitFor();
    await shot('board-pt-BR-1920x1080');
  });

  it("pauses the restaurant from the Store page through the server: one pause on the platform, shown as paused; no History page on a chain's terminal", async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    await page.setViewportSize(SMALL_SCREEN);
    await chooseLanguage(page, 'pt-BR');
    assert.equal(await page.getByTestId('nav-history').count(), 0, 'the server keeps no history: its page is not offered');
    await page.getByTestId('nav-store').click();
    await page.getByTestId('open-pause').click();
    const dialog = page.getByTestId('pause-dialog');
    await dialog.getByText('30 min', { exact: true }).click();
    await shot('pause-dialog-pt-BR');
    await dialog.getByTestId('pause-confirm').click();
    await page.getByTestId('active-pause').waitFor({ timeout: 20_000 });
    await shot('store-paused-pt-BR');
    const token = await rawHttp(sandbox.url).token('demo', 'demo-secret');
    const pauses = (await rawHttp(sandbox.url).send('GET', `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/interruptions`, { token })).body as unknown[];
    assert.equal(pauses.length, 1, 'one pause on the platform');
    await chooseLanguage(page, 'en');
    await page.getByTestId('nav-store').click();
    await page.getByTestId('active-pause').waitFor();
    await shot('store-paused-en');
    await page.getByTestId('resume').click();
    await page.getByTestId('open-pause').waitFor({ timeout: 20_000 });
    await chooseLanguage(page, 'pt-BR');
    await page.getByTestId('nav-orders').click();
  });

  it('marks a dish sold out and back from the Menu page through the server, in both languages: one platform call each', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    await page.setViewportSize(SMALL_SCREEN);
    await chooseLanguage(page, 'pt-BR');
    const statusCalls = () => sandbox.world.orders.storeCalls.of(DEMO_RESTAURANT_ID).filter((c) => c.route === 'PATCH /items/status' && c.status === 200);
    const statusOf = (id: string) => {
      const item = sandbox.world.catalog.of(DEMO_RESTAURANT_ID).items.get(id);
      return item && effective(item, 'DEFAULT', 'status');
    };
    const before = statusCalls().length;
    await page.getByTestId('nav-menu').click();
    const first = page.getByTestId('menu-item').first();
    await first.waitFor({ timeout: 20_000 });
    const itemId = String(await first.getAttribute('data-item-id'));
    const row = (status: string) => page.locator(`[data-testid="menu-item"][data-item-id="${itemId}"][data-status="${status}"]`);
    await row('AVAILABLE').getByTestId('menu-toggle').click();
    await row('UNAVAILABLE').getByText('Esgotado', { exact: true }).waitFor({ timeout: 20_000 });
    await shot('menu-sold-out-pt-BR');
    assert.equal(statusOf(itemId), 'UNAVAILABLE');
    assert.equal(statusCalls().length, before + 1, 'one call on the platform');

    await chooseLanguage(page, 'en');
    await page.getByTestId('nav-menu').click();
    await row('UNAVAILABLE').getByText('Sold out', { exact: true }).waitFor({ timeout: 20_000 });
    await shot('menu-sold-out-en');
    await row('UNAVAILABLE').getByTestId('menu-toggle').click();
    await row('AVAILABLE').waitFor({ timeout: 20_000 });
    assert.equal(statusOf(itemId), 'AVAILABLE');
    assert.equal(statusCalls().length, before + 2, 'one call on the platform for each press');
    await chooseLanguage(page, 'pt-BR');
    await page.getByTestId('nav-orders').click();
  });

  it("the chain's database down: the top bar says the server's trouble, then that nobody polls; a confirm pressed meanwhile waits and goes once it is back", async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    await page.setViewportSize(SMALL_SCREEN);
    const placed = (await rawHttp(sandbox.url).send('POST', '/_sandbox/orders', { json: { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' } })).body as {
      id: string;
    };
    const card = page.locator(`[data-testid="order-card"][data-order-id="${placed.id}"]`);
    await card.waitFor({ timeout: 20_000 });
    const badge = page.getByTestId('connectivity');
    assert.equal(await badge.getAttribute('data-state'), 'online');
    await cluster.down();
    try {
      await page.locator('[data-testid="connectivity"][data-state="degraded"]').waitFor({ timeout: 15_000 });
      assert.match(String(await badge.getAttribute('title')), /O servidor da rede está com problema no banco de dados/);
      await card.getByTestId('act-confirm').click();
      await card.locator('[data-testid="pending-action"][data-queued-here="true"]').waitFor({ timeout: 15_000 });
      await shot('database-down-pt-BR');
      // A pause pressed meanwhile waits on this screen too, says so, and reaches the platform once.
      await page.getByTestId('nav-store').click();
      await page.getByTestId('open-pause').click();
      const dialog = page.getByTestId('pause-dialog');
      await dialog.getByText('30 min', { exact: true }).click();
      await dialog.getByTestId('pause-confirm').click();
      const keptPause = page.locator('[data-testid="store-action"][data-kind="pause"][data-state="queued"]');
      await keptPause.waitFor({ timeout: 15_000 });
      assert.match(await keptPause.innerText(), /Guardada nesta tela/);
      await shot('database-down-pause-pt-BR');
      await page.getByTestId('nav-orders').click();
      // No replica can poll without its database: past 30 s the platform shows the store closed, and the terminal says so.
      await page.locator('[data-testid="connectivity"][data-state="offline"]').waitFor({ timeout: 45_000 });
      await page.locator('[data-testid="offline-banner"][data-why="server"]').waitFor();
      assert.match(await page.getByTestId('offline-banner').innerText(), /O servidor da rede não está lendo a plataforma/);
      await shot('database-down-offline-pt-BR');
    } finally {
      await cluster.up();
    }
    await page.locator(`[data-testid="order-card"][data-order-id="${placed.id}"][data-status="CONFIRMED"]`).waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="connectivity"][data-state="online"]').waitFor({ timeout: 30_000 });
    const order = (await rawHttp(sandbox.url).send('GET', `/_sandbox/orders/${placed.id}/calls`)).body as
      { calls?: { route: string; status: number }[] } | { route: string; status: number }[];
    const calls = Array.isArray(order) ? order : (order.calls ?? []);
    assert.equal(calls.filter((c) => c.route.includes('confirm') && c.status === 202).length, 1, 'confirmed once on the platform');
    const token = await rawHttp(sandbox.url).token('demo', 'demo-secret');
    const pauses = async () =>
      (await rawHttp(sandbox.url).send('GET', `/merchant/v1.0/merchants/${DEMO_RESTAURANT_ID}/interruptions`, { token })).body as unknown[];
    await page.getByTestId('nav-store').click();
    await page.locator('[data-testid="store-action"][data-kind="pause"][data-state="done"]').waitFor({ timeout: 30_000 });
    assert.equal((await pauses()).length, 1, 'the pause kept on the screen made one pause on the platform');
    await page.getByTestId('nav-orders').click();
  });
});
