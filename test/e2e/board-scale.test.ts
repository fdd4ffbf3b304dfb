import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, startSandbox, type RunningSandbox } from '../../src-sandbox/index';
import { pinnedNow } from '../support/clock';
import { rawHttp } from '../support/sandbox';
import { launchChromium, ROOT, startWebShell, type RunningShell } from '../support/web-shell';

const STORES = [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID, DEMO_PIZZERIA_ID];

/** The board at scale (2,000 open orders) and scheduled orders moving lanes on the terminal's clock. */
describe('board at scale and scheduled orders in Chromium', () => {
  let sandbox: RunningSandbox;
  let shell: RunningShell;
  let browser: Browser;
  let page: Page;
  const dataDir = mkdtempSync(join(tmpdir(), 'st-scale-'));
  const args = (extra: string[] = []) => ['--api-base-url', sandbox.url, '--client-id', 'demo', '--poll-interval', '1', ...extra];

  async function placeOrder(merchantId: string, body: Record<string, unknown> = {}): Promise<{ id: string; preparationStartDateTime?: string }> {
    const response = await rawHttp(sandbox.url).send('POST', '/_sandbox/orders', { json: { merchantId, ...body } });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body as never;
  }
  const column = (name: string) => page.getByTestId(`column-${name}`);
  const countOf = async (name: string) => Number(await column(name).getByTestId('column-count').textContent());
  const newSounds = (): Promise<number> => page.evaluate(() => (window as unknown as { sounds: string[] }).sounds.filter((s) => s === 'new').length);

  before(async () => {
    sandbox = await startSandbox({ port: 0, now: pinnedNow(), rateLimitFactor: 0 });
    shell = await startWebShell({ args: args(), dataDir, clientSecret: 'demo-secret' });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.addInitScript(() => {
      const w = window as unknown as { sounds: string[] };
      w.sounds = [];
      addEventListener('store-terminal:sound', (e) => w.sounds.push((e as CustomEvent<{ kind: string }>).detail.kind));
    });
    await page.goto(shell.launchUrl());
    await page.getByTestId('order-board').waitFor();
  });
  after(async () => {
    await browser?.close();
    await shell?.stop();
    await sandbox?.close();
  });

  it('a confirmed scheduled order waits in the Scheduled lane, and calls for staff when the clock reaches its start', async () => {
    const order = await placeOrder(DEMO_RESTAURANT_ID, { orderTiming: 'SCHEDULED', orderType: 'TAKEOUT' });
    const card = () => page.locator(`[data-testid="order-card"][data-order-id="${order.id}"]`);
    await column('new').locator(`[data-order-id="${order.id}"]`).waitFor({ timeout: 15_000 });
    await card().getByTestId('act-confirm').click();
    await column('scheduled').locator(`[data-order-id="${order.id}"]`).waitFor({ timeout: 15_000 });
    await card().getByTestId('scheduled-start').waitFor();
    await page.screenshot({ path: join(ROOT, 'test-results', 'board-scheduled-pt-BR.png') });

    // The terminal comes back at the order's preparation start (its clock, not the machine's).
    const start = order.preparationStartDateTime;
    assert.ok(start);
    await shell.stop();
    shell = await startWebShell({ args: args(['--clock-at', new Date(Date.parse(start) + 5_000).toISOString()]), dataDir, clientSecret: 'demo-secret' });
    await page.goto(shell.launchUrl());
    await column('preparing').locator(`[data-order-id="${order.id}"]`).waitFor({ timeout: 15_000 });
    await card().getByTestId('start-now').waitFor();
    await page.waitForFunction(() => (window as unknown as { sounds: string[] }).sounds.includes('new'), undefined, { timeout: 15_000 });
    assert.ok((await newSounds()) >= 1, 'the alert rings for it');
    await page.screenshot({ path: join(ROOT, 'test-results', 'board-scheduled-start-pt-BR.png') });
    // Back at the tests' instant (the sandbox's): the order waits in its lane again.
    await shell.stop();
    shell = await startWebShell({ args: args(), dataDir, clientSecret: 'demo-secret' });
    await page.goto(shell.launchUrl());
    await column('scheduled').locator(`[data-order-id="${order.id}"]`).waitFor({ timeout: 15_000 });
  });

  it('2,000 open orders of three stores survive a reload, the newest included', async () => {
    const TOTAL = 2_000;
    let newest = '';
    for (let i = 0; i < TOTAL; i += 25) {
      const batch = await Promise.all(Array.from({ length: 25 }, (_, j) => placeOrder(STORES[(i + j) % 3] as string)));
      newest = batch.at(-1)?.id ?? newest;
    }
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="column-new"] [data-testid="column-count"]')?.textContent) >= n, TOTAL, { timeout: 180_000, polling: 1000 });
    assert.ok((await page.locator('[data-testid="order-card"]').count()) < 200, 'virtualized: a few dozen cards drawn, not 2,000');
    await page.reload();
    await page.getByTestId('order-board').waitFor();
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="column-new"] [data-testid="column-count"]')?.textContent) >= n, TOTAL, { timeout: 30_000 });
    assert.equal(await countOf('new'), TOTAL);
    // The newest has the latest deadline: the end of the New column.
    await column('new').locator('.scroller').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await column('new').locator(`[data-order-id="${newest}"]`).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(ROOT, 'test-results', 'board-2000-orders.png') });
  });
});
