import type { Settings } from '../../src-shared/settings';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import type { Account } from '../account/account';
import type { MarketplaceApi } from '../api/index';
import type { Handlers } from '../ipc/dispatcher';
import type { PushHub } from '../ipc/push-hub';
import type { ConnectivityMonitor } from '../sync/connectivity';
import type { SystemPrinter } from '../print/printers/system';
import type { StoreActionQueue } from '../sync/store-action-queue';
import type { StoreActionsDb } from '../db/store-actions-db';

/** What every feature is started with: the account, the API client on it, time, logs, pushes. */
export interface FeatureContext {
  account: Account;
  api: MarketplaceApi;
  clock: Clock;
  logger: Logger;
  push: Pick<PushHub, 'push'>;
  connectivity: ConnectivityMonitor;
  /** Seconds between event polls. */
  pollSeconds: number;
  /** The manager's settings as they are now (they change without a restart). */
  settings: () => Settings;
  /** The store outbox: a feature registers how its store actions are sent, and submits them. */
  storeActions: StoreActionQueue;
  /** The store outbox's database, for features that keep more beside their actions (promotion status). */
  storeActionsDb: StoreActionsDb;
  /** The shell's system printers, when it has its own way to them (Electron). */
  systemPrinter?: SystemPrinter | undefined;
}

/**
 * A feature of the terminal as the app runs it: the channels it answers, and how it stops. Each
 * feature module starts its services, subscribes its pushes, and returns this; the app lists the
 * features (app.ts) and nothing else wires anything.
 */
export interface Feature {
  handlers: Partial<Handlers>;
  /** Stops what the feature started, waiting for work in flight; features stop in reverse order. */
  stop?(): Promise<void> | void;
}

export type StartFeature = (context: FeatureContext) => Feature | Promise<Feature>;
