import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { LoopWorker } from '../base/loop';
import { payloadOf, type ScheduledActionRecord } from '../db/store-outbox/scheduled-actions-repo';
import type { StoreOutboxDb } from '../db/store-outbox/store-outbox-db';
import { sqliteScheduledActions, type NewScheduledAction, type ScheduledActionsStorage } from './scheduled-actions-storage';
import type { StoreOutbox } from './store-outbox';

/** Where the actions wait — the terminal's file (`db`), or another storage (a chain's PostgreSQL) — and where they go. */
export type ScheduledStoreActionsOptions = ({ db: StoreOutboxDb } | { storage: ScheduledActionsStorage }) & {
  outbox: Pick<StoreOutbox, 'submit'>;
  clock: Clock;
  logger: Logger;
};

/**
 * Store actions made later: each waits for its time here, then goes to the store outbox like one
 * made by hand (sent at once, or queued while the platform cannot be reached). Waiting outside the
 * outbox keeps a later action from holding the store's queue.
 */
export class ScheduledStoreActions extends LoopWorker {
  private readonly storage: ScheduledActionsStorage;

  constructor(private readonly options: ScheduledStoreActionsOptions) {
    super({ name: 'scheduled store actions', clock: options.clock, logger: options.logger });
    this.storage = 'storage' in options ? options.storage : sqliteScheduledActions(options.db);
  }

  async schedule(input: NewScheduledAction): Promise<ScheduledActionRecord> {
    const record = await this.storage.add(input, this.options.clock.now());
    this.wake();
    return record;
  }

  protected async tick(signal: AbortSignal): Promise<number> {
    const { storage } = this;
    const { outbox, clock, logger } = this.options;
    for (const row of await storage.due(clock.now())) {
      if (signal.aborted) return 0;
      const entry = await outbox.submit({
        merchantId: row.merchant_id,
        kind: row.kind,
        subject: row.subject,
        payload: payloadOf(row),
        // Where replicas share the rows: a hand-off made again (its replica died before marking it) is the same action.
        ...(row.handoff_key ? { key: row.handoff_key } : {}),
      });
      await storage.markSubmitted(row.id, entry.id);
      logger.info('scheduled store action submitted', { id: row.id, kind: row.kind, actionId: entry.id, state: entry.state });
    }
    const next = await storage.nextDueMs();
    // Woken when something is scheduled; a minute at most between looks (the clock may jump, another replica may schedule).
    return next === undefined ? 60_000 : Math.min(60_000, Math.max(0, next - clock.now()));
  }
}
