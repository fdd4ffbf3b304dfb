import type { Clock } from '../base/clock';

/**
 * How long a screen waits on the API before it answers from the cache (or says the platform is
 * slow): a clerk at the counter should not stare at a spinner through the client's retries while
 * the link is down.
 */
export const ONLINE_BUDGET_MS = 4_000;

export const onlineBudget = (): AbortSignal => AbortSignal.timeout(ONLINE_BUDGET_MS);

/**
 * Runs `call` with a signal that aborts after `ms` of the injected clock (so a test moves time by
 * hand), and stops counting once the call settled: no timer outlives the answer.
 */
export async function withinBudget<T>(clock: Clock, ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const budget = new AbortController();
  const settled = new AbortController();
  clock.sleep(ms, settled.signal).then(
    () => budget.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError')),
    () => undefined,
  );
  try {
    return await call(budget.signal);
  } finally {
    settled.abort();
  }
}
