import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import type { OrdersDb } from '../db/orders/orders-db';
import { LAST_POLL_AT } from '../db/orders/sync-state-repo';
import { OrderChangeFeed } from './change-feed';
import type { ConnectivityMonitor } from './connectivity';
import { DetailFetcher } from './details';
import type { OrderGateway } from './gateway';
import { EventIngest } from './ingest';
import { OrderOutbox, type OrderOutboxOptions } from './order-outbox';
import { EventPoller } from './poller';
import type { SyncProbe } from './probe';
import { TrackingPoller } from './tracking-poller';

export interface SyncServiceOptions {
  db: OrdersDb;
  gateway: OrderGateway;
  clock: Clock;
  logger: Logger;
  connectivity?: ConnectivityMonitor;
  pollIntervalMs: number;
  pollLimit?: number;
  random?: () => number;
  probe?: SyncProbe;
  outbox?: Pick<OrderOutboxOptions, 'backoffBaseMs' | 'backoffMaxMs' | 'sentCheckMs' | 'sentGiveUpMs'>;
  trackingCheckEveryMs?: number;
}

/**
 * The sync room assembled: event poller, outbox worker and tracking poller over one order database,
 * and the change feed the IPC layer pushes from. Stopping waits for every round in flight, so the
 * database can be closed right after.
 */
export class SyncService {
  readonly feed: OrderChangeFeed;
  readonly ingest: EventIngest;
  readonly details: DetailFetcher;
  readonly poller: EventPoller;
  readonly outbox: OrderOutbox;
  readonly tracking: TrackingPoller;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly options: SyncServiceOptions) {
    const { db, gateway, clock, connectivity, probe } = options;
    const logger = options.logger.child({ room: 'sync' });
    this.feed = new OrderChangeFeed(db, logger);
    this.ingest = new EventIngest(db, clock, logger);
    this.details = new DetailFetcher({ db, gateway, clock, logger, feed: this.feed });
    this.poller = new EventPoller({
      gateway,
      db,
      ingest: this.ingest,
      details: this.details,
      feed: this.feed,
      clock,
      logger,
      intervalMs: options.pollIntervalMs,
      ...(options.pollLimit ? { limit: options.pollLimit } : {}),
      ...(options.random ? { random: options.random } : {}),
      ...(connectivity ? { connectivity } : {}),
      ...(probe ? { probe } : {}),
    });
    this.outbox = new OrderOutbox({
      db,
      gateway,
      details: this.details,
      feed: this.feed,
      clock,
      logger,
      ...options.outbox,
      ...(options.random ? { random: options.random } : {}),
      ...(connectivity ? { connectivity } : {}),
      ...(probe ? { probe } : {}),
      onAccepted: () => this.poller.wake(),
    });
    this.tracking = new TrackingPoller({
      db,
      gateway,
      clock,
      logger,
      ...(options.trackingCheckEveryMs ? { checkEveryMs: options.trackingCheckEveryMs } : {}),
    });

    // An outcome event settled an action: the next action of that order may go now.
    this.unsubscribe.push(this.feed.onChange((change) => change.actions.length > 0 && this.outbox.wake()));
    if (connectivity) {
      const lastPoll = db.read(() => db.syncState.get(LAST_POLL_AT));
      if (lastPoll) connectivity.restoreLastPoll(lastPoll);
    }
  }

  start(): void {
    this.poller.start();
    this.outbox.start();
    this.tracking.start();
  }

  async stop(): Promise<void> {
    for (const off of this.unsubscribe.splice(0)) off();
    await Promise.all([this.tracking.stop(), this.outbox.stop(), this.poller.stop()]);
  }
}
