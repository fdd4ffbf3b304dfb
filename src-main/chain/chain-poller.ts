import { toAppError, waitsToRetry } from '../../src-shared/errors';
import { readOrderEvent } from '../../src-shared/wire/events';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { acknowledgeInChunks, pollGapMs, type PollPace } from '../sync/poller';
import type { OrderGateway } from '../sync/gateway';
import type { ChainBus, ChainIngestResult, ChainOrders } from './contract';
import type { Term } from './leader';

/** What the poller tells the metrics, as it happens. */
export interface PollerObserver {
  polled(events: number, at: number): void;
  stored(result: ChainIngestResult): void;
  acknowledged(count: number): void;
  failed(code: string): void;
}

export interface ChainPollerOptions extends PollPace {
  gateway: OrderGateway;
  orders: ChainOrders;
  bus: ChainBus;
  credential: string;
  clock: Clock;
  logger: Logger;
  detailConcurrency?: number;
  observer?: PollerObserver;
}

/**
 * The chain's event poller, run only by the replica that leads the credential (leader.ts): poll →
 * `ChainOrders.ingest` fenced by the lease's token (one transaction) → a notice per store → first
 * details (`saveDetail`) → acknowledge. Nothing is acknowledged unless its commit held: a refused
 * fence (`conflict`, the lease was lost) or a database failure steps down at once and acknowledges
 * nothing, so the next leader gets the same events and the ingest recognises them by id. An event
 * whose order's first detail could not be read for a passing reason waits for the next poll, as on
 * the terminal (src-main/sync/poller.ts), whose pace this follows: at most 30 s between polls, and a
 * backlog drained poll after poll.
 */
export class ChainPoller {
  private readonly limit: number;
  private catchUpLimit: number;

  constructor(private readonly options: ChainPollerOptions) {
    this.limit = options.limit ?? 100;
    this.catchUpLimit = Math.max(this.limit, options.catchUpLimit ?? 1000);
  }

  nextGapMs(ok: boolean): number {
    return pollGapMs(this.options, ok);
  }

  /** The leader's work: rounds until the term ends. */
  async lead(term: Term): Promise<void> {
    const { clock, logger } = this.options;
    while (!term.signal.aborted) {
      const started = clock.now();
      let ok = true;
      try {
        await this.round(term);
      } catch (error) {
        ok = false;
        if (term.signal.aborted) return;
        const appError = toAppError(error);
        this.options.observer?.failed(appError.code);
        if (appError.code === 'conflict' || appError.code === 'storage' || appError.code === 'internal') {
          // The lease was lost, or the database cannot be trusted with the next batch: stop polling now.
          logger.error('chain poller: stepping down', { code: appError.code, error: appError });
          term.stepDown(appError.code === 'conflict' ? 'fenced write refused' : `database failed (${appError.code})`);
          return;
        }
        logger.warn('chain poller: poll round failed', { code: appError.code, error: appError });
      }
      const wait = Math.max(0, started + this.nextGapMs(ok) - clock.now());
      await clock.sleep(wait, term.signal).catch(() => {});
    }
  }

  /** Polls until the backlog is drained; throws on a failed poll, a refused or failed write, a failed ack. */
  async round(term: Pick<Term, 'leadership' | 'signal'>): Promise<{ polls: number; received: number; acknowledged: number }> {
    const { gateway, orders, clock, credential, observer } = this.options;
    const { signal } = term;
    const total = { polls: 0, received: 0, acknowledged: 0 };
    const maxPolls = this.options.maxDrainPolls ?? 100;
    for (;;) {
      const events = await this.poll(total.polls === 0 ? this.limit : this.catchUpLimit, signal);
      const polledAt = clock.now();
      observer?.polled(events.length, polledAt);
      total.polls++;
      total.received += events.length;
      if (signal.aborted) return total;

      const result = await orders.ingest(events, { credential, token: term.leadership.token }, polledAt);
      observer?.stored(result);
      await this.announce(result.changed);

      const waiting = await this.fetchDetails(result.needDetail, signal);
      const ackable = ackableIds(events, result.eventIds, waiting);
      if (signal.aborted) return total;
      await acknowledgeInChunks(gateway, ackable, signal);
      if (ackable.length > 0) observer?.acknowledged(ackable.length);
      total.acknowledged += ackable.length;

      const full = events.length >= this.limit;
      if (!full || ackable.length === 0 || total.polls >= maxPolls) return total;
    }
  }

  /** One notice per store; a lost notice only delays a screen (it reads its board again on reconnect). */
  private async announce(changed: readonly { orderId: string; storeId: string | null }[]): Promise<void> {
    const byStore = new Map<string | null, string[]>();
    for (const { orderId, storeId } of changed) byStore.set(storeId, [...(byStore.get(storeId) ?? []), orderId]);
    for (const [storeId, orderIds] of byStore) {
      try {
        await this.options.bus.publish({ kind: 'orders', storeId, orderIds });
      } catch (error) {
        this.options.logger.warn('chain poller: a notice could not be published', { storeId, error: toAppError(error) });
      }
    }
  }

  /**
   * Fetches and saves the first details, a few at once, within the round's budget. Resolves to the
   * orders still waiting for theirs (their events wait for the next poll). A detail the platform
   * refuses for good (404) does not hold its events back: the order shows what its events said.
   */
  private async fetchDetails(orderIds: readonly string[], signal: AbortSignal): Promise<Set<string>> {
    const { gateway, orders, clock, logger } = this.options;
    const waiting = new Set(orderIds);
    if (orderIds.length === 0) return waiting;
    const budget = new AbortController();
    const done = new AbortController();
    const timer = clock.sleep(this.options.detailBudgetMs ?? 10_000, AbortSignal.any([done.signal, signal])).then(
      () => budget.abort(new Error('detail budget spent')),
      () => {},
    );
    const cut = AbortSignal.any([signal, budget.signal]);
    const queue = [...orderIds];
    const worker = async (): Promise<void> => {
      for (let id = queue.shift(); id !== undefined && !cut.aborted; id = queue.shift()) {
        try {
          const detail = await gateway.getOrder(id, cut);
          const saved = await orders.saveDetail(id, detail, clock.now());
          waiting.delete(id);
          if (saved) await this.announce([{ orderId: id, storeId: saved.storeId }]);
        } catch (error) {
          const appError = toAppError(error);
          if (appError.code === 'storage') throw appError;
          if (cut.aborted || waitsToRetry(appError)) continue;
          logger.warn('chain poller: order detail unavailable', { orderId: id, code: appError.code });
          waiting.delete(id);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(this.options.detailConcurrency ?? 4, orderIds.length) }, worker));
    } finally {
      done.abort();
      await timer;
    }
    return waiting;
  }

  private async poll(limit: number, signal: AbortSignal): Promise<unknown[]> {
    try {
      return await this.options.gateway.poll(limit, signal);
    } catch (error) {
      if (limit === this.limit || toAppError(error).code !== 'validation') throw error;
      this.options.logger.warn('chain poller: the platform refused the catch-up page size; polling normal pages', { limit });
      this.catchUpLimit = this.limit;
      return this.options.gateway.poll(this.limit, signal);
    }
  }
}

/** The stored events (duplicates included: they were stored before) except those of orders still waiting for their detail. */
function ackableIds(events: readonly unknown[], stored: readonly string[], waiting: ReadonlySet<string>): string[] {
  if (waiting.size === 0) return [...stored];
  const held = new Set<string>();
  for (const value of events) {
    const event = readOrderEvent(value);
    if (event?.orderId && waiting.has(event.orderId)) held.add(event.id);
  }
  return stored.filter((id) => !held.has(id));
}
