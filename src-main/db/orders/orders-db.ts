import { join } from 'node:path';
import { openDatabase, DATABASE_FILE, type Db } from '../database';
import { CodeChecksRepo } from './code-checks-repo';
import { EventsRepo } from './events-repo';
import { HistoryQuery } from './history-query';
import { KitchenRepo } from './kitchen-repo';
import { KitchenTimingRepo } from './kitchen-timing-repo';
import { BoardQuery } from './board-query';
import { OrderWrites } from './order-writes';
import { OutboxRepo } from './outbox-repo';
import { PrintQueueRepo } from '../print-queue-repo';
import { Retention } from './retention';
import { SqliteFile } from '../sqlite-file';
import { SummaryQuery } from './summary-query';
import { RushQuery } from './rush-query';
import { StaffRepo } from './staff-repo';
import { TrailRepo } from './trail-repo';
import { SyncStateRepo } from './sync-state-repo';
import { TrackingRepo } from './tracking-repo';

/** The terminal's order database (`store-terminal.sqlite`): the order cache, its outbox, its print queue, the kitchen's bumps. */
export class OrdersDb extends SqliteFile {
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
  /** The kitchen's screens: setup, bumps, finished orders, the menu's categories. */
  readonly kitchen: KitchenRepo;
  /** The kitchen's timing: a ticket's priority or hold, the stations' bumps of a day (speed of service). */
  readonly kitchenTiming: KitchenTimingRepo;
  /** What the rush gauge reads of the stores' orders. */
  readonly rush: RushQuery;
  /** The store's people, their wrong PINs, the sign-in switch (docs/staff.md). */
  readonly staff: StaffRepo;
  /** Who did what: appended, never edited. */
  readonly trail: TrailRepo;

  constructor(db: Db, file: string) {
    super(db, file);
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
    this.kitchen = new KitchenRepo(db);
    this.kitchenTiming = new KitchenTimingRepo(db);
    this.rush = new RushQuery(db);
    this.staff = new StaffRepo(db);
    this.trail = new TrailRepo(db);
  }

  /** Opens (creating and migrating) the database in the app's data folder. */
  static open(dataDir: string): OrdersDb {
    const file = dataDir === ':memory:' ? ':memory:' : join(dataDir, DATABASE_FILE);
    return new OrdersDb(openDatabase({ file }), file);
  }

  protected override writeFailed(): void {
    this.orders.forgetRecent();
  }

  /**
   * Copies committed pages from the WAL into the database file, when nothing is waiting on the database
   * (the poller, between rounds): commits stay cheap, and the WAL small. PASSIVE: it never waits for
   * a reader nor blocks one; whatever it cannot copy now, a later call does.
   */
  checkpoint(): void {
    this.read(() => this.db.pragma('wal_checkpoint(PASSIVE)'));
  }
}
