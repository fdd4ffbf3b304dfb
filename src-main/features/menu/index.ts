import { ScheduledStoreActions } from '../../sync/scheduled-store-actions';
import { sessionFeature } from '../../feature-kit/feature';
import { menuHandlers } from './handlers';
import { menuSenders } from './senders';

/**
 * The menu (spec §4.6): a store's categories and items read on demand; a dish, an add-on or a
 * category sold out and back, a price, through the store outbox; a dish sold out until tomorrow
 * comes back by itself (the scheduled store actions submit its comeback at the store's opening).
 */
export const menuFeature = sessionFeature({
  name: 'menu',
  channels: [
    'menu:catalog',
    'menu:setItemStatus',
    'menu:setCategoryStatus',
    'menu:setItemPrice',
    'menu:soldOutUntilTomorrow',
    'menu:comebacks',
    'menu:itemOptions',
    'menu:setOptionStatus',
  ],
  start: ({ api, clock, logger, storeOutbox, storeOutboxDb }) => {
    const scheduler = new ScheduledStoreActions({ db: storeOutboxDb, outbox: storeOutbox, clock, logger: logger.child({ room: 'menu' }) });
    return {
      handlers: menuHandlers({ catalog: api.catalog, actions: storeOutbox, clock, merchant: api.merchant, scheduler, db: storeOutboxDb }),
      senders: menuSenders(api.catalog),
      services: [scheduler],
    };
  },
});
