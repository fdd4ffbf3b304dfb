import { channelNames, type Bridge, type IpcResult, type PushName } from '../../src-shared/ipc/contract';

/** sessionStorage is per origin (port included) and per window: no other 127.0.0.1 port reads it. */
const SESSION_KEY = 'store-terminal.session';
/** The host's close code for a socket without a known session (see shells/web/host.ts). */
const CLOSE_NO_SESSION = 4401;

/** What the page needs from its window: the launch link's fragment, per-window storage, fetch, sockets. */
export interface WebBridgeEnv {
  location: Pick<Location, 'host' | 'protocol' | 'hash' | 'origin'>;
  history: Pick<History, 'replaceState'>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  fetch: typeof fetch;
  WebSocket: typeof WebSocket;
}

export interface WebBridge {
  bridge: Bridge;
  /** Called when this window holds no valid session: it must be opened again from the launch link. */
  onSignedOut(listener: () => void): void;
}

/** The launch token of the link this window was opened with (`#launch=...`), if any. */
function launchToken(hash: string): string | undefined {
  const match = /^#launch=([\w-]{10,200})$/.exec(hash);
  return match?.[1];
}

/**
 * The bridge of the web shell: the same contract as the Electron preload, over the host's WebSocket.
 * The window signs in once with the one-time token of its launch link (then dropped from the address
 * bar) and keeps the session it got for this window only. Calls made while the socket is down wait
 * for it; if it drops mid-call they answer `connection`; without a session they answer `auth`.
 */
export function createWebBridge(env: WebBridgeEnv): WebBridge {
  let socket: WebSocket | undefined;
  let ready = false;
  let signedOut = false;
  let nextId = 1;
  let retryMs = 250;
  const pending = new Map<number, (result: IpcResult<unknown>) => void>();
  const outbox: string[] = [];
  const listeners = new Map<PushName, Set<(payload: unknown) => void>>();
  const signedOutListeners = new Set<() => void>();

  const storedSession = (): string | null => {
    try {
      return env.storage?.getItem(SESSION_KEY) ?? null;
    } catch {
      return null;
    }
  };

  /** Every call waiting (sent or queued) answers `result`. */
  const failAll = (result: IpcResult<unknown>): void => {
    outbox.length = 0;
    for (const resolve of pending.values()) resolve(result);
    pending.clear();
  };

  const signOut = (): void => {
    signedOut = true;
    try {
      env.storage?.removeItem(SESSION_KEY);
    } catch {
      // nothing kept
    }
    failAll({ ok: false, error: { code: 'auth', message: 'this window is not signed in: open it again from the launch link' } });
    for (const listener of signedOutListeners) listener();
  };

  /** Trades the launch token of the address for a session, and drops it from the address bar. */
  const signIn = async (): Promise<string | null> => {
    const token = launchToken(env.location.hash);
    if (!token) return storedSession();
    env.history.replaceState(null, '', `${env.location.protocol}//${env.location.host}/`);
    try {
      const response = await env.fetch(`${env.location.origin}/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ launch: token }),
      });
      if (!response.ok) return storedSession();
      const { session } = (await response.json()) as { session?: unknown };
      if (typeof session !== 'string') return null;
      env.storage?.setItem(SESSION_KEY, session);
      return session;
    } catch {
      return storedSession();
    }
  };

  const connect = (session: string): void => {
    const scheme = env.location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new env.WebSocket(`${scheme}://${env.location.host}/ipc`);
    socket = ws;
    ready = false;
    ws.addEventListener('open', () => ws.send(JSON.stringify({ session })));
    ws.addEventListener('message', (event) => {
      let message: { id?: number; result?: IpcResult<unknown>; push?: PushName; payload?: unknown; ready?: boolean };
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.ready) {
        ready = true;
        retryMs = 250;
        for (const queued of outbox.splice(0)) ws.send(queued);
      } else if (message.push) {
        for (const listener of listeners.get(message.push) ?? []) listener(message.payload);
      } else if (typeof message.id === 'number' && message.result) {
        pending.get(message.id)?.(message.result);
        pending.delete(message.id);
      }
    });
    ws.addEventListener('close', (event) => {
      ready = false;
      if (event.code === CLOSE_NO_SESSION) return signOut();
      failAll({ ok: false, error: { code: 'connection', message: 'lost the link to the terminal service' } });
      setTimeout(() => connect(session), retryMs);
      retryMs = Math.min(retryMs * 2, 5_000);
    });
  };

  void signIn().then((session) => (session ? connect(session) : signOut()));

  const invoke = (channel: string, input: unknown): Promise<IpcResult<unknown>> =>
    new Promise((resolve) => {
      if (signedOut) return resolve({ ok: false, error: { code: 'auth', message: 'this window is not signed in' } });
      const id = nextId++;
      pending.set(id, resolve);
      const message = JSON.stringify({ id, channel, input: input ?? {} });
      if (ready && socket?.readyState === env.WebSocket.OPEN) socket.send(message);
      else outbox.push(message);
    });

  const bridge: Record<string, unknown> = {};
  for (const channel of channelNames) bridge[channel] = (input: unknown) => invoke(channel, input);
  bridge.on = (event: PushName, listener: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  };
  return {
    bridge: bridge as Bridge,
    onSignedOut: (listener) => {
      signedOutListeners.add(listener);
      if (signedOut) listener();
    },
  };
}
