import { join } from 'node:path';
import { openDatabase, type Db } from '../database';
import { PrintOrdersRepo } from './print-orders-repo';
import { PrintQueueRepo } from '../print-queue-repo';
import { ScreenActionsRepo } from './screen-actions-repo';
import * as m0001 from './migrations/0001-screen-actions';
import * as m0002 from './migrations/0002-screen-print';
import * as m0003 from './migrations/0003-screen-levers';
import { SqliteFile } from '../sqlite-file';

export const SCREEN_OUTBOX_FILE = 'screen-outbox.sqlite';

/**
 * What a screen of a chain's server keeps on its own disk (`<dataDir>/screen-outbox.sqlite`, the
 * terminal's folder: a screen has no account): the order actions made while the server could not
 * be reached, and the print queue of its own printers. A screen of a store's hub never opens it.
 */
export class ScreenOutboxDb extends SqliteFile {
  readonly actions: ScreenActionsRepo;
  /** The screen's own print queue (the terminal's table and repository) and the orders its tickets print. */
  readonly printQueue: PrintQueueRepo;
  readonly printOrders: PrintOrdersRepo;

  constructor(db: Db, file: string) {
    super(db, file);
    this.actions = new ScreenActionsRepo(db);
    this.printQueue = new PrintQueueRepo(db);
    this.printOrders = new PrintOrdersRepo(db);
  }

  /** Opens (creating and migrating) the file in the terminal's data folder; `:memory:` for tests. */
  static open(dataDir: string): ScreenOutboxDb {
    const file = dataDir === ':memory:' ? ':memory:' : join(dataDir, SCREEN_OUTBOX_FILE);
    return new ScreenOutboxDb(openDatabase({ file, migrations: MIGRATIONS }), file);
  }
}

const MIGRATIONS = [m0001, m0002, m0003];
