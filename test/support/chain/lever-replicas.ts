import type pg from 'pg';
import type { IpcResult, PushName } from '../../../src-shared/ipc/contract';
import type { Clock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { chainHandlers } from '../../../src-main/app/chain-server';
import { CHAIN_FEATURES } from '../../../src-main/app/features';
import { ChainEndpoint } from '../../../src-main/chain/chain-endpoint';
import { PgChainBus } from '../../../src-main/chain/db/chain-bus';
import { PgChainDevices } from '../../../src-main/chain/db/chain-devices';
import { PgChainOrders } from '../../../src-main/chain/db/chain-orders';
import { pgScheduledActions } from '../../../src-main/chain/db/chain-scheduled-actions';
import { pgPromotionStatuses } from '../../../src-main/chain/db/chain-promotion-statuses';
import { pgDeliveryOrders } from '../../../src-main/chain/db/chain-delivery-orders';
import { pgStoreActions } from '../../../src-main/chain/db/chain-store-actions';
import { PgChainOutbox } from '../../../src-main/chain/db/chain-outbox';
import { PgChainStores } from '../../../src-main/chain/db/chain-stores';
import { DeviceAccess } from '../../../src-main/chain/device-access';
import { DeviceGrants } from '../../../src-main/chain/device-grants';
import { PrinterReports } from '../../../src-main/chain/printer-reports';
import { PgStoreBusyMode } from '../../../src-main/chain/db/store-busy-mode';
import { ChainRush } from '../../../src-main/chain/chain-rush';
import { readRushRows } from '../../../src-main/chain/db/chain-rush';
import { CLAIM_MS } from '../../../src-main/chain/outbox-sender';
import { PgChainStaff } from '../../../src-main/chain/db/chain-staff';
import { PgChainTrail } from '../../../src-main/chain/db/chain-trail';
import type { ChainContext, Service } from '../../../src-main/feature-kit/feature';
import type { Device } from '../../../src-main/hub/contract';
import { StoreStatusMonitor } from '../../../src-main/merchant/status-monitor';
import { NOT_HEARD_FROM } from '../../../src-main/sync/connectivity';
import { StoreOutbox } from '../../../src-main/sync/store-outbox';
import { connectApi, type ConnectedApi } from '../app/api-client';

/** A paired store terminal of the chain, as a replica's endpoint knows the caller. */
export interface LeverDevice {
  id: string;
  name: string;
  kind: Device['kind'];
}

/**
 * A replica of a chain's server built in-process the way app/chain-server.ts builds one — the
 * features' server sides (CHAIN_FEATURES) over the real PostgreSQL classes, a store outbox of its
 * own on the shared rows, its own API client with the chain's credential — without its sockets,
 * its leader or its loops: a test calls `invoke` as a device and drives the rounds itself.
 */
export interface LeverReplica {
  readonly holder: string;
  readonly api: ConnectedApi;
  readonly storeOutbox: StoreOutbox;
  /** What the features run in the background (not started: `round` drives them). */
  readonly services: readonly Service[];
  /** Every push a feature sent to a store's screens on this replica. */
  readonly pushes: { storeId: string; event: PushName; payload: unknown }[];
  invoke<T = unknown>(channel: string, input: unknown, device: LeverDevice): Promise<IpcResult<T>>;
  /** One round of every background worker of this replica (the store outbox's, the scheduled actions'). */
  round(): Promise<void>;
  close(): Promise<void>;
}

export async function leverReplica(options: { holder: string; pool: pg.Pool; url: string; sandboxUrl: string; clock: Clock }): Promise<LeverReplica> {
  const { holder, pool, url, clock } = options;
  const logger = silentLogger;
  const api = await connectApi(options.sandboxUrl, { clock });
  const bus = new PgChainBus({ url, applicationName: `${holder}-listen`, logger, pool, clock });
  await bus.start();
  const orders = new PgChainOrders(pool, clock, logger);
  const grants = new DeviceGrants({ devices: new PgChainDevices(pool, logger), bus, logger });
  await grants.start();
  const storeOutbox = new StoreOutbox({
    storage: pgStoreActions(pool, { holder, claimMs: CLAIM_MS }),
    clock,
    logger,
    concurrency: 8,
    random: () => 0.5,
  });
  const pushes: LeverReplica['pushes'] = [];
  const late: { endpoint?: ChainEndpoint } = {};
  const context: ChainContext = {
    orders,
    outbox: new PgChainOutbox(pool),
    bus,
    stores: new PgChainStores(pool),
    clock,
    logger,
    gateway: { cancellationReasons: async () => [], validatePickupCode: async () => false },
    storeStatus: new StoreStatusMonitor({ merchant: api.merchant, clock, logger }),
    platformLink: { current: NOT_HEARD_FROM },
    pollIntervalMs: 30_000,
    access: new DeviceAccess((origin) => (origin ? grants.storesOfFresh(origin.id) : Promise.resolve(null)), orders),
    api,
    storeOutbox,
    scheduledActions: pgScheduledActions(pool, { holder, claimMs: CLAIM_MS }),
    promotionStatuses: pgPromotionStatuses(pool),
    deliveryOrders: pgDeliveryOrders(pool),
    pushToStore: (storeId, event, payload) => {
      pushes.push({ storeId, event, payload });
      late.endpoint?.pushToStore(storeId, event, payload);
    },
    pushToEachDevice: (event, payloadFor) => late.endpoint?.pushToEachDevice(event, payloadFor),
    printers: new PrinterReports(),
    rush: new ChainRush({ rows: (since, stores) => readRushRows(pool, since, stores), clock, logger }),
    busyMode: new PgStoreBusyMode(pool),
    staff: new PgChainStaff(pool),
    trail: new PgChainTrail(pool),
  };
  const features = chainHandlers(CHAIN_FEATURES, context);
  const endpoint = new ChainEndpoint({ orders, bus, grants, clock, logger, handlers: features.handlers, guard: features.guard });
  late.endpoint = endpoint;
  endpoint.start();
  const rounds = features.services.filter((s): s is Service & { tick(signal: AbortSignal): Promise<number> } => 'tick' in s);
  return {
    holder,
    api,
    storeOutbox,
    services: features.services,
    pushes,
    invoke: async <T>(channel: string, input: unknown, device: LeverDevice) => (await endpoint.invoke(channel, input, device)) as IpcResult<T>,
    round: async () => {
      await storeOutbox.tick();
      for (const service of rounds) await service.tick(new AbortController().signal);
    },
    close: async () => {
      for (const stop of features.stops.reverse()) await stop();
      endpoint.stop();
      grants.stop();
      await bus.close();
      await api.close();
    },
  };
}

/** A terminal paired for `stores` (an invite made and redeemed at once, as a manager's code and the terminal's pairing do). */
export async function pairedDevice(pool: pg.Pool, stores: string[], name: string, now: number): Promise<LeverDevice> {
  const devices = new PgChainDevices(pool, silentLogger);
  const invite = await devices.invite({ storeIds: stores, name, kind: 'counter' }, 120_000, now);
  const paired = await devices.redeem(invite.inviteId, invite.code, now);
  if (!paired.ok) throw new Error(`pairing ${name} failed: ${JSON.stringify(paired)}`);
  return { id: paired.device.id, name: paired.device.name, kind: paired.device.kind };
}
