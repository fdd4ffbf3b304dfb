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

/** The app's clock at the tests' instant, as the app runs with `--clock-at` (real sleeps, pinned time). */
export function testClock(iso: string = TEST_INSTANT): Clock {
  return clockRunningFrom(Date.parse(iso));
}
