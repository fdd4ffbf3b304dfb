import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../base/log';
import { openDatabase, isSqliteError, storageError, DATABASE_FILE, type Db } from './database';
import { EventsRepo } from './events-repo';
import { OrdersRepo } from './orders-repo';
import { OutboxRepo } from './outbox-repo';
import { SyncStateRepo } from './sync-state-repo';

/** The terminal's order database: one connection, its repositories, and transactions that fail as AppError('storage'). */
export class OrderStore {
  readonly orders: OrdersRepo;
  readonly events: EventsRepo;
  readonly outbox: OutboxRepo;
  readonly syncState: SyncStateRepo;
  private closed = false;

  constructor(
    readonly db: Db,
    readonly file: string,
  ) {
    this.orders = new OrdersRepo(db);
    this.events = new EventsRepo(db);
    this.outbox = new OutboxRepo(db);
    this.syncState = new SyncStateRepo(db);
  }

  /** Opens (creating and migrating) the database in the app's data folder. */
  static open(dataDir: string): OrderStore {
    const file = dataDir === ':memory:' ? ':memory:' : join(dataDir, DATABASE_FILE);
    return new OrderStore(openDatabase({ file }), file);
  }

  /**
   * Demo mode: the embedded sandbox starts from its seed at every launch, so orders kept from an
   * earlier demo would be orders the new sandbox never heard of. The demo keeps its own database
   * (`demo/` under the data folder, never the real one) and starts it afresh.
   */
  static openDemo(dataDir: string, logger?: Logger): OrderStore {
    const demoDir = join(dataDir, 'demo');
    const file = join(demoDir, DATABASE_FILE);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    logger?.info('demo mode: order database started afresh', { file });
    return OrderStore.open(demoDir);
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
