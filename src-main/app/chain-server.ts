import { AppError } from '../../src-shared/errors';
import { channelNames } from '../../src-shared/ipc/contract';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { Loop } from '../base/loop';
import { ChainEndpoint } from '../chain/chain-endpoint';
import { ChainPoller } from '../chain/chain-poller';
import { chainAuthority, inviteCodes } from '../chain/chain-trust';
import type { ChainStore } from '../chain/contract';
import { DeviceAccess } from '../chain/device-access';
import { DeviceGrants } from '../chain/device-grants';
import { PrinterReports } from '../chain/printer-reports';
import { ChainRush } from '../chain/chain-rush';
import { Leader } from '../chain/leader';
import { startAdminServer, type AdminServer } from '../chain/ops/admin-server';
import { ChainMetrics } from '../chain/ops/metrics';
import { CLAIM_MS, OutboxSender } from '../chain/outbox-sender';
import { ChainPlatformLink } from '../chain/platform-link';
import { allStores, StoreNames, type StorePage } from '../chain/store-names';
import type { ChainApi, ChainContext, ChainFeature, Service } from '../feature-kit/feature';
import { StoreStatusMonitor } from '../merchant/status-monitor';
import type { HubIdentity } from '../hub/contract';
import type { ConnectionCaps } from '../hub/link/connection-guard';
import { startHubServer } from '../hub/link/hub-server';
import { HubPairingDesk } from '../hub/trust/pairing-desk';
import type { CallGuard, Handlers } from '../ipc/dispatcher';
import type { OrderGateway } from '../sync/gateway';
import { StoreOutbox } from '../sync/store-outbox';
import { AlertHook } from '../chain/console/alert-hook';
import { BulkActions } from '../chain/console/bulk-actions';
import { ConsoleDirectory } from '../chain/console/console-directory';
import { StorePages } from '../chain/console/store-page';
import { StoreTeams } from '../chain/console/store-team';
import { StaffDesk } from '../features/staff/staff-desk';
import { RatingsReader } from '../chain/console/ratings-reader';
import { promotionAction } from '../features/promotions/promotion-action';
import { startConsoleServer, type ConsoleServer } from '../chain/console/console-server';
import { ConsoleSignIn } from '../chain/console/console-sign-in';
import { WallFeed } from '../chain/console/wall-feed';
import { hoursAction, pauseAction } from '../sync/lever-actions';
import { CHAIN_FEATURES, checkChainFeatures, checkHandlers } from './features';

export type { ChainStore };

export interface ChainServerOptions {
  store: ChainStore;
  gateway: OrderGateway;
  /** The platform's modules with the chain's credential: the stores' names and status, and every lever a store pulls. */
  api: ChainApi;
  /** The credential's name on the lease (the client id). */
  credential: string;
  /** This replica's name (host and process id): the lease's holder, the claims' holder, the metrics' leader. */
  holder: string;
  identity: HubIdentity;
  listen: { host?: string; port: number };
  admin: { host: string; port: number };
  /** The manager console's listener (TLS with the identity's certificate) and its built page; none: no console on this replica. */
  console?: { host: string; port: number; pageDir: string };
  /** The operator's webhook for the console's alerts, raised and cleared; none: the wall only. */
  alertWebhook?: string;
  pollIntervalMs: number;
  /** Between two reads of every store's status (30 s unless the operator says otherwise). */
  statusIntervalMs?: number;
  clock: Clock;
  logger: Logger;
  leaseTtlMs?: number;
  /** Store terminals connected to this replica at once (default 4096). */
  maxConnections?: number;
  /** Connections not yet proven a device's, per address and in all, and their TLS deadline (CHAIN_CONNECTION_CAPS when absent). */
  connectionCaps?: Partial<ConnectionCaps>;
}

/**
 * A replica's strangers (connections that have not proven a device yet, hub/link/connection-guard.ts):
 * its terminals come over the internet, several stores' at once from one address behind a
 * franchise's VPN or a carrier's NAT, and all of them again after a replica restarts. A stranger
 * is one for a handshake and a credential's lookup, a second or so: 64 at once from one address
 * and 1024 in all let such a crowd in within a few of its retries, and still leave most of the
 * places to the terminals already in. A handshake over a mobile link takes a few round trips of up
 * to a second or two: 10 s for it.
 */
/** Between two rounds of the reports' order facts (a report catches up first): rarely enough to stay off a rush's database. */
const FACTS_EVERY_MS = 60_000;

