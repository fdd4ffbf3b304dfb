import { AppError, toAppError } from '../../src-shared/errors';
import { OrdersDb } from '../db/orders-db';
import { orderHandlers, unavailableOrderHandlers } from '../ipc/handlers/orders';
import { apiOrderGateway } from '../sync/api-gateway';
import { SyncService } from '../sync/sync-service';
import type { StartFeature } from './feature';

/**
 * Orders: the SQLite cache, the sync (event poller, outbox, tracking) and the board's channels. A
 * database that cannot be used (damaged, newer than the app) is never wiped: the app starts without
 * orders, polls nothing (the platform keeps the events), and every orders channel answers the
 * storage error so the screen can say what to do.
 */
export const ordersFeature: StartFeature = ({ account, api, clock, logger, push, connectivity, pollSeconds }) => {
  let db: OrdersDb;
  try {
    db = OrdersDb.open(account.dataDir);
  } catch (error) {
    const why = toAppError(error);
    logger.error('order database unavailable: orders are not synced', { error: why });
    return { handlers: unavailableOrderHandlers(why.code === 'storage' ? why : new AppError('storage', why.message)) };
  }
  const gateway = apiOrderGateway(api);
  const sync = new SyncService({ db, gateway, clock, logger, connectivity, pollIntervalMs: pollSeconds * 1000 });
  const unsubscribe = [
    sync.feed.onChange((change) => push.push('orders:changed', change)),
    sync.tracking.onTracking((orderId, tracking) => push.push('orders:tracking', { orderId, tracking })),
  ];
  sync.start();
  return {
    handlers: orderHandlers({ db, outbox: sync.outbox, details: sync.details, gateway, clock }),
    // The poll, send or tracking round in flight finishes first; then the database closes.
    stop: async () => {
      for (const off of unsubscribe) off();
      await sync.stop();
      db.close();
    },
  };
};
