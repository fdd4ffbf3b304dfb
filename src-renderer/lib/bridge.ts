import { BRIDGE_GLOBAL, type Bridge } from '../../src-shared/ipc/contract';
import { createWebBridge } from './web-bridge';

/** The Electron preload's bridge when there is one, else the web shell's socket. */
function resolveBridge(): Bridge {
  const exposed = (globalThis as unknown as Record<string, Bridge | undefined>)[BRIDGE_GLOBAL];
  if (exposed) return exposed;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return createWebBridge(`${scheme}://${location.host}/ipc`);
}

export const bridge: Bridge = resolveBridge();