export const CHAIN_CONNECTION_CAPS: ConnectionCaps = { perAddress: 64, strangers: 1024, handshakeWithinMs: 10_000 };

export interface ChainServer {
  port: number;
  adminPort: number;
  /** The console's port; null when this replica serves none. */
  consolePort: number | null;
  /** Stops cleanly: no new screens, the leader's work aborted and its lease released, the senders stopped. */
  close(): Promise<void>;
}

/**
 * A chain's server answers the channels of the features' server sides (`features/<name>/chain.ts`,
 * listed in CHAIN_FEATURES) and refuses every other one in words: a store terminal of the chain
 * reaches only what its server serves, for its own stores.
 */
export function chainHandlers(
  features: readonly ChainFeature[],
  context: ChainContext,
): { handlers: Handlers; guard: CallGuard | undefined; services: Service[]; stops: (() => void | Promise<void>)[] } {
  checkChainFeatures(features);
  const refusals = Object.fromEntries(
    channelNames.map((name) => [
      name,
      () => {
        throw new AppError('forbidden', `${name} is not served by the chain server: this terminal shows its stores' orders`);
      },
    ]),
  ) as unknown as Handlers;
  const services: Service[] = [];
  const stops: (() => void | Promise<void>)[] = [];
  let guard: CallGuard | undefined;
  for (const feature of features) {
    const started = feature.start(context);
    checkHandlers(feature, started.handlers);
    Object.assign(refusals, started.handlers);
    // As on a terminal's session: one feature's rule over every call (the staff's), whoever answers it.
    if (started.guard) {
      if (guard) throw new AppError('internal', `${feature.name} brings a second call guard: one feature rules over the calls`);
      guard = started.guard;
    }
    // As on a terminal: each feature says how its store actions are sent, and what runs in the background.
    if (started.senders) context.storeOutbox.register(started.senders);
    services.push(...(started.services ?? []));
    if (started.stop) stops.push(started.stop);
  }
  return { handlers: refusals, guard, services, stops };
}

/**
 * One replica of the chain server (the chain server role's composition root): the hub's HTTPS/WSS server for the store terminals (pairing with
 * a manager's invite, the screens' sockets admitted by the database's devices) over the chain
 * endpoint; the leader loop running the chain poller while this replica holds the credential's
 * lease; the outbox sender every replica runs; the admin port (health, readiness, metrics).
 */
