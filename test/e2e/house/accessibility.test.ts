import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONNECTED_WINDOW_MS } from '../../../src-sandbox/merchant/status';
import { AXE_TAGS, axeViolations, smallTargets, type AxeViolation } from '../../support/axe';
import { addRefusingPrinter } from '../../support/print/dead-printer';
import { SMALL_SCREEN, useTerminal } from '../../support/shells/terminal-fixture';
import { chooseLanguage } from '../../support/shells/web-shell';

interface Placed {
  id: string;
}

const SCREENS = ['orders', 'history', 'store', 'menu', 'reviews', 'settings'] as const;

function described(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.help}): ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')} — ${n.summary.split('\n')[1] ?? n.summary}`)
          .join('; ')}`,
    )
    .join('\n');
}

/**
 * WCAG AA on every screen, in both languages, at 1024x600, in the states a lunch rush brings: the
 * red of a rush (the offline banner, a printer out, a ticket not printed, a customer's complaint, the
 * cancellations' line, the drawer's destructive actions) is where contrast failed before, and axe
 * only judges what is on screen, so the test makes every one of them appear first. Touch targets are
 * held to 44 px. A last case proves both checks bite.
 */
describe('accessibility at 1024x600 in a rush, both languages', () => {
  const terminal = useTerminal({ name: 'a11y', viewport: SMALL_SCREEN, locale: 'pt-BR', pollSeconds: 1, sandbox: { rateLimitFactor: 0 } });

  const card = (id: string) => terminal.page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
  async function control(path: string, json: unknown = {}): Promise<void> {
    const response = await terminal.http.send('POST', path, { json });
    assert.ok(response.status < 300, `${path}: ${response.status} ${JSON.stringify(response.body)}`);
  }

  async function checkScreen(where: string): Promise<void> {
    const { page } = terminal;
    const violations = await axeViolations(page);
    assert.deepEqual(
      violations.map((v) => v.id),
      [],
      `${where}:\n${described(violations)}`,
    );
    assert.deepEqual(await smallTargets(page, 44), [], `${where}: touch targets under 44 px`);
  }

  it('every screen, the drawer on a complaint, and the rush notices pass axe (WCAG 2.2 AA) with targets of 44 px', async () => {
    const { page } = terminal;
    await addRefusingPrinter(page);
    await page.getByTestId('nav-orders').click();

    // A confirmed order whose ticket does not print, with a complaint; one the platform cancels; one waiting.
    const disputed = await terminal.placeOrder<Placed>({ orderType: 'DELIVERY' });
    await card(disputed.id).getByTestId('act-confirm').click({ timeout: 15_000 });
    await page.locator(`[data-order-id="${disputed.id}"][data-status="CONFIRMED"]`).waitFor({ timeout: 15_000 });
    await page.getByTestId('printer-alert').waitFor({ timeout: 20_000 });
    await control(`/_sandbox/orders/${disputed.id}/dispute`, { action: 'CANCELLATION', expiresInSeconds: 3_600, timeoutAction: 'ACCEPT_CANCELLATION' });
    await page.getByTestId('requests-banner').waitFor({ timeout: 15_000 });
    const cancelled = await terminal.placeOrder<Placed>({ orderType: 'TAKEOUT' });
    await card(cancelled.id).waitFor({ timeout: 15_000 });
    await control('/_sandbox/clock', { advanceSeconds: 8 * 60 + 1 });
    await page.getByTestId('cancel-summary').waitFor({ timeout: 15_000 });
    const waiting = await terminal.placeOrder<Placed>({ orderType: 'TAKEOUT' });
    await card(waiting.id).waitFor({ timeout: 15_000 });
    await page.getByTestId('mute').click();

    // Then the platform fails: offline after 30 s without a good poll.
    assert.equal((await terminal.http.send('PUT', '/_sandbox/faults', { json: { errorRate: 1, errorStatus: 503 } })).status, 200);
    try {
      await page.getByTestId('offline-banner').waitFor({ timeout: CONNECTED_WINDOW_MS + 10_000 });
      for (const locale of ['pt-BR', 'en'] as const) {
        if (locale === 'en') await chooseLanguage(page, 'en');
        for (const screen of SCREENS) {
          await page.getByTestId(`nav-${screen}`).click();
          await page.waitForTimeout(400);
          await checkScreen(`${screen} (${locale})`);
        }
        await page.getByTestId('nav-orders').click();
        await page.getByTestId('requests-banner').getByRole('button').first().click();
        await page.getByTestId('dispute-panel').waitFor();
        await checkScreen(`the drawer on a complaint (${locale})`);
        await terminal.shot(`drawer-complaint-${locale}`);
        await page.keyboard.press('Escape');
        await page.getByTestId('order-drawer').waitFor({ state: 'hidden' });
        await terminal.shot(`board-rush-${locale}`);
      }
    } finally {
      await terminal.http.send('PUT', '/_sandbox/faults', { json: {} });
      await chooseLanguage(page, 'pt-BR');
    }
  });

  it('the checks bite: white on the rush red and a 30 px button are found', async () => {
    const { page } = terminal;
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.id = 'a11y-probe';
      probe.style.cssText = 'position:fixed;top:0;left:0;z-index:2147483647';
      // Styles through the CSSOM: the page's CSP refuses inline style attributes.
      const text = document.createElement('p');
      text.textContent = 'Sem conexão';
      text.style.cssText = 'background:#ff5a5f;color:#fff;font-size:14px;padding:4px;margin:0';
      const tiny = document.createElement('button');
      tiny.textContent = 'x';
      tiny.dataset.testid = 'tiny';
      tiny.style.cssText = 'width:30px;height:30px;min-height:0;min-width:0;padding:0';
      probe.append(text, tiny);
      document.body.append(probe);
    });
    try {
      const ids = (await axeViolations(page, { tags: AXE_TAGS, include: '#a11y-probe' })).map((v) => v.id);
      assert.ok(ids.includes('color-contrast'), `axe finds white on #ff5a5f: ${ids.join(', ')}`);
      assert.ok(
        (await smallTargets(page, 44)).some((s) => s.startsWith('[data-testid="tiny"]')),
        'a 30 px button is a small target',
      );
    } finally {
      await page.evaluate(() => document.getElementById('a11y-probe')?.remove());
    }
  });
});
