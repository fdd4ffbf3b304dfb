import { z } from 'zod';
import { describeZodError } from '../../src-shared/errors';
import { OrderEvent, PollingEnvelope } from '../../src-shared/wire/events';
import {
  Accepted,
  CodeValidity,
  OrderCancellationReasons,
  OrderDetail,
  Tracking,
  VirtualBag,
  type OrderCancellationReason,
} from '../../src-shared/wire/order';
import type { Clock } from '../clock';
import type { ApiCall, ApiClient, CallOptions } from './client';
import { finalItemPrices, type ItemPromotionPrice } from './promotion-check';
import { TrackingGuard } from './tracking-guard';

const PREFIX = '/order/v1.0';
const seg = encodeURIComponent;

/** An event the API sent that breaks the event shape: kept, never dropped silently. */
export interface UnreadableEvent {
  raw: unknown;
  /** The field that broke, e.g. `createdAt`. */
  field: string;
  message: string;
}

export interface PolledEvents {
  events: OrderEvent[];
  unreadable: UnreadableEvent[];
}

const Polling = z.union([PollingEnvelope, z.undefined()]);

/** Order module (spec §4.5, §4.7 disputes, §2.5 virtual bag). Actions answer 202; results come as events. */
export class OrderApi {
  private readonly tracking: TrackingGuard<Tracking>;

  constructor(
    private readonly client: ApiClient,
    clock: Clock,
  ) {
    this.tracking = new TrackingGuard(clock);
  }

  getOrder(orderId: string, options?: CallOptions): Promise<OrderDetail> {
    return this.client.call(this.get('GET /orders/{id}', `/orders/${seg(orderId)}`, OrderDetail), options);
  }

  /** Mandatory within 8 minutes of the order arriving. */
  confirm(orderId: string, options?: CallOptions): Promise<Accepted> {
    return this.client.call(this.action('POST /orders/{id}/confirm', `/orders/${seg(orderId)}/confirm`), options);
  }

  startPreparation(orderId: string, options?: CallOptions): Promise<Accepted> {
    return this.client.call(this.action('POST /orders/{id}/startPreparation', `/orders/${seg(orderId)}/startPreparation`), options);
  }

  readyToPickup(orderId: string, options?: CallOptions): Promise<Accepted> {
    return this.client.call(this.action('POST /orders/{id}/readyToPickup', `/orders/${seg(orderId)}/readyToPickup`), options);
  }

  /** Only for merchant delivery (DELIVERY with deliveredBy MERCHANT). */
  dispatch(orderId: string, options?: CallOptions): Promise<Accepted> {
    return this.client.call(this.action('POST /orders/{id}/dispatch', `/orders/${seg(orderId)}/dispatch`, { deliveredBy: 'MERCHANT' }), options);
  }

  async cancellationReasons(orderId: string, options?: CallOptions): Promise<OrderCancellationReason[]> {
    const body = await this.client.call(
      this.get('GET /orders/{id}/cancellationReasons', `/orders/${seg(orderId)}/cancellationReasons`, OrderCancellationReasons),
      options,
    );
    return body.reasons;
  }

  /** `reason` is a code from `cancellationReasons` (e.g. `503`). */
  requestCancellation(orderId: string, reason: string, options?: CallOptions): Promise<Accepted> {
    return this.client.call(
      this.action('POST /orders/{id}/requestCancellation', `/orders/${seg(orderId)}/requestCancellation`, { reason }),
      options,
    );
  }

  /**
   * The platform driver's position: only for deliveredBy PLATFORM after ASSIGN_DRIVER (404 before),
   * and at most once per 30 seconds per order; a call within that time gets the last answer again.
   */
  trackOrder(orderId: string, options?: CallOptions): Promise<Tracking> {
    return this.tracking.get(orderId, () =>
      this.client.call(this.get('GET /orders/{id}/tracking', `/orders/${seg(orderId)}/tracking`, Tracking), options),
    );
  }

  /** Platform delivery only: compares with the order's pickupCode. */
  async validatePickupCode(orderId: string, code: string, options?: CallOptions): Promise<boolean> {
    const call = this.post('POST /orders/{id}/validatePickupCode', `/orders/${seg(orderId)}/validatePickupCode`, { code }, CodeValidity);
    return (await this.client.call({ ...call, idempotent: true }, options)).valid;
  }

