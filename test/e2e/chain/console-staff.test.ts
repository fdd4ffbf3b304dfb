import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import type { StaffState } from '../../../src-shared/ipc/channels/staff';
import { certificateFingerprint } from '../../../src-main/hub/trust/fingerprint';
import { consoleShot } from '../../support/chain/console-shot';
import { clusterOrSkip } from '../../support/chain/db';
import { linkTerminal, type LinkedTerminal } from '../../support/chain/linked-terminal';
import type { PgCluster } from '../../support/chain/pg-cluster';
import { chainCertificate, consoleAccount, startChainReplica, type ChainReplica } from '../../support/chain/process';
import { withSandbox } from '../../support/sandbox/sandbox';
import { createOrder, type Sandbox } from '../../support/sandbox/orders';
import { waitFor } from '../../support/sync/harness';
import { launchChromium, ROOT, STORE_TIME_ZONE } from '../../support/shells/web-shell';

/**
 * A store's team on the chain's console, in Chromium at 1920x1080 in pt-BR (docs/staff.md, "On a
 * chain"): the owner adds Marcos and Ana on the restaurant's page through the terminals' person
 * dialog and turns PIN sign-in on; the restaurant's terminal, linked with its device credential,
 * sees them, signs Ana in, confirms and cancels with Marcos's approval; the page's trail says so in
 * the terminals' words, in pt-BR and English (screenshots and axe).
 */
const PAGES = process.env.STORE_TERMINAL_TEST_RENDERER_DIR ?? join(ROOT, 'out', 'renderer');
const built = existsSync(join(PAGES, 'console.html'));
const SCREEN = { width: 1920, height: 1080 };
const PASSWORD = 'senha-da-dona-123';

describe("a store's team on the chain's console, in Chromium", { skip: built ? false : 'run `npm run build` first' }, () => {
  let cluster: PgCluster | null = null;
  let sandbox: Sandbox;
  let replica: ChainReplica;
  let browser: Browser;
  let page: Page;
  let pool: pg.Pool;
  let counter: LinkedTerminal;
  const folder = mkdtempSync(join(tmpdir(), 'st-console-staff-e2e-'));

  before(async () => {
    cluster = await clusterOrSkip('the console staff e2e');
    if (!cluster) return;
    sandbox = await withSandbox();
    const databaseUrl = await cluster.database('chain_console_staff_e2e');
    const tls = await chainCertificate(folder);
    replica = await startChainReplica({
      name: 'Rede Cantina',
      databaseUrl,
      sandboxUrl: sandbox.url,
      clockAt: sandbox.world.clock.nowIso(),
      tls,
      console: true,
    });
    consoleAccount(databaseUrl, { login: 'dona@rede.com', name: 'Dona da rede', password: PASSWORD });
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    const fingerprint = certificateFingerprint(readFileSync(tls.cert, 'utf8'));
    counter = await linkTerminal({
      pool,
      port: replica.port,
      fingerprint,
      now: sandbox.world.clock.now(),
      stores: [DEMO_RESTAURANT_ID],
      name: 'Cantina — Balcão',
    });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: SCREEN, timezoneId: STORE_TIME_ZONE, ignoreHTTPSErrors: true, locale: 'pt-BR' });
    page = await context.newPage();
  });

  after(async () => {
    await counter?.endpoint.close();
    await pool?.end();
    await browser?.close();
    await replica?.kill('SIGTERM');
    await sandbox?.close();
    await cluster?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const addPerson = async (name: string, role: 'staff' | 'manager', pin: string) => {
    await page.getByTestId('store-team-add').click();
    const dialog = page.getByTestId('person-dialog');
    await dialog.getByTestId('person-name').fill(name);
    await dialog.getByTestId(`person-role-${role}`).click();
    await dialog.getByTestId('person-pin').fill(pin);
    await dialog.getByTestId('person-pin-again').fill(pin);
    await dialog.getByTestId('person-save').click();
    await page.locator('[data-testid="store-team-person"]', { hasText: name }).waitFor();
  };
  const call = async <T>(channel: string, input: unknown = {}): Promise<T> => {
    const result = await counter.endpoint.invoke(channel, input);
    assert.ok(result.ok, `${channel}: ${JSON.stringify(result)}`);
    return result.value as T;
  };

  it("the owner makes the restaurant's team on its page, and its terminal signs in with it", async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    await page.goto(`https://127.0.0.1:${replica.consolePort}/`);
    await page.getByTestId('sign-in-login').fill('dona@rede.com');
    await page.getByTestId('sign-in-password').fill(PASSWORD);
    await page.getByTestId('sign-in-submit').click();
    const store = page.locator(`[data-testid="wall-row"][data-store-id="${DEMO_RESTAURANT_ID}"]`);
    await store.waitFor({ timeout: 20_000 });
    await store.getByTestId('wall-store-link').click();
    await page.getByTestId('store-team-none').waitFor();
    await addPerson('Marcos', 'manager', '907311');
    await addPerson('Ana', 'staff', '4821');
    await page.getByTestId('store-team-sign-in').check();
    await page.getByTestId('store-team-configure').click();
    await waitFor(async () => (await call<StaffState>('staff:state')).signIn, 'sign-in on at the terminal');

    const { people } = await call<StaffState>('staff:state');
    assert.deepEqual(
      people.map((p) => [p.name, p.role]),
      [
        ['Ana', 'staff'],
        ['Marcos', 'manager'],
      ],
    );
    const id = (name: string) => people.find((p) => p.name === name)?.id ?? '';
    const order = await createOrder(sandbox, { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' });
    await waitFor(async () => (await pool.query('SELECT 1 FROM orders WHERE id = $1', [order.id])).rowCount === 1, 'the order on the chain');
    await call('staff:signIn', { personId: id('Ana'), pin: '4821' });
    await call('orders:act', { orderId: order.id, action: 'confirm' });
    await call('staff:approve', { personId: id('Marcos'), pin: '907311', action: 'cancelOrder' });
    await call('orders:act', { orderId: order.id, action: 'requestCancellation', payload: { reason: '501' } });
  });

  it("shows the terminals' actions in the page's trail, in pt-BR and English", async (t) => {
    if (!cluster) return t.skip('no PostgreSQL');
    // The page reads its store again every 10 s.
    const cancelled = page.getByTestId('store-trail').getByText(/Cancelamento pedido por Ana às .* na tela Cantina — Balcão, aprovado por Marcos/);
    await cancelled.waitFor({ timeout: 15_000 });
    await page.getByTestId('store-team').scrollIntoViewIfNeeded();
    await consoleShot(page, 'store-team-pt-BR');
    await page.getByTestId('language-en').click();
    await page
      .getByTestId('store-trail')
      .getByText(/Cancellation requested by Ana at .* on Cantina — Balcão, approved by Marcos/)
      .waitFor();
    await consoleShot(page, 'store-team-en');
    await page.getByTestId('language-pt-BR').click();

    // Removing a person asks first, in the terminals' own dialog; going back keeps the person.
    await page.locator('[data-testid="store-team-person"]', { hasText: 'Ana' }).getByTestId('store-team-remove').click();
    const asking = page.getByTestId('store-team-remove-dialog');
    await asking.getByRole('heading', { name: 'Remover Ana?' }).waitFor();
    await consoleShot(page, 'store-team-remove-pt-BR');
    await asking.getByRole('button', { name: 'Voltar' }).click();
    await asking.waitFor({ state: 'detached' });
    assert.equal(await page.locator('[data-testid="store-team-person"]', { hasText: 'Ana' }).count(), 1, 'Ana is still on the team');
  });
});
