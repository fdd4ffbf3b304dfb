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

/** What the order module needs from the rest of the platform, given by the world when it builds it. */
export interface OrdersHooks {
  /** Discounts running promotions give to grocery lines. */
  promotionFor?: PromotionLookup;
  /** The applications that receive a store's events: its owner and the apps its merchant authorized. */
  audienceOf?: (merchantId: string) => readonly string[];
  /** Whether a store uses smart preparation (gets RECOMMENDED_PREPARATION_START). */
  usesSmartPreparation?: (merchantId: string) => boolean;
  /** What the platform does to a store with too many cancellations. */
  penalize?: (merchantId: string, atMs: number) => void;
  /** Sees every event as it is emitted (the platform's automatic closure judges the store by them). */
  observe?: (order: OrderRecord, event: OrderEvent) => void;
}

/** Orders, their events (polling and acknowledgment), disputes and the order-side calls log. */
export class OrdersState {
  orders = new Map<string, OrderRecord>();
  events = new EventLog();
  timeline = new Timeline();
  disputes = new Map<string, Dispute>();
  calls = new CallLog();
  /** Merchant-side calls about a store (merchant and review modules), by store: GET /_sandbox/calls. */
  storeCalls = new CallLog();
  /** Last order-tracking call per application and order (the 30-second rule). */
  trackingCalls = new Map<string, number>();
  rng = new SeededRandom(ORDERS_SEED);
  /** Accepted merchant cancellations per store (penalties.ts). */
  merchantCancellations = new CancellationTally();
  readonly promotionFor: PromotionLookup | undefined;
  readonly audienceOf: (merchantId: string) => readonly string[];
  readonly usesSmartPreparation: (merchantId: string) => boolean;
  readonly penalize: (merchantId: string, atMs: number) => void;
  readonly observe: (order: OrderRecord, event: OrderEvent) => void;

  constructor(
    readonly clock: SandboxClock,
    hooks: OrdersHooks = {},
  ) {
    this.promotionFor = hooks.promotionFor;
    this.audienceOf = hooks.audienceOf ?? (() => []);
    this.usesSmartPreparation = hooks.usesSmartPreparation ?? (() => true);
    this.penalize = hooks.penalize ?? (() => {});
    this.observe = hooks.observe ?? (() => {});
  }

  /** Runs what the platform does by itself up to now (deadlines, settlements, driver moves). */
  settle(): void {
    this.timeline.runDue(this.clock.now());
  }

  get(orderId: string): OrderRecord | undefined {
    return this.orders.get(orderId);
  }

  emit(order: OrderRecord, code: EventCode, metadata: Record<string, unknown> = {}, atMs = this.clock.now()): OrderEvent {
    const merchantId = order.detail.merchant.id;
    const event = this.events.emit({ code, orderId: order.detail.id, merchantId, metadata, atMs, audience: this.audienceOf(merchantId) });
    this.observe(order, event);
    return event;
  }

  /** Back to the seed state (called by World.reset). */
  reset(): void {
    this.orders = new Map();
    this.events = new EventLog();
    this.timeline = new Timeline();
    this.disputes = new Map();
    this.calls = new CallLog();
    this.storeCalls = new CallLog();
    this.trackingCalls = new Map();
    this.merchantCancellations = new CancellationTally();
    this.rng = new SeededRandom(ORDERS_SEED);
  }
}
