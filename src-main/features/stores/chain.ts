import { chainFeature } from '../../feature-kit/feature';

/**
 * The stores on a chain's server: a terminal names exactly the stores it was granted (`all` names
 * no more), and hears what the platform shows of them (every replica reads every store's status).
 */
export const storesChainFeature = chainFeature({
  name: 'stores',
  channels: ['stores:list', 'stores:status'],
  start: ({ stores, storeStatus, access }) => ({
    handlers: {
      'stores:list': async (_input, origin) => stores.list((await access.granted(origin)).stores),
      'stores:status': async ({ merchantId, fresh }, origin) => {
        const granted = await access.scope(merchantId, origin);
        if (merchantId && (fresh || !storeStatus.snapshot(merchantId))) await storeStatus.check(merchantId);
        const snapshots = granted.stores.map((id) => storeStatus.snapshot(id)).filter((s) => s !== undefined);
        return { stores: snapshots, intervalSeconds: Math.round(storeStatus.intervalMs / 1000) };
      },
    },
  }),
});
