import { join } from 'node:path';
import { openDatabase, isSqliteError, storageError, DATABASE_FILE, type Db } from './database';
import { CodeChecksRepo } from './code-checks-repo';
import { EventsRepo } from './events-repo';
import { HistoryQuery } from './history-query';
import { BoardQuery } from './board-query';
import { OrderWrites } from './order-writes';
import { OutboxRepo } from './outbox-repo';
import { PrintQueueRepo } from './print-queue-repo';
import { Retention } from './retention';
import { SummaryQuery } from './summary-query';
import { SyncStateRepo } from './sync-state-repo';
import { TrackingRepo } from './tracking-repo';

/**
 * The terminal's order database (SQLite): one connection, its repositories, and transactions that
 * fail as AppError('storage').
 */
export class OrdersDb {
  /** The write path: progression and details. */
  readonly orders: OrderWrites;
  /** The board's reads. */
  readonly board: BoardQuery;
  /** The history screen's search and the day's summary. */
  readonly history: HistoryQuery;
  readonly summary: SummaryQuery;
  readonly retention: Retention;
  readonly printQueue: PrintQueueRepo;
  readonly tracking: TrackingRepo;
  readonly events: EventsRepo;
  readonly outbox: OutboxRepo;
  readonly syncState: SyncStateRepo;
  readonly codeChecks: CodeChecksRepo;
  private closed = false;

  constructor(
    readonly db: Db,
    readonly file: string,
  ) {
    this.orders = new OrderWrites(db);
    this.board = new BoardQuery(db);
    this.history = new HistoryQuery(db);
    this.summary = new SummaryQuery(db);
    this.retention = new Retention(db);
    this.printQueue = new PrintQueueRepo(db);
    this.tracking = new TrackingRepo(db);
    this.events = new EventsRepo(db);
    this.outbox = new OutboxRepo(db);
    this.syncState = new SyncStateRepo(db);
    this.codeChecks = new CodeChecksRepo(db);
  }

  /** Opens (creating and migrating) the database in the app's data folder. */
  static open(dataDir: string): OrdersDb {
    const file = dataDir === ':memory:' ? ':memory:' : join(dataDir, DATABASE_FILE);
    return new OrdersDb(openDatabase({ file }), file);
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Runs `fn` in one write transaction (BEGIN IMMEDIATE): all of it commits, or none of it. */
  write<T>(fn: () => T): T {
    try {
      return this.db.transaction(fn).immediate();
    } catch (error) {
      this.orders.forgetRecent();
      throw isSqliteError(error) ? storageError(this.file, error) : error;
    }
  }

  /** Reads outside a transaction, with SQLite failures as AppError('storage'). */
  read<T>(fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      throw isSqliteError(error) ? storageError(this.file, error) : error;
    }
  }

  /**
   * Copies committed pages from the WAL into the database file, when nothing is waiting on the store
   * (the poller, between rounds): commits stay cheap, and the WAL small. PASSIVE: it never waits for
   * a reader nor blocks one; whatever it cannot copy now, a later call does.
   */
  checkpoint(): void {
    this.read(() => this.db.pragma('wal_checkpoint(PASSIVE)'));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }
}
