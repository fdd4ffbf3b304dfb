import type { OrdersChanged } from '../../src-shared/ipc/channels/orders';
import { Listeners } from '../base/listeners';
import type { Logger } from '../base/log';
import type { OrdersDb } from '../db/orders/orders-db';
import { toOutboxEntry } from '../db/orders/outbox-repo';

/**
 * Tells the renderer what a commit changed, right after it is committed: the board rows of the
 * orders touched (their pending action included) and the outbox entries that moved.
 */
export class OrderChangeFeed {
  private readonly listeners: Listeners<[OrdersChanged]>;

  constructor(
    private readonly db: OrdersDb,
    logger: Logger,
  ) {
    this.listeners = new Listeners('orders change', logger);
  }

  onChange(listener: (change: OrdersChanged) => void): () => void {
    return this.listeners.add(listener);
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
    this.listeners.emit({ rows: this.db.board.rowsOf(orders), actions });
  }
}
