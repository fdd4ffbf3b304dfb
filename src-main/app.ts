import type { AppStatus } from '../src-shared/ipc/contract';
import { ApiClient } from './api/client';
import { MerchantApi } from './api/merchant';
import { createTransport, type Transport } from './api/transport';
import { TokenManager } from './auth/token-manager';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { DEMO_CREDENTIALS, startEmbeddedSandbox } from './demo/embedded-sandbox';
import { IpcDispatcher, type Handlers } from './ipc/dispatcher';
import { storeHandlers } from './ipc/handlers/stores';
import { PushHub } from './ipc/push-hub';
import type { Logger } from './log';
import { ConnectivityMonitor } from './sync/connectivity';

/**
 * The main process as a list of modules, started in order and stopped in reverse. Shells (Electron,
 * web) start this and expose `ipc` and `push`; nothing here knows which shell it runs in.
 */
export interface AppModule {
  name: string;
  stop(): Promise<void> | void;
}

export interface StartOptions {
  config: Config;
  shell: AppStatus['shell'];
  logger: Logger;
  version: string;
  clock?: Clock;
}

export interface App {
  ipc: IpcDispatcher;
  push: PushHub;
  status(): AppStatus;
  stop(): Promise<void>;
}

export async function startApp(options: StartOptions): Promise<App> {
  const { config, logger } = options;
  const clock = options.clock ?? systemClock;
  const modules: AppModule[] = [];
  const stop = async (): Promise<void> => {
    for (const module of modules.reverse()) {
      try {
        await module.stop();
      } catch (error) {
        logger.warn('module failed to stop', { module: module.name, error });
      }
    }
  };

  try {
    let apiBaseUrl = config.apiBaseUrl;
    let credentials = { clientId: config.clientId, clientSecret: config.clientSecret };
    const mode = apiBaseUrl ? 'live' : 'demo';
    if (!apiBaseUrl) {
      const sandbox = await startEmbeddedSandbox();
      modules.push({ name: 'embedded-sandbox', stop: () => sandbox.close() });
      apiBaseUrl = sandbox.url;
      credentials = { ...DEMO_CREDENTIALS };
      logger.info('demo mode: embedded sandbox started', { url: sandbox.url });
    }

    const transport: Transport = createTransport(apiBaseUrl);
    modules.push({ name: 'transport', stop: () => transport.close() });
    const connectivity = new ConnectivityMonitor(clock);
    const tokens = new TokenManager({
      transport,
      clock,
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      initialGrant: () =>
        credentials.clientId && credentials.clientSecret
          ? { grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: credentials.clientSecret }
          : undefined,
    });
    const client = new ApiClient({
      transport,
      tokens,
      clock,
      logger: logger.child({ room: 'api' }),
      onOutcome: (outcome) => connectivity.record(outcome),
    });
    const merchant = new MerchantApi(client);

    const push = new PushHub(logger);
    connectivity.onChange((value) => push.push('connectivity:changed', value));

    const status = (): AppStatus => ({
      version: options.version,
      mode,
      shell: options.shell,
      apiBaseUrl: apiBaseUrl ?? '',
      dataDir: config.dataDir,
      pollIntervalSeconds: config.pollIntervalSeconds,
      connectivity: connectivity.current,
    });

    const handlers: Handlers = {
      'app:status': () => status(),
      ...storeHandlers(merchant),
    };
    const ipc = new IpcDispatcher(handlers, logger.child({ room: 'ipc' }));
    // Stopped first (modules stop in reverse): answer what is in flight before closing anything.
    modules.push({ name: 'ipc', stop: () => ipc.drain() });

    return { ipc, push, status, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
