import { z } from 'zod';
import {
  Accepted,
  CodeValidity,
  OrderCancellationReasons,
  OrderDetail,
  OrderRecord,
  Tracking,
  VirtualBag,
  type OrderCancellationReason,
} from '../../src-shared/wire/order';
import type { Clock } from '../base/clock';
import type { ApiCall, ApiClient, CallOptions } from './client';
import { EventsApi, ORDER_EVENT_ROUTES } from './events';
import { finalItemPrices, type ItemPromotionPrice } from './promotion-check';
import { TrackingGuard } from './tracking-guard';

const PREFIX = '/order/v1.0';
const seg = encodeURIComponent;

/** Order module (spec §4.5, §4.7 disputes, §2.5 virtual bag). Actions answer 202; results come as events. */
export class OrderApi {
  private readonly tracking: TrackingGuard<Tracking>;
  private readonly events: EventsApi;

  constructor(
    private readonly client: ApiClient,
    clock: Clock,
  ) {
    this.tracking = new TrackingGuard(clock);
    this.events = new EventsApi(client, ORDER_EVENT_ROUTES);
  }

  /** The detail exactly as returned (any JSON object): what the cache keeps. */
  getOrderRecord(orderId: string, options?: CallOptions): Promise<OrderRecord> {
    return this.client.call(this.get('GET /orders/{id}', `/orders/${seg(orderId)}`, OrderRecord), options);
  }

  /** The detail, read field by field (`readOrderDetail`): an odd field reads as null, never fails the call. */
  async getOrder(orderId: string, options?: CallOptions): Promise<OrderDetail> {
    return OrderDetail.parse(await this.getOrderRecord(orderId, options));
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
    return this.client.call(this.action('POST /orders/{id}/requestCancellation', `/orders/${seg(orderId)}/requestCancellation`, { reason }), options);
  }

  /**
   * The platform driver's position: only for deliveredBy PLATFORM after ASSIGN_DRIVER (404 before),
   * and at most once per 30 seconds per order; a call within that time gets the last answer again.
   */
  trackOrder(orderId: string, options?: CallOptions): Promise<Tracking> {
    return this.tracking.get(orderId, () => this.client.call(this.get('GET /orders/{id}/tracking', `/orders/${seg(orderId)}/tracking`, Tracking), options));
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

  /** GET /orders:polling (recommended every 30 s): the events as they came, each read with `readOrderEvent`. */
  pollEvents(query: { limit?: number } = {}, options?: CallOptions): Promise<unknown[]> {
    return this.events.poll(query, options);
  }

  /** POST /orders:acknowledgment: only successfully processed events. */
  acknowledgeEvents(eventIds: readonly string[], options?: CallOptions): Promise<void> {
    return this.events.acknowledge(eventIds, options);
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
    return this.client.call(this.action('POST /disputes/{disputeId}/reject', `/disputes/${seg(disputeId)}/reject`, { reason }, z.unknown()), options);
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
