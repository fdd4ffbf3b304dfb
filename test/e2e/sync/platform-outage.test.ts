import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { CONNECTED_WINDOW_MS } from '../../../src-sandbox/merchant/status';
import { rawHttp } from '../../support/sandbox/sandbox';
import { addRefusingPrinter } from '../../support/print/dead-printer';
import { SMALL_SCREEN, useTerminal, type TerminalFixture } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

/**
 * A platform that fails is offline: with every call answered 503, the terminal shows itself
 * struggling while the platform still shows the store, and once no poll has succeeded for 30 s (the
 * platform's `is-connected`) it raises the red banner, rings the offline alarm (even muted) and says
 * the store is closed, in the top bar and on the Store screen alike. All of it clears when the
 * platform answers again. At 1024x600 the frame holds every notice at once without scrolling.
 */

/** The terminal's poll in these tests (the fixture's default: 1 s). */
const POLL_MS = 1_000;
/** Playwright's look, the push and a render: what a check adds to the moment something happens. */
const SLACK_MS = 2_500;

/** The page never scrolls as a whole, and every part of the frame is inside the window. */
async function assertFrameFits(page: Page, parts: Locator[]): Promise<void> {
  const { scrollHeight, scrollWidth } = await page.evaluate(() => {
    const root = (globalThis as unknown as { document: { scrollingElement: { scrollHeight: number; scrollWidth: number } } }).document.scrollingElement;
    return { scrollHeight: root.scrollHeight, scrollWidth: root.scrollWidth };
  });
  const viewport = page.viewportSize() ?? SMALL_SCREEN;
  assert.ok(scrollHeight <= viewport.height, `the page is ${scrollHeight} px tall in ${viewport.height}`);
  assert.ok(scrollWidth <= viewport.width, `the page is ${scrollWidth} px wide in ${viewport.width}`);
  for (const part of parts) {
    const box = await part.boundingBox();
    assert.ok(box, `${String(part)} is on screen`);
    assert.ok(
      box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width,
      `${String(part)} inside the window: ${JSON.stringify(box)}`,
    );
  }
}

/** No two of these boxes overlap, and none of their texts is cut (an ellipsis or a clipped line). */
async function assertNoOverlapNoCut(parts: Locator[]): Promise<void> {
  const boxes = [];
  for (const part of parts) {
    const box = await part.boundingBox();
    assert.ok(box && box.width > 0 && box.height > 0, `${String(part)} is shown`);
    const cut = await part.evaluate((el) => {
      const all = [el, ...Array.from(el.querySelectorAll('*'))];
      const clipped = all.find((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1);
      return clipped
        ? `${clipped.className} "${clipped.textContent ?? ''}" ${clipped.scrollWidth}x${clipped.scrollHeight} in ${clipped.clientWidth}x${clipped.clientHeight}`
        : null;
    });
    assert.equal(cut, null, `${String(part)} shows all its text`);
    boxes.push({ part: String(part), ...box });
  }
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      assert.ok(apart, `${a.part} and ${b.part} overlap: ${JSON.stringify([a, b])}`);
    }
  }
}

