import { chainFeature } from '../../feature-kit/feature';
import { ownStoreLevers } from '../../feature-kit/own-store-levers';
import { reviewHandlers } from './handlers';
import { reviewSenders } from './senders';

/**
 * Reviews on a chain's server: a store terminal reads, filters and answers its own stores' reviews
 * with a single terminal's rules (reviewHandlers), its answers through the chain's store outbox.
 */
export const reviewsChainFeature = chainFeature({
  name: 'reviews',
  channels: ['reviews:summary', 'reviews:list', 'reviews:detail', 'reviews:answer'],
  start: (context) => ({
    handlers: ownStoreLevers(context, ['reviews:summary', 'reviews:list', 'reviews:detail', 'reviews:answer'], (actions) =>
      reviewHandlers({ review: context.api.review, clock: context.clock, actions }),
    ),
    senders: reviewSenders(context.api.review),
  }),
});
