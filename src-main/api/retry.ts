import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { ApiError } from './errors';

/**
 * Spec §7.1: transient errors (500, 503, and no answer at all) are retried with exponential backoff,
 * 2 s then 4 s, three attempts in all, each wait shifted at random so terminals do not retry in
 * lockstep; a 429 waits for X-RateLimit-Reset; permanent errors (400, 401 after renewal, 403, 404,
 * 409, 412, 422) are thrown at once.
 */
export interface RetryOptions {
  clock: Clock;
  logger: Logger;
  /** Waits before attempts 2, 3, ... after a transient failure. */
  delaysMs?: readonly number[];
  /** Fraction of each wait added or removed at random. */
  jitter?: number;
  random?: () => number;
  /** How many 429s in a row one call sits out before giving up. */
  maxRateLimitWaits?: number;
  /**
   * Told of every failed attempt as it happens, so connectivity shows "offline" at once rather than
   * after the retries have run out.
   */
  onFailure?: (route: string, error: ApiError) => void;
}

export const DEFAULT_RETRY_DELAYS_MS = [2_000, 4_000] as const;
const MAX_RATE_LIMIT_WAIT_MS = 60_000;

export interface Attempt {
  route: string;
  /**
   * Whether sending twice is harmless. A request that got no answer may have been carried out, so
   * it is only sent again when it is idempotent; a 5xx answer is retried either way (spec §7.1).
   */
  idempotent: boolean;
  signal?: AbortSignal | undefined;
}

export class RetryPolicy {
  private readonly delays: readonly number[];
  private readonly jitter: number;
  private readonly random: () => number;
  private readonly maxRateLimitWaits: number;

  constructor(private readonly options: RetryOptions) {
    this.delays = options.delaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.jitter = options.jitter ?? 0.2;
    this.random = options.random ?? Math.random;
    this.maxRateLimitWaits = options.maxRateLimitWaits ?? 3;
  }

  run<T>(attempt: Attempt, send: () => Promise<T>): Promise<T> {
    return send().catch((error: unknown) => this.recover(error, attempt, send));
  }

  /** Goes on after a first failed attempt: waits and sends again while the failure is worth it. */
  async recover<T>(first: unknown, attempt: Attempt, send: () => Promise<T>): Promise<T> {
    const tries = { failures: 0, rateLimited: 0 };
    let error = first;
    for (;;) {
      await this.pause(error, attempt, tries);
      try {
        return await send();
      } catch (next) {
        error = next;
      }
    }
  }

  /** Waits before the next attempt, or throws `error` when it is not worth another one. */
  private async pause(error: unknown, attempt: Attempt, tries: { failures: number; rateLimited: number }): Promise<void> {
    const { logger } = this.options;
    if (!(error instanceof ApiError) || attempt.signal?.aborted) throw error;
    this.options.onFailure?.(attempt.route, error);
    if (error.code === 'rate-limit') {
      if (++tries.rateLimited > this.maxRateLimitWaits) throw error;
      // The reset the server named, then a little more each time it was not enough.
      const base = Math.max(error.retryAfterMs ?? 1_000 * 2 ** (tries.rateLimited - 1), 250);
      const wait = Math.min(this.shift(base * tries.rateLimited, true), MAX_RATE_LIMIT_WAIT_MS);
      logger.warn('rate limited, waiting', { route: attempt.route, waitMs: wait });
      return this.sleep(wait, attempt);
    }
    if (!this.transient(error, attempt)) throw error;
    const delay = this.delays[tries.failures++];
    if (delay === undefined) throw error;
    const wait = this.shift(delay, false);
    logger.warn('transient failure, retrying', { route: attempt.route, status: error.status, code: error.code, waitMs: wait });
    return this.sleep(wait, attempt);
  }

  private transient(error: ApiError, attempt: Attempt): boolean {
    if (!error.retryable) return false;
    if (error.status === undefined) return attempt.idempotent; // no answer: maybe carried out
    return true;
  }

  /** Jitter: ± `jitter` around the wait, or only added when the wait is a floor (429). */
  private shift(ms: number, floor: boolean): number {
    const r = this.random();
    const factor = floor ? 1 + this.jitter * r : 1 + this.jitter * (r * 2 - 1);
    return Math.max(0, Math.round(ms * factor));
  }

  private async sleep(ms: number, attempt: Attempt): Promise<void> {
    try {
      await this.options.clock.sleep(ms, attempt.signal);
    } catch (cause) {
      throw new ApiError('aborted', `${attempt.route}: cancelled`, { route: attempt.route, cause });
    }
  }
}
