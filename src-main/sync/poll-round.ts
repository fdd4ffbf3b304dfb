import { toAppError, type AppError } from '../../src-shared/errors';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { PLATFORM_DISCONNECTS_AFTER_MS } from './connectivity';
import type { OrderGateway } from './gateway';

/** How a poller keeps the spec's pace: the terminal's (poller.ts) and a chain's leader (src-main/chain/chain-poller.ts). */
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
  /** First details fetched at once. */
  detailConcurrency?: number;
}

/** The spec's ceiling: a store is connected while its application polled in the last 30 seconds (§6). */
export const MAX_POLL_GAP_MS = PLATFORM_DISCONNECTS_AFTER_MS;

/**
 * The gap until the next poll, measured from the start of the last one: the interval (never past
 * the spec's 30 s) less a random part, or the retry wait after a failed poll.
 */
export function pollGapMs(pace: Pick<PollPace, 'intervalMs' | 'jitter' | 'random' | 'retryMs'>, ok: boolean): number {
  const interval = Math.min(pace.intervalMs, MAX_POLL_GAP_MS);
  if (!ok) return Math.min(interval, pace.retryMs ?? 5_000);
  const jitter = Math.min(Math.max(pace.jitter ?? 0.1, 0), 0.5);
  return Math.round(interval * (1 - jitter * (pace.random ?? Math.random)()));
}

/** What a poll's commit stored, as the round needs it. */
export interface PolledBatch {
  /** Events stored now (duplicates of stored ones not counted). */
  stored: number;
}

/**
 * Where a round keeps what it polls: the terminal's SQLite (sync/poller.ts) or the chain's PostgreSQL
 * under the leader's lease (src-main/chain/chain-poller.ts). The round never acknowledges an event
 * before `persist` committed it.
 */
export interface PollStorage<Batch extends PolledBatch> {
  /** One poll's events and the poll's time in one transaction (fenced by the lease on the chain); resolves once committed. */
  persist(events: readonly unknown[], polledAt: number): Batch | Promise<Batch>;
  /** Tells whoever shows the orders what the commit changed (the terminal's windows, the chain's replicas). */
  announce(batch: Batch): void | Promise<void>;
  /** Orders whose first detail the acknowledgment of their events waits for, at most `limit`. */
  needDetail(batch: Batch, limit: number): readonly string[];
  /** Reads and saves one order's detail: false when it could not be read now (its events wait for the next poll). */
  fetchDetail(orderId: string, signal: AbortSignal): Promise<boolean>;
  /** The batch's event ids that may be acknowledged once the details were fetched, `waiting` the orders whose detail was not. */
  ackable(batch: Batch, waiting: ReadonlySet<string>): readonly string[];
  /** After the acknowledgment, within a budget of its own: what must not hold the acknowledgment back (a stale detail). */
  refresh?(signal: AbortSignal): Promise<unknown>;
}

/** What a round tells as it happens: the terminal's connectivity and probe, the chain's platform link and metrics. */
export interface PollReport<Batch extends PolledBatch = PolledBatch> {
  /** A poll is about to be asked for. */
  polling?(): void;
  /** The platform answered a poll: the store counts as connected. */
  polled?(events: readonly unknown[], at: number): void;
  /** The poll itself failed (no answer, 5xx, a refused credential): the platform got no poll. */
  pollFailed?(error: AppError): void;
  persisted?(batch: Batch): void;
  acknowledged?(eventIds: readonly string[]): void;
  /** A round failed: its poll, a write or the acknowledgment. */
  failed?(error: AppError): void;
}

export interface PollRoundOptions<Batch extends PolledBatch> extends PollPace {
  gateway: Pick<OrderGateway, 'poll' | 'acknowledge'>;
  clock: Clock;
  logger: Logger;
  report?: PollReport<Batch>;
}

export interface PollTotals {
  polls: number;
  received: number;
  stored: number;
  acknowledged: number;
}

/** Event ids per acknowledgment request. */
const ACK_CHUNK = 500;

/**
 * The poll round, one for the terminal and the chain's leader: poll → persist (one transaction) →
 * announce → first details, a few at once within a budget → acknowledge → refresh. An event is
 * acknowledged only once it is committed and its order's first detail is saved (or refused for
 * good); anything not acknowledged comes back on the next poll and is recognised by its id. After
 * an outage it polls again at once while polls come back full, so the backlog drains before the
 * next pause. Its owner loops it at the pace `pass` says.
 */
