import type { HubService } from '../../hub/hub-service';
import type { Handlers } from '../../ipc/dispatcher';
import { screensState } from './screens-view';

export type ScreensChannel = 'screens:state' | 'screens:openPairing' | 'screens:closePairing' | 'screens:revoke';

/** Settings › Telas: the hub's state, its pairing code, its paired screens. */
export function screensHandlers(hub: HubService): Pick<Handlers, ScreensChannel> {
  return {
    'screens:state': () => screensState(hub.view()),
    'screens:openPairing': async () => screensState(await hub.openPairing()),
    'screens:closePairing': async () => screensState(await hub.closePairing()),
    'screens:revoke': async ({ deviceId }) => screensState(await hub.revoke(deviceId)),
  };
}
