import { toAppError } from '../../src-shared/errors';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import type { OrdersDb } from '../db/orders-db';
import type { OrderChangeFeed } from './change-feed';
import { PLATFORM_DISCONNECTS_AFTER_MS, type ConnectivityMonitor } from './connectivity';
import type { DetailFetcher } from './details';
import type { OrderGateway } from './gateway';
import type { EventIngest } from './ingest';
import { LoopWorker } from '../base/loop';
import type { SyncProbe } from './probe';

/** How a poller keeps the spec's pace (a terminal's, and a chain's leader): shared by both pollers. */
export interface PollPace {
  /** Gap between polls (config `pollIntervalSeconds`, at most 30 s: the store must stay connected). */
  intervalMs: number;
  /** Fraction of the gap removed at random, so terminals do not poll in lockstep; never added. */
  jitter?: number;
  random?: () => number;
  /** Events asked for per poll (spec default 100); a poll that returns this many means a backlog. */
  limit?: number;
  /**
   * Events asked for by the polls that drain a backlog (after a full poll): fewer round trips and
   * fewer transactions while catching up. A platform that refuses it (400) gets `limit` from then on.
   */
  catchUpLimit?: number;
  /** Gap after a failed poll, when shorter than the interval: come back quickly once the link is back. */
  retryMs?: number;
  /** Polls in a row while catching up (each returned `limit` events) before taking a breath. */
  maxDrainPolls?: number;
  /**
   * Longest a round spends fetching first details before acknowledging what it can: a slow API
   * must not hold the next poll back past 30 s (the store would show as disconnected).
   */
  detailBudgetMs?: number;
}

export interface PollerOptions extends PollPace {
  gateway: OrderGateway;
  db: OrdersDb;
  ingest: EventIngest;
  details: DetailFetcher;
  feed: OrderChangeFeed;
  clock: Clock;
  logger: Logger;
  connectivity?: ConnectivityMonitor;
  probe?: SyncProbe;
}

export interface PollRound {
  polls: number;
  received: number;
  stored: number;
  acknowledged: number;
}

/** Event ids per acknowledgment request. */
const ACK_CHUNK = 500;

/** Acknowledges the ids in requests of at most ACK_CHUNK. */
export async function acknowledgeInChunks(gateway: Pick<OrderGateway, 'acknowledge'>, ids: readonly string[], signal?: AbortSignal): Promise<void> {
  for (let i = 0; i < ids.length; i += ACK_CHUNK) await gateway.acknowledge(ids.slice(i, i + ACK_CHUNK), signal);
}

/** The spec's ceiling: a store is connected while its application polled in the last 30 seconds (§6). */
export const MAX_POLL_GAP_MS = PLATFORM_DISCONNECTS_AFTER_MS;

/**
 * The gap until the next poll, measured from the start of the last one: the interval (never past
 * the spec's 30 s) less a random part, or the retry wait after a failed poll. The chain's poller
 * keeps the same pace (src-main/chain/chain-poller.ts).
 */
export function pollGapMs(pace: Pick<PollPace, 'intervalMs' | 'jitter' | 'random' | 'retryMs'>, ok: boolean): number {
  const interval = Math.min(pace.intervalMs, MAX_POLL_GAP_MS);
  if (!ok) return Math.min(interval, pace.retryMs ?? 5_000);
  const jitter = Math.min(Math.max(pace.jitter ?? 0.1, 0), 0.5);
  return Math.round(interval * (1 - jitter * (pace.random ?? Math.random)()));
}

/**
 * The event poller: poll → persist (one transaction) → push → fetch first details → acknowledge.
 * An event is acknowledged only once it is stored and its order's first detail is cached; anything
 * not acknowledged comes back on the next poll and is recognised by its id. After an outage it polls
 * again at once while polls come back full, so the backlog drains before the next pause.
 */
export class EventPoller extends LoopWorker {
  private readonly limit: number;
  private catchUpLimit: number;

  constructor(private readonly options: PollerOptions) {
    super({ name: 'event poller', clock: options.clock, logger: options.logger });
    this.limit = options.limit ?? 100;
    this.catchUpLimit = Math.max(this.limit, options.catchUpLimit ?? 1000);
  }

