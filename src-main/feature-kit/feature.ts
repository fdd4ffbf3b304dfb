import type { AppStatus, ChannelName, PushName } from '../../src-shared/ipc/contract';
import type { LinkView } from '../../src-shared/ipc/channels/join';
import type { SetupState } from '../../src-shared/ipc/channels/setup';
import type { Settings } from '../../src-shared/settings';
import type { Account } from '../account/account';
import type { MarketplaceApi } from '../api/index';
import type { CredentialStore } from '../auth/credentials/credential-store';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import type { Config } from '../config/config';
import type { SavedAccount, SavedScreen, TerminalConfig } from '../config/terminal-config';
import type { OrdersDb } from '../db/orders/orders-db';
import type { StaffPresence, StaffStorage } from '../db/staff-storage';
import type { StoreOutboxDb } from '../db/store-outbox/store-outbox-db';
import type { ContractEndpoint, DeviceCredential } from '../hub/contract';
import type { HubService } from '../hub/hub-service';
import type { ScreenPrinting } from '../hub/screen-print/screen-printing';
import type { CallGuard, Handlers } from '../ipc/dispatcher';
import type { PushFanout } from '../ipc/push-fanout';
import type { SystemPrinter } from '../print/printers/system';
import type { ConnectivityMonitor } from '../sync/connectivity';
import type { StoreActionSenders, StoreOutbox } from '../sync/store-outbox';
import type { ScheduledActionsStorage } from '../sync/scheduled-actions-storage';
import type { PromotionStatusStorage } from '../sync/promotion-statuses-storage';
import type { DeliveryOrdersStorage } from '../sync/delivery-orders-storage';
import type { SyncService } from '../sync/sync-service';
import type { OrderGateway } from '../sync/gateway';
import type { StoreStatusMonitor } from '../merchant/status-monitor';
import type { ChainBus, ChainOrders, ChainOutbox, ChainStores } from '../chain/contract';
import type { DeviceAccess } from '../chain/device-access';
import type { PrinterReports } from '../chain/printer-reports';
import type { ChainRush } from '../chain/chain-rush';
import type { PgStoreBusyMode } from '../chain/db/store-busy-mode';
import type { PgChainTrail } from '../chain/db/chain-trail';
import type { ChainPlatformLink } from '../chain/platform-link';

/** Something that runs in the background (a loop, a monitor): started, and stopped waiting for work in flight. */
export interface Service {
  start(): void;
  stop(): Promise<void>;
}

/**
 * How every feature of the terminal is wired: a folder `features/<name>/` whose `index.ts` defines
 * the feature — the channels it answers, and a `start` that builds its services, subscribes its
 * pushes, and returns its handlers (and, for features that make store actions, how they are sent).
 * `app/features.ts` lists the features; the app refuses to start when a channel of the contract is
 * answered by none or by two, and a session when a kind of store action has no sender. A feature
 * never imports another one (lint).
 */
export interface FeatureParts<C extends ChannelName> {
  /** Every channel the feature declares, and no other (the type says so here; the session checks it again). */
  handlers: Pick<Handlers, C>;
  /** How the store actions this feature makes reach the platform, by kind. */
  senders?: StoreActionSenders;
  /**
   * What runs in the background: started once every feature is wired (senders registered, pushes
   * subscribed), so nothing it does meets a half-built session; stopped in reverse order.
   */
  services?: readonly Service[];
  /** Undoes the rest of what `start` did (the pushes it subscribed), after its services stopped. */
  stop?(): void | Promise<void>;
  /** A rule over every call of the session, whoever answers it (the staff feature's: docs/staff.md). */
  guard?: CallGuard;
}

/** A started feature as the app holds it, whatever its channels. */
export type StartedFeature = Omit<FeatureParts<ChannelName>, 'handlers'> & { handlers: Partial<Handlers> };

/** A feature that runs on the account's session (none on a first run): orders, menu, reviews... */
export interface SessionFeature<C extends ChannelName = ChannelName> {
  readonly scope: 'session';
  readonly name: string;
  readonly channels: readonly C[];
  start(context: SessionContext): StartedFeature | Promise<StartedFeature>;
}

/** A feature answered whether or not an account is open: the frame's status, the first run, the settings. */
export interface AppFeature<C extends ChannelName = ChannelName> {
  readonly scope: 'app';
  readonly name: string;
  readonly channels: readonly C[];
  start(context: AppContext): StartedFeature;
}

