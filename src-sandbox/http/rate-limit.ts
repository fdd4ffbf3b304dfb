import type { RouteLimit } from '../../src-shared/spec-limits';

/**
 * Fixed-window counters per application and route (spec §8). `factor` scales every limit (demos);
 * a factor of 0 disables limiting.
 */
export interface LimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly now: () => number,
    public factor = 1,
  ) {}

  get enabled(): boolean {
    return this.factor > 0;
  }

  take(key: string, rule: RouteLimit): LimitVerdict {
    const limit = Math.max(1, Math.round(rule.limit * this.factor));
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= rule.windowMs) {
      window = { start: now - ((now - (window?.start ?? now)) % rule.windowMs), count: 0 };
      this.windows.set(key, window);
    }
    const resetSeconds = Math.max(0, Math.ceil((window.start + rule.windowMs - now) / 1000));
    if (window.count >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    window.count += 1;
    return { allowed: true, limit, remaining: limit - window.count, resetSeconds };
  }

  reset(): void {
    this.windows.clear();
  }
}
