import { chainFeature } from '../../feature-kit/feature';
import { ownStoreLevers } from '../../feature-kit/own-store-levers';
import { storeHandlers } from './handlers';
import { storeSenders } from './senders';

/** A chain's server reads the platform for its terminals at each call: it keeps no store list of its own to fall back on. */
const fromThePlatform = {
  list: <T>(read: () => Promise<T>) => read(),
  detail: <T>(_merchantId: string, read: () => Promise<T>) => read(),
};

/**
 * The stores on a chain's server: a terminal names exactly the stores it was granted (`all` names
 * no more), hears what the platform shows of them (every replica reads every store's status), and
 * pulls a single terminal's levers for them — pauses, reopening, opening hours — through the chain's
 * store outbox, with the same rules (storeHandlers) and senders.
 */
export const storesChainFeature = chainFeature({
  name: 'stores',
  channels: ['stores:list', 'stores:detail', 'stores:status', 'stores:interruptions', 'stores:pause', 'stores:resume', 'stores:hours', 'stores:replaceHours'],
  start: (context) => {
    const { stores, storeStatus, access, api, clock } = context;
    return {
      handlers: {
        'stores:list': async (_input, origin) => stores.list((await access.granted(origin)).stores),
        'stores:status': async ({ merchantId, fresh }, origin) => {
          const granted = await access.scope(merchantId, origin);
          if (merchantId && (fresh || !storeStatus.snapshot(merchantId))) await storeStatus.check(merchantId);
          const snapshots = granted.stores.map((id) => storeStatus.snapshot(id)).filter((s) => s !== undefined);
          return { stores: snapshots, intervalSeconds: Math.round(storeStatus.intervalMs / 1000) };
        },
        ...ownStoreLevers(
          context,
          ['stores:detail', 'stores:interruptions', 'stores:pause', 'stores:resume', 'stores:hours', 'stores:replaceHours'],
          (actions) => storeHandlers({ merchant: api.merchant, lastKnown: fromThePlatform, monitor: storeStatus, clock, actions }),
        ),
      },
      senders: storeSenders(api.merchant, storeStatus),
    };
  },
});
