import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { LoopWorker } from '../base/loop';
import { payloadOf, type ScheduledActionRecord, type ScheduledActionsRepo } from '../db/store-outbox/scheduled-actions-repo';
import type { StoreOutboxDb } from '../db/store-outbox/store-outbox-db';
import type { StoreOutbox } from './store-outbox';

/**
 * Store actions made later: each waits for its time here, then goes to the store outbox like one
 * made by hand (sent at once, or queued while the platform cannot be reached). Waiting outside the
 * outbox keeps a later action from holding the store's queue.
 */
export class ScheduledStoreActions extends LoopWorker {
  constructor(private readonly options: { db: StoreOutboxDb; outbox: Pick<StoreOutbox, 'submit'>; clock: Clock; logger: Logger }) {
    super({ name: 'scheduled store actions', clock: options.clock, logger: options.logger });
  }

  schedule(input: Omit<Parameters<ScheduledActionsRepo['add']>[0], 'now'>): ScheduledActionRecord {
    const { db, clock } = this.options;
    const record = db.write(() => db.scheduled.add({ ...input, now: clock.now() }));
    this.wake();
    return record;
  }

  protected async tick(signal: AbortSignal): Promise<number> {
    const { db, outbox, clock, logger } = this.options;
    for (const row of db.read(() => db.scheduled.due(clock.now()))) {
      if (signal.aborted) return 0;
      const entry = await outbox.submit({ merchantId: row.merchant_id, kind: row.kind, subject: row.subject, payload: payloadOf(row) });
      db.write(() => db.scheduled.markSubmitted(row.id, entry.id));
      logger.info('scheduled store action submitted', { id: row.id, kind: row.kind, actionId: entry.id, state: entry.state });
    }
    const next = db.read(() => db.scheduled.nextDueMs());
    // Woken when something is scheduled; a minute at most between looks (the clock may jump).
    return next === undefined ? 60_000 : Math.min(60_000, Math.max(0, next - clock.now()));
  }
}
