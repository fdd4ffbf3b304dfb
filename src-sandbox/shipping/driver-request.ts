import { fail } from '../http/errors';
import type { OrderRecord } from '../orders/model';
import { assignDriver } from '../orders/platform';
import type { OrdersState } from '../orders/state';
import type { ShippingRecord } from './model';

/**
 * A platform driver requested for an order (style A requestDriver, style B registration): accepted
 * at once (REQUEST_DRIVER_SUCCESS), a driver found DRIVER_SEARCH_MS later (ASSIGN_DRIVER). From
 * the request on, the order is a PLATFORM delivery with a pickup code.
 */
export const DRIVER_SEARCH_MS = 60_000;
const RECHECK_MS = 10_000;
const ASSIGNABLE = ['CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP'];

/** RDF's reason when the search found nobody. */
export const NO_DRIVERS = 'NO_DRIVERS_AVAILABLE';

export function requestPlatformDriver(
  orders: OrdersState,
  order: OrderRecord,
  record: ShippingRecord,
  quoteId: string,
  driversAvailable: () => boolean = () => true,
): void {
  const delivery = order.detail.delivery;
  if (!delivery) throw fail.conflict('NotDelivery', 'só um pedido DELIVERY recebe entregador');
  record.driverRequest = { quoteId, status: 'REQUESTED' };
  delivery.deliveredBy = 'PLATFORM';
  delivery.pickupCode ??= orders.rng.digits(4);
  orders.emit(order, 'RDS', { quoteId });
  const search = (due: number): void => {
    const request = record.driverRequest;
    if (request?.quoteId !== quoteId || request.status !== 'REQUESTED') return;
    const status = order.detail.status;
    if (status === 'CANCELLED' || status === 'CONCLUDED') {
      request.status = 'FAILED';
      return;
    }
    if (!ASSIGNABLE.includes(status)) {
      orders.timeline.schedule(due + RECHECK_MS, search); // e.g. a cancellation is being decided
      return;
    }
    if (record.style === 'A' && !driversAvailable()) {
      request.status = 'FAILED';
      if (order.detail.delivery) {
        order.detail.delivery.deliveredBy = 'MERCHANT';
        delete order.detail.delivery.pickupCode;
      }
      orders.emit(order, 'RDF', { quoteId, reason: NO_DRIVERS }, due);
      return;
    }
    assignDriver(orders, order, due);
    request.status = 'ASSIGNED';
  };
  orders.timeline.schedule(orders.clock.now() + DRIVER_SEARCH_MS, search);
}

/** Withdraws the request before the driver collects the order; the merchant delivers again. */
export function cancelPlatformDriver(orders: OrdersState, order: OrderRecord, record: ShippingRecord): void {
  const request = record.driverRequest;
  if (record.style !== 'A' || !request || (request.status !== 'REQUESTED' && request.status !== 'ASSIGNED')) {
    throw fail.conflict('NoDriverRequest', 'nenhuma solicitação de entregador a cancelar para este pedido');
  }
  const step = order.driver?.step;
  if (step === 'COLLECTED' || step === 'ARRIVED_AT_DESTINATION') throw fail.conflict('DriverAlreadyCollected', 'o entregador já coletou o pedido');
  request.status = 'CANCELLED';
  delete order.driver;
  const delivery = order.detail.delivery;
  if (delivery) {
    delivery.deliveredBy = 'MERCHANT';
    delete delivery.pickupCode;
  }
  orders.emit(order, 'RDF', { quoteId: request.quoteId, reason: 'CANCELLED_BY_MERCHANT' });
}