  /** Merchant delivery: the localizer (phone.localizer) the customer gives the driver. */
  async verifyDeliveryCode(orderId: string, code: string, options?: CallOptions): Promise<boolean> {
    const call = this.post('POST /orders/{id}/verifyDeliveryCode', `/orders/${seg(orderId)}/verifyDeliveryCode`, { code }, CodeValidity);
    return (await this.client.call({ ...call, idempotent: true }, options)).valid;
  }

  /**
   * GET /orders:polling (recommended every 30 s). Each event is read on its own: an unreadable one
   * is returned apart, so it is logged and kept while the others go on. No content means no events.
   */
  async pollEvents(query: { limit?: number } = {}, options?: CallOptions): Promise<PolledEvents> {
    const result: PolledEvents = { events: [], unreadable: [] };
    for (const raw of await this.pollRawEvents(query, options)) {
      const parsed = OrderEvent.safeParse(raw);
      if (parsed.success) result.events.push(parsed.data);
      else result.unreadable.push({ raw, ...describeZodError(parsed.error) });
    }
    return result;
  }

  /** The polled events as they came (for a consumer that stores them verbatim); the envelope is checked. */
  async pollRawEvents(query: { limit?: number } = {}, options?: CallOptions): Promise<unknown[]> {
    const body = await this.client.call(
      { module: 'order', method: 'GET', route: 'GET /orders:polling', path: `${PREFIX}/orders:polling`, query, expect: [200, 204], schema: Polling },
      options,
    );
    return body?.events ?? [];
  }

  /** Only successfully processed events are acknowledged; the others come back on the next poll. */
  async acknowledgeEvents(eventIds: readonly string[], options?: CallOptions): Promise<void> {
    if (eventIds.length === 0) return;
    await this.client.call(
      {
        module: 'order',
        method: 'POST',
        route: 'POST /orders:acknowledgment',
        path: `${PREFIX}/orders:acknowledgment`,
        json: { acknowledgedEventIds: eventIds },
        // Acknowledging twice is harmless.
        idempotent: true,
      },
      options,
    );
  }

  getVirtualBag(orderId: string, options?: CallOptions): Promise<VirtualBag> {
    return this.client.call(this.get('GET /orders/{id}/virtual-bag', `/orders/${seg(orderId)}/virtual-bag`, VirtualBag), options);
  }

  /** Spec §4.2: the price each item was sold at after the merchant's own promotions. */
  async promotionPrices(orderId: string, options?: CallOptions): Promise<ItemPromotionPrice[]> {
    return finalItemPrices(await this.getVirtualBag(orderId, options));
  }

  acceptDispute(disputeId: string, options?: CallOptions): Promise<unknown> {
    return this.client.call(this.action('POST /disputes/{disputeId}/accept', `/disputes/${seg(disputeId)}/accept`, undefined, z.unknown()), options);
  }

  rejectDispute(disputeId: string, reason: string, options?: CallOptions): Promise<unknown> {
    return this.client.call(
      this.action('POST /disputes/{disputeId}/reject', `/disputes/${seg(disputeId)}/reject`, { reason }, z.unknown()),
      options,
    );
  }

  chooseDisputeAlternative(disputeId: string, alternativeId: string, options?: CallOptions): Promise<unknown> {
    return this.client.call(
      this.action(
        'POST /disputes/{disputeId}/alternatives/{alternativeId}',
        `/disputes/${seg(disputeId)}/alternatives/${seg(alternativeId)}`,
        undefined,
        z.unknown(),
      ),
      options,
    );
  }

  private get<T>(route: string, path: string, schema: z.ZodType<T>): ApiCall<T> {
    return { module: 'order', method: 'GET', route, path: `${PREFIX}${path}`, schema };
  }

  private post<T>(route: string, path: string, json: unknown, schema: z.ZodType<T>): ApiCall<T> {
    return { module: 'order', method: 'POST', route, path: `${PREFIX}${path}`, ...(json === undefined ? {} : { json }), schema };
  }

  private action<T = Accepted>(route: string, path: string, json?: unknown, schema?: z.ZodType<T>): ApiCall<T> {
    return this.post(route, path, json, schema ?? (Accepted as unknown as z.ZodType<T>));
  }
}
