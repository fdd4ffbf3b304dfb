import { AppError, toAppError } from '../../../src-shared/errors';
import type { StoreActionKind } from '../../../src-shared/ipc/channels/store-actions';
import { chainFeature } from '../../feature-kit/feature';

/** Kinds whose effect the platform shows in the store's status: once done, every replica reads the store again. */
const CHANGES_STATUS: ReadonlySet<StoreActionKind> = new Set(['pause', 'resume', 'replaceHours']);

/**
 * The chain's store outbox as a terminal sees it: its own stores' actions, listed and withdrawn; and
 * each change of one (on whichever replica made it) told to the screens of that store on every
 * replica through the bus, which also wakes every replica's sender for a row another one wrote.
 */
export const storeActionsChainFeature = chainFeature({
  name: 'store-actions',
  channels: ['storeActions:list', 'storeActions:cancel'],
  start: ({ storeOutbox, bus, access, pushToStore, storeStatus, logger }) => {
    const log = logger.child({ room: 'store-actions' });
    const offChange = storeOutbox.onChange((entry) => {
      bus.publish({ kind: 'store-action', storeId: entry.merchantId, id: entry.id }).catch((error: unknown) => {
        // The screens of this store on other replicas hear it at their next read; the senders at their idle round.
        log.warn('a store action’s change could not be told to the other replicas', { id: entry.id, error: toAppError(error) });
      });
    });
    const offBus = bus.subscribe((notice) => {
      if (notice.kind !== 'store-action') return;
      void (async () => {
        const entry = await storeOutbox.entry(notice.id);
        if (!entry || entry.merchantId !== notice.storeId) return;
        pushToStore(entry.merchantId, 'storeActions:changed', entry);
        // A new row to send, or a settled one that let the next of its store go: this replica's sender looks now.
        storeOutbox.wake();
        if (entry.state === 'done' && CHANGES_STATUS.has(entry.kind)) await storeStatus.check(entry.merchantId);
      })().catch((error: unknown) => log.warn('a store action’s notice could not be followed', { id: notice.id, error: toAppError(error) }));
    });
    return {
      handlers: {
        'storeActions:list': async ({ merchantId }, origin) => {
          const { chosen } = await access.scope(merchantId ?? undefined, origin);
          const lists = await Promise.all(chosen.map((id) => storeOutbox.list(id)));
          return lists.flat().sort((a, b) => b.id - a.id);
        },
        'storeActions:cancel': async ({ id }, origin) => {
          const { stores } = await access.granted(origin);
          const entry = await storeOutbox.entry(id);
          // Another store's action is as if it did not exist.
          if (!entry || !stores.includes(entry.merchantId)) throw new AppError('not-found', 'No such store action.');
          return storeOutbox.cancel(id);
        },
      },
      stop: () => {
        offChange();
        offBus();
      },
    };
  },
});
