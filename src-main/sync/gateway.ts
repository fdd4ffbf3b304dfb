import type { OrderAction } from '../../src-shared/ipc/channels/orders';
import type { OrderRecord } from '../../src-shared/wire/order';
import type { DeliveryQuote } from '../../src-shared/wire/shipping';

/**
 * What the sync layer needs from the marketplace, and nothing more: the API client's order module
 * behind it in the app (api-gateway.ts), fakes in unit tests. Failures are AppError values
 * (ApiError in the app) whose `code` says whether to retry (connection, timeout, server, rate-limit,
 * auth) or not (conflict, not-found, validation, ...).
 */
export interface OrderGateway {
  /** GET /order/v1.0/orders:polling: the events as they came, each read by the ingest with `readOrderEvent`. */
  poll(limit: number, signal?: AbortSignal): Promise<unknown[]>;
  /** POST /order/v1.0/orders:acknowledgment. */
  acknowledge(eventIds: readonly string[], signal?: AbortSignal): Promise<void>;
  /** GET /order/v1.0/orders/{id}: the detail as returned (the cache keeps it whole). */
  getOrder(orderId: string, signal?: AbortSignal): Promise<OrderRecord>;
  /** The staff action's POST; resolves on 202. */
  act(orderId: string, action: OrderAction, payload: Record<string, unknown> | null, signal?: AbortSignal): Promise<void>;
  /** Driver position of a PLATFORM delivery; 404 (not-found) before a driver is assigned. */
  tracking(orderId: string, signal?: AbortSignal): Promise<Record<string, unknown>>;
  cancellationReasons(orderId: string, signal?: AbortSignal): Promise<{ code: string; description: string }[]>;
  validatePickupCode(orderId: string, code: string, signal?: AbortSignal): Promise<boolean>;
  /** Own delivery: the customer's code (the localizer) checked by the platform. */
  verifyDeliveryCode(orderId: string, code: string, signal?: AbortSignal): Promise<boolean>;
  /** A platform driver's price and time for an own delivery (spec §4.1 style A). */
  driverQuote(orderId: string, signal?: AbortSignal): Promise<DeliveryQuote>;
}
