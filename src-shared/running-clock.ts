/**
 * Time that starts at a chosen instant and then runs at the pace of the monotonic timer, whatever
 * the system clock says (or how a test tool bends it). The app (`--clock-at`) and the sandbox
 * (`now` option, `--clock-at`) use it, so a test or a demo runs both at the same hour of the same
 * day on any machine.
 */
export function runningFrom(startMs: number, monotonic: () => number = () => performance.now()): () => number {
  const origin = monotonic();
  // Whole milliseconds, as Date.now() gives: times are stored in INTEGER columns.
  return () => Math.floor(startMs + (monotonic() - origin));
}
