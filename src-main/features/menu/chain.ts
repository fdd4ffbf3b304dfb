import { chainFeature } from '../../feature-kit/feature';
import { ownStoreLevers } from '../../feature-kit/own-store-levers';
import { ScheduledStoreActions } from '../../sync/scheduled-store-actions';
import { MENU_CHANNELS, menuHandlers } from './handlers';
import { menuSenders } from './senders';

/**
 * The menu on a chain's server: a store terminal reads its own stores' menus and sells out, puts
 * back, reprices with a single terminal's rules (menuHandlers), through the chain's store outbox.
 * A dish sold out until tomorrow waits in the chain's database; at its time every replica looks
 * and one claims it, handing it to the store outbox under the row's own key: one comeback, however
 * many replicas, even when one dies midway.
 */
export const menuChainFeature = chainFeature({
  name: 'menu',
  channels: MENU_CHANNELS,
  start: (context) => {
    const { api, clock, logger, storeOutbox, scheduledActions } = context;
    const scheduler = new ScheduledStoreActions({ storage: scheduledActions, outbox: storeOutbox, clock, logger: logger.child({ room: 'menu' }) });
    return {
      handlers: ownStoreLevers(context, MENU_CHANNELS, (actions) =>
        menuHandlers({ catalog: api.catalog, actions, clock, merchant: api.merchant, scheduler, scheduled: scheduledActions }),
      ),
      senders: menuSenders(api.catalog),
      services: [scheduler],
    };
  },
});
