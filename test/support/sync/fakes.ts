import { randomUUID } from 'node:crypto';
import { AppError } from '../../../src-shared/errors';
import type { OrderAction } from '../../../src-shared/ipc/channels/orders';
import type { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { OrdersDb } from '../../../src-main/db/orders/orders-db';
import type { WireEvent } from '../../../src-shared/wire/events';
import type { DeliveryQuote } from '../../../src-shared/wire/shipping';
import type { OrderGateway } from '../../../src-main/sync/gateway';

/**
 * A marketplace in memory for the sync layer's unit tests: unacknowledged events come back on every
 * poll, actions move the order and emit their outcome event (409 when out of place), and failures
 * can be queued per method.
 */

type Method = 'poll' | 'acknowledge' | 'getOrder' | 'act' | 'tracking' | 'cancellationReasons' | 'validatePickupCode' | 'verifyDeliveryCode' | 'driverQuote';

export const MERCHANT = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';

const NEXT_STATUS: Partial<Record<OrderAction, { from: string[]; to: string; code: string; fullCode: string }>> = {
  confirm: { from: ['PLACED'], to: 'CONFIRMED', code: 'CFM', fullCode: 'CONFIRMED' },
  startPreparation: { from: ['CONFIRMED'], to: 'PREPARATION_STARTED', code: 'PRS', fullCode: 'PREPARATION_STARTED' },
  readyToPickup: { from: ['CONFIRMED', 'PREPARATION_STARTED'], to: 'READY_TO_PICKUP', code: 'RTP', fullCode: 'READY_TO_PICKUP' },
  dispatch: { from: ['CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP'], to: 'DISPATCHED', code: 'DSP', fullCode: 'DISPATCHED' },
  requestCancellation: { from: ['PLACED', 'CONFIRMED', 'PREPARATION_STARTED'], to: 'CANCELLED', code: 'CAN', fullCode: 'CANCELLED' },
};

export class FakeGateway implements OrderGateway {
  events: WireEvent[] = [];
  acked = new Set<string>();
  details = new Map<string, Record<string, unknown>>();
  calls: { method: Method; args: unknown[] }[] = [];
  failures = new Map<Method, AppError[]>();
  /** Actions applied (status moved), per order. */
  applied: { orderId: string; action: OrderAction }[] = [];
  /** When set, action answers are "lost" after being applied (like a dropped connection). */
  loseAnswers = 0;
  trackingPositions = new Map<string, Record<string, unknown>>();
  /** Methods that never answer (a platform that hangs): each waits for its signal, then fails as aborted. */
  hanging = new Set<Method>();

  constructor(private readonly clock: ManualClock) {}

  failNext(method: Method, ...errors: AppError[]): void {
    this.failures.set(method, [...(this.failures.get(method) ?? []), ...errors]);
  }

  private enter(method: Method, args: unknown[]): void {
    this.calls.push({ method, args });
    const queued = this.failures.get(method);
    const error = queued?.shift();
    if (error) throw error;
  }

  count(method: Method): number {
    return this.calls.filter((c) => c.method === method).length;
  }

  emit(orderId: string, code: string, fullCode: string, options: { at?: number; merchantId?: string; metadata?: Record<string, unknown> } = {}): WireEvent {
    const event: WireEvent = {
      id: randomUUID(),
      code,
      fullCode,
      orderId,
      merchantId: options.merchantId ?? MERCHANT,
      createdAt: new Date(options.at ?? this.clock.now()).toISOString(),
      metadata: options.metadata ?? {},
    };
    this.events.push(event);
    return event;
  }

  /** A new order: its detail on the platform and its PLACED event. */
  place(options: { orderType?: string; deliveredBy?: string; id?: string; at?: number } = {}): string {
    const id = options.id ?? randomUUID();
    const at = options.at ?? this.clock.now();
    this.details.set(id, {
      id,
      displayId: id.slice(0, 4).toUpperCase(),
      status: 'PLACED',
      orderType: options.orderType ?? 'DELIVERY',
      orderTiming: 'IMMEDIATE',
      createdAt: new Date(at).toISOString(),
      merchant: { id: MERCHANT, name: 'Cantina' },
      customer: { name: 'Ana' },
      items: [
        { name: 'Pizza', quantity: 1 },
        { name: 'Soda', quantity: 2 },
      ],
      total: { orderAmount: 42.5 },
      delivery: { deliveredBy: options.deliveredBy ?? 'MERCHANT', pickupCode: '1234' },
    });
    this.emit(id, 'PLC', 'PLACED', { at });
    return id;
  }

  async poll(limit: number): Promise<unknown[]> {
    this.enter('poll', [limit]);
    return this.events
      .filter((e) => !this.acked.has(e.id))
      .slice(0, limit)
      .map((e) => ({ ...e }));
  }

  async acknowledge(ids: readonly string[]): Promise<void> {
    this.enter('acknowledge', [ids]);
    for (const id of ids) this.acked.add(id);
  }

  async getOrder(orderId: string): Promise<Record<string, unknown>> {
    this.enter('getOrder', [orderId]);
    const detail = this.details.get(orderId);
    if (!detail) throw new AppError('not-found', `order ${orderId} not found`);
    return structuredClone(detail);
  }

  async act(orderId: string, action: OrderAction, payload: Record<string, unknown> | null): Promise<void> {
    this.enter('act', [orderId, action, payload]);
    const detail = this.details.get(orderId);
    if (!detail) throw new AppError('not-found', 'no such order');
    const move = NEXT_STATUS[action];
    if (move) {
      if (!move.from.includes(String(detail.status))) throw new AppError('conflict', `cannot ${action} in ${String(detail.status)}`);
      detail.status = move.to;
      this.emit(orderId, move.code, move.fullCode);
    } else {
      this.emit(orderId, 'RDS', 'REQUEST_DRIVER_SUCCESS');
    }
    this.applied.push({ orderId, action });
    if (this.loseAnswers > 0) {
      this.loseAnswers--;
      throw new AppError('connection', 'connection dropped after the action');
    }
  }

  async tracking(orderId: string): Promise<Record<string, unknown>> {
    this.enter('tracking', [orderId]);
    const position = this.trackingPositions.get(orderId);
    if (!position) throw new AppError('not-found', 'no driver yet');
    return position;
  }

  async cancellationReasons(orderId: string): Promise<{ code: string; description: string }[]> {
    this.enter('cancellationReasons', [orderId]);
    return [{ code: '503', description: 'Item unavailable' }];
  }

  /** Waits for the caller to give up when `method` hangs (never, without a signal). */
  private hang(method: Method, signal: AbortSignal | undefined): Promise<void> {
    if (!this.hanging.has(method)) return Promise.resolve();
    return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new AppError('aborted', `${method}: cancelled`)), { once: true }));
  }

  async validatePickupCode(orderId: string, code: string, signal?: AbortSignal): Promise<boolean> {
    this.enter('validatePickupCode', [orderId, code]);
    await this.hang('validatePickupCode', signal);
    return (this.details.get(orderId)?.delivery as { pickupCode?: string } | undefined)?.pickupCode === code;
  }

  async verifyDeliveryCode(orderId: string, code: string, signal?: AbortSignal): Promise<boolean> {
    this.enter('verifyDeliveryCode', [orderId, code]);
    await this.hang('verifyDeliveryCode', signal);
    return ((this.details.get(orderId)?.customer as { phone?: { localizer?: string } } | undefined)?.phone?.localizer ?? null) === code;
  }

  async driverQuote(orderId: string): Promise<DeliveryQuote> {
    this.enter('driverQuote', [orderId]);
    const at = this.clock.now();
    return {
      id: randomUUID(),
      createdAt: new Date(at).toISOString(),
      expirationAt: new Date(at + 5 * 60_000).toISOString(),
      distance: 2400,
      quote: { grossValue: 8.87, discount: 0, netValue: 8.87 },
      deliveryTime: { min: 22, max: 37 },
    };
  }
}

export function memoryStore(): OrdersDb {
  return OrdersDb.open(':memory:');
}

export const offline = (): AppError => new AppError('connection', 'cannot reach the API');

export { silentLogger };

/** Lets background loops run until they wait on the clock again. */
export async function flush(turns = 20): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Advances a manual clock in steps, letting loops run between them. */
export async function advance(clock: ManualClock, ms: number): Promise<void> {
  await flush();
  await clock.advance(ms);
  await flush();
}
