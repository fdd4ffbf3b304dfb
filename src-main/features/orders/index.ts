import { AutoConfirmer } from '../../sync/auto-confirm';
import { apiOrderGateway } from '../../sync/api-gateway';
import { sessionFeature } from '../../feature-kit/feature';
import { orderHandlers } from './handlers';

/**
 * Orders on the board: the board and an order's detail from the cache, staff actions through the
 * orders outbox, the customer's requests and the driver, auto-confirm; every change the sync
 * commits is pushed (`orders:changed`), and a driver's new position (`orders:tracking`).
 */
export const ordersFeature = sessionFeature({
  name: 'orders',
  channels: [
    'orders:board',
    'orders:detail',
    'orders:act',
    'orders:cancellationReasons',
    'orders:validatePickupCode',
    'orders:driverQuote',
    'orders:verifyDeliveryCode',
  ],
  start: ({ api, clock, connectivity, logger, push, settings, orders }) => {
    const { db, sync } = orders();
    const autoConfirm = new AutoConfirmer({ db, outbox: sync.outbox, feed: sync.feed, clock, logger: logger.child({ room: 'sync' }), settings });
    const unsubscribe = [
      sync.feed.onChange((change) => push.push('orders:changed', change)),
      sync.tracking.onTracking((orderId, tracking) => {
        push.push('orders:tracking', { orderId, tracking });
        // The card shows the driver's ETA: its row goes out again with the new position.
        sync.feed.publish([orderId]);
      }),
    ];
    return {
      handlers: orderHandlers({ db, outbox: sync.outbox, details: sync.details, gateway: apiOrderGateway(api), clock, connectivity }),
      services: [autoConfirm],
      stop: () => unsubscribe.forEach((off) => off()),
    };
  },
});
