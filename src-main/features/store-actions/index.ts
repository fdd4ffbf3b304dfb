import { sessionFeature } from '../../feature-kit/feature';

/** The store outbox on screen: what waits, how it ended, and withdrawing what has not left; every change pushed. */
export const storeActionsFeature = sessionFeature({
  name: 'store-actions',
  channels: ['storeActions:list', 'storeActions:cancel'],
  start: ({ push, storeOutbox }) => ({
    handlers: {
      'storeActions:list': ({ merchantId }) => storeOutbox.list(merchantId ?? null),
      'storeActions:cancel': ({ id }) => storeOutbox.cancel(id),
    },
    stop: storeOutbox.onChange((entry) => push.push('storeActions:changed', entry)),
  }),
});
