import { hostname } from 'node:os';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import { PgChainBus } from '../../chain/db/chain-bus';
import { PgChainDevices } from '../../chain/db/chain-devices';
import { PgChainOrders } from '../../chain/db/chain-orders';
import { PgChainOutbox } from '../../chain/db/chain-outbox';
import { PgChainStores } from '../../chain/db/chain-stores';
import { pgStoreActions } from '../../chain/db/chain-store-actions';
import { pgScheduledActions } from '../../chain/db/chain-scheduled-actions';
import { pgPromotionStatuses } from '../../chain/db/chain-promotion-statuses';
import { pgDeliveryOrders } from '../../chain/db/chain-delivery-orders';
import { PgChainConsole } from '../../chain/db/chain-console';
import { PgChainReports } from '../../chain/db/chain-reports';
import { PgConsoleDirectory } from '../../chain/db/console-directory';
import { readStorePage } from '../../chain/db/console-store-page';
import { PgStoreBusyMode } from '../../chain/db/store-busy-mode';
import { PgChainStaff } from '../../chain/db/chain-staff';
import { PgChainTrail } from '../../chain/db/chain-trail';
import { PgStoreRatings } from '../../chain/db/store-ratings';
import { readRushRows } from '../../chain/db/chain-rush';
import { chainSchemaVersion, migrateChain } from '../../chain/db/migrate';
import { chainMigrations } from '../../chain/db/migrations';
import { PgPollerLease } from '../../chain/db/poller-lease';
import { describeDatabaseUrl, openChainPool } from '../../chain/db/pool';
import type { ChainStore } from '../../chain/contract';

/**
 * Opens the replica's database: the pool, the migrations (under their advisory lock, so replicas may
 * start together), the PostgreSQL implementations of the chain's seams (src-main/chain/db/) and the
 * bus's own listening connection. Rejects (the server does not start) when the database cannot be
 * reached or is newer than this build.
 */
export async function openChainStore(options: { databaseUrl: string; logger: Logger; clock: Clock; name?: string }): Promise<ChainStore> {
  const { databaseUrl: url, logger, clock } = options;
  const name = options.name ?? `chain ${hostname()}:${process.pid}`;
  const pool = openChainPool({ url, applicationName: name, logger, max: 16 });
  try {
    const version = await migrateChain(pool, chainMigrations);
    logger.info('chain database ready', { database: describeDatabaseUrl(url), schema: version });
    const bus = new PgChainBus({ url, applicationName: `${name}-listen`, logger, pool, clock });
    await bus.start();
    const expected = chainMigrations.length;
    return {
      lease: new PgPollerLease(pool, logger),
      orders: new PgChainOrders(pool, clock, logger),
      outbox: new PgChainOutbox(pool),
      devices: new PgChainDevices(pool, logger),
      stores: new PgChainStores(pool),
      storeActions: (claims) => pgStoreActions(pool, claims),
      scheduledActions: (claims) => pgScheduledActions(pool, claims),
      promotionStatuses: pgPromotionStatuses(pool),
      deliveryOrders: pgDeliveryOrders(pool),
      console: new PgChainConsole(pool),
      directory: new PgConsoleDirectory(pool),
      storePage: (storeId, now) => readStorePage(pool, storeId, now),
      ratings: new PgStoreRatings(pool),
      reports: new PgChainReports(pool),
      rushRows: (since, stores) => readRushRows(pool, since, stores),
      busyMode: new PgStoreBusyMode(pool),
      staff: new PgChainStaff(pool),
      trail: new PgChainTrail(pool),
      bus,
      ready: async () => {
        try {
          const at = await chainSchemaVersion(pool);
          return at >= expected ? { ok: true } : { ok: false, reason: `database schema ${at}, this build needs ${expected}` };
        } catch (error) {
          return { ok: false, reason: `the database does not answer: ${(error as Error).message}` };
        }
      },
      close: async () => {
        await bus.close();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}
