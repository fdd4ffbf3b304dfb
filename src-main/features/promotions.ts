import { PromotionsRepo } from '../db/promotions-repo';
import { promotionHandlers } from '../ipc/handlers/promotions';
import { PromotionTracker } from '../sync/promotion-tracker';
import type { StartFeature } from './feature';

/** Promotions: created through the store outbox, their processing followed and pushed (`promotions:changed`). */
export const promotionsFeature: StartFeature = ({ api, clock, logger, push, storeActions, storeActionsDb }) => {
  const tracker = new PromotionTracker({
    repo: new PromotionsRepo(storeActionsDb),
    promotion: api.promotion,
    queue: storeActions,
    clock,
    logger: logger.child({ room: 'promotions' }),
  });
  const unsubscribe = tracker.onChange((view) => push.push('promotions:changed', view));
  return {
    handlers: promotionHandlers({ tracker, actions: storeActions, clock, order: api.order }),
    stop: async () => {
      unsubscribe();
      await tracker.stop();
    },
  };
};
