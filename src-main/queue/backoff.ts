/**
 * How long a row waits after a failed try: base × 2^(attempts−1), capped, spread by ±jitter so that
 * terminals coming back together do not all knock at once, and never sooner than the platform's own
 * Retry-After.
 */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
  /** The spread as a fraction of the wait (0.2: ±20 %); 0 for a printer on the store's own network. */
  jitter: number;
  random?: () => number;
}

export function backoffMs(policy: BackoffPolicy, attempts: number, error?: unknown): number {
  const raw = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  const spread = policy.jitter === 0 ? 0 : policy.jitter * ((policy.random ?? Math.random)() * 2 - 1);
  const retryAfter = (error as { retryAfterMs?: unknown } | undefined)?.retryAfterMs;
  return Math.max(Math.round(raw * (1 + spread)), typeof retryAfter === 'number' ? retryAfter : 0);
}
