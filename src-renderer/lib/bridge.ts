import { BRIDGE_GLOBAL, type Bridge } from '../../src-shared/ipc/contract';
import { createWebBridge, type WebBridge } from './web-bridge';

/**
 * The Electron preload's bridge when there is one, else the web shell's socket. Called once by
 * main.ts: nothing connects on import, so a component can be rendered with a fake bridge.
 */
export function connectBridge(): WebBridge {
  const exposed = (globalThis as unknown as Record<string, Bridge | undefined>)[BRIDGE_GLOBAL];
  // The Electron window is its own session: it is never signed out.
  if (exposed) return { bridge: exposed, onSignedOut: () => {} };
  let storage: Storage | undefined;
  try {
    storage = sessionStorage;
  } catch {
    storage = undefined;
  }
  return createWebBridge({ location, history, storage, fetch: (...args) => fetch(...args), WebSocket });
}
