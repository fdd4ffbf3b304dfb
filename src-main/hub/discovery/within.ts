import type { Clock } from '../../base/clock';

/**
 * Waits for `work` at most `ms` on the injected clock: 'done' when it settled (its error is thrown
 * again), 'late' when the time ran out first. Used where a library's promise may never settle (ciao's
 * goodbye on a host with no interface left), so closing the hub never hangs on it. A failure that
 * comes after 'late' is the caller's to watch on `work`: here it is only kept from going unhandled,
 * which would end the app.
 */
export async function within(work: Promise<unknown>, ms: number, clock: Clock): Promise<'done' | 'late'> {
  const timer = new AbortController();
  const late = clock.sleep(ms, timer.signal).then(
    () => 'late' as const,
    () => 'done' as const, // aborted because the work settled first
  );
  const settled = work.then(() => 'done' as const);
  settled.catch(() => {});
  try {
    return await Promise.race([settled, late]);
  } finally {
    timer.abort();
  }
}
