import { AppError, toAppError } from '../../src-shared/errors';
import type { ChannelName } from '../../src-shared/ipc/contract';
import { StoreActionKind } from '../../src-shared/ipc/channels/store-actions';
import type { Settings } from '../../src-shared/settings';
import { openAccount, type Account } from '../account/account';
import { createMarketplaceApi, type MarketplaceApi } from '../api/index';
import type { TokenRouter, TokenSource } from '../api/tokens';
import { createTransport } from '../api/transport';
import { MerchantAuthorizations } from '../auth/authorizations';
import { centralizedTokens } from '../auth/centralized';
import { accountFor, type CredentialStore } from '../auth/credentials/credential-store';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import type { SavedAccount } from '../config/terminal-config';
import { OrdersDb } from '../db/orders/orders-db';
import { StoreOutboxDb } from '../db/store-outbox/store-outbox-db';
import type { OpenSession, OrdersStorage, Service, SessionContext, SessionFeature, StartedFeature } from '../feature-kit/feature';
import type { CallGuard, Handlers } from '../ipc/dispatcher';
import type { PushFanout } from '../ipc/push-fanout';
import type { SystemPrinter } from '../print/printers/system';
import { apiOrderGateway } from '../sync/api-gateway';
import { ConnectivityMonitor } from '../sync/connectivity';
import { StoreOutbox } from '../sync/store-outbox';
import { SyncService } from '../sync/sync-service';
import { checkHandlers } from './features';

/** The terminal at work on one account: its API client, its features and their channels. */
export interface Session extends OpenSession {
  api: MarketplaceApi;
  handlers: Partial<Handlers>;
  /** The staff rules over every call, when the staff feature runs. */
  guard: CallGuard | undefined;
  stop(): Promise<void>;
}

export interface SessionOptions {
  saved: SavedAccount;
  dataDir: string;
  secrets: CredentialStore;
  clientSecret?: string | undefined;
  clock: Clock;
  logger: Logger;
  push: Pick<PushFanout, 'push' | 'connect'>;
  /** Seconds between event polls, or undefined for the mode's default. */
  pollSeconds: number | undefined;
  settings: () => Settings;
  features: readonly SessionFeature[];
  systemPrinter?: SystemPrinter | undefined;
}

export const LIVE_POLL_SECONDS = 30;
export const DEMO_POLL_SECONDS = 5;

/** A distributed application's secret comes from the credential store, where the first run kept it. */
async function distributedTokens(account: Account, api: ReturnType<typeof createMarketplaceApi>, clock: Clock, logger: Logger): Promise<TokenRouter> {
  const clientSecret = account.clientSecret ?? (await account.secrets.get(accountFor.clientSecret(account.clientId)).catch(() => undefined)) ?? '';
  const authorizations = new MerchantAuthorizations({
    endpoint: api.authentication,
    clock,
    store: account.secrets,
    logger,
    clientId: account.clientId,
    clientSecret,
    listMerchantIds: async () => [],
  });
  await authorizations.restore();
  return authorizations;
}

/** The store outbox's file; one that cannot be used leaves the queue in memory for this run (said once). */
function openStoreOutbox(dataDir: string, logger: Logger): StoreOutboxDb {
  try {
    return StoreOutboxDb.open(dataDir);
  } catch (error) {
    logger.error('store outbox database unavailable: actions made offline last only until the app stops', { error });
    return StoreOutboxDb.open(':memory:');
  }
}

/**
 * The order database and its sync. A database that cannot be used (damaged, newer than the app) is
 * never wiped: the session runs without orders, polls nothing (the platform keeps the events), and
 * the features that need it answer the storage error so the screen can say what to do.
 */
function openOrders(dataDir: string, logger: Logger): OrdersDb | AppError {
  try {
    return OrdersDb.open(dataDir);
  } catch (error) {
    const why = toAppError(error);
    logger.error('order database unavailable: orders are not synced', { error: why });
    return why.code === 'storage' ? why : new AppError('storage', why.message);
  }
}

/** Every channel of a feature answers why it cannot work (its storage cannot be used). */
function refusing<C extends ChannelName>(channels: readonly C[], error: AppError): Pick<Handlers, C> {
  const refuse = (): never => {
    throw error;
  };
  return Object.fromEntries(channels.map((name) => [name, refuse])) as unknown as Pick<Handlers, C>;
}

