import { ScheduledActionsRepo } from '../db/scheduled-actions-repo';
import { menuHandlers, registerMenuActions } from '../ipc/handlers/menu';
import { ScheduledStoreActions } from '../sync/scheduled-store-actions';
import { merchantHandlers } from '../ipc/handlers/merchant';
import { LastKnownStores } from '../merchant/last-known-stores';
import { StoreStatusMonitor } from '../merchant/status-monitor';
import { CheckinSheets } from '../print/checkin';
import type { StartFeature } from './feature';
import { registerMerchantActions } from './merchant-actions';

/**
 * The merchant module on screen: the stores (with the last known list for offline starts), the
 * status monitor (every store each 30 s, pushed as `stores:status`), pauses, opening hours, the
 * check-in QR sheets and the menu (availability and prices).
 */
export const merchantFeature: StartFeature = ({ account, api, clock, logger, push, settings, storeActions, storeActionsDb }) => {
  const log = logger.child({ room: 'merchant' });
  const monitor = new StoreStatusMonitor({ merchant: api.merchant, clock, logger: log });
  const unsubscribe = monitor.onChange((snapshot) => push.push('stores:status', snapshot));
  monitor.start();
  registerMerchantActions(storeActions, api.merchant, monitor);
  registerMenuActions(storeActions, api.catalog);
  const scheduled = new ScheduledActionsRepo(storeActionsDb);
  const scheduler = new ScheduledStoreActions({ repo: scheduled, queue: storeActions, clock, logger: log });
  scheduler.start();
  return {
    handlers: {
      ...menuHandlers({ catalog: api.catalog, actions: storeActions, clock, merchant: api.merchant, scheduler, scheduled }),
      ...merchantHandlers({
        merchant: api.merchant,
        lastKnown: new LastKnownStores(account.dataDir, log),
        served: () => settings().stores,
        language: () => settings().locale,
        monitor,
        sheets: new CheckinSheets({ merchant: api.merchant, clock, logger: log, dataDir: account.dataDir }),
        clock,
        actions: storeActions,
      }),
    },
    stop: async () => {
      await scheduler.stop();
      await monitor.stop();
      unsubscribe();
    },
  };
};
