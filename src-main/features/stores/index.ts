import { LastKnownStores } from '../../merchant/last-known-stores';
import { StoreStatusMonitor } from '../../merchant/status-monitor';
import { sessionFeature } from '../../feature-kit/feature';
import { storeHandlers } from './handlers';
import { storeSenders } from './senders';

/**
 * The stores (spec §4.4) on screen: the list (the last known one for offline starts), the status
 * monitor (every store each 30 s, pushed as `stores:status`), pauses, reopening and opening hours
 * (through the store outbox).
 */
export const storesFeature = sessionFeature({
  name: 'stores',
  channels: ['stores:list', 'stores:detail', 'stores:status', 'stores:interruptions', 'stores:pause', 'stores:resume', 'stores:hours', 'stores:replaceHours'],
  start: ({ account, api, clock, connectivity, logger, push, settings, storeOutbox }) => {
    const log = logger.child({ room: 'merchant' });
    const monitor = new StoreStatusMonitor({ merchant: api.merchant, clock, logger: log });
    // Back from offline: read the stores now, so the Store screen says what the platform sees at
    // once rather than the outage's last reading for up to 30 s.
    let wasOffline = false;
    const unsubscribers = [
      monitor.onChange((snapshot) => push.push('stores:status', snapshot)),
      connectivity.onChange(({ state }) => {
        if (wasOffline && state === 'online') monitor.wake();
        wasOffline = state === 'offline' || state === 'unauthorized';
      }),
    ];
    return {
      handlers: storeHandlers({
        merchant: api.merchant,
        lastKnown: new LastKnownStores(account.dataDir, log),
        served: () => settings().stores,
        monitor,
        clock,
        actions: storeOutbox,
      }),
      senders: storeSenders(api.merchant, monitor),
      services: [monitor],
      stop: () => {
        for (const unsubscribe of unsubscribers) unsubscribe();
      },
    };
  },
});
