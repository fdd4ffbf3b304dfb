import { AppError } from '../../src-shared/errors';
import { channelNames, type AppStatus } from '../../src-shared/ipc/contract';
import { openAccount } from '../account/account';
import { createMarketplaceApi } from '../api/index';
import { createTransport } from '../api/transport';
import { centralizedTokens } from '../auth/centralized';
import type { SafeStorageLike } from '../auth/credentials/safe-storage-store';
import { clockRunningFrom, systemClock, type Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { ownerOnlyFromNowOn } from '../base/private-folder';
import { pollSeconds, type Config } from '../config/config';
import { appStatusFeature } from '../features/app-status';
import type { Feature, FeatureContext, StartFeature } from '../features/feature';
import { merchantFeature } from '../features/merchant';
import { ordersFeature } from '../features/orders';
import { reviewsFeature } from '../features/reviews';
import { IpcDispatcher, type Handlers } from '../ipc/dispatcher';
import { PushHub } from '../ipc/push-hub';
import { ConnectivityMonitor } from '../sync/connectivity';

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
  stop(): Promise<void>;
}

/** A step of the app that must be undone when it stops, in reverse order of starting. */
interface Running {
  name: string;
  stop(): Promise<void> | void;
}

/**
 * The main process: an account opened, an API client on it, then the features, each of which
 * answers its channels and pushes its events. A new feature is one line in this list.
 */
function features(options: StartOptions): [name: string, start: StartFeature][] {
  return [
    ['app', appStatusFeature({ version: options.version, shell: options.shell })],
    ['merchant', merchantFeature],
    ['orders', ordersFeature],
    ['reviews', reviewsFeature],
  ];
}

/** Every channel of the contract must have a handler: a missing one is a bug caught at start. */
function allHandlers(parts: readonly Partial<Handlers>[]): Handlers {
  const merged: Partial<Handlers> = Object.assign({}, ...parts);
  const missing = channelNames.filter((name) => !merged[name]);
  if (missing.length > 0) throw new AppError('internal', `no handler for ${missing.join(', ')}`);
  return merged as Handlers;
}

/** Shells (Electron, web) start this and expose `ipc` and `push`; nothing here knows which shell it runs in. */
export async function startApp(options: StartOptions): Promise<App> {
  const { config, logger } = options;
  const clock = options.clock ?? (config.clockAt ? clockRunningFrom(Date.parse(config.clockAt)) : systemClock);
  // Every file the terminal writes (database, WAL, kept PDFs) is owner-only.
  ownerOnlyFromNowOn();
  const running: Running[] = [];
  const stop = async (): Promise<void> => {
    for (const step of running.splice(0).reverse()) {
      try {
        await step.stop();
      } catch (error) {
        logger.warn('module failed to stop', { module: step.name, error });
      }
    }
  };

  try {
    const account = await openAccount({
      config,
      logger,
      now: () => clock.now(),
      ...(options.safeStorage ? { safeStorage: options.safeStorage } : {}),
    });
    running.push({ name: 'account', stop: () => account.close() });

    const transport = createTransport(account.apiBaseUrl);
    running.push({ name: 'transport', stop: () => transport.close() });
    const connectivity = new ConnectivityMonitor(clock);
    const apiFactory = createMarketplaceApi({
      transport,
      clock,
      logger: logger.child({ room: 'api' }),
      onOutcome: (outcome) => connectivity.record(outcome),
    });
    const tokens = await centralizedTokens({
      endpoint: apiFactory.authentication,
      clock,
      store: account.secrets,
      logger: logger.child({ room: 'auth' }),
      clientId: account.clientId,
      clientSecret: account.clientSecret,
    });

    const push = new PushHub(logger);
    const context: FeatureContext = {
      account,
      api: apiFactory.withTokens(tokens),
      clock,
      logger,
      push,
      connectivity,
      pollSeconds: pollSeconds(config),
    };
    const handlers: Partial<Handlers>[] = [];
    for (const [name, start] of features(options)) {
      const feature: Feature = await start(context);
      handlers.push(feature.handlers);
      if (feature.stop) running.push({ name, stop: feature.stop });
    }

    const ipc = new IpcDispatcher(allHandlers(handlers), logger.child({ room: 'ipc' }));
    // Stopped first (steps stop in reverse): answer what is in flight before closing anything.
    running.push({ name: 'ipc', stop: () => ipc.drain() });
    return { ipc, push, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