export class PollRound<Batch extends PolledBatch> {
  private readonly limit: number;
  private catchUpLimit: number;

  constructor(private readonly options: PollRoundOptions<Batch>) {
    this.limit = options.limit ?? 100;
    this.catchUpLimit = Math.max(this.limit, options.catchUpLimit ?? 1000);
  }

  /** The gap until the next poll, measured from the start of the last one. */
  nextGapMs(ok: boolean): number {
    return pollGapMs(this.options, ok);
  }

  /**
   * One round, its failure reported: when the next one is due (the clock's time: the gap counts from
   * this one's start), and the failure, for the owner to log or to step down on. Nothing when stopped.
   */
  async pass(storage: PollStorage<Batch>, signal: AbortSignal): Promise<{ nextAt: number; error?: AppError }> {
    const started = this.options.clock.now();
    try {
      await this.round(storage, signal);
      return { nextAt: started + this.nextGapMs(true) };
    } catch (error) {
      if (signal.aborted) return { nextAt: started };
      const appError = toAppError(error);
      this.options.report?.failed?.(appError);
      return { nextAt: started + this.nextGapMs(false), error: appError };
    }
  }

  /** Polls until the backlog is drained. Throws when a poll, a write, a detail's save or an ack fails. */
  async round(storage: PollStorage<Batch>, signal: AbortSignal): Promise<PollTotals> {
    const { clock, report } = this.options;
    const total: PollTotals = { polls: 0, received: 0, stored: 0, acknowledged: 0 };
    const maxPolls = this.options.maxDrainPolls ?? 100;
    for (;;) {
      report?.polling?.();
      let events: unknown[];
      try {
        events = await this.poll(total.polls === 0 ? this.limit : this.catchUpLimit, signal);
      } catch (error) {
        // A failure after a good poll (a write, an ack) is not this.
        if (!signal.aborted) report?.pollFailed?.(toAppError(error));
        throw error;
      }
      const polledAt = clock.now();
      report?.polled?.(events, polledAt);
      total.polls++;
      total.received += events.length;
      // Stopping (or no longer leading): what was polled comes back on the next poll.
      if (signal.aborted) return total;

      const batch = await storage.persist(events, polledAt);
      total.stored += batch.stored;
      report?.persisted?.(batch);
      await storage.announce(batch);

      const waiting = await this.withBudget(signal, (budget) => this.fetchDetails(storage, storage.needDetail(batch, this.catchUpLimit), budget));
      const ackable = storage.ackable(batch, waiting);
      if (signal.aborted) return total;
      for (let i = 0; i < ackable.length; i += ACK_CHUNK) await this.options.gateway.acknowledge(ackable.slice(i, i + ACK_CHUNK), signal);
      if (ackable.length > 0) {
        total.acknowledged += ackable.length;
        report?.acknowledged?.(ackable);
      }
      if (storage.refresh) await this.withBudget(signal, (budget) => storage.refresh!(budget));

      // Full (at least the normal page): a backlog waits. Nothing acknowledged: polling again would
      // bring the same events, so the next round comes at the normal pace.
      const full = events.length >= this.limit;
      if (!full || ackable.length === 0 || total.polls >= maxPolls) return total;
    }
  }

  /** The details, a few at once, until `signal` ends: resolves to the orders whose detail could not be read now. */
  private async fetchDetails(storage: PollStorage<Batch>, orderIds: readonly string[], signal: AbortSignal): Promise<Set<string>> {
    const waiting = new Set(orderIds);
    const queue = [...orderIds];
    const worker = async (): Promise<void> => {
      for (let id = queue.shift(); id !== undefined && !signal.aborted; id = queue.shift()) {
        if (await storage.fetchDetail(id, signal)) waiting.delete(id);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.detailConcurrency ?? 4, orderIds.length) }, worker));
    return waiting;
  }

  /** Runs `fn` with a signal that also aborts after `detailBudgetMs` on the injected clock. */
  private async withBudget<T>(signal: AbortSignal, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const budget = new AbortController();
    const done = new AbortController();
    const timer = this.options.clock.sleep(this.options.detailBudgetMs ?? 10_000, AbortSignal.any([done.signal, signal])).then(
      () => budget.abort(new Error('detail budget spent')),
      () => {},
    );
    try {
      return await fn(AbortSignal.any([signal, budget.signal]));
    } finally {
      done.abort();
      await timer;
    }
  }

  private async poll(limit: number, signal: AbortSignal): Promise<unknown[]> {
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
