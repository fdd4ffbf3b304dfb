import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEMO_RESTAURANT_ID, startSandbox, type RunningSandbox } from '../../../src-sandbox/index';
import { axeViolations, smallTargets } from '../../support/axe';
import { pinnedNow } from '../../support/clock';
import { buildHubChild, startHubProcess, type HubProcess } from '../../support/hub/process';
import { rawHttp } from '../../support/sandbox/sandbox';
import { SHOTS, SMALL_SCREEN } from '../../support/shells/terminal-fixture';
import { launchChromium, ROOT, startWebShell, STORE_TIME_ZONE, type RunningShell } from '../../support/shells/web-shell';

/**
 * A new terminal of the store becomes a screen of the hub through its own first run: the third
 * choice, the hub heard on the network (or its address typed), what the screen is, the hub's code
 * on the keypad (a wrong one first: it says how many tries are left). The window starts over as a
 * screen and shows the hub's orders; Settings name the hub; the hub killed, the board stays,
 * read-only under a banner, and comes back by itself; revoked, it offers to pair again.
 * Screenshots at 1024x600 in both languages (test-results/join-hub-*.png).
 */
const built = existsSync(join(ROOT, 'out', 'main', 'web.js'));
const HUB_NAME = 'Pizzaria Bella — Balcão';

