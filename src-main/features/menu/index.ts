import { ScheduledStoreActions } from '../../sync/scheduled-store-actions';
import { sqliteScheduledActions } from '../../sync/scheduled-actions-storage';
import { sessionFeature } from '../../feature-kit/feature';
import { MENU_CHANNELS, menuHandlers } from './handlers';
import { menuSenders } from './senders';

/**
 * The menu (spec §4.6): a store's categories and items read on demand; a dish, an add-on or a
 * category sold out and back, a price, through the store outbox; a dish sold out until tomorrow
 * comes back by itself (the scheduled store actions submit its comeback at the store's opening).
 */
export const menuFeature = sessionFeature({
  name: 'menu',
  channels: MENU_CHANNELS,
  start: ({ api, clock, logger, storeOutbox, storeOutboxDb }) => {
    const scheduled = sqliteScheduledActions(storeOutboxDb);
    const scheduler = new ScheduledStoreActions({ storage: scheduled, outbox: storeOutbox, clock, logger: logger.child({ room: 'menu' }) });
    return {
      handlers: menuHandlers({ catalog: api.catalog, actions: storeOutbox, clock, merchant: api.merchant, scheduler, scheduled }),
      senders: menuSenders(api.catalog),
      services: [scheduler],
    };
  },
});
