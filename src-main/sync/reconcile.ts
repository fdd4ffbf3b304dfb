import type { OrdersDb } from '../db/orders/orders-db';
import { settledByStatus } from '../orders/outcomes';

/**
 * Settles the open actions of an order against its status, inside the caller's transaction, by the
 * domain's rule (orders/outcomes.ts). Returns the ids of the actions it settled.
 */
export function reconcileOpenActions(db: OrdersDb, orderId: string, status: string, now: number): number[] {
  const settled: number[] = [];
  for (const action of db.outbox.openFor(orderId)) {
    const outcome = settledByStatus(action.action, status);
    if (outcome && db.outbox.settle(action.id, outcome.state, outcome.reason, 'status', now)) settled.push(action.id);
  }
  return settled;
}
