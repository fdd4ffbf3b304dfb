import { AppError } from '../../src-shared/errors';
import type { CallOrigin, Handlers } from '../ipc/dispatcher';
import type { ChainOrders } from './contract';

/**
 * What the calling store terminal may reach, asked on every call (never cached past the grant's own
 * freshness: a device revoked on another replica is refused at its next call). Every feature's server
 * side starts here: a store of the chain sees its own stores and orders, nothing of the others — an
 * order of another store is `not-found`, as if it did not exist (a device learns nothing of other
 * stores, not even that an id is taken).
 */
export class DeviceAccess {
  constructor(
    /** The stores the device may reach now; null: not a device of this server (or revoked). */
    private readonly storesOf: (origin: CallOrigin | undefined) => Promise<readonly string[] | null>,
    private readonly orders: Pick<ChainOrders, 'storeOf'>,
  ) {}

  /** The device and its stores; `forbidden` for anything that is no device of this server. */
  async granted(origin: CallOrigin | undefined): Promise<{ origin: NonNullable<CallOrigin>; stores: readonly string[] }> {
    const stores = await this.storesOf(origin);
    if (!origin || stores === null) throw new AppError('forbidden', 'this device is not paired with the chain server (or was revoked)');
    return { origin, stores };
  }

  /**
   * The stores a call asks about (`chosen`: the one it names, when it was granted, or all the
   * device's) and all the device's; `forbidden` for a store it was not granted.
   */
  async scope(merchantId: string | undefined, origin: CallOrigin | undefined): Promise<{ stores: readonly string[]; chosen: readonly string[] }> {
    const { stores } = await this.granted(origin);
    if (merchantId === undefined) return { stores, chosen: stores };
    if (!stores.includes(merchantId)) throw new AppError('forbidden', 'this store is not one this device was granted', { field: 'merchantId' });
    return { stores, chosen: [merchantId] };
  }

  /**
   * A feature's handlers whose input names its store (`merchantId`, or `merchantIds`), each answered
   * only when every store it names was granted to the calling device: a terminal of store B cannot
   * pause A, read A's reviews or change A's menu, whatever it sends.
   */
  ownStores<H extends Partial<Handlers>>(handlers: H): H {
    const guarded: Record<string, (input: unknown, origin: CallOrigin | undefined) => unknown> = {};
    for (const [channel, handler] of Object.entries(handlers) as [string, (input: unknown, origin: CallOrigin | undefined) => unknown][]) {
      guarded[channel] = async (input, origin) => {
        const named = storesNamed(input);
        if (named.length === 0) throw new AppError('forbidden', `${channel} names no store: a chain's terminal asks for its own stores`);
        const { stores } = await this.granted(origin);
        if (named.some((id) => !stores.includes(id))) throw new AppError('forbidden', 'this store is not one this device was granted', { field: 'merchantId' });
        return handler(input, origin);
      };
    }
    return guarded as H;
  }

  /** The order's store, when it is one the device was granted; `not-found` otherwise. */
  async ownOrder(orderId: string, origin: CallOrigin | undefined): Promise<{ storeId: string; device: NonNullable<CallOrigin> }> {
    const { stores, origin: device } = await this.granted(origin);
    const storeId = await this.orders.storeOf(orderId);
    if (storeId === null || !stores.includes(storeId)) throw new AppError('not-found', 'no such order');
    return { storeId, device };
  }
}

/** The stores a channel's input names (its `merchantId`, or its `merchantIds`). */
function storesNamed(input: unknown): string[] {
  if (typeof input !== 'object' || input === null) return [];
  const { merchantId, merchantIds } = input as { merchantId?: unknown; merchantIds?: unknown };
  if (typeof merchantId === 'string') return [merchantId];
  if (Array.isArray(merchantIds)) return merchantIds.filter((id): id is string => typeof id === 'string');
  return [];
}
