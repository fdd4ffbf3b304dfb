import { AppError } from '../../../src-shared/errors';
import { SharedQueueQuery } from '../../db/shared-queue-query';
import { appFeature, sessionFeature } from '../../feature-kit/feature';
import { screensHandlers } from './handlers';
import { screensState } from './screens-view';
import { SharedQueueWatch } from './shared-queue';

const SCREENS_CHANNELS = ['screens:state', 'screens:openPairing', 'screens:closePairing', 'screens:revoke'] as const;

/**
 * The hub's screens (Settings › Telas): pairing a screen with a code shown for two minutes, the
 * paired screens and their last contact, revoking one. The hub itself (its port, its announcement,
 * its file of screens) is `hub/hub-service.ts`, started with the app; every change it makes is pushed
 * as `screens:changed`.
 */
export const screensFeature = appFeature({
  name: 'screens',
  channels: SCREENS_CHANNELS,
  start: ({ hub, push }) => {
    const unsubscribe = hub.onChanged(() => push.push('screens:changed', screensState(hub.view())));
    return { handlers: screensHandlers(hub), stop: unsubscribe };
  },
});

/**
 * On a screen of another terminal: pairing and revoking are the hub terminal's alone (a screen never
 * lets another device in), so a screen answers these itself, refusing.
 */
export const screensOnScreenFeature = appFeature({
  name: 'screens-on-a-screen',
  channels: SCREENS_CHANNELS,
  start: ({ terminal }) => {
    const refuse = (): never => {
      throw new AppError(
        'forbidden',
        `this terminal is a screen of ${terminal.screen()?.pairing.hubName ?? 'another terminal'}: screens are paired at that terminal`,
      );
    };
    return { handlers: Object.fromEntries(SCREENS_CHANNELS.map((c) => [c, refuse])) as unknown as ReturnType<typeof screensHandlers> };
  },
});

/**
 * The split-queue trap, named (shared-queue.ts): the signs that another terminal polls this
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
