import { checkPause, type PauseProblem } from '../../src-shared/store-rules/pauses';
import { parseClock } from '../../src-shared/store-rules/opening-hours';

/** How long a bulk pause lasts: a few minutes (the Store page's quick lengths) or until a clock time. */
export type PauseLength = { minutes: number } | { until: string };

/**
 * When a bulk pause ends, counted from the server's now (never the browser's clock: a manager's
 * laptop minutes off would pause every store for the wrong time). "Until 18:30" is the next 18:30
 * on the manager's clock face after that now: today, or tomorrow when 18:30 has passed. Null when
 * the time typed is not a clock time.
 */
export function pauseEndMs(length: PauseLength, serverNowMs: number): number | null {
  if ('minutes' in length) return serverNowMs + length.minutes * 60_000;
  const second = parseClock(length.until);
  if (second === null) return null;
  const end = new Date(serverNowMs);
  end.setHours(Math.floor(second / 3600), Math.floor((second % 3600) / 60), 0, 0);
  if (end.getTime() <= serverNowMs) end.setDate(end.getDate() + 1);
  return end.getTime();
}

export type BulkPauseProblem = PauseProblem | 'clock-invalid';

/** The first rule a bulk pause breaks (the Store page's rules, from the server's now), or null. */
export function bulkPauseProblem(description: string, endMs: number | null, serverNowMs: number): BulkPauseProblem | null {
  if (endMs === null) return 'clock-invalid';
  return checkPause({ description, startMs: serverNowMs, endMs }, serverNowMs);
}
