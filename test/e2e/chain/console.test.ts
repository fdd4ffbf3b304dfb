import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { consoleShot } from '../../support/chain/console-shot';
import { chainCertificate, consoleAccount, startChainReplica, type ChainReplica } from '../../support/chain/process';
import { clusterOrSkip } from '../../support/chain/db';
import type { PgCluster } from '../../support/chain/pg-cluster';
import { withSandbox } from '../../support/sandbox/sandbox';
import { createOrder, type Sandbox } from '../../support/sandbox/orders';
import { waitFor } from '../../support/sync/harness';
import { launchChromium, ROOT, STORE_TIME_ZONE } from '../../support/shells/web-shell';

/**
 * The chain's manager console through its own page in Chromium, at 1366x768 in both languages,
 * against a replica on a throwaway PostgreSQL and the sandbox with a chain of branches: the owner
 * signs in (a wrong password first), the wall shows every store, a store paused on the platform shows
 * as paused within seconds, a bulk pause of three stores and a product sold out in two reach each
 * store once (the sandbox's call log), and the Reports page counts a store's orders as the sandbox
 * has them; a store's page shows an order placed at the sandbox; the owner makes an area manager and
 * their group from the Team page, who then sees only the group's stores; a week of hours on two stores
 * is one replacement each. Screenshots: test-results/console-*.png (the wall and reports at 1024x768 too).
 */
const built = existsSync(join(ROOT, 'out', 'renderer', 'console.html'));
const CONSOLE_SCREEN = { width: 1366, height: 768 };
const PASSWORD = 'senha-da-dona-123';

