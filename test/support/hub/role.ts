import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScreensState } from '../../../src-shared/ipc/channels/screens';
import type { SharedQueueView } from '../../../src-shared/ipc/channels/shared-queue';
import type { ChannelName } from '../../../src-shared/ipc/contract';
import { startApp, type App } from '../../../src-main/app/app';
import { silentLogger } from '../../../src-main/base/log';
import { loadConfig } from '../../../src-main/config/config';
import { TEST_INSTANT } from '../clock';

/**
 * The real app as a hub against a sandbox, in this process: its screens' port on loopback (any free
 * port), no announcement on the network. `call` invokes as the hub's own window does (no origin).
 */
export async function startHubApp(sandboxUrl: string, name: string, extra: string[] = []): Promise<HubApp> {
  const dataDir = mkdtempSync(join(tmpdir(), `st-${name}-`));
  const app = await startApp({
    config: loadConfig(
      [
        '--data-dir',
        dataDir,
        '--no-window',
        '--clock-at',
        TEST_INSTANT,
        '--api-base-url',
        sandboxUrl,
        '--client-id',
        'demo',
        '--poll-interval',
        '1',
        '--credential-store',
        'file',
        '--hub-port',
        '0',
        ...extra,
      ],
      { STORE_TERMINAL_CLIENT_SECRET: 'demo-secret' },
    ),
    shell: 'web',
    logger: silentLogger,
    version: 'test',
    hub: { host: '127.0.0.1', advertise: null },
  });
  const call = async <T>(channel: ChannelName, input: unknown = {}): Promise<T> => {
    const result = await app.ipc.invoke(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value as T;
  };
  return {
    app,
    dataDir,
    call,
    screens: () => call<ScreensState>('screens:state'),
    sharedQueue: () => call<SharedQueueView>('sharedQueue:state'),
    stop: async () => {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface HubApp {
  app: App;
  dataDir: string;
  call<T>(channel: ChannelName, input?: unknown): Promise<T>;
  screens(): Promise<ScreensState>;
  sharedQueue(): Promise<SharedQueueView>;
  stop(): Promise<void>;
}
