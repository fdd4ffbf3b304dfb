import type { StoreActionQueue } from '../../sync/store-action-queue';
import type { Handlers } from '../dispatcher';

/** The store outbox on screen: what waits, how it ended, and withdrawing what has not left. */
export function storeActionHandlers(queue: Pick<StoreActionQueue, 'list' | 'cancel'>): Pick<Handlers, 'storeActions:list' | 'storeActions:cancel'> {
  return {
    'storeActions:list': ({ merchantId }) => queue.list(merchantId ?? null),
    'storeActions:cancel': ({ id }) => queue.cancel(id),
  };
}
