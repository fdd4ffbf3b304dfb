import { request } from 'undici';
import { WebSocket } from 'ws';
import type { IpcResult, PushName } from '../../../src-shared/ipc/contract';
import type { RunningShell } from './web-shell';

/**
 * A window of a running web shell, in Node: it signs in with the shell's launch link as the page
 * does (POST /session, then the session first on the IPC socket), invokes channels and keeps every
 * push it hears. For process-level tests that drive a terminal without a browser.
 */
export interface ShellClient {
  invoke<T = unknown>(channel: string, input?: unknown): Promise<IpcResult<T>>;
  /** Resolves the value, or throws with the error's code and message. */
  call<T = unknown>(channel: string, input?: unknown): Promise<T>;
  pushes: { event: PushName; payload: unknown }[];
  close(): void;
}

export async function openShellClient(shell: RunningShell): Promise<ShellClient> {
  const launch = /#launch=([\w-]+)/.exec(shell.launchUrl())?.[1];
  if (!launch) throw new Error('no launch token in the launch file');
  const response = await request(`${shell.origin}/session`, {
    method: 'POST',
    headers: { origin: shell.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ launch }),
  });
  const { session } = (await response.body.json()) as { session: string };
  const ws = new WebSocket(`${shell.origin.replace('http', 'ws')}/ipc`, { origin: shell.origin });
  const pending = new Map<number, (result: IpcResult<unknown>) => void>();
  const pushes: ShellClient['pushes'] = [];
  let nextId = 1;
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ session })));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { ready?: boolean; id?: number; result?: IpcResult<unknown>; push?: PushName; payload?: unknown };
      if (message.ready) resolve();
      else if (message.push) pushes.push({ event: message.push, payload: message.payload });
      else if (typeof message.id === 'number' && message.result) {
        pending.get(message.id)?.(message.result);
        pending.delete(message.id);
      }
    });
  });
  const invoke = <T>(channel: string, input: unknown = {}): Promise<IpcResult<T>> =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve as (result: IpcResult<unknown>) => void);
      ws.send(JSON.stringify({ id, channel, input }));
    });
  return {
    invoke,
    async call<T>(channel: string, input: unknown = {}): Promise<T> {
      const result = await invoke<T>(channel, input);
      if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
      return result.value;
    },
    pushes,
    close: () => ws.close(),
  };
}
