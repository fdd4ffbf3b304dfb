import { join } from 'node:path';
import { makePrivate } from '../../base/private-folder';
import { openDatabase, type Db } from '../database';
import * as m0001 from './migrations/0001-paired-devices';
import { PairedDevicesRepo } from './paired-devices-repo';
import { SqliteFile } from '../sqlite-file';

export const HUB_DB_FILE = 'hub.sqlite';

/**
 * What the hub keeps of its screens, in its own file inside the hub's owner-only folder
 * (`<dataDir>/hub/hub.sqlite`, beside the hub's key): who may connect is trust, kept with the
 * identity the screens pinned, apart from the orders (a damaged order cache never unpairs a
 * kitchen display, and starting the orders afresh never lets an unpaired one in).
 */
export class HubDb extends SqliteFile {
  readonly devices: PairedDevicesRepo;

  constructor(db: Db, file: string) {
    super(db, file);
    this.devices = new PairedDevicesRepo(db);
  }

  /** Opens (creating and migrating) the file in the hub's folder; `:memory:` for tests. */
  static open(hubDir: string): HubDb {
    if (hubDir === ':memory:') return new HubDb(openDatabase({ file: ':memory:', migrations: MIGRATIONS }), ':memory:');
    // Owner-only whichever opens the folder first, this or the hub's identity. The folder's 0700 is
    // what guards the files in it (the app's umask makes them 0600 too: ownerOnlyFromNowOn).
    makePrivate(hubDir);
    const file = join(hubDir, HUB_DB_FILE);
    return new HubDb(openDatabase({ file, migrations: MIGRATIONS }), file);
  }
}

const MIGRATIONS = [m0001];
