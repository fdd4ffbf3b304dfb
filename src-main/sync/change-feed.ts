import type { OrdersChanged } from '../../src-shared/ipc/channels/orders';
import type { Logger } from '../base/log';
import type { OrdersDb } from '../db/orders-db';
import { toOutboxEntry } from '../db/outbox-repo';

/**
 * Tells the renderer what a commit changed, right after it is committed: the board rows of the
 * orders touched (their pending action included) and the outbox entries that moved.
 */
export class OrderChangeFeed {
  private readonly listeners = new Set<(change: OrdersChanged) => void>();

  constructor(
    private readonly db: OrdersDb,
    private readonly logger: Logger,
  ) {}

  onChange(listener: (change: OrdersChanged) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(orderIds: Iterable<string>, actionIds: Iterable<number> = []): void {
    if (this.listeners.size === 0) return;
    const orders = new Set(orderIds);
    const actions = [];
    for (const id of actionIds) {
      const record = this.db.outbox.get(id);
      if (!record) continue;
      actions.push(toOutboxEntry(record));
      orders.add(record.order_id);
    }
    if (orders.size === 0 && actions.length === 0) return;
    const change: OrdersChanged = { rows: this.db.board.rowsOf(orders), actions };
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.logger.warn('orders change listener failed', { error });
      }
    }
  }
}
