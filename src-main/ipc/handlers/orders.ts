import { AppError, isTransient } from '../../../src-shared/errors';
import type { DriverQuoteView, OrderRequests } from '../../../src-shared/ipc/channels/order-requests';
import type { ActInput, CancellationReasons, OrderDetailView } from '../../../src-shared/ipc/channels/orders';
import type { DeliveryQuote } from '../../../src-shared/wire/shipping';
import { DISPUTE_ANSWERS } from '../../orders/outcomes';
import { addressChangesOf, disputesOf, driverRequestOf, openDisputeOf, type RequestEvent } from '../../orders/requests';
import type { Clock } from '../../base/clock';
import { detailColumns } from '../../orders/detail-columns';
import { toOrderView } from '../../orders/order-view';
import type { OrdersDb } from '../../db/orders-db';
import { toOutboxEntry } from '../../db/outbox-repo';
import type { DetailFetcher } from '../../sync/details';
import type { OrderGateway } from '../../sync/gateway';
import type { OutboxWorker } from '../../sync/outbox-worker';
import type { Handlers } from '../dispatcher';

export interface OrderHandlerDeps {
  db: OrdersDb;
  outbox: OutboxWorker;
  details: DetailFetcher;
  gateway: OrderGateway;
  clock: Clock;
}

type OrderChannel =
  | 'orders:board'
  | 'orders:detail'
  | 'orders:act'
  | 'orders:cancellationReasons'
  | 'orders:validatePickupCode'
  | 'orders:driverQuote'
  | 'orders:verifyDeliveryCode';

/** The spec's common cancellation codes (§4.5), offered when the platform's list cannot be fetched. */
export const STANDARD_CANCELLATION_REASONS: CancellationReasons['reasons'] = [
  { code: '501', description: 'System problem' },
  { code: '502', description: 'Duplicate order' },
  { code: '503', description: 'Item unavailable' },
  { code: '504', description: 'No driver available' },
  { code: '505', description: 'Menu out of date' },
  { code: '506', description: 'Address outside the delivery area' },
  { code: '507', description: 'Fraudulent order' },
  { code: '508', description: 'Outside opening hours' },
  { code: '509', description: 'Internal error' },
  { code: '511', description: 'Risk area' },
  { code: '512', description: 'Store opens later' },
];

/**
 * How long a screen waits on the API before it answers from the cache: a clerk at the counter
 * should not stare at a spinner through the client's retries while the link is down.
 */
export const ONLINE_BUDGET_MS = 4_000;

const budget = (): AbortSignal => AbortSignal.timeout(ONLINE_BUDGET_MS);

/** Orders channels: the board and detail come from the cache; actions go through the outbox. */
export function orderHandlers(deps: OrderHandlerDeps): Pick<Handlers, OrderChannel> {
  const { db, outbox, details, gateway, clock } = deps;

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
        if (await details.fetch(orderId, budget())) return detailView(orderId);
      }
      return first;
    },

    'orders:act': (input) => {
      if (input.action in DISPUTE_ANSWERS || input.action === 'acceptAddressChange' || input.action === 'denyAddressChange') {
        const events = db.read(() => db.events.requestsOf(input.orderId));
        return outbox.enqueue(input, 'staff', { expiresMs: answerDeadline(input, events) });
      }
      return outbox.enqueue(input);
    },

    'orders:cancellationReasons': async ({ orderId }) => {
      try {
        return { reasons: await gateway.cancellationReasons(orderId, budget()), source: 'api' };
      } catch (error) {
        if (isTransient(error)) return { reasons: STANDARD_CANCELLATION_REASONS, source: 'standard' };
        throw error;
      }
    },

    'orders:validatePickupCode': async ({ orderId, code }) => {
      try {
        return { valid: await gateway.validatePickupCode(orderId, code, budget()), checkedBy: 'api' };
      } catch (error) {
        if (!isTransient(error)) throw error;
        // Offline at the counter: the spec says to compare with the detail's pickupCode.
        const expected = detailColumns(db.read(() => db.orders.detail(orderId))?.detail).pickupCode;
        if (!expected) throw error;
        return { valid: expected === code, checkedBy: 'cache' };
      }
    },

    'orders:driverQuote': async ({ orderId }) => quoteView(await gateway.driverQuote(orderId, budget())),

    'orders:verifyDeliveryCode': async ({ orderId, code }) => {
      let check: { valid: boolean; checkedBy: 'api' | 'cache' };
      try {
        check = { valid: await gateway.verifyDeliveryCode(orderId, code, budget()), checkedBy: 'api' };
      } catch (error) {
        if (!isTransient(error)) throw error;
        // Offline at the door: the spec's delivery code is the localizer on the customer's receipt.
        const expected = detailColumns(db.read(() => db.orders.detail(orderId))?.detail).localizer;
        if (!expected) throw error;
        check = { valid: expected === code, checkedBy: 'cache' };
      }
      const wrongAttempts = db.write(() => {
        db.codeChecks.record(orderId, check.valid, check.checkedBy, clock.now());
        return db.codeChecks.deliveryTally(orderId).wrong;
      });
      // A right code ends the delivery on the platform: read the order again without waiting for the poll.
      if (check.valid && check.checkedBy === 'api') void details.fetch(orderId, budget()).catch(() => undefined);
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

/**
 * The deadline of the request an answer is for, checked against the order's events: a dispute or
 * alternative the order does not have, or an address change nobody asked for, is refused here
 * rather than sent. Null when the platform gave no deadline.
 */
export function answerDeadline(input: ActInput, events: readonly RequestEvent[]): number | null {
  if (input.action === 'acceptAddressChange' || input.action === 'denyAddressChange') {
    const pending = addressChangesOf(events).findLast((c) => c.outcome === null && c.requestedBy !== 'MERCHANT');
    if (!pending) throw new AppError('conflict', 'No address change is waiting for an answer on this order.');
    return pending.expiresAt ? Date.parse(pending.expiresAt) || null : null;
  }
  const payload = 'payload' in input ? (input.payload as { disputeId?: string; alternativeId?: string }) : {};
  const dispute = openDisputeOf(events, payload.disputeId ?? '');
  if (!dispute) throw new AppError('conflict', 'This dispute is not open on this order (settled already, or unknown).');
  if (payload.alternativeId !== undefined && !dispute.alternatives.some((a) => a.id === payload.alternativeId)) {
    throw new AppError('bad-input', 'The dispute does not offer this alternative.', { field: 'payload.alternativeId' });
  }
  return Date.parse(dispute.expiresAt) || null;
}

export function quoteView(q: DeliveryQuote): DriverQuoteView {
  return {
    quoteId: q.id,
    expiresAt: q.expirationAt ?? null,
    grossValue: q.quote.grossValue,
    discount: q.quote.discount ?? null,
    netValue: q.quote.netValue,
    deliveryMin: q.deliveryTime?.min ?? null,
    deliveryMax: q.deliveryTime?.max ?? null,
    distance: q.distance ?? null,
  };
}

/** When the order database cannot be used: every orders channel answers why (a storage error). */
export function unavailableOrderHandlers(error: AppError): Pick<Handlers, OrderChannel> {
  const fail = (): never => {
    throw error;
  };
  return {
    'orders:board': fail,
    'orders:detail': fail,
    'orders:act': fail,
    'orders:cancellationReasons': fail,
    'orders:validatePickupCode': fail,
    'orders:driverQuote': fail,
    'orders:verifyDeliveryCode': fail,
  };
}
