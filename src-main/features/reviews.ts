import { registerReviewActions, reviewHandlers } from '../ipc/handlers/reviews';
import type { StartFeature } from './feature';

/** Reviews: read on demand; answers go through the store outbox (sent once, also after a link cut). */
export const reviewsFeature: StartFeature = ({ api, clock, storeActions }) => {
  registerReviewActions(storeActions, api.review);
  return { handlers: reviewHandlers({ review: api.review, clock, actions: storeActions }) };
};
