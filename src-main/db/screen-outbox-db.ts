import { join } from 'node:path';
import { openDatabase, type Db } from './database';
import { ScreenActionsRepo } from './screen-actions-repo';
import * as m0001 from './screen-outbox-migrations/0001-screen-actions';
import { SqliteFile } from './sqlite-file';

export const SCREEN_OUTBOX_FILE = 'screen-outbox.sqlite';

/**
 * What a screen of a chain's server keeps on its own disk (`<dataDir>/screen-outbox.sqlite`, the
 * terminal's folder: a screen has no account): the order actions made while the server could not
 * be reached. A screen of a store's hub never opens it.
 */
export class ScreenOutboxDb extends SqliteFile {
  readonly actions: ScreenActionsRepo;

  constructor(db: Db, file: string) {
    super(db, file);
    this.actions = new ScreenActionsRepo(db);
  }

  /** Opens (creating and migrating) the file in the terminal's data folder; `:memory:` for tests. */
  static open(dataDir: string): ScreenOutboxDb {
    const file = dataDir === ':memory:' ? ':memory:' : join(dataDir, SCREEN_OUTBOX_FILE);
    return new ScreenOutboxDb(openDatabase({ file, migrations: MIGRATIONS }), file);
  }
}

const MIGRATIONS = [m0001];
