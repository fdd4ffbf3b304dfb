import { runningFrom } from '../../src-shared/running-clock';

/** Time, injected: deadlines, backoff and polling are tested without sleeping. */
export interface Clock {
  now(): number;
  /** How many times faster than real time it runs (`--clock-rate`, tests and demos); absent: 1. */
  readonly rate?: number;
  /** Resolves after `ms`, or rejects with the signal's reason when aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/**
 * The system's clock read from a chosen instant (`--clock-at`): tests and demos at a fixed hour. At
 * a `rate` (`--clock-rate`) its time runs that many times faster and its sleeps are as much shorter,
 * so every loop that waits on it (polls, retries, pauses' ends, budgets) keeps its pace in its time.
 */
export function clockRunningFrom(startMs: number, rate = 1): Clock {
  const now = runningFrom(startMs, { rate });
  if (rate === 1) return { now, sleep: systemClock.sleep };
  return { now, rate, sleep: (ms, signal) => systemClock.sleep(ms / rate, signal) };
}

/** A clock that only moves when told to; pending sleeps wake as time passes them. */
export class ManualClock implements Clock {
  private time: number;
  private sleepers: { until: number; resolve: () => void }[] = [];

  constructor(start = Date.parse('2026-11-21T12:00:00Z')) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        this.sleepers = this.sleepers.filter((s) => s !== sleeper);
        reject(signal?.reason);
      };
      // Woken in time, it lets go of the signal: a long-lived one (a loop's stop) is not left with a listener per sleep.
      const sleeper = {
        until: this.time + Math.max(0, ms),
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      this.sleepers.push(sleeper);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Moves time forward and wakes every sleeper whose time has come, in order. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      const next = this.sleepers.filter((s) => s.until <= target).sort((a, b) => a.until - b.until)[0];
      if (!next) break;
      this.time = Math.max(this.time, next.until);
      this.sleepers = this.sleepers.filter((s) => s !== next);
      next.resolve();
      // Let the woken task run (and maybe sleep again) before looking at the next sleeper.
      await new Promise((r) => setImmediate(r));
    }
    this.time = target;
  }

  get pendingSleeps(): number {
    return this.sleepers.length;
  }

  /** When the next sleeper wakes: a caller may move time to each wake in turn and let its task finish first. */
  get nextWakeAt(): number | undefined {
    return this.sleepers.reduce<number | undefined>((soonest, s) => (soonest === undefined || s.until < soonest ? s.until : soonest), undefined);
  }
}
