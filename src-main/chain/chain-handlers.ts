import { randomUUID } from 'node:crypto';
import { AppError, isTransient } from '../../src-shared/errors';
import type { AppStatus } from '../../src-shared/ipc/channels/status';
import { channelNames, type ChannelName } from '../../src-shared/ipc/contract';
import { Settings } from '../../src-shared/settings';
import type { Clock } from '../base/clock';
import { RECENT_CLOSED_WINDOW_MS } from '../db/board-query';
import type { CallOrigin, Handlers } from '../ipc/dispatcher';
import type { StoreStatusMonitor } from '../merchant/status-monitor';
import { STANDARD_CANCELLATION_REASONS } from '../orders/cancellation-reasons';
import type { OrderGateway } from '../sync/gateway';
import type { ChainBus, ChainOrders, ChainOutbox, ChainStores } from './contract';

/** How long a counter's question to the platform may take before the terminal hears why not. */
const ASK_PLATFORM_MS = 10_000;

/** The channels a chain server answers; every other one is refused with `forbidden`, in words. */
export const CHAIN_CHANNELS = [
  'orders:board',
  'orders:detail',
  'orders:act',
  'orders:cancellationReasons',
  'orders:validatePickupCode',
  'stores:list',
  'stores:status',
  'status:get',
  'settings:get',
] as const satisfies readonly ChannelName[];
type ChainChannel = (typeof CHAIN_CHANNELS)[number];

/** What the server says of its link to the platform (the leader's polls), for `status:get`. */
export type ChainStatus = () => Promise<Pick<AppStatus, 'connectivity' | 'pollIntervalSeconds' | 'apiBaseUrl'>>;

export interface ChainHandlerDeps {
  orders: ChainOrders;
  outbox: ChainOutbox;
  bus: ChainBus;
  clock: Clock;
  status: ChainStatus;
  /** The platform's order module, for what a terminal asks it at the counter (any replica may ask; only the leader polls). */
  gateway: Pick<OrderGateway, 'cancellationReasons' | 'validatePickupCode'>;
  /** The stores' names (the top bar, the chips). */
  stores: Pick<ChainStores, 'list'>;
  /** What the platform shows of each store (the replica's status monitor, every store every 30 s). */
  storeStatus: Pick<StoreStatusMonitor, 'snapshot' | 'check' | 'intervalMs'>;
  /** The stores the calling device may reach now (the grant, read per call); null: not a device of this server. */
  storesOf(origin: CallOrigin | undefined): Promise<readonly string[] | null>;
}

/**
 * The contract's handlers as a chain server answers them for one store terminal: the orders of the
 * stores it was granted and nothing else. An order of another store is `not-found` (as if it did not
 * exist: a device learns nothing of other stores, not even that an id is taken).
 */
export function chainHandlers(deps: ChainHandlerDeps): Handlers {
  const { orders, outbox, bus, clock, gateway } = deps;
  const granted = async (origin: CallOrigin | undefined): Promise<{ origin: NonNullable<CallOrigin>; stores: readonly string[] }> => {
    const stores = await deps.storesOf(origin);
    if (!origin || stores === null) throw new AppError('forbidden', 'this device is not paired with the chain server (or was revoked)');
    return { origin, stores };
  };
  /** The order's store, when it is one the device was granted; `not-found` otherwise. */
  const ownOrder = async (orderId: string, origin: CallOrigin | undefined): Promise<{ storeId: string; device: NonNullable<CallOrigin> }> => {
    const { stores, origin: device } = await granted(origin);
    const storeId = await orders.storeOf(orderId);
    if (storeId === null || !stores.includes(storeId)) throw new AppError('not-found', 'no such order');
    return { storeId, device };
  };
  const served: Pick<Handlers, ChainChannel> = {
    'orders:board': async ({ merchantId }, origin) => {
      const { stores } = await granted(origin);
      if (merchantId !== undefined && !stores.includes(merchantId))
        throw new AppError('forbidden', 'this store is not one this device was granted', { field: 'merchantId' });
      const now = clock.now();
      const rows = await orders.board(merchantId === undefined ? stores : [merchantId], now - RECENT_CLOSED_WINDOW_MS);
      return { rows, closedLeftOut: 0, generatedAt: new Date(now).toISOString() };
    },
    'orders:detail': async ({ orderId }, origin) => {
      const { stores } = await granted(origin);
      const view = await orders.detail(orderId, stores);
      if (!view) throw new AppError('not-found', 'no such order');
      return view;
    },
    'orders:act': async (input, origin) => {
      const { storeId, device } = await ownOrder(input.orderId, origin);
      // A terminal that sent no key gets one: a second press still meets the first (ChainOutbox.enqueue).
      const { idempotencyKey = randomUUID(), ...action } = input;
      const { entry, created } = await outbox.enqueue({ ...action, storeId, idempotencyKey, origin: device }, clock.now());
      // Every replica's sender wakes, and every screen of the store hears the button pressed.
      if (created) await bus.publish({ kind: 'outbox', storeId, orderId: input.orderId });
      return entry;
    },
    'orders:cancellationReasons': async ({ orderId }, origin) => {
      await ownOrder(orderId, origin);
      try {
        return { reasons: await gateway.cancellationReasons(orderId, AbortSignal.timeout(ASK_PLATFORM_MS)), source: 'api' };
      } catch (error) {
        // As on a terminal: the spec's common codes when the platform's list cannot be had now.
        if (isTransient(error)) return { reasons: STANDARD_CANCELLATION_REASONS, source: 'standard' };
        throw error;
      }
    },
    'orders:validatePickupCode': async ({ orderId, code }, origin) => {
      await ownOrder(orderId, origin);
      return { valid: await gateway.validatePickupCode(orderId, code, AbortSignal.timeout(ASK_PLATFORM_MS)), checkedBy: 'api' };
    },
    // A terminal of a chain serves exactly the stores it was granted: `all` names no more.
    'stores:list': async (_input, origin) => deps.stores.list((await granted(origin)).stores),
    'stores:status': async ({ merchantId, fresh }, origin) => {
      const { stores } = await granted(origin);
      if (merchantId !== undefined && !stores.includes(merchantId))
        throw new AppError('forbidden', 'this store is not one this device was granted', { field: 'merchantId' });
      const { storeStatus } = deps;
      if (merchantId && (fresh || !storeStatus.snapshot(merchantId))) await storeStatus.check(merchantId);
      const snapshots = stores.map((id) => storeStatus.snapshot(id)).filter((s) => s !== undefined);
      return { stores: snapshots, intervalSeconds: Math.round(storeStatus.intervalMs / 1000) };
    },
    'status:get': async (_input, origin) => {
      await granted(origin);
      const link = await deps.status();
      return { version: '', mode: 'live', shell: 'web', dataDir: '', ...link, now: new Date(clock.now()).toISOString() };
    },
    'settings:get': async (_input, origin) => {
      const { stores } = await granted(origin);
      // The terminal keeps its own language, sounds and density on top (screenSettings): these are the server's defaults.
      const chosen = Settings.safeParse({ stores: stores.length > 0 ? [...stores] : 'all', currentStoreId: stores[0] ?? null });
      return chosen.success ? chosen.data : Settings.parse({});
    },
  };
  const refusals = Object.fromEntries(
    channelNames.map((name) => [
      name,
      () => {
        throw new AppError('forbidden', `${name} is not served by the chain server: this terminal shows its stores' orders`);
      },
    ]),
  ) as unknown as Handlers;
  return { ...refusals, ...served };
}
