import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Db } from '../database';
import { DeliveryOrdersRepo } from './delivery-orders-repo';
import { PromotionsRepo } from './promotions-repo';
import { ScheduledActionsRepo } from './scheduled-actions-repo';
import { SqliteFile } from '../sqlite-file';
import { StoreActionsRepo } from './store-actions-repo';
import * as m0001 from './migrations/0001-store-actions';
import * as m0002 from './migrations/0002-promotion-status';
import * as m0003 from './migrations/0003-delivery-orders';
import * as m0004 from './migrations/0004-scheduled-store-actions';

export const STORE_OUTBOX_FILE = 'store-outbox.sqlite';
/** The file's name before it held more than the actions themselves; moved to the new name on open. */
const EARLIER_FILE = 'store-actions.sqlite';

/**
 * What the terminal does to the stores, in its own file (`store-outbox.sqlite`): the store outbox
 * (pauses, hours, review answers, menu changes, promotions, a delivery-only order's actions), and
 * what rides with it — the promotions' statuses, the delivery-only orders registered here, the
 * actions scheduled for later. Apart from the orders' file, so a damaged order cache never stops a
 * pause, and the two never wait on each other's writes.
 */
export class StoreOutboxDb extends SqliteFile {
  readonly actions: StoreActionsRepo;
  readonly promotions: PromotionsRepo;
  readonly deliveryOrders: DeliveryOrdersRepo;
  readonly scheduled: ScheduledActionsRepo;

  constructor(db: Db, file: string) {
    super(db, file);
    this.actions = new StoreActionsRepo(db);
    this.promotions = new PromotionsRepo(db);
    this.deliveryOrders = new DeliveryOrdersRepo(db);
    this.scheduled = new ScheduledActionsRepo(db);
  }

  /** Opens (creating and migrating) the file in the account's data folder; `:memory:` for tests. */
  static open(dataDir: string): StoreOutboxDb {
    if (dataDir === ':memory:') return new StoreOutboxDb(openDatabase({ file: ':memory:', migrations: MIGRATIONS }), ':memory:');
    const file = join(dataDir, STORE_OUTBOX_FILE);
    moveEarlierFile(dataDir, file);
    return new StoreOutboxDb(openDatabase({ file, migrations: MIGRATIONS }), file);
  }
}

const MIGRATIONS = [m0001, m0002, m0003, m0004];

/** A terminal updated from a version that called the file `store-actions.sqlite` keeps what waited in it. */
function moveEarlierFile(dataDir: string, file: string): void {
  const earlier = join(dataDir, EARLIER_FILE);
  if (existsSync(file) || !existsSync(earlier)) return;
  // The WAL and its index go with it: committed actions may still be only in the WAL.
  for (const suffix of ['-wal', '-shm']) if (existsSync(earlier + suffix)) renameSync(earlier + suffix, file + suffix);
  renameSync(earlier, file);
}