/** Any feature of a terminal, as the app holds them in one list. */
export type Feature = SessionFeature | AppFeature;

/**
 * A feature's server side: how a chain's server answers its channels for the store terminals paired
 * to it (a folder's `chain.ts`). Every handler asks `access` first: a terminal reaches its own stores
 * and nothing else. `app/features.ts` lists them in CHAIN_FEATURES; every channel no feature's server
 * side answers is refused in words.
 */
export interface ChainFeature<C extends ChannelName = ChannelName> {
  readonly scope: 'chain';
  readonly name: string;
  readonly channels: readonly C[];
  start(context: ChainContext): StartedFeature;
}

/** Defines a feature's server side (see `sessionFeature`). */
export function chainFeature<const C extends ChannelName>(feature: {
  name: string;
  channels: readonly C[];
  start(context: ChainContext): FeatureParts<C>;
}): ChainFeature<C> {
  return { scope: 'chain', ...feature };
}

/** What a feature's server side is started with on a replica of a chain's server. */
export interface ChainContext {
  orders: ChainOrders;
  outbox: ChainOutbox;
  bus: ChainBus;
  /** The stores' names (the platform's list, kept in the database). */
  stores: Pick<ChainStores, 'list'>;
  clock: Clock;
  logger: Logger;
  /** The platform's order module, for what a terminal asks it at the counter (any replica may ask; only the leader polls). */
  gateway: Pick<OrderGateway, 'cancellationReasons' | 'validatePickupCode'>;
  /** What the platform shows of each store (the replica's status monitor, every store every 30 s). */
  storeStatus: Pick<StoreStatusMonitor, 'current' | 'snapshot' | 'check' | 'intervalMs' | 'onChange'>;
  /** The chain's link to the platform (the last poll, whichever replica made it). */
  platformLink: Pick<ChainPlatformLink, 'current'>;
  pollIntervalMs: number;
  /** What the calling device may reach, asked on every call. */
  access: DeviceAccess;
  /** The platform's modules, with the chain's credential: what a store's levers call. */
  api: ChainApi;
  /** The chain's store outbox (PostgreSQL, shared by the replicas): pauses, hours, menu, answers, exactly once. */
  storeOutbox: StoreOutbox;
  /** Store actions made later (a dish's comeback), in the chain's database; `due` claims them for this replica. */
  scheduledActions: ScheduledActionsStorage;
  /** The promotions the stores' terminals created, with what the platform last said of each (the chain's database). */
  promotionStatuses: PromotionStatusStorage;
  /** The delivery-only orders the stores' terminals registered, each with its store (the chain's database). */
  deliveryOrders: DeliveryOrdersStorage;
  /** A push about one store, to that store's screens connected to this replica (checked against their grants as it is sent). */
  pushToStore(storeId: string, event: PushName, payload: unknown): void;
  /** A push cut to each device connected to this replica by its own stores (undefined from `payloadFor`: nothing for that device). */
  pushToEachDevice(event: PushName, payloadFor: (stores: readonly string[]) => unknown): void;
  /** What the store terminals connected to this replica say of their printers (the console's "printer out"). */
  printers: Pick<PrinterReports, 'report'>;
  /** Every store's rush gauge, read from the chain's database (the replica's, also on the console's wall). */
  rush: Pick<ChainRush, 'read' | 'onChange' | 'onRound'>;
  /** Each store's busy mode (the chain's database): the stores among these with it on, and their minutes. */
  busyMode: Pick<PgStoreBusyMode, 'minutes'>;
  /** Each store's team (the chain's database): people, tries, sign-in, who works at each terminal. */
  staff: { team(storeId: string): StaffStorage & StaffPresence };
  /** The stores' trail (the chain's database), appended by the staff guard. */
  trail: Pick<PgChainTrail, 'of' | 'latest' | 'ofOrder'>;
}

/** The platform's modules a chain's server calls for its stores' levers. */
export type ChainApi = Pick<MarketplaceApi, 'merchant' | 'catalog' | 'review' | 'promotion' | 'shipping' | 'order'>;

/**
 * Defines a session feature. Its `start` must answer every channel it declares, with handlers whose
 * inputs and outputs are the contract's (checked by the type here, and again when it starts).
 */
