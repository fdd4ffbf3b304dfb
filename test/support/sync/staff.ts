import type { OrdersDb } from '../../../src-main/db/orders/orders-db';
import type { SyncService } from '../../../src-main/sync/sync-service';
import type { BoardRow } from '../../../src-shared/ipc/channels/orders';
import { TEST_INSTANT_MS } from '../clock';

/**
 * A kitchen that presses the next button of every order on the board as soon as the previous action
 * settled: confirm, start preparation, then ready (takeout, platform delivery) or dispatch (own
 * delivery). Decisions come from the database only, so a restarted process picks up where it was.
 */
export function nextAction(row: BoardRow): 'confirm' | 'startPreparation' | 'readyToPickup' | 'dispatch' | undefined {
  if (row.pendingAction && (row.pendingAction.state === 'queued' || row.pendingAction.state === 'sent')) return undefined;
  if (row.detailMissing) return undefined;
  switch (row.status) {
    case 'PLACED':
      return 'confirm';
    case 'CONFIRMED':
      return 'startPreparation';
    case 'PREPARATION_STARTED':
      return row.orderType === 'DELIVERY' && row.deliveredBy === 'MERCHANT' ? 'dispatch' : 'readyToPickup';
    default:
      return undefined;
  }
}

export function isDone(row: BoardRow): boolean {
  return row.orderType === 'DELIVERY' && row.deliveredBy === 'MERCHANT' ? row.status === 'DISPATCHED' : row.status === 'READY_TO_PICKUP';
}

/** Presses buttons whenever the board changes (and on a timer); returns a stop function. */
export function runKitchen(store: OrdersDb, sync: SyncService, everyMs = 25): () => void {
  const press = (): void => {
    if (!store.isOpen) return;
    // Any time near the orders' will do: the board's window is a day wide.
    for (const row of store.board.rows({ now: TEST_INSTANT_MS })) {
      const action = nextAction(row);
      if (action) sync.outbox.enqueue({ orderId: row.id, action });
    }
  };
  const timer = setInterval(press, everyMs);
  return () => clearInterval(timer);
}
