import { appFeature } from '../../feature-kit/feature';
import { browseHubs } from '../../hub/discovery/browse';
import { readHubCard } from '../../hub/link/hub-card';
import { pairWithHub } from '../../hub/trust/pair-client';
import { joinHandlers } from './handlers';
import { HubList } from './hub-list';
import { screenAnswers } from './screen-answers';

/**
 * Joining another terminal of the store (docs/architecture.md § Hub and screens). Two features in
 * one folder, as they share what a screen is: `join` answers the join channels on every terminal
 * (the first run lists hubs and pairs; a screen tells its link and unpairs); `screen` answers, on a
 * screen only, the channels a screen keeps for itself instead of asking the hub.
 */
export const joinFeature = appFeature({
  name: 'join',
  channels: ['join:hubs', 'join:pair', 'join:link', 'join:reconnect', 'join:unpair'],
  start: ({ clock, logger, push, terminal }) => {
    const log = logger.child({ room: 'join' });
    const hubs = new HubList({ clock, logger: log, push, browse: browseHubs });
    return {
      handlers: joinHandlers({ clock, logger: log, push, terminal, hubs, pair: pairWithHub, card: readHubCard }),
      stop: () => hubs.close(),
    };
  },
});

export const screenFeature = appFeature({
  name: 'screen',
  channels: [
    'status:get',
    'setup:state',
    'setup:demo',
    'setup:checkCentralized',
    'setup:startAuthorization',
    'setup:completeAuthorization',
    'setup:finish',
    'setup:signOut',
    'settings:get',
    'settings:update',
    'print:order',
    'print:test',
    'print:preview',
    'print:status',
    'print:systemPrinters',
  ],
  start: (context) => ({ handlers: screenAnswers(context) }),
});
