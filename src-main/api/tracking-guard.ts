import type { Clock } from '../base/clock';

/** Spec §4.5: order tracking at most one request every 30 seconds. */
export const TRACKING_INTERVAL_MS = 30_000;

/**
 * Lets one request per key through each interval; a call inside the interval shares the last
 * request's outcome (its answer, or its error: a 404 before a driver is assigned stays the answer
 * until the interval ends). The screens may ask as often as they like; the API is asked politely.
 */
export class TrackingGuard<T> {
  private readonly last = new Map<string, { at: number; result: Promise<T> }>();

  constructor(
    private readonly clock: Clock,
    private readonly intervalMs = TRACKING_INTERVAL_MS,
  ) {}

  get(key: string, fetch: () => Promise<T>): Promise<T> {
    const now = this.clock.now();
    this.prune(now);
    const previous = this.last.get(key);
    if (previous && now - previous.at < this.intervalMs) return previous.result;
    const result = fetch();
    // Kept for callers inside the interval; the original caller sees the rejection itself.
    result.catch(() => {});
    this.last.set(key, { at: now, result });
    return result;
  }

  private prune(now: number): void {
    for (const [key, entry] of this.last) if (now - entry.at >= this.intervalMs) this.last.delete(key);
  }
}
