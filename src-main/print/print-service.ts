import type { OrdersChanged } from '../../src-shared/ipc/channels/orders';
import type { Settings } from '../../src-shared/settings';
import { readOrderDetail } from '../../src-shared/wire/order';
import type { Clock } from '../base/clock';
import type { OrdersDb } from '../db/orders/orders-db';
import type { PrintJobRecord } from '../db/print-queue-repo';
import { TicketQueue, type TicketOrderAnswer, type TicketQueueOptions } from './ticket-queue';

export { autoPrintJobs } from './ticket-queue';

/** At start, confirms accepted this recently get their tickets if a stop came between (the queue ignores doubles). */
const CATCH_UP_MS = 30 * 60_000;

/** A terminal's print queue: its jobs and orders in the order database; the rest as `TicketQueue` takes it. */
export type PrintServiceOptions = Omit<TicketQueueOptions, 'jobs' | 'orderOf' | 'settings'> & {
  db: OrdersDb;
  settings: () => Settings;
};

/**
 * A terminal's print queue and its triggers. A confirm the platform accepted (staff or auto-confirm)
 * writes that order's tickets into the queue (once: the queue's UNIQUE key); a cancellation of an
 * order whose ticket came out writes a slip for the same printers. The order is read from the order
 * database (its stored detail, the board row's cancellation); the queue itself is `TicketQueue`.
 */
export class PrintService extends TicketQueue {
  private readonly db: OrdersDb;
  private readonly clock: Clock;

  constructor(options: PrintServiceOptions) {
    super({ ...options, jobs: options.db, orderOf: (job) => storedOrder(options.db, job) });
    this.db = options.db;
    this.clock = options.clock;
  }

  override start(): void {
    const { db, clock } = this;
    // A stop between a confirm and its tickets: the confirms of the last half hour are looked at again.
    if (db.isOpen)
      this.confirmed(
        db.read(() => db.outbox.acceptedConfirmsSince(clock.now() - CATCH_UP_MS)),
        [],
      );
    super.start();
  }

  /** Follows the orders feed: confirms accepted, cancellations after a ticket. */
  onOrdersChanged(change: OrdersChanged): void {
    const confirmed = change.actions.filter((a) => a.action === 'confirm' && (a.state === 'sent' || a.state === 'confirmed')).map((a) => a.orderId);
    const cancelled = change.rows.filter((r) => r.status === 'CANCELLED').map((r) => r.id);
    this.confirmed(confirmed, cancelled);
  }

  private confirmed(orderIds: readonly string[], cancelled: readonly string[]): void {
    if (orderIds.length === 0 && cancelled.length === 0) return;
    const { db } = this;
    const rows = orderIds.length > 0 ? db.read(() => db.board.rowsOf([...orderIds])) : [];
    const typeOf = new Map(rows.map((r) => [r.id, r.orderType]));
    this.queueTickets(
      orderIds.map((orderId) => ({ orderId, orderType: typeOf.get(orderId) ?? null })),
      cancelled,
    );
  }
}

/** The order a terminal's job prints: its stored detail (`later` until it arrives), its board row's cancellation. */
function storedOrder(db: OrdersDb, job: PrintJobRecord): TicketOrderAnswer {
  const stored = db.read(() => db.orders.detail(job.order_id));
  const order = stored?.detail ? readOrderDetail(stored.detail) : undefined;
  if (!order) return 'later';
  const cancellation = job.kind === 'cancellation' ? db.read(() => db.board.rowsOf([job.order_id])[0]?.cancellation) : undefined;
  return { order, cancellation };
}
