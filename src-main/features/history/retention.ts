import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import { Loop } from '../../base/loop';
import type { OrdersDb } from '../../db/orders/orders-db';

const DAY_MS = 24 * 3600_000;

/** The daily retention job: orders closed more than the manager's days ago go, a batch per transaction. */
export function historyRetention(db: OrdersDb, options: { clock: Clock; logger: Logger; days: () => number }): Loop {
  const { clock, logger } = options;
  return new Loop({
    name: 'history retention',
    clock,
    logger,
    tick: async () => {
      pruneHistory(db, clock.now() - options.days() * DAY_MS, logger);
      return DAY_MS;
    },
  });
}

function pruneHistory(db: OrdersDb, beforeMs: number, logger: Logger): void {
  let removed = 0;
  for (let batch = db.write(() => db.retention.pruneBatch(beforeMs)); batch > 0; batch = db.write(() => db.retention.pruneBatch(beforeMs))) removed += batch;
  if (removed > 0) logger.info('history pruned', { orders: removed, closedBefore: new Date(beforeMs).toISOString() });
}
