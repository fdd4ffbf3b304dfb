import { join } from 'node:path';
import { AppError, toAppError } from '../src-shared/errors';
import type { AppStatus } from '../src-shared/ipc/contract';
import { createMarketplaceApi } from './api/index';
import { createTransport, type Transport } from './api/transport';
import { centralizedTokens } from './auth/centralized';
import { MemoryCredentialStore } from './auth/credentials/credential-store';
import { openCredentialStore } from './auth/credentials/open-store';
import type { SafeStorageLike } from './auth/credentials/safe-storage-store';
import { systemClock, type Clock } from './base/clock';
import { pollSeconds, type Config } from './config';
import { DEMO_CREDENTIALS, startEmbeddedSandbox } from './demo/embedded-sandbox';
import { IpcDispatcher, type Handlers } from './ipc/dispatcher';
import { orderHandlers, unavailableOrderHandlers } from './ipc/handlers/orders';
import { reviewHandlers } from './ipc/handlers/reviews';
import { storeHandlers } from './ipc/handlers/stores';
import { LastKnownStores } from './merchant/last-known-stores';
import { PushHub } from './ipc/push-hub';
import type { Logger } from './base/log';
import { OrderStore } from './db/order-store';
import { startStoreOps } from './merchant/store-ops';
import { apiOrderGateway } from './sync/api-gateway';
import { ConnectivityMonitor } from './sync/connectivity';
import { SyncService } from './sync/sync-service';

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
  /** Electron's safeStorage, from the Electron shell: where no OS keychain is, secrets are encrypted with it. */
  safeStorage?: SafeStorageLike;
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
    const apiFactory = createMarketplaceApi({
      transport,
      clock,
      logger: logger.child({ room: 'api' }),
      onOutcome: (outcome) => connectivity.record(outcome),
    });
    // Secrets (client secret, refresh tokens): the OS keychain or its fallbacks; demo mode keeps
    // them in memory (the embedded sandbox forgets its tokens when it stops anyway).
    const secrets =
      mode === 'demo'
        ? new MemoryCredentialStore()
        : await openCredentialStore({
            dataDir: config.dataDir,
            logger: logger.child({ room: 'auth' }),
            prefer: config.credentialStore,
            ...(options.safeStorage ? { safeStorage: options.safeStorage } : {}),
          });
    const tokens = await centralizedTokens({
      endpoint: apiFactory.authentication,
      clock,
      store: secrets,
      logger: logger.child({ room: 'auth' }),
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
    });
    const api = apiFactory.withTokens(tokens);
    const { merchant } = api;

    // Orders: the SQLite cache (opened and migrated here; closed last, after the sync stopped). A
    // database that cannot be used (damaged, newer than the app) is never wiped: the app starts
    // without orders, polls nothing (the platform keeps the events), and the orders channels answer
    // the storage error so the screen can say what to do.
    const orderGateway = apiOrderGateway(api);
    let sync: SyncService | undefined;
    let orderStore: OrderStore | undefined;
    let orderStoreError: AppError | undefined;
    try {
      orderStore = mode === 'demo' ? OrderStore.openDemo(config.dataDir, logger) : OrderStore.open(config.dataDir);
    } catch (error) {
      orderStoreError = toAppError(error);
      logger.error('order database unavailable: orders are not synced', { error: orderStoreError });
    }
    if (orderStore) {
      const store = orderStore;
      modules.push({ name: 'order-store', stop: () => store.close() });
      sync = new SyncService({ store, gateway: orderGateway, clock, logger, connectivity, pollIntervalMs: pollSeconds(config) * 1000 });
    }

    const push = new PushHub(logger);
    connectivity.onChange((value) => push.push('connectivity:changed', value));
    // Store status (read every 30 s and pushed), pauses, opening hours, check-in sheets.
    const storeOps = startStoreOps({ merchant, clock, logger, dataDir: config.dataDir, push });
    modules.push({ name: 'store-ops', stop: () => storeOps.stop() });
    if (sync) {
      const running = sync;
      running.feed.onChange((change) => push.push('orders:changed', change));
      running.tracking.onTracking((orderId, tracking) => push.push('orders:tracking', { orderId, tracking }));
      running.start();
      // Stopping waits for the poll, send or tracking round in flight, so the store closes after it.
      modules.push({ name: 'sync', stop: () => running.stop() });
    }

    const status = (): AppStatus => ({
      version: options.version,
      mode,
      shell: options.shell,
      apiBaseUrl: apiBaseUrl ?? '',
      dataDir: config.dataDir,
      pollIntervalSeconds: pollSeconds(config),
      connectivity: connectivity.current,
    });

    const handlers: Handlers = {
      'app:status': () => status(),
      ...storeHandlers(merchant, new LastKnownStores(mode === 'demo' ? join(config.dataDir, 'demo') : config.dataDir, logger)),
      ...storeOps.handlers,
      ...reviewHandlers({ review: api.review, clock }),
      ...(orderStore && sync
        ? orderHandlers({ store: orderStore, outbox: sync.outbox, details: sync.details, gateway: orderGateway, clock })
        : unavailableOrderHandlers(orderStoreError ?? new AppError('storage', 'The order database is not open.'))),
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