  /** The gap until the next poll, measured from the start of the last one. */
  nextGapMs(ok: boolean): number {
    return pollGapMs(this.options, ok);
  }

  protected async tick(signal: AbortSignal): Promise<number> {
    const { clock, logger, connectivity } = this.options;
    const started = clock.now();
    let ok = true;
    try {
      await this.round(signal);
    } catch (error) {
      ok = false;
      if (signal.aborted) return 0;
      const appError = toAppError(error);
      connectivity?.failed(appError);
      const log = appError.code === 'storage' || appError.code === 'internal' ? logger.error : logger.warn;
      log('poll round failed', { code: appError.code, error: appError });
    }
    // After a failed round too: the outbox and the detail fetches write while the link is down.
    if (!signal.aborted) this.checkpoint();
    return Math.max(0, started + this.nextGapMs(ok) - clock.now());
  }

  /** One round: polls until the backlog is drained. Throws when a poll, a write or an ack fails. */
  async round(signal?: AbortSignal): Promise<PollRound> {
    const { gateway, db, ingest, details, feed, clock, connectivity, probe } = this.options;
    const total: PollRound = { polls: 0, received: 0, stored: 0, acknowledged: 0 };
    const maxPolls = this.options.maxDrainPolls ?? 100;
    for (;;) {
      probe?.('poll');
      let events: unknown[];
      try {
        events = await this.poll(total.polls === 0 ? this.limit : this.catchUpLimit, signal);
      } catch (error) {
        // Whatever failed (no answer, 5xx, a token that cannot be renewed, a broken page): the
        // platform got no poll. A failure after a good poll (a write, an ack) is not this.
        if (!signal?.aborted) connectivity?.pollFailed(toAppError(error));
        throw error;
      }
      const polledAt = clock.now();
      connectivity?.polled();
      probe?.('polled', { events });
      total.polls++;
      total.received += events.length;

      const result = ingest.apply(events, polledAt);
      total.stored += result.stored;
      probe?.('persisted', { stored: result.stored });
      feed.publish(result.changedOrders, result.changedActions);

      // First details gate the acknowledgment; a detail that cannot be read now leaves its events for the next poll.
      await this.withBudget(signal, (budget) => details.fetchAll('missing', budget, this.catchUpLimit));
      const ackable = db.events.ackable(result.eventIds);
      await acknowledgeInChunks(gateway, ackable, signal);
      if (ackable.length > 0) {
        total.acknowledged += ackable.length;
        probe?.('acked', { ids: ackable });
      }
      await this.withBudget(signal, (budget) => details.fetchAll('stale', budget));

      // Full (at least the normal page): a backlog waits. Nothing acknowledged: polling again would
      // bring the same events, so the next round comes at the normal pace.
      const full = events.length >= this.limit;
      if (!full || ackable.length === 0 || total.polls >= maxPolls) return total;
    }
  }

  /** Idle until the next round: the time to move the WAL into the database file (see WAL_AUTOCHECKPOINT_PAGES). */
  private checkpoint(): void {
    try {
      this.options.db.checkpoint();
    } catch (error) {
      // Nothing is lost: the pages stay in the WAL, and the next round (or SQLite's own threshold) tries again.
      this.options.logger.warn('WAL checkpoint failed', { error: toAppError(error) });
    }
  }

  /** Runs `fn` with a signal that also aborts after `detailBudgetMs` on the injected clock. */
  private async withBudget<T>(signal: AbortSignal | undefined, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const budget = new AbortController();
    const done = new AbortController();
    const timer = this.options.clock.sleep(this.options.detailBudgetMs ?? 10_000, done.signal).then(
      () => budget.abort(new Error('detail budget spent')),
      () => {},
    );
    try {
      return await fn(signal ? AbortSignal.any([signal, budget.signal]) : budget.signal);
    } finally {
      done.abort();
      await timer;
    }
  }

  private async poll(limit: number, signal?: AbortSignal): Promise<unknown[]> {
    try {
      return await this.options.gateway.poll(limit, signal);
    } catch (error) {
      if (limit === this.limit || toAppError(error).code !== 'validation') throw error;
      this.options.logger.warn('the platform refused the catch-up page size; polling normal pages', { limit });
      this.catchUpLimit = this.limit;
      return this.options.gateway.poll(this.limit, signal);
    }
  }
}
