import { toAppError } from '../../../src-shared/errors';
import { chainFeature } from '../../feature-kit/feature';
import { ownStoreLevers } from '../../feature-kit/own-store-levers';
import { PROMOTION_CHANNELS, promotionHandlers } from './handlers';
import { PromotionTracker, promotionSenders } from './tracker';

/**
 * Promotions on a chain's server: a store terminal creates and ends its own stores' promotions with
 * a single terminal's rules (promotionHandlers), through the chain's store outbox; the replica that
 * sends one follows it as the spec says to poll (PromotionTracker on the chain's database), and
 * what it reads is told to every replica (a store-action notice), each pushing the promotion to its
 * screens of that store. An order's promoted lines are read for the store's own orders only.
 */
export const promotionsChainFeature = chainFeature({
  name: 'promotions',
  channels: PROMOTION_CHANNELS,
  start: (context) => {
    const { api, clock, logger, storeOutbox, promotionStatuses, bus, access, pushToStore } = context;
    const log = logger.child({ room: 'promotions' });
    const tracker = new PromotionTracker({ storage: promotionStatuses, promotion: api.promotion, outbox: storeOutbox, clock, logger: log });
    const offTracker = tracker.onChange((view) => {
      bus.publish({ kind: 'store-action', storeId: view.merchantId, id: view.actionId }).catch((error: unknown) => {
        // The other replicas' screens read it at their next list; this replica's hear it now.
        log.warn('a promotion’s change could not be told to the other replicas', { id: view.actionId, error: toAppError(error) });
        pushToStore(view.merchantId, 'promotions:changed', view);
      });
    });
    const offBus = bus.subscribe((notice) => {
      if (notice.kind !== 'store-action') return;
      tracker
        .view(notice.id)
        .then((view) => {
          // Only a promotion of the store the notice names (anything else is no promotion, or a notice that lies).
          if (view && view.merchantId === notice.storeId) pushToStore(view.merchantId, 'promotions:changed', view);
        })
        .catch((error: unknown) => log.warn('a promotion’s notice could not be followed', { id: notice.id, error: toAppError(error) }));
    });
    const handlers = promotionHandlers({ tracker, actions: storeOutbox, clock, order: api.order });
    return {
      handlers: {
        ...ownStoreLevers(context, ['promotions:list', 'promotions:refresh', 'promotions:create', 'promotions:endAll'], (actions) =>
          promotionHandlers({ tracker, actions, clock, order: api.order }),
        ),
        'promotions:inOrder': async (input, origin) => {
          await access.ownOrder(input.orderId, origin);
          return handlers['promotions:inOrder'](input, origin);
        },
      },
      senders: promotionSenders(api.promotion),
      services: [tracker],
      stop: () => {
        offTracker();
        offBus();
      },
    };
  },
});
