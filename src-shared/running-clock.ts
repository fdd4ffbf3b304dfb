/**
 * The fastest a clock may run: at 60 times real time the app's shortest waits on its clock (the
 * screens' 4-second budget on the platform, a poll's 10 seconds for details) are still 60 ms or
 * more of real time, longer than a call to a sandbox on the same machine takes.
 */
export const MAX_CLOCK_RATE = 60;

/**
 * Time that starts at a chosen instant and then runs at the pace of the monotonic timer, whatever
 * the system clock says (or how a test tool bends it). The app (`--clock-at`) and the sandbox
 * (`now` option, `--clock-at`) use it, so a test or a demo runs both at the same hour of the same
 * day on any machine; the screen follows the app's with it (`src-renderer/lib/now.svelte.ts`).
 *
 * `rate`: how many times faster than real time it runs (`--clock-rate`, tests and demos only: a
 * lunch rush in a few minutes). 1 unless asked; a sandbox and an app that start it at the same
 * moment with the same instant and rate read the same time.
 */
export function runningFrom(startMs: number, options: { rate?: number; monotonic?: () => number } = {}): () => number {
  const { rate = 1, monotonic = () => performance.now() } = options;
  if (!Number.isFinite(rate) || rate < 1 || rate > MAX_CLOCK_RATE) throw new RangeError(`a clock's rate is 1 to ${MAX_CLOCK_RATE}, not ${rate}`);
  const origin = monotonic();
  // Whole milliseconds, as Date.now() gives: times are stored in INTEGER columns.
  return () => Math.floor(startMs + (monotonic() - origin) * rate);
}