describe("the chain's manager console, in Chromium", { skip: built ? false : 'run `npm run build` first' }, () => {
  let cluster: PgCluster | null = null;
  let sandbox: Sandbox;
  let replica: ChainReplica;
  let browser: Browser;
  let page: Page;
  let stores: string[] = [];
  const folder = mkdtempSync(join(tmpdir(), 'st-console-e2e-'));

  const shot = (what: string): Promise<void> => consoleShot(page, what);
  const row = (storeId: string) => page.locator(`[data-testid="wall-row"][data-store-id="${storeId}"]`);

  before(async () => {
    cluster = await clusterOrSkip('the console e2e');
    if (!cluster) return;
    sandbox = await withSandbox();
    const branches = (await sandbox.http.send('POST', '/_sandbox/stores', { json: { count: 6 } })).body as { stores: { id: string }[] };
    stores = [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID, ...branches.stores.map((s) => s.id)];
    const databaseUrl = await cluster.database('chain_console_e2e');
    replica = await startChainReplica({
      name: 'Rede Cantina',
      databaseUrl,
      sandboxUrl: sandbox.url,
      clockAt: sandbox.world.clock.nowIso(),
      tls: await chainCertificate(folder),
      console: true,
      statusSeconds: 1,
    });
    consoleAccount(databaseUrl, { login: 'dona@rede.com', name: 'Dona da rede', password: PASSWORD });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: CONSOLE_SCREEN, timezoneId: STORE_TIME_ZONE, ignoreHTTPSErrors: true, locale: 'pt-BR' });
    page = await context.newPage();
  });

  after(async () => {
    await browser?.close();
    await replica?.kill('SIGTERM');
    await sandbox?.close();
    await cluster?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('signs the owner in (after a wrong password, said in words) and shows every store of the chain', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    await page.goto(`https://127.0.0.1:${replica.consolePort}/`);
    await page.getByTestId('sign-in-form').waitFor();
    await page.getByTestId('sign-in-login').fill('dona@rede.com');
    await page.getByTestId('sign-in-password').fill('errada-1234567');
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('sign-in-error').waitFor();
    await shot('sign-in-error-pt-BR');
    await page.getByTestId('sign-in-password').fill(PASSWORD);
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('wall-table').waitFor({ timeout: 15_000 });
    for (const store of stores) await row(store).waitFor({ timeout: 20_000 });
    await shot('wall-pt-BR');
  });

  it('shows a store paused on the platform as paused within seconds', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const target = stores[3] ?? DEMO_RESTAURANT_ID;
    const token = await sandbox.http.token();
    const now = sandbox.world.clock.now();
    const made = await sandbox.http.send('POST', `/merchant/v1.0/merchants/${target}/interruptions`, {
      token,
      json: { description: 'Pausa no portal', start: new Date(now - 60_000).toISOString(), end: new Date(now + 30 * 60_000).toISOString() },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const pausedAt = Date.now();
    await page.locator(`[data-testid="wall-row"][data-store-id="${target}"][data-summary="paused"]`).waitFor({ timeout: 10_000 });
    // The replica reads every store's status each second here (--status-interval-seconds 1), then the wall's next second.
    assert.ok(Date.now() - pausedAt < 4_000, `paused on the wall after ${Date.now() - pausedAt} ms`);
  });

  it('pauses three stores in one action: each paused once on the platform, progress per store; in English too', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const chosen = stores.slice(4, 7);
    for (const store of chosen) await row(store).getByTestId('select-store').check();
    assert.match(await page.getByTestId('selected-count').innerText(), /3/);
    await page.getByTestId('bulk-pause').click();
    const dialog = page.getByTestId('bulk-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('bulk-description').fill('Falta de gás');
    await shot('bulk-dialog-pt-BR');
    await dialog.getByTestId('bulk-confirm').click();
    for (const store of chosen) await page.locator(`[data-testid="bulk-row"][data-store-id="${store}"][data-state="done"]`).waitFor({ timeout: 30_000 });
    await shot('bulk-progress-pt-BR');
    for (const store of chosen) {
      const posts = sandbox.world.orders.storeCalls.of(store).filter((c) => c.route === 'POST /merchants/{merchantId}/interruptions');
      assert.equal(posts.length, 1, `one pause at ${store}`);
    }
    await page.getByTestId('bulk-close').click();
    for (const store of chosen) await page.locator(`[data-testid="wall-row"][data-store-id="${store}"][data-summary="paused"]`).waitFor({ timeout: 10_000 });
    await page.getByTestId('language-en').click();
    await page.getByTestId('wall-table').waitFor();
    await shot('wall-en');
  });

  it('sells a product out in two stores by its code: one catalog status call per store, progress per store; the dialog in both languages', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    // Branches copy the restaurant's menu: each has the product CV-MAS-02 (Espaguete ao sugo).
    const chosen = stores.slice(2, 4);
    for (const store of chosen) await row(store).getByTestId('select-store').check();
    await page.getByTestId('bulk-sold-out').click();
    const dialog = page.getByTestId('bulk-dialog');
    await dialog.getByTestId('sold-out-code').fill('CV-MAS-02');
    await shot('sold-out-dialog-en');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('language-pt-BR').click();
    await page.getByTestId('bulk-sold-out').click();
    await dialog.getByTestId('sold-out-code').fill(' CV-MAS-02 ');
    assert.equal(await dialog.getByTestId('sold-out-UNAVAILABLE').getAttribute('aria-pressed'), 'true', 'sold out is the first choice');
    await shot('sold-out-dialog-pt-BR');
    assert.match(await dialog.getByTestId('bulk-confirm').innerText(), /Esgotar CV-MAS-02 em 2 lojas/);
    await dialog.getByTestId('bulk-confirm').click();
    for (const store of chosen) await page.locator(`[data-testid="bulk-row"][data-store-id="${store}"][data-state="done"]`).waitFor({ timeout: 30_000 });
    assert.match(await dialog.getByTestId('bulk-title').innerText(), /Esgotar o produto CV-MAS-02/);
    await shot('sold-out-progress-pt-BR');
    for (const store of chosen) {
      const calls = sandbox.world.orders.storeCalls.of(store).filter((c) => c.route === 'PATCH /products/status');
      assert.equal(calls.length, 1, `one catalog status call at ${store}`);
      const catalog = sandbox.world.catalog.of(store);
      const product = [...catalog.products.values()].find((p) => p.externalCode === 'CV-MAS-02');
      const items = [...catalog.items.values()].filter((i) => i.productId === product?.id);
      assert.ok(items.length > 0 && items.every((i) => i.status === 'UNAVAILABLE'), `the dish sold out at ${store}`);
    }
    for (const store of stores.filter((s) => !chosen.includes(s))) {
      assert.equal(sandbox.world.orders.storeCalls.of(store).filter((c) => c.route === 'PATCH /products/status').length, 0, `nothing sent to ${store}`);
    }
    await dialog.getByTestId('bulk-close').click();
  });

  it('reports each store’s orders of today as the sandbox has them, compared with yesterday; the CSV asks the same; in both languages', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const busy = stores[5] ?? DEMO_RESTAURANT_ID;
    const quiet = stores[6] ?? DEMO_GROCERY_ID;
    const placed = [];
    for (const merchantId of [busy, busy, busy, quiet]) placed.push(await createOrder(sandbox, { merchantId, orderType: 'TAKEOUT' }));
    // Two of the busy store's orders confirmed: its confirmation times are on the board.
    const token = await sandbox.http.token();
    for (const order of placed.slice(0, 2)) assert.equal((await sandbox.http.send('POST', `/order/v1.0/orders/${order.id}/confirm`, { token })).status, 202);
    const sandboxOrders = (store: string) => [...sandbox.world.orders.orders.values()].filter((o) => o.detail.merchant.id === store).length;

    await page.getByTestId('nav-reports').click();
    const reports = page.getByTestId('reports-page');
    await reports.waitFor();
    assert.equal(await page.getByTestId('nav-reports').getAttribute('aria-current'), 'page');
    const orders = (store: string) => page.locator(`[data-testid="report-row"][data-store-id="${store}"] td[data-column="orders"] .value`);
    // The replica polls the platform each second; the report rolls its facts up before it is read.
    await waitFor(
      async () => {
        await page.getByTestId('report-refresh').click();
        await page.locator('[data-testid="reports-page"]:is([data-state="shown"], [data-state="empty"], [data-state="failed"])').waitFor();
        const confirmed = page.locator(`[data-testid="report-row"][data-store-id="${busy}"] td[data-column="confirmP50"] .value`);
        return (await orders(busy).count()) > 0 && (await orders(busy).innerText()) === String(sandboxOrders(busy)) && (await confirmed.count()) > 0;
      },
      'the report counts the sandbox’s orders',
      30_000,
    );
    assert.equal(await orders(busy).innerText(), '3');
    assert.equal(await orders(quiet).innerText(), String(sandboxOrders(quiet)));
    assert.equal(await page.getByTestId('report-chart').getAttribute('data-bars'), String(await page.getByTestId('report-row').count()));

    await page.getByTestId('report-compare').check();
    await page.locator('[data-testid="reports-page"][data-state="shown"]').waitFor();
    assert.match(await page.locator(`[data-testid="report-row"][data-store-id="${busy}"] td[data-column="orders"]`).innerText(), /antes nenhum/);
    await page.getByTestId('report-sort-orders').click();
    assert.equal(await page.locator('th.orders').getAttribute('aria-sort'), 'ascending');
    await page.getByTestId('report-sort-orders').click();
    assert.equal(await page.getByTestId('report-row').first().getAttribute('data-store-id'), busy, 'most orders first');
    await shot('reports-pt-BR');

    const csv = await page.request.get(new URL(String(await page.getByTestId('report-csv').getAttribute('href')), page.url()).href);
    assert.equal(csv.status(), 200);
    const lines = (await csv.text()).trim().split('\r\n');
    const busyLines = lines.filter((line) => line.includes(`,${busy},`));
    assert.equal(busyLines.length, 1, 'the store once: it had no order yesterday');
    assert.equal(busyLines[0]?.split(',')[4], '3', 'its orders in the CSV as on screen');

    await page.getByTestId('language-en').click();
    await page.getByText('none before').first().waitFor();
    await shot('reports-en');
    await page.getByTestId('nav-wall').click();
    await page.getByTestId('wall-table').waitFor();
  });

  it('opens a store’s page from its name on the wall and sees an order placed at the sandbox on it; Escape goes back; in both languages', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const target = stores[2] ?? DEMO_RESTAURANT_ID;
    const order = await createOrder(sandbox, { merchantId: target, orderType: 'TAKEOUT' });
    await row(target).getByTestId('wall-store-link').click();
    const storePage = page.locator(`[data-testid="store-page"][data-store-id="${target}"]`);
    await storePage.waitFor();
    // The replica polls each second; the page reads again when the store's row changes (or every 10 s).
    // The order's event may come before its details: the page shows it at once and its type once read.
    await page.locator(`[data-testid="store-order"][data-order-id="${order.id}"]`).filter({ hasText: 'Takeout' }).waitFor({ timeout: 20_000 });
    await page.locator('[data-testid="store-event"][data-code="PLACED"]').first().waitFor({ timeout: 20_000 });
    assert.match(await page.locator(`[data-testid="store-order"][data-order-id="${order.id}"]`).innerText(), /Waiting for confirmation[^]*Takeout/);
    await shot('store-en');
    await page.getByTestId('language-pt-BR').click();
    await page.getByText('Voltar às lojas').waitFor();
    assert.match(await page.locator(`[data-testid="store-order"][data-order-id="${order.id}"]`).innerText(), /Aguardando confirmação[^]*Retirada/);
    await shot('store-pt-BR');
    // Busy mode for this store, from its page: saved on the server and shown as kept.
    const busy = page.getByTestId('store-busy-mode');
    await busy.getByTestId('busy-mode-on').check();
    // The page reads the store again while the manager edits (a second order changes its row): the edit stays.
    const second = await createOrder(sandbox, { merchantId: target, orderType: 'TAKEOUT' });
    await page.locator(`[data-testid="store-order"][data-order-id="${second.id}"]`).waitFor({ timeout: 20_000 });
    assert.equal(await busy.getByTestId('busy-mode-on').isChecked(), true, "a re-read keeps the manager's edit");
    await busy.getByTestId('busy-mode-minutes').fill('20');
    await busy.getByTestId('busy-mode-save').click();
    await page.locator('[data-testid="store-busy-mode"][data-on="true"]').waitFor();
    await shot('store-busy-mode-pt-BR');
    await page.keyboard.press('Escape');
    await page.getByTestId('wall-table').waitFor();
    assert.equal(
      await page.evaluate(() => document.activeElement?.closest('[data-testid="wall-row"]')?.getAttribute('data-store-id')),
      target,
      'the keyboard back on its name',
    );
    await row(target).getByTestId('wall-store-link').click();
    await storePage.waitFor();
    await page.goBack();
    await page.getByTestId('wall-table').waitFor();
    assert.equal(await storePage.count(), 0, 'the browser’s back returns to the wall');
  });

  it('makes an area manager and their group from the Team page; signed in, they see only the group’s stores', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const group = stores.slice(2, 4);
    await page.getByTestId('nav-team').click();
    await page.getByTestId('team-page').waitFor();
    await page.locator('[data-testid="account-row"][data-login="dona@rede.com"]').waitFor();
    assert.equal(await page.locator('[data-testid="account-row"][data-login="dona@rede.com"] [data-testid="account-remove"]').count(), 0, 'not your own');
    await page.getByTestId('account-new').click();
    const account = page.getByTestId('account-dialog');
    await account.getByTestId('account-login').fill('area@rede.com');
    await account.getByTestId('account-name').fill('Ana da Zona Sul');
    await account.getByTestId('account-role').selectOption('area_manager');
    await account.getByTestId('account-password').fill('curta');
    assert.match(await account.getByTestId('account-problem').innerText(), /pelo menos 10 caracteres/);
    await account.getByTestId('account-password').fill('senha-da-area-123');
    await account.getByTestId('account-reveal').click();
    assert.equal(await account.getByTestId('account-password').getAttribute('type'), 'text');
    await account.getByTestId('account-save').click();
    await account.waitFor({ state: 'detached' });
    await page.locator('[data-testid="account-row"][data-login="area@rede.com"]').waitFor();

    await page.getByTestId('group-new').click();
    const dialog = page.getByTestId('group-dialog');
    await dialog.getByTestId('group-name').fill('Zona Sul');
    for (const store of group) await dialog.locator(`[data-testid="group-store"][data-store-id="${store}"]`).check();
    await dialog.locator('[data-testid="group-manager"][data-login="area@rede.com"]').check();
    await dialog.getByTestId('group-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-testid="group-row"]').filter({ hasText: 'Zona Sul' }).waitFor();
    // The account lists its groups: read again once the group is saved.
    assert.equal(await page.locator('[data-testid="account-row"][data-login="area@rede.com"] [data-testid="account-groups"]').innerText(), 'Zona Sul');
    await shot('team-pt-BR');
    await page.getByTestId('language-en').click();
    await page.getByText('Console accounts').waitFor();
    await shot('team-en');
    await page.getByTestId('language-pt-BR').click();

    const context = await browser.newContext({ viewport: CONSOLE_SCREEN, timezoneId: STORE_TIME_ZONE, ignoreHTTPSErrors: true, locale: 'pt-BR' });
    try {
      const area = await context.newPage();
      await area.goto(`https://127.0.0.1:${replica.consolePort}/`);
      await area.getByTestId('sign-in-login').fill('area@rede.com');
      await area.getByTestId('sign-in-password').fill('senha-da-area-123');
      await area.getByTestId('sign-in-submit').click();
      for (const store of group) await area.locator(`[data-testid="wall-row"][data-store-id="${store}"]`).waitFor({ timeout: 20_000 });
      const shown = await area.getByTestId('wall-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-store-id')));
      assert.deepEqual(new Set(shown), new Set(group), 'only the group’s stores');
      assert.equal(await area.getByTestId('nav-team').count(), 0, 'the Team page is the owner’s');
    } finally {
      await context.close();
    }
    await page.getByTestId('nav-wall').click();
    await page.getByTestId('wall-table').waitFor();
  });

  it('applies a week of opening hours to two stores: one replacement per store on the platform; the dialog in both languages', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    const chosen = stores.slice(6, 8);
    const replaced = (store: string) => sandbox.world.orders.storeCalls.of(store).filter((c) => c.route === 'PUT /merchants/{merchantId}/opening-hours');
    const before = new Map(stores.map((s) => [s, replaced(s).length]));
    for (const store of chosen) await row(store).getByTestId('select-store').check();
    await page.getByTestId('bulk-hours').click();
    const dialog = page.getByTestId('bulk-dialog');
    await dialog.getByTestId('hours-open-SUNDAY').uncheck();
    await dialog.getByTestId('hours-end-FRIDAY').fill('01:00');
    await dialog.getByTestId('hours-start-SATURDAY').fill('00:30');
    assert.match(await dialog.getByTestId('bulk-problem').innerText(), /Sexta: Este turno se sobrepõe a outro \(Sábado\)/);
    await dialog.getByTestId('hours-start-SATURDAY').fill('11:00');
    await dialog.getByTestId('bulk-problem').waitFor({ state: 'detached' });
    await shot('hours-dialog-pt-BR');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('language-en').click();
    await page.getByTestId('bulk-hours').click();
    await dialog.getByText('Apply the week to 2 stores').waitFor();
    await shot('hours-dialog-en');
    await dialog.getByTestId('bulk-confirm').click();
    for (const store of chosen) await page.locator(`[data-testid="bulk-row"][data-store-id="${store}"][data-state="done"]`).waitFor({ timeout: 30_000 });
    for (const store of stores) assert.equal(replaced(store).length - (before.get(store) ?? 0), chosen.includes(store) ? 1 : 0, `hours replaced at ${store}`);
    await dialog.getByTestId('bulk-close').click();
    await page.getByTestId('language-pt-BR').click();
  });

  it('the wall and the reports at a tablet’s size (1024x768, landscape)', async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId('wall-table').waitFor();
    await shot('wall-tablet-pt-BR');
    await page.getByTestId('nav-reports').click();
    await page.locator('[data-testid="reports-page"][data-state="shown"]').waitFor({ timeout: 15_000 });
    await shot('reports-tablet-pt-BR');
    await page.setViewportSize(CONSOLE_SCREEN);
    await page.getByTestId('nav-wall').click();
  });
});
