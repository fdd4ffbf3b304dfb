import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { axeViolations, smallTargets } from '../../support/axe';
import { chainCertificate, consoleAccount, startChainReplica, type ChainReplica } from '../../support/chain/process';
import { clusterOrSkip } from '../../support/chain/db';
import type { PgCluster } from '../../support/chain/pg-cluster';
import { withSandbox } from '../../support/sandbox/sandbox';
import type { Sandbox } from '../../support/sandbox/orders';
import { SHOTS } from '../../support/shells/terminal-fixture';
import { launchChromium, ROOT, STORE_TIME_ZONE } from '../../support/shells/web-shell';

/**
 * The chain's manager console through its own page in Chromium, at 1366x768 in both languages,
 * against a replica on a throwaway PostgreSQL and the sandbox with a chain of branches: the owner
 * signs in (a wrong password first), the wall shows every store, a store paused on the platform shows
 * as paused within seconds, and a bulk pause of three stores reaches each once (the sandbox's call
 * log). Screenshots: test-results/console-*.png.
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

  const shot = async (what: string): Promise<void> => {
    await page.screenshot({ path: join(SHOTS, `console-${what}.png`) });
    const violations = await axeViolations(page);
    assert.deepEqual(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      [],
      `${what} passes axe`,
    );
    assert.deepEqual(await smallTargets(page, 44), [], `${what}: every target 44 px`);
  };
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
});