export function sessionFeature<const C extends ChannelName>(feature: {
  name: string;
  channels: readonly C[];
  start(context: SessionContext): FeatureParts<C> | Promise<FeatureParts<C>>;
}): SessionFeature<C> {
  return { scope: 'session', ...feature };
}

/** Defines an app-level feature (see `sessionFeature`). */
export function appFeature<const C extends ChannelName>(feature: {
  name: string;
  channels: readonly C[];
  start(context: AppContext): FeatureParts<C>;
}): AppFeature<C> {
  return { scope: 'app', ...feature };
}

/** The order database and its sync (event poller, orders outbox, tracking), opened by the session. */
export interface OrdersStorage {
  db: OrdersDb;
  sync: SyncService;
}

/** What a session feature is started with: the account, the API client on it, time, logs, pushes, the queues. */
export interface SessionContext {
  account: Account;
  api: MarketplaceApi;
  clock: Clock;
  logger: Logger;
  /** Pushes to every window (and screen); `connect` hears them too, as a window would (the status another feature pushes). */
  push: Pick<PushFanout, 'push' | 'connect'>;
  connectivity: ConnectivityMonitor;
  /** Seconds between event polls. */
  pollSeconds: number;
  /** The manager's settings as they are now (they change without a restart). */
  settings: () => Settings;
  /**
   * The order database and its sync. Throws AppError('storage') when the file cannot be used
   * (damaged, newer than the app): the session then answers that feature's channels with that error.
   */
  orders(): OrdersStorage;
  /** The store outbox: features submit their store actions to it (their senders say how each is sent). */
  storeOutbox: StoreOutbox;
  /** Its file, with what rides beside the actions (promotion statuses, delivery-only orders, scheduled actions). */
  storeOutboxDb: StoreOutboxDb;
  /** The shell's system printers, when it has its own way to them (Electron). */
  systemPrinter?: SystemPrinter | undefined;
}

/** The session as the app-level features see it. */
export interface OpenSession {
  account: Account;
  connectivity: ConnectivityMonitor;
  pollSeconds: number;
}

/**
 * This terminal as a screen of a hub: its pairing, and the hub's contract over the store's network
 * (a call while the link is down answers `connection` at once).
 */
export interface ScreenSide {
  readonly pairing: SavedScreen;
  readonly hub: ContractEndpoint;
  /** The link now (`refused` with `no-credential` when the credential store lost the device credential). */
  link(): LinkView;
  /** Tries the hub now rather than at the end of the wait. */
  reconnectNow(): void;
  /** What the hub said last (answers and pushes), for a window that reads while the link is down. */
  readonly lastSaid: { settings: Settings | null; status: AppStatus | null };
  /** This screen's own print queue: a screen of a chain's server prints its store's tickets; null on a screen of a store's hub (its hub prints). */
  printing(): ScreenPrinting | null;
}

/**
 * What the app-level features may do to the terminal: read and save the settings file, open and
 * close the account's session, keep secrets. `app/app.ts` implements it.
 */
export interface TerminalControl {
  readonly config: Config;
  readonly secrets: CredentialStore;
  file(): TerminalConfig;
  save(next: TerminalConfig): void;
  session(): OpenSession | undefined;
  open(saved: SavedAccount, clientSecret?: string): Promise<void>;
  close(): Promise<void>;
  /** The account comes from flags or the environment: the screen cannot sign it out. */
  fromFlags: boolean;
  /** Why the saved account could not be opened (its secret is missing, the file unreadable), or null. */
  problem: SetupState['problem'];
  /** The hub this terminal is a screen of; undefined for a hub (or a first run). */
  screen(): ScreenSide | undefined;
  /** Becomes a screen of the hub just paired: the credential to the credential store, the pairing to the settings file, the link started. */
  becomeScreen(pairing: SavedScreen, credential: DeviceCredential): Promise<void>;
  /** Forgets the hub and its credential: back to the first run. */
  leaveScreen(): Promise<void>;
}

/** What an app-level feature is started with. */
export interface AppContext {
  clock: Clock;
  logger: Logger;
  push: Pick<PushFanout, 'push'>;
  version: string;
  shell: AppStatus['shell'];
  terminal: TerminalControl;
  /** The hub role: paired screens, the pairing window, the port screens reach this terminal on. */
  hub: HubService;
}
