import type { Clock } from '../../base/clock';

/** Runs `work` with a signal that ends after `ms` on the injected clock (or when the work is over). */
export async function withPatience<T>(clock: Clock, ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const patience = new AbortController();
  clock.sleep(ms, patience.signal).then(
    () => patience.abort(),
    () => {}, // the work was over first
  );
  try {
    return await work(patience.signal);
  } finally {
    patience.abort();
  }
}