/**
 * Opens the account and starts every feature on it, in one way: each feature is started with the
 * session's context, its handlers and senders are gathered, and once all are wired the queues and
 * the features' services start. A step that fails undoes the ones before.
 */
export async function startSession(options: SessionOptions): Promise<Session> {
  const { clock, logger, push } = options;
  const stops: (() => Promise<void> | void)[] = [];
  const stop = async (): Promise<void> => {
    for (const step of stops.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        logger.warn('session step failed to stop', { error });
      }
    }
  };
  try {
    const account = await openAccount({
      saved: options.saved,
      dataDir: options.dataDir,
      secrets: options.secrets,
      clientSecret: options.clientSecret,
      logger,
      now: () => clock.now(),
    });
    stops.push(() => account.close());
    const transport = createTransport(account.apiBaseUrl);
    stops.push(() => transport.close());
    const connectivity = new ConnectivityMonitor(clock, logger);
    stops.push(() => connectivity.stop());
    stops.push(connectivity.onChange((value) => push.push('status:changed', value)));
    const factory = createMarketplaceApi({ transport, clock, logger: logger.child({ room: 'api' }), onOutcome: (outcome) => connectivity.record(outcome) });
    const authLogger = logger.child({ room: 'auth' });
    const tokens: TokenSource | TokenRouter =
      account.kind === 'distributed'
        ? await distributedTokens(account, factory, clock, authLogger)
        : await centralizedTokens({
            endpoint: factory.authentication,
            clock,
            store: account.secrets,
            logger: authLogger,
            clientId: account.clientId,
            clientSecret: account.clientSecret,
          });
    const api = factory.withTokens(tokens);
    const pollSeconds = options.pollSeconds ?? (account.mode === 'demo' ? DEMO_POLL_SECONDS : LIVE_POLL_SECONDS);

    const storeOutboxDb = openStoreOutbox(account.dataDir, logger);
    stops.push(() => storeOutboxDb.close());
    const storeOutbox = new StoreOutbox({ db: storeOutboxDb, clock, logger: logger.child({ room: 'store-outbox' }), connectivity });
    const ordersDb = openOrders(account.dataDir, logger);
    let orders: OrdersStorage | AppError;
    if (ordersDb instanceof OrdersDb) {
      stops.push(() => ordersDb.close());
      orders = {
        db: ordersDb,
        sync: new SyncService({ db: ordersDb, gateway: apiOrderGateway(api), clock, logger, connectivity, pollIntervalMs: pollSeconds * 1000 }),
      };
    } else {
      orders = ordersDb;
    }

    const context: SessionContext = {
      account,
      api,
      clock,
      logger,
      push,
      connectivity,
      pollSeconds,
      settings: options.settings,
      orders: () => {
        if (orders instanceof AppError) throw orders;
        return orders;
      },
      storeOutbox,
      storeOutboxDb,
      systemPrinter: options.systemPrinter,
    };
    const handlers: Partial<Handlers> = {};
    const services: Service[] = [];
    let guard: CallGuard | undefined;
    for (const feature of options.features) {
      let parts: StartedFeature;
      try {
        parts = await feature.start(context);
      } catch (error) {
        const why = toAppError(error);
        if (why.code !== 'storage') throw error;
        logger.warn('feature answers a storage error', { feature: feature.name, error: why });
        parts = { handlers: refusing(feature.channels, why) };
      }
      checkHandlers(feature, parts.handlers);
      Object.assign(handlers, parts.handlers);
      if (parts.senders) storeOutbox.register(parts.senders);
      if (parts.stop) stops.push(() => parts.stop?.());
      if (parts.guard) {
        if (guard) throw new AppError('internal', `${feature.name} brings a second call guard: one feature rules over the calls`);
        guard = parts.guard;
      }
      services.push(...(parts.services ?? []));
      logger.debug('feature started', { feature: feature.name });
    }
    const unsent = storeOutbox.unsent(StoreActionKind.options);
    if (unsent.length > 0) throw new AppError('internal', `no feature sends store actions of kind ${unsent.join(', ')}`);

    // Everything is wired: what waited from the last run goes out now. Stopping goes the other way:
    // the features' services first (they feed the queues), then the queues, then the files.
    const queues: Service[] = [storeOutbox, ...(orders instanceof AppError ? [] : [orders.sync])];
    for (const queue of queues) {
      queue.start();
      stops.push(() => queue.stop());
    }
    for (const service of services) {
      service.start();
      stops.push(() => service.stop());
    }
    return { account, api, connectivity, handlers, guard, pollSeconds, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
