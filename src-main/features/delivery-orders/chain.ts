import { AppError } from '../../../src-shared/errors';
import type { ChannelName } from '../../../src-shared/ipc/contract';
import { chainFeature } from '../../feature-kit/feature';
import { ownStoreLevers, pressActions } from '../../feature-kit/own-store-levers';
import type { CallOrigin, Handlers } from '../../ipc/dispatcher';
import { DELIVERY_ORDER_CHANNELS, REGISTERED_ORDER_CHANNELS, deliveryOrderHandlers } from './handlers';
import { deliveryOrderSenders } from './senders';

type RegisteredOrderChannel = (typeof REGISTERED_ORDER_CHANNELS)[number];

/**
 * Delivery-only orders on a chain's server: a store terminal quotes and registers them for its own
 * stores with a single terminal's rules (deliveryOrderHandlers), remembered in the chain's database
 * with their store; an order's own channels answer only the terminals of that store. A delivery-only
 * order another store registered is as if it did not exist (`get` answers null, the others
 * `not-found`), and so is any order id neither registered nor one of the device's stores' orders.
 */
export const deliveryOrdersChainFeature = chainFeature({
  name: 'delivery-orders',
  channels: DELIVERY_ORDER_CHANNELS,
  start: (context) => {
    const { api, clock, access, storeOutbox, deliveryOrders } = context;
    const handlers = (actions: Parameters<typeof deliveryOrderHandlers>[0]['actions']) =>
      deliveryOrderHandlers({ shipping: api.shipping, registered: deliveryOrders, actions, clock });
    /** Whether the order is the device's: registered for one of its stores, or else an order of its stores the chain polled. */
    const own = async (orderId: string, origin: CallOrigin | undefined): Promise<boolean> => {
      const { stores } = await access.granted(origin);
      const registered = await deliveryOrders.get(orderId);
      if (registered) return stores.includes(registered.merchantId);
      return access.ownOrder(orderId, origin).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError && error.code === 'not-found') return false;
          throw error;
        },
      );
    };
    const ofTheOrder: Partial<Record<ChannelName, (input: { orderId: string }, origin: CallOrigin | undefined) => unknown>> = {};
    for (const channel of REGISTERED_ORDER_CHANNELS) {
      ofTheOrder[channel] = async (input, origin) => {
        if (!(await own(input.orderId, origin))) {
          if (channel === 'deliveryOrders:get') return null;
          throw new AppError('not-found', 'no such order');
        }
        const handler = handlers(pressActions(storeOutbox, input, origin))[channel] as (input: unknown, origin: CallOrigin | undefined) => unknown;
        return handler(input, origin);
      };
    }
    return {
      handlers: {
        ...ownStoreLevers(context, ['deliveryOrders:quote', 'deliveryOrders:register'], handlers),
        ...(ofTheOrder as Pick<Handlers, RegisteredOrderChannel>),
      },
      senders: deliveryOrderSenders(api.shipping, api.order),
    };
  },
});
