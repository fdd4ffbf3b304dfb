import { clockRunningFrom, type Clock } from '../../src-main/base/clock';
import { runningFrom } from '../../src-shared/running-clock';

/**
 * The instant the sandboxes and the app run at in tests: a Tuesday at noon in São Paulo, when every
 * seeded store is open (the pizzeria's lunch shift included). Tests never depend on the machine's
 * wall clock: the suite passes the same under `faketime` at 03:00, at 23:30 or on a Sunday.
 */
export const TEST_INSTANT = '2026-11-24T12:00:00-03:00';
export const TEST_INSTANT_MS = Date.parse(TEST_INSTANT);

/** A clock reading `iso` now and running from there (the sandbox's `now` option). */
export function pinnedNow(iso: string = TEST_INSTANT): () => number {
  return runningFrom(Date.parse(iso));
}

/**
 * The sandbox's side of a terminal on a faster clock (`--clock-rate`): reads `iso` until `start()`,
 * then runs `rate` times real time from there. Started the moment the terminal's clock starts (its
 * log line, support/shells/web-shell.ts), the two read the same time within the few milliseconds the
 * line takes to arrive — in two processes, whose own clocks a test tool may bend apart (faketime).
 */
export function heldClock(iso: string, rate: number): { now: () => number; start: () => void } {
  const at = Date.parse(iso);
  let read = (): number => at;
  return {
    now: () => read(),
    start: () => {
      read = runningFrom(at, { rate });
    },
  };
}

/** The app's clock at the tests' instant, as the app runs with `--clock-at` (real sleeps, pinned time). */
export function testClock(iso: string = TEST_INSTANT): Clock {
  return clockRunningFrom(Date.parse(iso));
}
