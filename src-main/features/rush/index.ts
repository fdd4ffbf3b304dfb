import { sessionFeature } from '../../feature-kit/feature';
import type { PushPayload } from '../../../src-shared/ipc/contract';
import { BusyMode, busyMinutesOf } from './busy-mode';
import { RushWatch } from './rush-watch';

/**
 * The rush guard (docs/rush-guard.md): each store's load and the warnings before the platform's
 * automatic closure, read from the order database when orders change and as time passes, pushed to
 * every window and screen (`rush:changed`); busy mode pauses a swamped store where it is on.
 */
export const rushFeature = sessionFeature({
  name: 'rush',
  channels: ['rush:gauge'],
  start: ({ clock, logger, push, orders, settings, storeOutbox }) => {
    const { db, sync } = orders();
    const log = logger.child({ room: 'rush' });
    const busy = new BusyMode({ busyMinutes: busyMinutesOf(settings), outbox: storeOutbox, logger: log });
    const watch = new RushWatch({
      db,
      clock,
      logger: log,
      changed: (view) => push.push('rush:changed', view),
      round: (view) => busy.look(view, clock.now()),
    });
    const unsubscribers = [
      sync.feed.onChange(() => watch.wake()),
      push.connect((event, payload) => {
        if (event === 'stores:status') {
          const { merchantId, summary } = payload as PushPayload<'stores:status'>;
          busy.statusRead(merchantId, summary);
        }
      }),
    ];
    return {
      handlers: { 'rush:gauge': () => watch.current() },
      services: [watch],
      stop: () => {
        for (const unsubscribe of unsubscribers) unsubscribe();
      },
    };
  },
});
