import { z } from 'zod';
import type { OrderAction } from '../../src-shared/ipc/channels/orders';

/**
 * What the sync layer needs from the marketplace, and nothing more: the API client's order module
 * behind it in the app (api-gateway.ts), fakes in unit tests. Failures are AppError values
 * (ApiError in the app) whose `code` says whether to retry (connection, timeout, server, rate-limit,
 * auth) or not (conflict, not-found, validation, ...).
 */
export interface OrderGateway {
  /** GET /order/v1.0/orders:polling: raw events, read leniently by the caller. */
  poll(limit: number, signal?: AbortSignal): Promise<unknown[]>;
  /** POST /order/v1.0/orders:acknowledgment. */
  acknowledge(eventIds: readonly string[], signal?: AbortSignal): Promise<void>;
  /** GET /order/v1.0/orders/{id}: the detail as returned. */
  getOrder(orderId: string, signal?: AbortSignal): Promise<Record<string, unknown>>;
  /** The staff action's POST; resolves on 202. */
  act(orderId: string, action: OrderAction, payload: Record<string, unknown> | null, signal?: AbortSignal): Promise<void>;
  /** Driver position of a PLATFORM delivery; 404 (not-found) before a driver is assigned. */
  tracking(orderId: string, signal?: AbortSignal): Promise<Record<string, unknown>>;
  cancellationReasons(orderId: string, signal?: AbortSignal): Promise<{ code: string; description: string }[]>;
  validatePickupCode(orderId: string, code: string, signal?: AbortSignal): Promise<boolean>;
}

/**
 * An event as the terminal reads it: only the id is required (it is what gets acknowledged). Other
 * fields the platform may leave out or type loosely, so they are read one by one, never rejected.
 */
export const PolledEvent = z.object({
  id: z.string().min(1),
  code: z.string().optional().catch(undefined),
  fullCode: z.string().optional().catch(undefined),
  orderId: z.string().min(1).optional().catch(undefined),
  merchantId: z.string().optional().catch(undefined),
  createdAt: z.string().optional().catch(undefined),
  metadata: z.unknown().optional(),
});
export type PolledEvent = z.infer<typeof PolledEvent>;

const optionalText = (value: unknown, nonEmpty = false): string | undefined =>
  typeof value === 'string' && (!nonEmpty || value !== '') ? value : undefined;

/**
 * `PolledEvent.safeParse`, by hand: the same reading (the unit tests hold the two together), at a
 * fraction of the cost, since it runs once per polled event and a backlog is thousands of them.
 */
export function readPolledEvent(value: unknown): PolledEvent | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || v.id === '') return undefined;
  const event: PolledEvent = {
    id: v.id,
    code: optionalText(v.code),
    fullCode: optionalText(v.fullCode),
    orderId: optionalText(v.orderId, true),
    merchantId: optionalText(v.merchantId),
    createdAt: optionalText(v.createdAt),
  };
  if ('metadata' in v) event.metadata = v.metadata;
  return event;
}

/** Errors worth trying again as they are: the link, the server or the credential, not the request. */
export function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'connection' || code === 'timeout' || code === 'server' || code === 'rate-limit' || code === 'auth' || code === 'aborted';
}
