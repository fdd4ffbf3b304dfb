import type { IpcRenderer, IpcRendererEvent } from 'electron';
import { channelNames, isPushName, type Bridge, type PushName } from '../../../src-shared/ipc/contract';

/** The IPC channel on which the main process sends push events. */
export const PUSH_CHANNEL = 'push';

/**
 * Builds the object the preload exposes: one named function per contract channel, and `on` for
 * push events. Nothing else of ipcRenderer reaches the page.
 */
export function buildBridge(ipcRenderer: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>): Bridge {
  const bridge: Record<string, unknown> = {};
  for (const channel of channelNames) {
    bridge[channel] = (input: unknown) => ipcRenderer.invoke(channel, input);
  }
  bridge.on = (event: PushName, listener: (payload: unknown) => void) => {
    if (!isPushName(event)) throw new TypeError(`unknown push event ${String(event)}`);
    const relay = (_event: IpcRendererEvent, message: { event?: unknown; payload?: unknown }) => {
      if (message?.event === event) listener(message.payload);
    };
    ipcRenderer.on(PUSH_CHANNEL, relay);
    return () => ipcRenderer.removeListener(PUSH_CHANNEL, relay);
  };
  return Object.freeze(bridge) as Bridge;
}