describe('a screen joins its hub through its own screens', { skip: built ? false : 'run `npm run build` first' }, () => {
  let sandbox: RunningSandbox;
  let child: Awaited<ReturnType<typeof buildHubChild>>;
  let hub: HubProcess;
  let browser: Browser;
  const hubDir = mkdtempSync(join(tmpdir(), 'st-e2e-hub-'));
  const shells: RunningShell[] = [];
  let last: { page: Page; locale: string } | undefined;

  const startHub = async (port = 0): Promise<void> => {
    hub = await startHubProcess({
      entry: child.entry,
      sandboxUrl: sandbox.url,
      dataDir: hubDir,
      clockAt: sandbox.world.clock.nowIso(),
      port,
      advertiseAs: HUB_NAME,
    });
  };
  /** A screenshot of each step, held to the terminal's accessibility rules as it is taken (WCAG 2.2 AA, 44 px targets). */
  const shot = async (page: Page, locale: string, what: string): Promise<void> => {
    await page.screenshot({ path: join(SHOTS, `join-hub-${locale}-${what}.png`) });
    const violations = await axeViolations(page);
    assert.deepEqual(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      [],
      `${what} (${locale}) passes axe`,
    );
    assert.deepEqual(await smallTargets(page), [], `${what} (${locale}): every target 44 px`);
  };
  const otherThan = (code: string): string => (code === '000000' ? '111111' : '000000');
  async function keypad(page: Page, digits: string): Promise<void> {
    for (const digit of digits) await page.getByTestId(`join-key-${digit}`).click();
  }

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    sandbox = await startSandbox({ port: 0, now: pinnedNow() });
    child = await buildHubChild();
    await startHub();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    for (const shell of shells) await shell.stop();
    await hub?.kill('SIGTERM');
    await sandbox?.close();
    child?.remove();
    for (const shell of shells) rmSync(shell.dataDir, { recursive: true, force: true });
    rmSync(hubDir, { recursive: true, force: true });
  });

  for (const locale of ['pt-BR', 'en'] as const) {
    it(`pairs with the hub's code, shows its orders, and rides out the hub going away (${locale})`, async () => {
      const shell = await startWebShell({ args: ['--credential-store', 'file'] });
      shells.push(shell);
      const page = await browser.newPage({ viewport: SMALL_SCREEN, timezoneId: STORE_TIME_ZONE });
      last = { page, locale };
      await page.goto(shell.launchUrl());
      await page.getByTestId('first-run').waitFor();
      if (locale === 'en') {
        await page.getByTestId('setup-locale-en').click();
        await page.waitForFunction(() => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang === 'en');
      }
      await shot(page, locale, 'welcome');
      await page.getByTestId('setup-join').click();

      // The hub as mDNS heard it: its name and its fingerprint's first digits, grouped to read aloud.
      const listed = page.locator(`[data-testid="join-hub"][data-hub-id="${hub.hubId}"]`);
      await listed.waitFor({ timeout: 20_000 });
      const prefix = hub.fingerprint.slice(0, 16).match(/.{4}/g)?.join(' ') ?? '';
      assert.match((await listed.textContent()) ?? '', new RegExp(`${HUB_NAME}.*${prefix}`));
      if (locale === 'pt-BR') {
        await shot(page, locale, 'hubs');
        await listed.click();
      } else {
        // The typed address, as where multicast does not reach.
        await page.getByTestId('join-address').fill(`127.0.0.1:${hub.port}`);
        await shot(page, locale, 'hubs');
        await page.getByTestId('join-address-use').click();
      }

      await page.getByTestId('join-kind-counter').click();
      assert.equal(await page.getByTestId('join-name').inputValue(), locale === 'en' ? 'Counter 2' : 'Balcão 2');
      await shot(page, locale, 'kind');
      await page.getByTestId('join-next').click();

      const code = await hub.code();
      if (locale === 'en')
        await page.keyboard.type(otherThan(code)); // a keyboard types it too
      else await keypad(page, otherThan(code));
      await shot(page, locale, 'code');
      await page.getByTestId('join-pair').click();
      const refusal = page.getByTestId('join-refusal');
      await refusal.waitFor();
      assert.equal(await refusal.getAttribute('data-reason'), 'wrong-code');
      assert.match((await refusal.textContent()) ?? '', /4/);
      assert.equal(await page.getByTestId('join-code').inputValue(), '', 'typed afresh');
      await shot(page, locale, 'wrong-code');
      await keypad(page, code);
      await page.getByTestId('join-pair').click();

      // The window starts over as a screen of the hub: the hub's board.
      await page.getByTestId('order-board').waitFor();
      const placed = (await rawHttp(sandbox.url).send('POST', '/_sandbox/orders', { json: { merchantId: DEMO_RESTAURANT_ID, orderType: 'TAKEOUT' } })).body as {
        displayId: string;
      };
      const card = page.getByTestId('order-card').filter({ hasText: placed.displayId });
      await card.waitFor();
      await shot(page, locale, 'board');

      await page.getByTestId('nav-settings').click();
      const pairing = page.getByTestId('settings-screen-pairing');
      await pairing.waitFor();
      assert.equal(await page.getByTestId('settings-hub-name').textContent(), HUB_NAME);
      assert.equal(await page.getByTestId('settings-link').getAttribute('data-state'), 'connected');
      await shot(page, locale, 'settings');
      await page.getByTestId('nav-orders').click();

      // The hub goes away: at once a banner, the last board kept, read-only.
      await hub.kill('SIGKILL');
      const banner = page.getByTestId('link-banner');
      await page.locator('[data-testid="link-banner"][data-state="lost"]').waitFor({ timeout: 20_000 });
      assert.match((await banner.textContent()) ?? '', locale === 'en' ? /read-only/ : /somente leitura/);
      assert.equal(await page.getByTestId('frame-content').getAttribute('data-read-only'), 'true');
      // What the hub said of the platform is old news: the top bar says the hub is out of reach.
      assert.equal(await page.getByTestId('connectivity').getAttribute('data-state'), 'stale');
      assert.match((await page.getByTestId('connectivity').textContent()) ?? '', locale === 'en' ? /Main terminal out of reach/ : /Sem o terminal principal/);
      await card.click();
      assert.equal(await page.getByTestId('order-drawer').count(), 0, 'nothing opens on a stale board');
      await card.waitFor();
      await shot(page, locale, 'lost');

      // It comes back by itself, with the same board.
      await startHub(hub.port);
      await banner.waitFor({ state: 'detached', timeout: 40_000 });
      assert.equal(await page.getByTestId('frame-content').getAttribute('data-read-only'), 'false');
      assert.notEqual(await page.getByTestId('connectivity').getAttribute('data-state'), 'stale');
      await card.waitFor();
    });
  }

  it('a screen revoked at the hub says so and offers to pair again', async () => {
    assert.ok(last, 'the screens above ran');
    const { page, locale } = last;
    const device = (await hub.devices()).find((d) => d.revokedAt === null && /Counter 2/.test(d.name));
    assert.ok(device);
    await hub.revoke(device.id);
    await page.locator('[data-testid="link-banner"][data-state="refused"]').waitFor({ timeout: 10_000 });
    await shot(page, locale, 'revoked');
    await page.getByTestId('link-pair-again').click();
    await page.getByTestId('first-run').waitFor();
  });
});
