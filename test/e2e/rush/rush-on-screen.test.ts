import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_RESTAURANT_ID } from '../../../src-sandbox/index';
import { playRushOnScreen, type ScreenRushOutcome } from '../../support/rush/rush-on-screen';
import { useTerminal, type TerminalFixture } from '../../support/shells/terminal-fixture';

/**
 * The rush guard's issue end to end, at 1024x600 in Portuguese by touch: the 25-order rush with a
 * slow kitchen of test/support/rush/ (its customers, cook and drivers), the cook tapping the board's
 * cards, against the sandbox's automatic closure — the sandbox and the terminal on one clock run 30
 * times faster than real time (`--clock-rate`), an hour's rush in two minutes. Without busy mode the
 * top bar says "Risco de fechamento" before the platform closes the store, and the platform closes
 * it; with busy mode on (Settings, on screen) the terminal pauses it once, the pause ends by itself
 * and the platform never closes it. The two runs play at once, each with its own sandbox, terminal
 * and window (about 50 s of CPU in all over the file's two minutes). Screenshots:
 * test-results/rush-on-screen-*.png.
 */

const CLOCK_RATE = 30;
/** A run's real time: its 51 minutes of the clock over the rate, and a window to start (the default 2 minutes is too close). */
const RUN_TIMEOUT_MS = 180_000;
/** The platform's 30 seconds without a poll is "disconnected": 10 s of the clock between polls keeps well inside it at this rate. */
const POLL_SECONDS = 10;
const store = DEMO_RESTAURANT_ID;
const minutesOf = (o: ScreenRushOutcome, at: number): string => `+${((at - o.startedAt) / 60_000).toFixed(1)}`;

function rushTerminal(name: string): TerminalFixture {
  return useTerminal({ name, touch: true, locale: 'pt-BR', pollSeconds: POLL_SECONDS, clockRate: CLOCK_RATE, sandbox: { rateLimitFactor: 0 } });
}

/** The run in a line for the test's output: what a person tuning the rate reads. */
function said(o: ScreenRushOutcome): string {
  const closures = o.closures.map((c) => `${c.rule}@${minutesOf(o, Date.parse(c.at))}`).join(',') || 'none';
  const down = o.unavailable.map((u) => `${minutesOf(o, u.from)}..${u.to === null ? 'end' : minutesOf(o, u.to)}`).join(' ') || 'never';
  const warned = o.firstWarningAt === null ? 'never' : minutesOf(o, o.firstWarningAt);
  return `placed ${o.placed}, turned away ${o.turnedAway}, warned ${warned}, closures ${closures}, pauses ${o.pauses}, not open ${down}, longest driver wait ${o.longestDriverWait.toFixed(1)} min; ${o.minutes.toFixed(1)} min of the clock in ${o.realSeconds.toFixed(0)} s`;
}

describe('the 25-order rush on screen, with and without busy mode', { concurrency: 2, timeout: RUN_TIMEOUT_MS + 30_000 }, () => {
  describe('busy mode off: warned, then closed by the platform', () => {
    const terminal = rushTerminal('rush-on-screen-off');

    it('says "Risco de fechamento" in the top bar before the platform closes the store, which then closes it', { timeout: RUN_TIMEOUT_MS }, async (t) => {
      const { page } = terminal;
      const outcome = await playRushOnScreen({
        terminal,
        merchantId: store,
        clockRate: CLOCK_RATE,
        until: ({ closures }) => closures.length > 0,
        onWarning: async () => {
          await terminal.shot('warning-pt-BR');
          await page.getByTestId('rush-level').tap();
          await page.getByTestId('rush-warning').first().waitFor();
          await terminal.shot('warnings-pt-BR');
          assert.match(
            (await page.getByTestId('rush-warning').first().textContent()) ?? '',
            /^Cantina da Vila: .*a plataforma pode fechar a loja$/,
            'the warning names the store and the risk',
          );
          await page.getByTestId('rush-warnings').getByRole('button', { name: 'Fechar' }).tap();
        },
      });
      // The terminal shows the platform's verdict at its next look at the store's status.
      const verdict = page.locator('[data-testid="store-status-badge"]:not([data-summary="open"])');
      await verdict.waitFor({ timeout: 15_000 });
      t.diagnostic(`the top bar says: ${await verdict.textContent()}`);
      await terminal.shot('end-pt-BR');
      t.diagnostic(said(outcome));
      const [closure] = outcome.closures;
      assert.ok(closure, `the platform closed the store: ${said(outcome)}`);
      assert.ok(outcome.firstWarningAt !== null, 'the top bar warned');
      const lead = (Date.parse(closure.at) - outcome.firstWarningAt) / 60_000;
      t.diagnostic(`warning lead: ${lead.toFixed(1)} min of the clock before the closure (${closure.rule})`);
      assert.ok(lead > 0, `the warning came before the closure: ${said(outcome)}`);
      assert.equal(outcome.pauses, 0, 'nobody paused it');
    });
  });

  describe('busy mode on: paused once, open again by itself, never closed', () => {
    const terminal = rushTerminal('rush-on-screen-busy');

    it('pauses the store once, the pause ends by itself (no resume sent) and the platform never closes it', { timeout: RUN_TIMEOUT_MS }, async (t) => {
      const { page } = terminal;
      // Busy mode on for the restaurant, in Settings (its pause's 15 minutes, the default).
      await page.getByTestId('nav-settings').tap();
      await page.locator(`[data-testid="busy-mode"][data-store-id="${store}"]`).tap();
      await page.waitForFunction(
        (id) => (document.querySelector(`[data-testid="busy-mode"][data-store-id="${id}"]`) as HTMLInputElement | null)?.checked,
        store,
      );
      await terminal.shot('busy-mode-pt-BR');
      await page.getByTestId('nav-orders').tap();

      let pausedAt: number | null = null;
      const outcome = await playRushOnScreen({
        terminal,
        merchantId: store,
        clockRate: CLOCK_RATE,
        // Over once the store is open again after its pause and every order placed by then is gone.
        until: ({ now, open, people }) => pausedAt !== null && now > pausedAt + 15 * 60_000 && open && people.notGoneFrom(pausedAt) === 0,
        onPause: async (at) => {
          pausedAt = at;
          await terminal.shot('paused-pt-BR');
        },
      });
      await terminal.shot('end-pt-BR');
      t.diagnostic(said(outcome));
      assert.equal(outcome.pauses, 1, `paused once: ${said(outcome)}`);
      assert.equal(outcome.resumes, 0, 'no resume sent: the pause ends by itself');
      assert.deepEqual(outcome.closures, [], `the platform never closed it: ${said(outcome)}`);
      // As the customers saw it: not open once — its pause — and open again.
      const [paused, ...more] = outcome.unavailable;
      assert.ok(paused?.to && more.length === 0, `not open once, then open again: ${said(outcome)}`);
    });
  });
});