export async function startChainServer(options: ChainServerOptions): Promise<ChainServer> {
  const { store, gateway, clock, holder } = options;
  const logger = options.logger.child({ replica: holder });
  const metrics = new ChainMetrics();

  const { merchant } = options.api;
  const storePage: StorePage = (page, size, signal) => merchant.listStores({ page, size }, { signal });
  // Every replica reads every store's status (30 s a round, as a terminal does) for the terminals it serves.
  const storeStatus = new StoreStatusMonitor({
    merchant: {
      listStores: (_query, call) => allStores(storePage, call?.signal ?? new AbortController().signal),
      getStatus: (id, call) => merchant.getStatus(id, call),
    },
    clock,
    logger: logger.child({ room: 'store-status' }),
    ...(options.statusIntervalMs ? { intervalMs: options.statusIntervalMs } : {}),
  });
  const grants = new DeviceGrants({ devices: store.devices, bus: store.bus, logger });
  await grants.start();
  // What the terminals' top bars say of the platform: the chain's last poll, whichever replica made it.
  const platformLink = new ChainPlatformLink({
    lastPollAt: () => store.stores.lastPollAt(options.credential),
    clock,
    logger: logger.child({ room: 'platform-link' }),
  });
  // The chain's store outbox: every replica sends, each row claimed by one at a time; claims no more than it works at once.
  const storeOutbox = new StoreOutbox({
    storage: store.storeActions({ holder, claimMs: CLAIM_MS }),
    clock,
    logger: logger.child({ room: 'store-outbox' }),
    concurrency: 8,
    idleMs: 2_000,
  });
  // The endpoint is built from the features' handlers: their pushes reach it once it exists.
  const late: { endpoint?: ChainEndpoint } = {};
  const printers = new PrinterReports();
  // Every store's rush gauge from the chain's orders: pushed to each store's terminals, and on the console's wall.
  const rush = new ChainRush({ rows: (since, stores) => store.rushRows(since, stores), clock, logger: logger.child({ room: 'rush' }) });
  const context: ChainContext = {
    orders: store.orders,
    outbox: store.outbox,
    bus: store.bus,
    stores: store.stores,
    clock,
    logger,
    gateway,
    storeStatus,
    platformLink,
    pollIntervalMs: options.pollIntervalMs,
    access: new DeviceAccess((origin) => (origin ? grants.storesOfFresh(origin.id) : Promise.resolve(null)), store.orders),
    api: options.api,
    storeOutbox,
    scheduledActions: store.scheduledActions({ holder, claimMs: CLAIM_MS }),
    promotionStatuses: store.promotionStatuses,
    deliveryOrders: store.deliveryOrders,
    pushToStore: (storeId, event, payload) => late.endpoint?.pushToStore(storeId, event, payload),
    pushToEachDevice: (event, payloadFor) => late.endpoint?.pushToEachDevice(event, payloadFor),
    printers,
    rush,
    busyMode: store.busyMode,
    staff: store.staff,
    trail: store.trail,
  };
  const features = chainHandlers(CHAIN_FEATURES, context);
  const endpoint = new ChainEndpoint({
    orders: store.orders,
    bus: store.bus,
    grants,
    clock,
    logger,
    handlers: features.handlers,
    guard: features.guard,
    printers,
  });
  late.endpoint = endpoint;
  endpoint.start();
  const unwatchStatus = storeStatus.onChange((snapshot) => endpoint.storeStatusChanged(snapshot));
  const unwatchLink = platformLink.onChange((connectivity) => endpoint.platformLinkChanged(connectivity));
  await platformLink.check();

  const hub = await startHubServer({
    identity: options.identity,
    devices: chainAuthority(store.devices, grants, logger),
    pairing: new HubPairingDesk({ identity: options.identity, codes: inviteCodes(store.devices, clock, logger), clock, logger }),
    endpoint,
    logger,
    clock,
    ...(options.listen.host ? { host: options.listen.host } : {}),
    port: options.listen.port,
    // 300 stores with a few terminals each, spread over the replicas (a store's LAN hub takes 128).
    maxConnections: options.maxConnections ?? 4096,
    connectionCaps: { ...CHAIN_CONNECTION_CAPS, ...options.connectionCaps },
    // Its store terminals queue order actions while they cannot reach it (src-main/hub/screen-queue/).
    role: 'server',
  });

  const poller = new ChainPoller({
    gateway,
    orders: store.orders,
    bus: store.bus,
    credential: options.credential,
    clock,
    logger: logger.child({ room: 'poller' }),
    intervalMs: options.pollIntervalMs,
    observer: {
      polled: (count, at) => {
        platformLink.polled(at);
        metrics.polled(count, at);
      },
      stored: (result) => metrics.stored(result.stored, result.duplicates),
      acknowledged: (count) => metrics.acknowledged(count),
      failed: (code) => metrics.pollFailed(code),
    },
  });
  const leader = new Leader({
    lease: store.lease,
    credential: options.credential,
    holder,
    clock,
    logger,
    ...(options.leaseTtlMs ? { ttlMs: options.leaseTtlMs } : {}),
    lead: (term) => poller.lead(term),
    onChange: (state) => {
      metrics.leadership(state);
      logger.info('chain: leadership changed', { state });
    },
  });
  const sender = new OutboxSender({
    outbox: store.outbox,
    orders: store.orders,
    gateway,
    bus: store.bus,
    holder,
    clock,
    logger: logger.child({ room: 'outbox' }),
    observe: (outcome) => metrics.action(outcome),
  });

  let admin: AdminServer;
  try {
    admin = await startAdminServer({
      host: options.admin.host,
      port: options.admin.port,
      logger,
      ready: () => store.ready(),
      metrics: async () => {
        metrics.sample({
          now: clock.now(),
          depth: await store.outbox.depth().catch(() => null),
          screens: endpoint.screensByStore(),
          leader: await store.lease.current(options.credential).catch(() => null),
        });
        return metrics.render();
      },
      contentType: metrics.contentType,
    });
  } catch (error) {
    await hub.close();
    throw error;
  }
  // The manager console: the status wall from the same sources as the terminals' (the database, the store status), bulk pauses through the same store outbox.
  const wall = new WallFeed({
    db: store.console,
    statusOf: (id) => storeStatus.snapshot(id),
    lastPollAt: () => store.stores.lastPollAt(options.credential),
    screens: () => endpoint.screensByStore(),
    printersOut: () => endpoint.printersOutByStore(),
    rushOf: (storeId) => rush.of(storeId),
    holder,
    clock,
    logger: logger.child({ room: 'console' }),
  });
  // The reports' order facts, kept up by whichever replica's round takes the watermark (a round done twice writes the same rows).
  const factsRollup = new Loop({
    name: 'order-facts',
    clock,
    logger: logger.child({ room: 'console' }),
    tick: async () => {
      await store.reports.rollUp();
      return FACTS_EVERY_MS;
    },
  });
  const ratings = new RatingsReader({
    ratings: store.ratings,
    summary: (storeId, signal) => options.api.review.getSummary(storeId, { signal }),
    clock,
    logger: logger.child({ room: 'console' }),
  });
  const alertHook = options.alertWebhook
    ? new AlertHook({ url: options.alertWebhook, db: store.console, wall: () => wall.read(null), clock, logger: logger.child({ room: 'console' }) })
    : null;
  const unwatchWall = [
    store.bus.subscribe(() => wall.changed()),
    storeStatus.onChange(() => wall.changed()),
    printers.onChange(() => wall.presenceChanged()),
    store.bus.subscribe((notice) => notice.kind === 'orders' && rush.ordersChanged()),
    rush.onChange(() => wall.changed()),
  ];
  let consoleServer: ConsoleServer | null = null;
  const storePages = new StorePages({ wall, read: store.storePage, busyMode: store.busyMode, db: store.console, clock });
  if (options.console) {
    try {
      consoleServer = await startConsoleServer({
        ...options.console,
        tls: { certPem: options.identity.certPem, keyPem: options.identity.keyPem },
        signIn: new ConsoleSignIn({ db: store.console, clock, logger: logger.child({ room: 'console' }) }),
        wall,
        reports: store.reports,
        bulk: new BulkActions({
          db: store.console,
          write: {
            pause: (pause, key, origin) => storeOutbox.enqueue({ ...pauseAction(pause, clock.now()), key, origin }),
            hours: (hours, key, origin) => storeOutbox.enqueue({ ...hoursAction(hours), key, origin }),
            productStatus: ({ merchantId, externalCode, status }, key, origin) =>
              storeOutbox.enqueue({ merchantId, kind: 'productStatus', subject: externalCode, payload: { externalCode, status }, key, origin }),
            promotion: ({ merchantId, draft }, key, origin) =>
              storeOutbox.enqueue({ ...promotionAction({ merchantId, draft, replaceAll: false }, clock.now()), key, origin }),
          },
          clock,
        }),
        directory: new ConsoleDirectory({ directory: store.directory, db: store.console, clock }),
        stores: storePages,
        teams: new StoreTeams({
          deskOf: (storeId) => {
            const team = store.staff.team(storeId);
            return new StaffDesk(team, clock, team);
          },
          trail: (storeId, limit) => store.trail.latest(storeId, limit),
          known: (session, storeId) => storePages.known(session, storeId),
          changed: (storeId) => endpoint.pushToStore(storeId, 'staff:changed', {}),
          db: store.console,
          clock,
        }),
        clock,
        logger: logger.child({ room: 'console' }),
      });
    } catch (error) {
      await admin.close();
      await hub.close();
      throw error;
    }
  }
  const names = new StoreNames({ stores: store.stores, page: storePage, clock, logger });
  leader.start();
  wall.start();
  rush.start();
  factsRollup.start();
  ratings.start();
  alertHook?.start();
  sender.start();
  names.start();
  storeStatus.start();
  platformLink.start();
  storeOutbox.start();
  for (const service of features.services) service.start();
  logger.info('chain server: serving', { port: hub.port, admin: admin.port });

  return {
    port: hub.port,
    adminPort: admin.port,
    consolePort: consoleServer?.port ?? null,
    close: async () => {
      await consoleServer?.close();
      for (const unwatch of unwatchWall) unwatch();
      await wall.stop();
      await rush.stop();
      await factsRollup.stop();
      await ratings.stop();
      await alertHook?.stop();
      await hub.close();
      await leader.stop();
      await sender.stop();
      for (const service of [...features.services].reverse()) await service.stop();
      for (const stop of features.stops.reverse()) await stop();
      await storeOutbox.stop();
      await names.stop();
      unwatchStatus();
      unwatchLink();
      await platformLink.stop();
      await storeStatus.stop();
      endpoint.stop();
      grants.stop();
      await admin.close();
    },
  };
}
