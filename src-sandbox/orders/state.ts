import type { SandboxClock } from '../clock';
import { CallLog } from './calls';
import type { Dispute } from './dispute-model';
import type { EventCode } from './event-codes';
import { EventLog, type OrderEvent } from './events';
import { CancellationTally } from './penalties';
import type { OrderRecord } from './model';
import type { PromotionLookup } from './order-factory';
import { SeededRandom } from './random';
import { Timeline } from './timeline';

/** Fixed seed: a fresh or reset sandbox makes the same orders in the same order. */
const ORDERS_SEED = 20_240_601;

/** Orders, their events (polling and acknowledgment), disputes and the order-side calls log. */
export class OrdersState {
  orders = new Map<string, OrderRecord>();
  events = new EventLog();
  timeline = new Timeline();
  disputes = new Map<string, Dispute>();
  calls = new CallLog();
  /** Last order-tracking call per application and order (the 30-second rule). */
  trackingCalls = new Map<string, number>();
  rng = new SeededRandom(ORDERS_SEED);
  /** Set by whoever wires the promotion module in: discounts running promotions give to grocery lines. */
  promotionFor: PromotionLookup | undefined;
  /** The applications that receive a store's events (set by the world: owner and authorized apps). */
  audienceOf: (merchantId: string) => readonly string[] = () => [];
  /** Whether a store uses smart preparation (gets RECOMMENDED_PREPARATION_START); set by the world. */
  usesSmartPreparation: (merchantId: string) => boolean = () => true;
  /** Accepted merchant cancellations per store (penalties.ts). */
  merchantCancellations = new CancellationTally();
  /** What the platform does to a store with too many cancellations; set by the world. */
  penalize: (merchantId: string, atMs: number) => void = () => {};
  private resetListeners: (() => void)[] = [];

  constructor(readonly clock: SandboxClock) {}

  /** Runs what the platform does by itself up to now (deadlines, settlements, driver moves). */
  settle(): void {
    this.timeline.runDue(this.clock.now());
  }

  get(orderId: string): OrderRecord | undefined {
    return this.orders.get(orderId);
  }

  emit(order: OrderRecord, code: EventCode, metadata: Record<string, unknown> = {}, atMs = this.clock.now()): OrderEvent {
    const merchantId = order.detail.merchant.id;
    return this.events.emit({ code, orderId: order.detail.id, merchantId, metadata, atMs, audience: this.audienceOf(merchantId) });
  }

  /** Other sandbox state that must go back to its seed with the orders (fault injection). */
  onReset(listener: () => void): void {
    this.resetListeners.push(listener);
  }

  /** Back to the seed state (called by World.reset). */
  reset(): void {
    this.orders = new Map();
    this.events = new EventLog();
    this.timeline = new Timeline();
    this.disputes = new Map();
    this.calls = new CallLog();
    this.trackingCalls = new Map();
    this.merchantCancellations = new CancellationTally();
    this.rng = new SeededRandom(ORDERS_SEED);
    for (const listener of this.resetListeners) listener();
  }
}
