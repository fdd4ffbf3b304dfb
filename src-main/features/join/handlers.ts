import { AppError } from '../../../src-shared/errors';
import type { JoinOutcome } from '../../../src-shared/ipc/channels/join';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import type { TerminalControl } from '../../feature-kit/feature';
import type { HubCard } from '../../hub/link/protocol';
import type { Paired, PairRequest } from '../../hub/trust/pair-client';
import type { Handlers } from '../../ipc/dispatcher';
import type { PushFanout } from '../../ipc/push-fanout';
import type { HubList } from './hub-list';
import { pairAsScreen } from './pairing';
import { screenSetupState } from './screen-view';

export type JoinChannel = 'join:hubs' | 'join:pair' | 'join:link' | 'join:reconnect' | 'join:unpair';

export interface JoinHandlerOptions {
  clock: Clock;
  logger: Logger;
  push: Pick<PushFanout, 'push'>;
  terminal: TerminalControl;
  hubs: HubList;
  pair: (request: PairRequest) => Promise<Paired>;
  /** The paired hub's card (what it is: a store's hub or a chain's server). */
  card?: (target: { host: string; port: number }, fingerprint: string) => Promise<HubCard>;
}

/**
 * The join channels: the hubs heard, the pairing (a first run becomes a screen), the link, and
 * forgetting the hub. Every change of what the terminal is is pushed as `setup:changed`: the
 * windows start over as a screen, or as a first run.
 */
export function joinHandlers(options: JoinHandlerOptions): Pick<Handlers, JoinChannel> {
  const { terminal, push, hubs, logger } = options;
  let pairing = false;
  const announce = (): void => push.push('setup:changed', screenSetupState(terminal));

  return {
    'join:hubs': ({ browse }) => hubs.browse(browse),
    'join:pair': async (input): Promise<JoinOutcome> => {
      // A terminal that works as an account (or is set up by flags), or is already a screen, is no first run.
      if (terminal.screen() || terminal.session() || terminal.file().account || terminal.fromFlags)
        return { outcome: 'refused', reason: 'not-first-run', attemptsLeft: null };
      if (pairing) throw new AppError('conflict', 'a pairing is already under way');
      pairing = true;
      try {
        const result = await pairAsScreen(input, { ...options, found: (hubId) => hubs.find(hubId) });
        if ('outcome' in result) return result;
        await terminal.becomeScreen(result.saved, result.paired.credential);
        await hubs.close();
        announce();
        const screen = screenSetupState(terminal).screen;
        if (!screen) throw new AppError('internal', 'paired, but the terminal is not a screen');
        return { outcome: 'paired', screen };
      } finally {
        pairing = false;
      }
    },
    'join:link': () => terminal.screen()?.link() ?? null,
    'join:reconnect': () => {
      const side = terminal.screen();
      side?.reconnectNow();
      return side?.link() ?? null;
    },
    'join:unpair': async () => {
      if (!terminal.screen()) return { unpaired: false };
      await terminal.leaveScreen();
      logger.info('this terminal is no longer a screen: back to the first run');
      announce();
      return { unpaired: true };
    },
  };
}
