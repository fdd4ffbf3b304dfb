import { sessionFeature } from '../../feature-kit/feature';
import { RushWatch } from './rush-watch';

/**
 * The rush guard (docs/rush-guard.md): each store's load and the warnings before the platform's
 * automatic closure, read from the order database when orders change and as time passes, pushed to
 * every window and screen (`rush:changed`).
 */
export const rushFeature = sessionFeature({
  name: 'rush',
  channels: ['rush:gauge'],
  start: ({ clock, logger, push, orders }) => {
    const { db, sync } = orders();
    const watch = new RushWatch({ db, clock, logger: logger.child({ room: 'rush' }), changed: (view) => push.push('rush:changed', view) });
    const unsubscribe = sync.feed.onChange(() => watch.wake());
    return { handlers: { 'rush:gauge': () => watch.current() }, services: [watch], stop: unsubscribe };
  },
});
