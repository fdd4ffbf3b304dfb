import { SharedQueueQuery } from '../../db/orders/shared-queue-query';
import { sessionFeature } from '../../feature-kit/feature';
import { SharedQueueWatch } from './shared-queue-watch';

/**
 * The split-queue trap, named (shared-queue-watch.ts): the signs that another terminal polls this
 * account's events, read from the order database and the stores' status, pushed as
 * `sharedQueue:changed` for every window and screen to say so.
 */
export const sharedQueueFeature = sessionFeature({
  name: 'shared-queue',
  channels: ['sharedQueue:state'],
  start: ({ orders, clock, logger, push, settings, connectivity }) => {
    const { db } = orders();
    const watch = new SharedQueueWatch({
      query: new SharedQueueQuery(db.db),
      clock,
      logger: logger.child({ room: 'shared-queue' }),
      served: () => settings().stores,
      lastPollAt: () => {
        const at = connectivity.current.lastPollAt;
        return at === null ? null : Date.parse(at);
      },
    });
    const unsubscribers = [
      watch.onChanged((view) => push.push('sharedQueue:changed', view)),
      connectivity.onChange(({ lastPollAt }) => lastPollAt !== null && watch.polled(Date.parse(lastPollAt))),
      push.connect((event, payload) => {
        if (event === 'stores:status') watch.statusRead(payload as Parameters<SharedQueueWatch['statusRead']>[0]);
        // Orders changed: events were just stored, the moment a sign shows (the loop is the backstop).
        else if (event === 'orders:changed') watch.soon();
      }),
    ];
    return {
      handlers: { 'sharedQueue:state': () => watch.view() },
      services: [watch],
      stop: () => {
        for (const unsubscribe of unsubscribers) unsubscribe();
      },
    };
  },
});
