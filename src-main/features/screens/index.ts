import { AppError } from '../../../src-shared/errors';
import { appFeature } from '../../feature-kit/feature';
import { screensHandlers } from './handlers';
import { screensState } from './screens-view';

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
