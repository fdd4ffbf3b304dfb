import { toAppError, waitsToRetry } from '../../src-shared/errors';
import { readOrderEvent } from '../../src-shared/wire/events';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import type { OrderGateway } from '../sync/gateway';
import { PollRound, type PollPace, type PollStorage } from '../sync/poll-round';
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
  observer?: PollerObserver;
}

/** A batch as the chain's commit left it, with the events it came from (to hold back those of an order still waiting for its detail). */
type ChainBatch = ChainIngestResult & { events: readonly unknown[] };

/**
 * The chain's event poller, run only by the replica that leads the credential (leader.ts): the
 * terminal's poll round (src-main/sync/poll-round.ts) over the chain's database — `ChainOrders.ingest`
 * fenced by the lease's token (one transaction), a notice per store, first details (`saveDetail`),
 * then the acknowledgment. Nothing is acknowledged unless its commit held: a refused fence
 * (`conflict`, the lease was lost) or a database failure steps down at once and acknowledges
 * nothing, so the next leader gets the same events and the ingest recognises them by id. An event
 * whose order's first detail could not be read for a passing reason waits for the next poll, as on
 * the terminal, whose pace this follows: at most 30 s between polls, and a backlog drained poll after poll.
 */
export class ChainPoller {
  private readonly rounds: PollRound<ChainBatch>;

  constructor(private readonly options: ChainPollerOptions) {
    const { observer } = options;
    this.rounds = new PollRound<ChainBatch>({
      ...options,
      ...(observer
        ? {
            report: {
              polled: (events, at) => observer.polled(events.length, at),
              persisted: (batch) => observer.stored(batch),
              acknowledged: (ids) => observer.acknowledged(ids.length),
              failed: (error) => observer.failed(error.code),
            },
          }
        : {}),
    });
  }

  nextGapMs(ok: boolean): number {
    return this.rounds.nextGapMs(ok);
  }

  /** The leader's work: rounds until the term ends. */
  async lead(term: Term): Promise<void> {
    const { clock, logger } = this.options;
    const storage = this.storage(term);
    while (!term.signal.aborted) {
      const { nextAt, error } = await this.rounds.pass(storage, term.signal);
      if (term.signal.aborted) return;
      if (error?.code === 'conflict' || error?.code === 'storage' || error?.code === 'internal') {
        // The lease was lost, or the database cannot be trusted with the next batch: stop polling now.
        logger.error('chain poller: stepping down', { code: error.code, error });
        term.stepDown(error.code === 'conflict' ? 'fenced write refused' : `database failed (${error.code})`);
        return;
      }
      if (error) logger.warn('chain poller: poll round failed', { code: error.code, error });
      await clock.sleep(Math.max(0, nextAt - clock.now()), term.signal).catch(() => {});
    }
  }

  /** Polls until the backlog is drained; throws on a failed poll, a refused or failed write, a failed ack. */
  async round(term: Pick<Term, 'leadership' | 'signal'>): Promise<{ polls: number; received: number; acknowledged: number }> {
    const { polls, received, acknowledged } = await this.rounds.round(this.storage(term), term.signal);
    return { polls, received, acknowledged };
  }

  /** The chain's database as the round's storage, its writes fenced by this term's token. */
  private storage(term: Pick<Term, 'leadership'>): PollStorage<ChainBatch> {
    const { orders, gateway, clock, logger, credential } = this.options;
    const fence = { credential, token: term.leadership.token };
    return {
      persist: async (events, polledAt) => ({ ...(await orders.ingest(events, fence, polledAt)), events }),
      announce: (batch) => this.announce(batch.changed),
      needDetail: (batch) => batch.needDetail,
      /** A detail the platform refuses for good (404) does not hold its events back: the order shows what its events said. */
      fetchDetail: async (orderId, signal) => {
        try {
          const saved = await orders.saveDetail(orderId, await gateway.getOrder(orderId, signal), clock.now());
          if (saved) await this.announce([{ orderId, storeId: saved.storeId }]);
          return true;
        } catch (error) {
          const appError = toAppError(error);
          if (appError.code === 'storage') throw appError;
          if (signal.aborted || waitsToRetry(appError)) return false;
          logger.warn('chain poller: order detail unavailable', { orderId, code: appError.code });
          return true;
        }
      },
      ackable: (batch, waiting) => ackableIds(batch.events, batch.eventIds, waiting),
    };
  }

  /** One notice per store, all sent at once; a lost notice only delays a screen (it reads its board again on reconnect). */
  private async announce(changed: readonly { orderId: string; storeId: string | null }[]): Promise<void> {
    const byStore = new Map<string | null, string[]>();
    for (const { orderId, storeId } of changed) {
      const orderIds = byStore.get(storeId);
      if (orderIds) orderIds.push(orderId);
      else byStore.set(storeId, [orderId]);
    }
    if (byStore.size === 0) return;
    try {
      await this.options.bus.publish(...[...byStore].map(([storeId, orderIds]) => ({ kind: 'orders' as const, storeId, orderIds })));
    } catch (error) {
      this.options.logger.warn('chain poller: the notices could not be published', { stores: byStore.size, error: toAppError(error) });
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