describe('a platform outage at 1024x600, in Chromium', () => {
  const terminal = useTerminal({ name: 'platform-outage', viewport: SMALL_SCREEN, locale: 'pt-BR', recordSounds: true });

  const banner = () => terminal.page.getByTestId('offline-banner');
  const link = () => terminal.page.getByTestId('connectivity');
  const badge = () => terminal.page.getByTestId('store-status-badge');
  const summaryIs = (locator: Locator, summary: string) => locator.and(terminal.page.locator(`[data-summary="${summary}"]`));

  it('503 on every call: struggling at first, then within 30 s and one poll the banner, the alarm (muted or not) and a closed store; all clear when the platform answers', async () => {
    const { page, sandbox } = terminal;
    await link().getByText('Conectado', { exact: true }).waitFor({ timeout: 20_000 });
    await summaryIs(badge(), 'open').waitFor({ timeout: 20_000 });
    await page.getByTestId('mute').click(); // a mute is for the new-order chime, never for a closed store
    assert.equal(await terminal.sounds('offline'), 0);

    const started = Date.now();
    await terminal.faults({ errorRate: 1, errorStatus: 503 });
    const platformClosedAt = (): number => {
      const lastPoll = sandbox.world.lastPollByStore.get(DEMO_RESTAURANT_ID) ?? 0;
      return lastPoll + CONNECTED_WINDOW_MS;
    };

    // The first failures: the terminal struggles, the platform still shows the store.
    await link().getByText('Instável', { exact: true }).waitFor({ timeout: 10_000 });
    assert.ok(sandbox.world.clock.now() < platformClosedAt(), 'the platform still counts the store connected');
    assert.equal(await banner().count(), 0, 'no banner before the platform closes the store');
    assert.equal(await badge().getAttribute('data-summary'), 'open');
    await terminal.shot('struggling-pt', page.locator('header.top'));

    await banner().waitFor({ timeout: CONNECTED_WINDOW_MS + POLL_MS + SLACK_MS });
    const raisedAfter = Date.now() - started;
    assert.ok(raisedAfter <= CONNECTED_WINDOW_MS + POLL_MS + SLACK_MS, `banner ${raisedAfter} ms after the outage began`);
    assert.ok(raisedAfter >= CONNECTED_WINDOW_MS - 2 * POLL_MS - SLACK_MS, `not before the platform closes the store (${raisedAfter} ms)`);
    assert.ok(sandbox.world.clock.now() >= platformClosedAt(), "the platform's is-connected fails by now too");
    await banner().getByText('a plataforma mostra a loja FECHADA').waitFor();

    for (let i = 0; i < 30 && (await terminal.sounds('offline')) === 0; i++) await page.waitForTimeout(100);
    assert.ok((await terminal.sounds('offline')) >= 1, 'the offline alarm rang, muted as the terminal is');
    assert.ok(Date.now() - started <= CONNECTED_WINDOW_MS + POLL_MS + SLACK_MS + 1_000, `alarm ${Date.now() - started} ms after the outage began`);
    await link().getByText('Sem conexão', { exact: true }).waitFor();
    await summaryIs(badge(), 'offline').getByText('Fechada (sem conexão)').waitFor();
    await assertFrameFits(page, [page.getByTestId('current-store'), badge(), banner(), page.getByTestId('nav-settings'), page.getByTestId('unmute'), link()]);
    await terminal.shot('board-pt');

    // The Store screen says what the top bar says: the platform has closed the store.
    await page.getByTestId('nav-store').click();
    await summaryIs(page.getByTestId('store-summary'), 'offline').getByText('Fechada (sem conexão)').waitFor({ timeout: 10_000 });
    await summaryIs(page.getByTestId('store-header-status'), 'offline').waitFor({ timeout: 10_000 });
    // The operations below are the reading from before the outage, and say so.
    await page.locator('[data-testid="status-operations"][data-before-outage="true"]').getByText('antes da queda').waitFor();
    await assertFrameFits(page, [page.getByTestId('store-summary'), banner(), page.getByTestId('nav-settings')]);
    await terminal.shot('store-pt');
    const rung = await terminal.sounds('offline');
    await page.waitForTimeout(10_500);
    assert.ok((await terminal.sounds('offline')) > rung, 'the alarm repeats while the store is closed');

    await terminal.faults({});
    await banner().waitFor({ state: 'detached', timeout: 15_000 });
    await link().getByText('Conectado', { exact: true }).waitFor();
    await summaryIs(page.getByTestId('store-summary'), 'open').getByText('Aberta').waitFor({ timeout: 15_000 });
    await summaryIs(page.getByTestId('store-header-status'), 'open').waitFor();
    await summaryIs(badge(), 'open').waitFor();
    await page.locator('[data-testid="status-operations"][data-before-outage="false"]').waitFor();
    const after = await terminal.sounds('offline');
    await page.waitForTimeout(11_000);
    assert.equal(await terminal.sounds('offline'), after, 'the alarm stops once the platform answers');
    await page.getByTestId('unmute').click();
    await page.getByTestId('nav-orders').click();
  });
});

/** The demo's own sandbox (in the shell's process): its address is in the shell's log. */
function demoSandbox(terminal: TerminalFixture) {
  const url = /embedded sandbox started[^\n]*"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(terminal.shell.output())?.[1];
  assert.ok(url, `the demo sandbox's address in the shell's log:\n${terminal.shell.output().slice(0, 2_000)}`);
  return rawHttp(url);
}

describe('the top bar at 1024x600 with every notice on, in demo mode', () => {
  const terminal = useTerminal({ name: 'top-bar', demo: true, viewport: SMALL_SCREEN, locale: 'pt-BR' });

  const topBarParts = (page: Page): Locator[] => [
    page.getByTestId('current-store'),
    page.getByTestId('store-status-badge'),
    page.getByTestId('demo-mode'),
    page.getByTestId('printer-alert'),
    page.getByTestId('unmute'),
    page.getByTestId('connectivity'),
  ];

  it('printer out, mute, offline and demo mode: nothing overlaps, nothing is cut, the page does not scroll, in both languages', async () => {
    const { page } = terminal;
    const sandbox = demoSandbox(terminal);

    await addRefusingPrinter(page);

    await page.getByTestId('nav-orders').click();
    await page.getByTestId('act-confirm').first().click({ timeout: 30_000 });
    await page.getByTestId('printer-alert').waitFor({ timeout: 20_000 });
    await page.getByTestId('mute').click();

    assert.equal((await sandbox.send('PUT', '/_sandbox/faults', { json: { errorRate: 1, errorStatus: 503 } })).status, 200);
    try {
      await page.getByTestId('offline-banner').waitFor({ timeout: CONNECTED_WINDOW_MS + 5_000 + SLACK_MS });
      for (const locale of ['pt-BR', 'en'] as const) {
        if (locale === 'en') await chooseLanguage(page, 'en');
        await page.getByTestId('nav-orders').click();
        await page.waitForTimeout(300);
        const parts = topBarParts(page);
        await assertNoOverlapNoCut(parts);
        await assertFrameFits(page, [...parts, page.getByTestId('offline-banner'), page.getByTestId('nav-settings')]);
        await terminal.shot(`every-notice-${locale}`, page.locator('header.top'));
        await terminal.shot(`every-notice-page-${locale}`);
      }
      // The widths between the small screen and a desktop hold too (the app's name comes back at 1280).
      for (const width of [1180, 1280, 1600, 1920]) {
        await page.setViewportSize({ width, height: width === 1920 ? 1080 : 800 });
        await page.waitForTimeout(300);
        await assertNoOverlapNoCut([...(width >= 1280 ? [page.locator('header.top .brand')] : []), ...topBarParts(page)]);
        await assertFrameFits(page, topBarParts(page));
        await terminal.shot(`every-notice-en-${width}`, page.locator('header.top'));
      }
      await page.setViewportSize(SMALL_SCREEN);
    } finally {
      await sandbox.send('PUT', '/_sandbox/faults', { json: {} });
      await chooseLanguage(page, 'pt-BR');
    }
  });
});
