import { toAppError } from '../../src-shared/errors';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { LoopWorker } from '../base/loop';
import type { OrdersDb } from '../db/orders/orders-db';
import type { OrderChangeFeed } from './change-feed';
import type { ConnectivityMonitor } from './connectivity';
import type { DetailFetcher } from './details';
import type { OrderGateway } from './gateway';
import type { EventIngest, IngestResult } from './ingest';
import { PollRound, type PollPace, type PollStorage, type PollTotals } from './poll-round';
import type { SyncProbe } from './probe';

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

/** Never aborted: a round asked for outside the loop (tests, a screen's first read) runs to its end. */
const UNTIL_DONE = new AbortController().signal;

/**
 * The terminal's event poller: the poll round (poll-round.ts) over the order database. Events are
 * stored by the ingest (one SQLite transaction), the touched rows pushed to the windows, first
 * details fetched into the cache before the acknowledgment, stale ones refreshed after it; the
 * connectivity monitor hears every poll, and the WAL is checkpointed between rounds.
 */
export class EventPoller extends LoopWorker {
  private readonly rounds: PollRound<IngestResult>;
  private readonly storage: PollStorage<IngestResult>;

  constructor(private readonly options: PollerOptions) {
    super({ name: 'event poller', clock: options.clock, logger: options.logger });
    const { db, ingest, details, feed, connectivity, probe } = options;
    this.rounds = new PollRound({
      ...options,
      report: {
        polling: () => probe?.('poll'),
        polled: (events) => {
          connectivity?.polled();
          probe?.('polled', { events });
        },
        pollFailed: (error) => connectivity?.pollFailed(error),
        persisted: (result) => probe?.('persisted', { stored: result.stored }),
        acknowledged: (ids) => probe?.('acked', { ids }),
        failed: (error) => connectivity?.failed(error),
      },
    });
    this.storage = {
      persist: (events, polledAt) => ingest.apply(events, polledAt),
      announce: (result) => feed.publish(result.changedOrders, result.changedActions),
      // Every order still missing its first detail, this poll's or an earlier one's.
      needDetail: (_result, limit) => db.orders.needingDetail('missing', limit),
      fetchDetail: (orderId, signal) => details.fetch(orderId, signal),
      ackable: (result) => db.events.ackable(result.eventIds),
      refresh: (signal) => details.fetchAll('stale', signal),
    };
  }

  /** The gap until the next poll, measured from the start of the last one. */
  nextGapMs(ok: boolean): number {
    return this.rounds.nextGapMs(ok);
  }

  protected async tick(signal: AbortSignal): Promise<number> {
    const { clock, logger } = this.options;
    const { nextAt, error } = await this.rounds.pass(this.storage, signal);
    if (signal.aborted) return 0;
    if (error) {
      const log = error.code === 'storage' || error.code === 'internal' ? logger.error : logger.warn;
      log('poll round failed', { code: error.code, error });
    }
    // After a failed round too: the outbox and the detail fetches write while the link is down.
    this.checkpoint();
    return Math.max(0, nextAt - clock.now());
  }

  /** One round: polls until the backlog is drained. Throws when a poll, a write or an ack fails. */
  round(signal: AbortSignal = UNTIL_DONE): Promise<PollTotals> {
    return this.rounds.round(this.storage, signal);
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
}
