import {
  channelNames,
  type Bridge,
  type IpcResult,
  type PushName,
} from '../../src-shared/ipc/contract';

/**
 * The bridge of the web shell: the same contract as the Electron preload, over the host's WebSocket.
 * Calls made while the socket is down wait for it; if it drops mid-call they answer `connection`.
 */
export function createWebBridge(url: string): Bridge {
  let socket: WebSocket | undefined;
  let nextId = 1;
  let retryMs = 250;
  const pending = new Map<number, (result: IpcResult<unknown>) => void>();
  const outbox: string[] = [];
  const listeners = new Map<PushName, Set<(payload: unknown) => void>>();

  const connect = (): void => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.addEventListener('open', () => {
      retryMs = 250;
      for (const message of outbox.splice(0)) ws.send(message);
    });
    ws.addEventListener('message', (event) => {
      let message: { id?: number; result?: IpcResult<unknown>; push?: PushName; payload?: unknown };
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.push) {
        for (const listener of listeners.get(message.push) ?? []) listener(message.payload);
      } else if (typeof message.id === 'number' && message.result) {
        pending.get(message.id)?.(message.result);
        pending.delete(message.id);
      }
    });
    ws.addEventListener('close', () => {
      for (const [id, resolve] of pending) {
        resolve({ ok: false, error: { code: 'connection', message: 'lost the link to the terminal service' } });
        pending.delete(id);
      }
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5_000);
    });
  };
  connect();

  const invoke = (channel: string, input: unknown): Promise<IpcResult<unknown>> =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      const message = JSON.stringify({ id, channel, input: input ?? {} });
      if (socket?.readyState === WebSocket.OPEN) socket.send(message);
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
  return bridge as Bridge;
}
