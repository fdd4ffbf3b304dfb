import type { Settings } from '../../src-shared/settings';
import type { SystemPrinter } from '../print/printers/system';
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
import type { Feature, FeatureContext, StartFeature } from '../features/feature';
import type { Handlers } from '../ipc/dispatcher';
import type { PushHub } from '../ipc/push-hub';
import { ConnectivityMonitor } from '../sync/connectivity';
import { StoreActionsDb } from '../db/store-actions-db';
import { storeActionHandlers } from '../ipc/handlers/store-actions';
import { StoreActionQueue } from '../sync/store-action-queue';

/** The terminal at work on one account: its API client, its features and their channels. */
export interface Session {
  account: Account;
  api: MarketplaceApi;
  connectivity: ConnectivityMonitor;
  handlers: Partial<Handlers>;
  pollSeconds: number;
  stop(): Promise<void>;
}

export interface SessionOptions {
  saved: SavedAccount;
  dataDir: string;
  secrets: CredentialStore;
  clientSecret?: string | undefined;
  clock: Clock;
  logger: Logger;
  push: Pick<PushHub, 'push'>;
  /** Seconds between event polls, or undefined for the mode's default. */
  pollSeconds: number | undefined;
  settings: () => Settings;
  features: readonly [name: string, start: StartFeature][];
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
function openStoreActions(dataDir: string, logger: Logger): StoreActionsDb {
  try {
    return StoreActionsDb.open(dataDir);
  } catch (error) {
    logger.error('store actions database unavailable: actions made offline last only until the app stops', { error });
    return StoreActionsDb.open(':memory:');
  }
}

/** Opens the account and starts every feature on it; a step that fails undoes the ones before. */
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
    const connectivity = new ConnectivityMonitor(clock);
    stops.push(connectivity.onChange((value) => push.push('connectivity:changed', value)));
    const factory = createMarketplaceApi({ transport, clock, logger: logger.child({ room: 'api' }), onOutcome: (outcome) => connectivity.record(outcome) });
    const authLogger = logger.child({ room: 'auth' });
    const tokens: TokenSource | TokenRouter =
      account.kind === 'distributed'
        ? await distributedTokens(account, factory, clock, authLogger)
        : await centralizedTokens({ endpoint: factory.authentication, clock, store: account.secrets, logger: authLogger, clientId: account.clientId, clientSecret: account.clientSecret });
    const api = factory.withTokens(tokens);
    const pollSeconds = options.pollSeconds ?? (account.mode === 'demo' ? DEMO_POLL_SECONDS : LIVE_POLL_SECONDS);

    const storeActionsDb = openStoreActions(account.dataDir, logger);
    stops.push(() => storeActionsDb.close());
    const storeActions = new StoreActionQueue({ db: storeActionsDb, clock, logger: logger.child({ room: 'store-actions' }), connectivity });
    stops.push(storeActions.onChange((entry) => push.push('storeActions:changed', entry)));

    const context: FeatureContext = { account, api, clock, logger, push, connectivity, pollSeconds, settings: options.settings, storeActions, storeActionsDb, systemPrinter: options.systemPrinter };
    const handlers: Partial<Handlers>[] = [storeActionHandlers(storeActions)];
    for (const [name, start] of options.features) {
      const feature: Feature = await start(context);
      handlers.push(feature.handlers);
      if (feature.stop) stops.push(() => feature.stop?.());
      logger.debug('feature started', { feature: name });
    }
    // Every feature has registered its senders: what waited from the last run goes out now.
    storeActions.start();
    stops.push(() => storeActions.stop());
    return { account, api, connectivity, handlers: Object.assign({}, ...handlers), pollSeconds, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
