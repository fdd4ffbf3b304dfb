import { sessionFeature } from '../../feature-kit/feature';
import { reviewHandlers } from './handlers';
import { reviewSenders } from './senders';

/** Reviews: read on demand; answers go through the store outbox (sent once, also after a link cut). */
export const reviewsFeature = sessionFeature({
  name: 'reviews',
  channels: ['reviews:summary', 'reviews:list', 'reviews:detail', 'reviews:answer'],
  start: ({ api, clock, storeOutbox }) => ({
    handlers: reviewHandlers({ review: api.review, clock, actions: storeOutbox }),
    senders: reviewSenders(api.review),
  }),
});
