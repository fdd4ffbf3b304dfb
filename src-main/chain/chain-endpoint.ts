import { toAppError } from '../../src-shared/errors';
import type { StoreStatusSnapshot } from '../../src-shared/ipc/channels/stores';
import type { BoardRow, OrdersChanged } from '../../src-shared/ipc/channels/orders';
import type { Connectivity, IpcResult, PushName } from '../../src-shared/ipc/contract';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { RECENT_CLOSED_WINDOW_MS } from '../db/orders/board-query';
import type { ContractEndpoint, InvokeOrigin } from '../hub/contract';
import { IpcDispatcher, type CallGuard, type Handlers } from '../ipc/dispatcher';
import type { ChainBus, ChainNotice, ChainOrders } from './contract';
import type { DeviceGrants } from './device-grants';
import type { PrinterReports } from './printer-reports';
import { serverStorageTrouble } from './platform-link';

export interface ChainEndpointOptions {
  orders: Pick<ChainOrders, 'rows' | 'board'>;
  bus: ChainBus;
  grants: DeviceGrants;
  clock: Clock;
  logger: Logger;
  /** Every channel's answer on a chain's server: the features' server sides (app/chain-server.ts builds them). */
  handlers: Handlers;
  /** The rule over every call, whoever answers it (the staff feature's server side: each store's team, its trail). */
  guard?: CallGuard | undefined;
  /** What the terminals connected here said of their printers: forgotten as a device's last connection closes. */
  printers?: PrinterReports;
}

interface Listener {
  deviceId: string;
  sink: (event: PushName, payload: unknown) => void;
}

/**
 * The contract as a chain server serves it to store terminals (src-main/hub/link's screen sockets):
 * every invoke asks the device's grant first (the features' server sides, chain/device-access.ts), and every push is filtered by it at
 * the moment it is sent — a device hears `orders:changed` for the stores it was granted, read once
 * per store for all the screens of that store on this replica, whichever replica made the change
 * (the ChainBus notices). After the bus lost its connection, every screen gets its stores' boards
 * again (notices may have been missed meanwhile).
 */
export class ChainEndpoint implements ContractEndpoint {
  private readonly dispatcher: IpcDispatcher;
  private readonly listeners = new Set<Listener>();
  private readonly unsubscribe: (() => void)[] = [];
  /** Orders changed per store, heard and not yet answered. */
  private readonly changed = new Map<string, Set<string>>();

  constructor(private readonly options: ChainEndpointOptions) {
    this.dispatcher = new IpcDispatcher(options.handlers, options.logger, () => options.guard);
  }

  start(): void {
    const { bus } = this.options;
    this.unsubscribe.push(
      bus.subscribe((notice) => this.heard(notice)),
      bus.onReconnected(() => void this.resend()),
    );
  }

  stop(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    this.listeners.clear();
  }

  /**
   * The server's own database failing is the server's passing trouble, never the terminal's: it is
   * answered as such (`server`, reason ServerStorage), so a terminal keeps what it queued and says
   * whose trouble it is.
   */
  async invoke(channel: unknown, input: unknown, origin?: InvokeOrigin): Promise<IpcResult<unknown>> {
    const result = await this.dispatcher.invoke(channel, input, origin ?? null);
    if (result.ok || result.error.code !== 'storage') return result;
    return { ok: false, error: serverStorageTrouble(result.error.message) };
  }

