import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../../src-shared/errors';
import { migrate, type Migration } from './migrate';
import { migrations as shippedMigrations } from './orders/migrations/index';

export type Db = Database.Database;

export const DATABASE_FILE = 'store-terminal.sqlite';

/**
 * Durability: WAL with synchronous=FULL. In WAL mode NORMAL already survives a crash of the app
 * (SIGKILL included: a commit is in the OS's hands before it returns), but not a power cut: the last
 * commits can vanish. The terminal does get unplugged, and the poller acknowledges events right after
 * committing them; an acknowledged event is never sent again, so a commit lost to a power cut would
 * be an order lost for good. FULL syncs the WAL at every commit. The cost is one fsync per
 * transaction, which the sync layer keeps few: one transaction per poll (up to `limit` events), one
 * per outbox state change (see bench/ingest.bench.ts for the figures).
 */
export const SYNCHRONOUS = 'FULL';

/**
 * WAL pages (4 KiB each) after which a commit copies the WAL into the database file itself. SQLite's
 * default (1,000) puts that checkpoint, with its two fsyncs and a write of every changed page, inside
 * whichever commit crosses the line: during a catch-up, between persisting a poll and acknowledging
 * it. The poller checkpoints when a round is over instead (OrdersDb.checkpoint), so this is only
 * the ceiling on the WAL's size (about 40 MB) should that not happen.
 */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;

const CORRUPT = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_INDEX', 'SQLITE_CORRUPT_VTAB']);

export function isSqliteError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}

export function isCorruption(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CORRUPT.has(code);
}

/** Any SQLite failure as a typed value; a damaged file is named, never wiped. */
export function storageError(file: string, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isCorruption(error)) {
    return new AppError(
      'storage',
      `The database ${file} is damaged and was left untouched. Move it aside (keep it for support) and restart: the terminal starts it afresh, and fetches the orders still open from the marketplace again.`,
      { cause: error },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('storage', `The database ${file} cannot be used: ${message}`, { cause: error });
}

export interface OpenOptions {
  /** The database file (`:memory:` for tests). */
  file: string;
  migrations?: readonly Migration[];
  readonly?: boolean;
}

/**
 * A bare handle on a file (`:memory:` too): no pragmas, no migrations. For tests and support tools
 * that must see a file as it is; the app uses openDatabase.
 */
export function openBareDatabase(file: string, options: Database.Options = {}): Db {
  return new Database(file, options);
}

/**
 * Loads the database module once, and says in one line when it cannot be loaded (no build for this
 * platform, say): the shells check this before anything else starts.
 */
export function databaseModuleProblem(): string | undefined {
  try {
    openBareDatabase(':memory:').close();
    return undefined;
  } catch (error) {
    return `better-sqlite3 cannot be loaded: ${(error as Error).message}`;
  }
}

/** Opens the database, sets the pragmas and applies pending migrations; throws AppError('storage'). */
export function openDatabase(options: OpenOptions): Db {
  const { file } = options;
  let db: Db | undefined;
  try {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    db = openBareDatabase(file, options.readonly ? { readonly: true, fileMustExist: true } : {});
    // The first read of the schema is where a file that is not a database (or is damaged) shows.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    if (!options.readonly) {
      db.pragma('journal_mode = WAL');
      db.pragma(`synchronous = ${SYNCHRONOUS}`);
      db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
    }
    db.pragma('foreign_keys = ON');
    // Another reader (a second window, a support tool) must not make a write fail at once.
    db.pragma('busy_timeout = 5000');
    if (!options.readonly) migrate(db, options.migrations ?? shippedMigrations, file);
    return db;
  } catch (error) {
    try {
      db?.close();
    } catch {
      // closing a half-opened handle: nothing more to save
    }
    throw storageError(file, error);
  }
}
