import { toAppError } from '../../src-shared/errors';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import type { Leadership, PollerLease } from './contract';

/** Where this replica stands for the credential: what the metrics and the logs say. */
export type LeaderState = { role: 'leader'; holder: string; token: number } | { role: 'follower'; holder: string | null } | { role: 'stopped' };

/** What the leader's work gets while this replica leads: aborted the moment it does not any more. */
export interface Term {
  leadership: Leadership;
  signal: AbortSignal;
  /** The work saw the lease lost (a fenced write refused) or the database fail: step down now. */
  stepDown(reason: string): void;
}

export interface LeaderOptions {
  lease: PollerLease;
  credential: string;
  /** This replica's name on the lease row (host and process): the metrics' leader identity. */
  holder: string;
  clock: Clock;
  logger: Logger;
  /** How long a hold lasts unless renewed (default 10 s); renewed every third of it. */
  ttlMs?: number;
  /** Wait before trying to take the lease again after a refusal or a failure (default ttl / 2). */
  retryMs?: number;
  /** The work done while leading (the chain poller); it must end soon after its signal aborts. */
  lead(term: Term): Promise<void>;
  onChange?(state: LeaderState): void;
}

/**
 * The leader loop of one credential: at most one replica polls and acknowledges at a time. It takes
 * the lease (PollerLease, a row on the database's clock with a fencing token), renews it every third
 * of its lifetime, and steps down AT ONCE — aborting the work in flight — when a renewal fails, a
 * renewal has not answered before the hold would end, the database errors, or the work says its
 * fenced write was refused. A follower tries again every `retryMs`; a clean stop releases the lease
 * so another replica takes over without waiting for the expiry.
 */
export class Leader {
  private readonly ttlMs: number;
  private readonly retryMs: number;
  private readonly stopper = new AbortController();
  private running: Promise<void> | undefined;
  private current: LeaderState = { role: 'follower', holder: null };

  constructor(private readonly options: LeaderOptions) {
    this.ttlMs = options.ttlMs ?? 10_000;
    this.retryMs = options.retryMs ?? Math.round(this.ttlMs / 2);
  }

  get state(): LeaderState {
    return this.current;
  }

  start(): void {
    if (this.running || this.stopper.signal.aborted) return;
    this.running = this.run();
  }

  /** Stops leading (the work is aborted and awaited, the lease released) and trying. */
  async stop(): Promise<void> {
    this.stopper.abort(new Error('leader stopped'));
    await this.running;
    this.set({ role: 'stopped' });
  }

  private set(state: LeaderState): void {
    const before = this.current;
    this.current = state;
    if (JSON.stringify(before) !== JSON.stringify(state)) this.options.onChange?.(state);
  }

  private async run(): Promise<void> {
    const stop = this.stopper.signal;
    while (!stop.aborted) {
      const leadership = await this.tryAcquire();
      if (leadership) await this.term(leadership);
      if (stop.aborted) break;
      await this.options.clock.sleep(this.retryMs, stop).catch(() => {});
    }
  }

  private async tryAcquire(): Promise<Leadership | null> {
    const { lease, credential, holder, logger } = this.options;
    try {
      const got = await lease.acquire(credential, holder, this.ttlMs);
      if (got && got.holder === holder) return got;
      const current = got ?? (await lease.current(credential).catch(() => null));
      this.set({ role: 'follower', holder: current?.holder ?? null });
      return null;
    } catch (error) {
      logger.warn('chain leader: the lease could not be taken', { code: toAppError(error).code, error: toAppError(error) });
      this.set({ role: 'follower', holder: null });
      return null;
    }
  }

  /** One term as leader: the work runs while the renewals hold; whatever ends it, the work is aborted and awaited. */
  private async term(first: Leadership): Promise<void> {
    const { lease, credential, holder, logger, clock } = this.options;
    const stop = this.stopper.signal;
    const ended = new AbortController();
    let reason = 'stopped';
    const stepDown = (why: string): void => {
      if (ended.signal.aborted) return;
      reason = why;
      ended.abort(new Error(`stepped down: ${why}`));
    };
    const onStop = (): void => stepDown('stopped');
    stop.addEventListener('abort', onStop, { once: true });

    this.set({ role: 'leader', holder, token: first.token });
    logger.info('chain leader: leading', { credential, token: first.token });
    const work = this.options.lead({ leadership: first, signal: ended.signal, stepDown }).then(
      () => stepDown('work ended'),
      (error: unknown) => stepDown(`work failed (${toAppError(error).code})`),
    );

    // Counted from when a renewal was asked: the database's hold cannot last longer than that.
    let heldUntil = clock.now() + this.ttlMs;
    while (!ended.signal.aborted) {
      await clock.sleep(this.ttlMs / 3, ended.signal).catch(() => {});
      if (ended.signal.aborted) break;
      const asked = clock.now();
      const renewed = await this.renewBefore(first.token, heldUntil, ended.signal);
      if (ended.signal.aborted) break;
      if (renewed === 'late') stepDown('renewal not answered before the hold ended');
      else if (renewed === 'failed') stepDown('renewal failed');
      else if (!renewed) stepDown('lease lost');
      else heldUntil = asked + this.ttlMs;
    }
    await work;
    stop.removeEventListener('abort', onStop);
    logger.info('chain leader: stepped down', { credential, token: first.token, reason });
    if (reason === 'stopped') {
      await lease.release(credential, holder, first.token).catch((error: unknown) => {
        logger.warn('chain leader: the lease could not be released; it expires by itself', { error: toAppError(error) });
      });
    }
    this.set({ role: 'follower', holder: null });
  }

  private async renewBefore(token: number, heldUntil: number, signal: AbortSignal): Promise<Leadership | null | 'late' | 'failed'> {
    const { lease, credential, holder, clock, logger } = this.options;
    const timeout = new AbortController();
    const late = clock.sleep(Math.max(0, heldUntil - clock.now()), AbortSignal.any([signal, timeout.signal])).then(
      () => 'late' as const,
      () => 'late' as const,
    );
    const renewal = lease.renew(credential, holder, token, this.ttlMs).catch((error: unknown) => {
      logger.warn('chain leader: renewal failed', { code: toAppError(error).code, error: toAppError(error) });
      return 'failed' as const;
    });
    try {
      return await Promise.race([renewal, late]);
    } finally {
      timeout.abort();
    }
  }
}
