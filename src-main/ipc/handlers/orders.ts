import { AppError, isTransient } from '../../../src-shared/errors';
import type { CancellationReasons, OrderDetailView } from '../../../src-shared/ipc/channels/orders';
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

type OrderChannel = 'orders:board' | 'orders:detail' | 'orders:act' | 'orders:cancellationReasons' | 'orders:validatePickupCode';

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
  { code: '509', description: 'Internal db problem' },
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

    'orders:act': (input) => outbox.enqueue(input),

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
  };
}
