import { sessionFeature } from '../../feature-kit/feature';
import { PROMOTION_CHANNELS, promotionHandlers } from './handlers';
import { PromotionTracker, promotionSenders } from './tracker';

/** Promotions: created through the store outbox, their processing followed and pushed (`promotions:changed`). */
export const promotionsFeature = sessionFeature({
  name: 'promotions',
  channels: PROMOTION_CHANNELS,
  start: ({ api, clock, logger, push, storeOutbox, storeOutboxDb }) => {
    const tracker = new PromotionTracker({
      db: storeOutboxDb,
      promotion: api.promotion,
      outbox: storeOutbox,
      clock,
      logger: logger.child({ room: 'promotions' }),
    });
    const unsubscribe = tracker.onChange((view) => push.push('promotions:changed', view));
    return {
      handlers: promotionHandlers({ tracker, actions: storeOutbox, clock, order: api.order }),
      senders: promotionSenders(api.promotion),
      services: [tracker],
      stop: unsubscribe,
    };
  },
});
