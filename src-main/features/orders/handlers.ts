import { AppError, isTransient } from '../../../src-shared/errors';
import type { OrderRequests } from '../../../src-shared/order-requests';
import type { OrderDetailView } from '../../../src-shared/ipc/channels/orders';
import { DISPUTE_ANSWERS } from '../../orders/outcomes';
import { addressChangesOf, disputesOf, driverRequestOf } from '../../orders/requests';
import type { Clock } from '../../base/clock';
import { detailColumns } from '../../orders/detail-columns';
import { toOrderView } from '../../orders/order-view';
import type { OrdersDb } from '../../db/orders/orders-db';
import { toOutboxEntry } from '../../db/orders/outbox-repo';
import type { DetailFetcher } from '../../sync/details';
import type { OrderGateway } from '../../sync/gateway';
import type { OrderOutbox } from '../../sync/order-outbox';
import type { ConnectivityMonitor } from '../../sync/connectivity';
import type { Handlers } from '../../ipc/dispatcher';
import { onlineBudget } from '../../ipc/online-budget';
import { quoteView } from '../../ipc/quote-view';
import { answerDeadline } from './answer-deadline';
import { checkCode } from './code-check';
import { STANDARD_CANCELLATION_REASONS } from '../../orders/cancellation-reasons';

export interface OrderHandlerDeps {
  db: OrdersDb;
  outbox: OrderOutbox;
  details: DetailFetcher;
  gateway: OrderGateway;
  clock: Clock;
  /** What the terminal knows of its link: a code check skips the platform when it is already out of reach. */
  connectivity: Pick<ConnectivityMonitor, 'current'>;
}

export type OrderChannel =
  | 'orders:board'
  | 'orders:detail'
  | 'orders:act'
  | 'orders:cancellationReasons'
  | 'orders:validatePickupCode'
  | 'orders:driverQuote'
  | 'orders:verifyDeliveryCode';

/** Orders channels: the board and detail come from the cache; actions go through the outbox. */
export function orderHandlers(deps: OrderHandlerDeps): Pick<Handlers, OrderChannel> {
  const { db, outbox, details, gateway, clock, connectivity } = deps;
  const savedCodes = (orderId: string) => detailColumns(db.read(() => db.orders.detail(orderId))?.detail);
  const offline = (): boolean => connectivity.current.state === 'offline';

  const detailView = (orderId: string): OrderDetailView => {
    const view = db.read(() => {
      const [row] = db.board.rowsOf([orderId]);
      const cached = db.orders.detail(orderId);
      if (!row || !cached) return undefined;
      return {
        row,
        order: cached.detail ? toOrderView(cached.detail) : null,
        detailFetchedAt: cached.fetchedMs === null ? null : new Date(cached.fetchedMs).toISOString(),
        events: db.events.forOrder(orderId),
        actions: db.outbox.forOrder(orderId).map(toOutboxEntry),
        tracking: db.tracking.get(orderId),
        requests: requestsView(db, orderId),
      };
    });
    if (!view) throw new AppError('not-found', 'This order is not on the terminal.');
    return view;
  };

  return {
    'orders:board': ({ merchantId }) => ({
      ...db.read(() => db.board.board({ now: clock.now(), merchantId })),
      generatedAt: new Date(clock.now()).toISOString(),
    }),

    'orders:detail': async ({ orderId }) => {
      const first = detailView(orderId);
      // Opening an order whose detail is missing or out of date is a good moment to try again.
      if (first.order === null || db.read(() => db.orders.detail(orderId)?.state) === 'stale') {
        if (await details.fetch(orderId, onlineBudget())) return detailView(orderId);
      }
      return first;
    },

    // The origin is the paired screen that pressed it (null: this terminal): the outbox keeps who did it.
    'orders:act': (input, origin) => {
      if (input.action in DISPUTE_ANSWERS || input.action === 'acceptAddressChange' || input.action === 'denyAddressChange') {
        const events = db.read(() => db.events.requestsOf(input.orderId));
        return outbox.enqueue(input, 'staff', { expiresMs: answerDeadline(input, events) }, origin ?? null);
      }
      return outbox.enqueue(input, 'staff', undefined, origin ?? null);
    },

    'orders:cancellationReasons': async ({ orderId }) => {
      try {
        return { reasons: await gateway.cancellationReasons(orderId, onlineBudget()), source: 'api' };
      } catch (error) {
        if (isTransient(error)) return { reasons: STANDARD_CANCELLATION_REASONS, source: 'standard' };
        throw error;
      }
    },

    // Offline at the counter, the spec says to compare with the detail's pickupCode.
    'orders:validatePickupCode': ({ orderId, code }) =>
      checkCode({ code, saved: savedCodes(orderId).pickupCode, offline: offline(), clock, ask: (signal) => gateway.validatePickupCode(orderId, code, signal) }),

    'orders:driverQuote': async ({ orderId }) => quoteView(await gateway.driverQuote(orderId, onlineBudget())),

    'orders:verifyDeliveryCode': async ({ orderId, code }) => {
      // Offline at the door, the spec's delivery code is the localizer on the customer's receipt.
      const check = await checkCode({
        code,
        saved: savedCodes(orderId).localizer,
        offline: offline(),
        clock,
        ask: (signal) => gateway.verifyDeliveryCode(orderId, code, signal),
      });
      const wrongAttempts = db.write(() => {
        db.codeChecks.record(orderId, check.valid, check.checkedBy, clock.now());
        return db.codeChecks.deliveryTally(orderId).wrong;
      });
      // A right code ends the delivery on the platform: read the order again without waiting for the poll.
      if (check.valid && check.checkedBy === 'api') void details.fetch(orderId, onlineBudget()).catch(() => undefined);
      return { ...check, wrongAttempts };
    },
  };
}

function requestsView(db: OrdersDb, orderId: string): OrderRequests {
  const events = db.events.requestsOf(orderId);
  const tally = db.codeChecks.deliveryTally(orderId);
  return {
    disputes: disputesOf(events),
    addressChanges: addressChangesOf(events),
    driverRequest: driverRequestOf(events),
    wrongDeliveryCodes: tally.wrong,
    deliveryCodeVerified: tally.verified,
  };
}
