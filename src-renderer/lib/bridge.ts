import { BRIDGE_GLOBAL, type Bridge } from '../../src-shared/ipc/contract';
import { createWebBridge } from './web-bridge';

/**
 * The Electron preload's bridge when there is one, else the web shell's socket. Called once by
 * main.ts: nothing connects on import, so a component can be rendered with a fake bridge.
 */
export function connectBridge(): Bridge {
  const exposed = (globalThis as unknown as Record<string, Bridge | undefined>)[BRIDGE_GLOBAL];
  if (exposed) return exposed;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return createWebBridge(`${scheme}://${location.host}/ipc`);
}
