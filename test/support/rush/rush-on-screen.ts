import type { TerminalFixture } from '../shells/terminal-fixture';
import { RUSH_PACES, RushPeople } from './rush-people';
import { rushPlatform, type RushRecord } from './rush-platform';
import { ScreenCounter } from './screen-counter';

/**
 * The 25-order rush of rush-scenario.ts played end to end: the same people (rush-people.ts) against
 * the sandbox's control routes, the cook on the terminal's screen (screen-counter.ts), the sandbox
 * and the terminal on one faster clock (`clockRate` of the terminal fixture). Time runs on by
 * itself here: each step looks at the platform's clock and does what is due by then.
 */

const MINUTE = 60_000;
/** A step of the rush's people, on the clock (rush-scenario.ts moves its ManualClock as much). */
const STEP_MS = 15_000;
/** A rush that has not come to its end in this long of the clock stops there (its minutes say so). */
const LIMIT_MS = 90 * MINUTE;

export interface ScreenRushView {
  /** The platform's clock this step (epoch ms), and minutes since the rush started. */
  now: number;
  minutes: number;
  /** The platform's automatic closures of the store so far. */
  closures: RushRecord['closures'];
  /** The platform showed the store open this step. */
  open: boolean;
  /** The stretches the platform did not show the store open (epoch ms; `to` null while it lasts). */
  unavailable: { from: number; to: number | null }[];
  people: RushPeople;
}

export interface ScreenRushOptions {
  terminal: TerminalFixture;
  merchantId: string;
  /** The fixture's clock rate: a step's real time is STEP_MS divided by it. */
  clockRate: number;
  /** Whether the rush is over, asked after each step. */
  until(view: ScreenRushView): boolean;
  /** Told once, the first time the top bar says "Risco de fechamento" (the platform's clock then). */
  onWarning?(at: number): Promise<void>;
  /** Told once, the first step the store is not open and the sandbox's call log holds a pause. */
  onPause?(at: number): Promise<void>;
}

export interface ScreenRushOutcome extends RushRecord {
  startedAt: number;
  placed: number;
  turnedAway: number;
  /** When the top bar first said "Risco de fechamento", on the platform's clock (epoch ms). */
  firstWarningAt: number | null;
  unavailable: { from: number; to: number | null }[];
  /** The longest a driver waited at the counter, in minutes of the clock (the platform's limit is 10). */
  longestDriverWait: number;
  /** Minutes of the clock the run took, and seconds of real time. */
  minutes: number;
  realSeconds: number;
}

export async function playRushOnScreen(options: ScreenRushOptions): Promise<ScreenRushOutcome> {
  const { terminal, merchantId, clockRate } = options;
  const { page } = terminal;
  const platform = rushPlatform(terminal.http, merchantId);
  const counter = new ScreenCounter(page, platform);
  await platform.control('PUT', `/_sandbox/merchants/${merchantId}/auto-closure`, { on: true });
  const realStart = performance.now();
  const start = await platform.now();
  const people = new RushPeople({ merchantId, paces: RUSH_PACES, start, control: platform.control, counter });
  const risk = page.locator('[data-testid="rush-level"][data-level="risk"]');
  const unavailable: ScreenRushView['unavailable'] = [];
  let firstWarningAt: number | null = null;
  let pausedSeen = false;
  try {
    for (;;) {
      const stepStarted = performance.now();
      const now = await platform.now();
      const open = await platform.open();
      const down = unavailable.at(-1);
      if (!open && (!down || down.to !== null)) unavailable.push({ from: now, to: null });
      if (open && down && down.to === null) down.to = now;

      await people.customers(now, open);
      await people.cook(now);
      await counter.startConfirmed();
      await people.platform(now);
      if (firstWarningAt === null && (await risk.isVisible())) {
        firstWarningAt = now;
        await options.onWarning?.(now);
      }
      // The store's call log grows with the run: read only while it may hold a first pause.
      const closures = await platform.closures();
      if (!pausedSeen && !open && closures.length === 0 && (await platform.record()).pauses > 0) {
        pausedSeen = true;
        await options.onPause?.(now);
      }
      const view = { now, minutes: (now - start) / MINUTE, closures, open, unavailable, people };
      if (options.until(view) || now - start >= LIMIT_MS) break;
      // Paced on the clock: a step every STEP_MS of it, as the one-process rush.
      const left = STEP_MS / clockRate - (performance.now() - stepStarted);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    }
  } catch (error) {
    // What the screen showed when the run stopped short: the first thing to look at.
    await terminal.shot('stopped-pt-BR').catch(() => undefined);
    throw error;
  }
  const end = await platform.now();
  return {
    startedAt: start,
    placed: people.placed,
    turnedAway: people.turnedAway,
    ...(await platform.record()),
    firstWarningAt,
    unavailable,
    longestDriverWait: people.longestDriverWait / MINUTE,
    minutes: (end - start) / MINUTE,
    realSeconds: (performance.now() - realStart) / 1000,
  };
}
