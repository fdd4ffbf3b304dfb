import { AppError, toAppError } from '../../src-shared/errors';
import { OrdersDb } from '../db/orders-db';
import { historyHandlers, unavailableHistoryHandlers } from '../ipc/handlers/history';
import { orderHandlers, unavailableOrderHandlers } from '../ipc/handlers/orders';
import { printHandlers, unavailablePrintHandlers } from '../ipc/handlers/print';
import { PrintService } from '../print/print-service';
import { join } from 'node:path';
import { Loop } from '../base/loop';
import type { Logger } from '../base/log';
import { apiOrderGateway } from '../sync/api-gateway';
import { AutoConfirmer } from '../sync/auto-confirm';
import { SyncService } from '../sync/sync-service';
import type { StartFeature } from './feature';

/**
 * Orders: the SQLite cache, the sync (event poller, outbox, tracking) and the board's channels. A
 * database that cannot be used (damaged, newer than the app) is never wiped: the app starts without
 * orders, polls nothing (the platform keeps the events), and every orders channel answers the
 * storage error so the screen can say what to do.
 */
export const ordersFeature: StartFeature = ({ account, api, clock, logger, push, connectivity, pollSeconds, settings, systemPrinter }) => {
  let db: OrdersDb;
  try {
    db = OrdersDb.open(account.dataDir);
  } catch (error) {
    const why = toAppError(error);
    logger.error('order database unavailable: orders are not synced', { error: why });
    const storage = why.code === 'storage' ? why : new AppError('storage', why.message);
    return { handlers: { ...unavailableOrderHandlers(storage), ...unavailableHistoryHandlers(storage), ...unavailablePrintHandlers(storage) } };
  }
  const gateway = apiOrderGateway(api);
  const sync = new SyncService({ db, gateway, clock, logger, connectivity, pollIntervalMs: pollSeconds * 1000 });
  const autoConfirm = new AutoConfirmer({ db, outbox: sync.outbox, feed: sync.feed, clock, logger: logger.child({ room: 'sync' }), settings });
  const print = new PrintService({
    db,
    clock,
    logger: logger.child({ room: 'print' }),
    settings,
    ticketsDir: join(account.dataDir, 'tickets'),
    onStatus: (status) => push.push('print:changed', status),
    onOrdersPrinted: (ids) => sync.feed.publish(ids),
    ...(systemPrinter ? { system: systemPrinter } : {}),
  });
  const unsubscribe = [
    sync.feed.onChange((change) => push.push('orders:changed', change)),
    sync.feed.onChange((change) => print.onOrdersChanged(change)),
    sync.tracking.onTracking((orderId, tracking) => {
      push.push('orders:tracking', { orderId, tracking });
      // The card shows the driver's ETA: its row goes out again with the new position.
      sync.feed.publish([orderId]);
    }),
  ];
  const retention = new Loop({
    name: 'history retention',
    clock,
    logger,
    tick: async () => {
      pruneHistory(db, clock.now() - settings().historyDays * DAY_MS, logger);
      return DAY_MS;
    },
  });
  sync.start();
  autoConfirm.start();
  retention.start();
  print.start();
  return {
    handlers: { ...orderHandlers({ db, outbox: sync.outbox, details: sync.details, gateway, clock }), ...historyHandlers(db), ...printHandlers(print, clock) },
    // The poll, send or tracking round in flight finishes first; then the database closes.
    stop: async () => {
      for (const off of unsubscribe) off();
      await Promise.all([autoConfirm.stop(), retention.stop(), print.stop()]);
      await sync.stop();
      db.close();
    },
  };
};

const DAY_MS = 24 * 3600_000;

/** The daily retention job: orders closed before the cutoff go, a batch per transaction. */
function pruneHistory(db: OrdersDb, beforeMs: number, logger: Logger): void {
  let removed = 0;
  for (let batch = db.write(() => db.retention.pruneBatch(beforeMs)); batch > 0; batch = db.write(() => db.retention.pruneBatch(beforeMs))) removed += batch;
  if (removed > 0) logger.info('history pruned', { orders: removed, closedBefore: new Date(beforeMs).toISOString() });
}