  /** Without a device (`origin`) nothing is ever pushed: the chain has no windows of its own. */
  connect(sink: (event: PushName, payload: unknown) => void, origin?: InvokeOrigin): () => void {
    if (!origin) return () => {};
    const listener: Listener = { deviceId: origin.id, sink };
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
      if (![...this.listeners].some((l) => l.deviceId === origin.id)) this.options.printers?.forget(origin.id);
    };
  }

  /** Screens connected here, by store (a device of two stores counts in both): the metrics' gauge. */
  screensByStore(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const { deviceId } of this.listeners) {
      for (const store of this.options.grants.storesOf(deviceId) ?? []) counts.set(store, (counts.get(store) ?? 0) + 1);
    }
    return counts;
  }

  /** Printers out on the terminals connected here, by store (each device once, however many connections it has). */
  printersOutByStore(): Map<string, number> {
    const { printers, grants } = this.options;
    if (!printers) return new Map();
    const devices = new Set([...this.listeners].map((l) => l.deviceId));
    return printers.outByStore([...devices].map((deviceId) => ({ deviceId, stores: grants.storesOf(deviceId) ?? [] })));
  }

  /**
   * Gathers what notices changed, per store: the notices one statement sent (a poll's, one per store)
   * arrive together and are read together, in one query, on the next turn of the event loop.
   */
  private heard(notice: ChainNotice): void {
    if (notice.kind === 'device' || notice.kind === 'store-action' || notice.storeId === null) return;
    const orderIds = notice.kind === 'orders' ? notice.orderIds : [notice.orderId];
    const pending = this.changed.get(notice.storeId);
    if (pending) for (const id of orderIds) pending.add(id);
    else this.changed.set(notice.storeId, new Set(orderIds));
    if (this.changed.size === 1 && !pending) setImmediate(() => void this.answerChanged());
  }

  /** Answers what the gathered notices changed: each store's rows, read once, to every screen of that store. */
  private async answerChanged(): Promise<void> {
    const changed = [...this.changed];
    this.changed.clear();
    const audiences = new Map<string, Listener[]>();
    const orderIds: string[] = [];
    for (const [storeId, ids] of changed) {
      const audience = [...this.listeners].filter((l) => this.options.grants.storesOf(l.deviceId)?.includes(storeId));
      if (audience.length === 0) continue;
      audiences.set(storeId, audience);
      orderIds.push(...ids);
    }
    if (audiences.size === 0) return;
    let rows: BoardRow[];
    try {
      rows = await this.options.orders.rows(orderIds, [...audiences.keys()]);
    } catch (error) {
      this.options.logger.warn('chain endpoint: changed rows could not be read; screens read them on their next board', {
        stores: audiences.size,
        error: toAppError(error),
      });
      return;
    }
    const byStore = new Map<string, BoardRow[]>();
    for (const row of rows) {
      if (!row.merchantId) continue;
      const storeRows = byStore.get(row.merchantId);
      if (storeRows) storeRows.push(row);
      else byStore.set(row.merchantId, [row]);
    }
    for (const [storeId, storeRows] of byStore) {
      const audience = audiences.get(storeId);
      if (audience) this.push(audience, storeId, 'orders:changed', { rows: storeRows, actions: [] });
    }
  }

  private async resend(): Promise<void> {
    const byStore = new Map<string, Listener[]>();
    for (const listener of this.listeners) {
      for (const store of this.options.grants.storesOf(listener.deviceId) ?? []) byStore.set(store, [...(byStore.get(store) ?? []), listener]);
    }
    const since = this.options.clock.now() - RECENT_CLOSED_WINDOW_MS;
    for (const [storeId, audience] of byStore) {
      try {
        const rows = await this.options.orders.board([storeId], since);
        this.push(audience, storeId, 'orders:changed', { rows, actions: [] });
      } catch (error) {
        this.options.logger.warn('chain endpoint: a board could not be read again after the bus came back', { storeId, error: toAppError(error) });
      }
    }
  }

  /** The chain's link to the platform (chain/platform-link.ts), to every terminal: their top bars say it. */
  platformLinkChanged(connectivity: Connectivity): void {
    for (const listener of this.listeners) this.send(listener, 'status:changed', connectivity);
  }

  /** A store's status as the platform shows it, to the screens of that store. */
  storeStatusChanged(snapshot: StoreStatusSnapshot): void {
    this.push([...this.listeners], snapshot.merchantId, 'stores:status', snapshot);
  }

  /** A push about one store, to the screens of that store on this replica (a feature's server side sends its own: `storeActions:changed`). */
  pushToStore(storeId: string, event: PushName, payload: unknown): void {
    this.push([...this.listeners], storeId, event, payload);
  }

  /** A push cut to each device's own stores (`payloadFor` its granted stores; undefined: nothing for that device). */
  pushToEachDevice(event: PushName, payloadFor: (stores: readonly string[]) => unknown): void {
    for (const listener of [...this.listeners]) {
      const stores = this.options.grants.storesOf(listener.deviceId);
      const payload = stores ? payloadFor(stores) : undefined;
      if (payload !== undefined) this.send(listener, event, payload);
    }
  }

  /** The grant is asked again at the moment of sending: a device revoked meanwhile hears nothing. */
  private push(audience: readonly Listener[], storeId: string, event: PushName, payload: OrdersChanged | StoreStatusSnapshot | unknown): void {
    for (const listener of audience) {
      if (this.listeners.has(listener) && this.options.grants.storesOf(listener.deviceId)?.includes(storeId)) this.send(listener, event, payload);
    }
  }

  private send(listener: Listener, event: PushName, payload: unknown): void {
    try {
      listener.sink(event, payload);
    } catch (error) {
      this.options.logger.warn('chain endpoint: a push could not be sent', { device: listener.deviceId, error: toAppError(error) });
    }
  }
}
