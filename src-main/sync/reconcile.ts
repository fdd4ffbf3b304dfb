import type { ErrorInfo } from '../../src-shared/errors';
import { actionTookEffect, isFinalStatus } from '../db/order-events';
import type { OrderStore } from '../db/order-store';

/**
 * Settles the open actions of an order against its status, inside the caller's transaction: an
 * action whose effect is visible is confirmed (however it came about); one that can no longer take
 * effect because the order is closed expires. Returns the ids of the actions it settled.
 */
export function reconcileOpenActions(store: OrderStore, orderId: string, status: string, now: number): number[] {
  const settled: number[] = [];
  for (const action of store.outbox.openFor(orderId)) {
    if (actionTookEffect(action.action, status)) {
      if (store.outbox.settle(action.id, 'confirmed', null, 'status', now)) settled.push(action.id);
    } else if (isFinalStatus(status)) {
      const reason: ErrorInfo = { code: 'conflict', message: `the order is already ${status}` };
      if (store.outbox.settle(action.id, 'expired', reason, 'status', now)) settled.push(action.id);
    }
  }
  return settled;
}
