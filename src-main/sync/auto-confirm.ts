import type { Settings } from '../../src-shared/settings';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { LoopWorker } from '../base/loop';
import type { OrdersDb } from '../db/orders/orders-db';
import type { UnconfirmedOrder } from '../db/orders/board-query';
import type { OrderChangeFeed } from './change-feed';
import type { OrderOutbox } from './order-outbox';

/** How often the auto-confirmer looks again with no change to prompt it (a setting switched on, a restart). */
const SWEEP_EVERY_MS = 15_000;

/** The stores whose orders are confirmed on arrival: those with auto-confirm on that the terminal serves. */
export function autoConfirmStores(settings: Settings): string[] {
  const served = settings.stores === 'all' ? null : new Set(settings.stores);
  return settings.autoConfirm.filter((id) => served === null || served.has(id));
}

/**
 * Whether an order may be confirmed without staff now: never a scheduled order before its
 * preparation start (staff look at those themselves; the alert rings for them as for any new order).
 */
export function mayAutoConfirm(order: UnconfirmedOrder, now: number): boolean {
  if (order.order_timing !== 'SCHEDULED') return true;
  const start = order.preparation_start_at ? Date.parse(order.preparation_start_at) : Number.NaN;
  return Number.isFinite(start) && start <= now;
}

/**
 * Auto-confirm (a setting per store, off by default): a PLACED order of such a store is confirmed
 * through the outbox as soon as its detail is stored, the outbox entry marked `auto`. It looks after
 * every commit and every few seconds; since it only picks orders with no confirm in the outbox, a
 * restart half-way confirms each order once (the outbox row, written first, is the record).
 */
export class AutoConfirmer extends LoopWorker {
  private readonly unsubscribe: () => void;

  constructor(
    private readonly options: {
      db: OrdersDb;
      outbox: Pick<OrderOutbox, 'enqueue'>;
      feed: OrderChangeFeed;
      clock: Clock;
      logger: Logger;
      settings: () => Settings;
    },
  ) {
    super({ name: 'auto-confirm', clock: options.clock, logger: options.logger });
    this.unsubscribe = options.feed.onChange((change) => {
      if (change.rows.some((r) => r.status === 'PLACED' && r.confirmedBy === null)) this.wake();
    });
  }

  override stop(): Promise<void> {
    this.unsubscribe();
    return super.stop();
  }

  /** Confirms every candidate now; the wait until the next look. */
  async tick(): Promise<number> {
    this.sweep();
    return SWEEP_EVERY_MS;
  }

  /** The orders confirmed by this sweep. */
  sweep(): string[] {
    const { db, outbox, clock, logger, settings } = this.options;
    const stores = autoConfirmStores(settings());
    if (stores.length === 0 || !db.isOpen) return [];
    const now = clock.now();
    const confirmed: string[] = [];
    for (const order of db.read(() => db.board.unconfirmed(stores))) {
      if (!mayAutoConfirm(order, now)) continue;
      try {
        outbox.enqueue({ orderId: order.id, action: 'confirm' }, 'auto');
        confirmed.push(order.id);
      } catch (error) {
        logger.warn('auto-confirm not written', { orderId: order.id, error });
      }
    }
    if (confirmed.length > 0) logger.info('auto-confirmed', { orders: confirmed.length });
    return confirmed;
  }
}
