import { randomUUID } from 'node:crypto';
import type { WireEvent } from '../../src-shared/wire/events';
import { EVENT_FULL_CODES, type EventCode } from './event-codes';

/**
 * The order event log behind polling and acknowledgment (spec §6). Every event stays in the log
 * for the control surface. Each application that may see the event's store (its owner, and the
 * distributed applications its merchant authorized, at the moment of the event) gets the event in
 * a queue of its own, in emission order: an application's acknowledgment never hides the event
 * from another one, and a poll only walks what it may return.
 */
export interface OrderEvent extends WireEvent {
  code: EventCode;
}

export interface EventRecord {
  event: OrderEvent;
  /** Acknowledged by every application it was for. */
  acknowledged: boolean;
  /** The applications it was for, and those that acknowledged it. */
  audience: string[];
  acknowledgedBy: string[];
  /** How many times a poll handed this event out (duplicates in one poll count twice). */
  deliveries: number;
}

export interface EmitInput {
  code: EventCode;
  orderId: string;
  merchantId: string;
  metadata?: Record<string, unknown>;
  /** When it happened (epoch ms); never earlier than the previous event, so the log stays in order. */
  atMs: number;
  /** The applications that receive it (client ids). */
  audience: readonly string[];
}

export class EventLog {
  private all: EventRecord[] = [];
  private byId = new Map<string, EventRecord>();
  /** clientId → its unacknowledged events, in emission order. */
  private queues = new Map<string, Map<string, EventRecord>>();
  private lastAtMs = 0;

  emit(input: EmitInput): OrderEvent {
    const atMs = Math.max(input.atMs, this.lastAtMs);
    this.lastAtMs = atMs;
    const event: OrderEvent = {
      id: randomUUID(),
      code: input.code,
      fullCode: EVENT_FULL_CODES[input.code],
      orderId: input.orderId,
      merchantId: input.merchantId,
      createdAt: new Date(atMs).toISOString(),
      metadata: input.metadata ?? {},
    };
    const audience = [...new Set(input.audience)];
    const record: EventRecord = { event, acknowledged: false, audience, acknowledgedBy: [], deliveries: 0 };
    this.all.push(record);
    this.byId.set(event.id, record);
    for (const clientId of audience) this.queueOf(clientId).set(event.id, record);
    return event;
  }

  private queueOf(clientId: string): Map<string, EventRecord> {
    let queue = this.queues.get(clientId);
    if (!queue) {
      queue = new Map();
      this.queues.set(clientId, queue);
    }
    return queue;
  }

  /** The application's unacknowledged events of these stores, oldest first, at most `limit`. */
  pending(clientId: string, merchantIds: ReadonlySet<string>, limit: number): EventRecord[] {
    const out: EventRecord[] = [];
    for (const record of this.queues.get(clientId)?.values() ?? []) {
      if (out.length >= limit) break;
      if (merchantIds.has(record.event.merchantId)) out.push(record);
    }
    return out;
  }

  /** Marks events of these stores acknowledged by the application; unknown or foreign ids are ignored. */
  acknowledge(clientId: string, ids: readonly string[], merchantIds: ReadonlySet<string>): number {
    const queue = this.queues.get(clientId);
    if (!queue) return 0;
    let count = 0;
    for (const id of ids) {
      const record = queue.get(id);
      if (!record || !merchantIds.has(record.event.merchantId)) continue;
      queue.delete(id);
      record.acknowledgedBy.push(clientId);
      record.acknowledged = record.acknowledgedBy.length === record.audience.length;
      count += 1;
    }
    return count;
  }

  get(id: string): EventRecord | undefined {
    return this.byId.get(id);
  }

  /** Every event so far (optionally of one store), oldest first. */
  list(merchantId?: string): EventRecord[] {
    return merchantId ? this.all.filter((r) => r.event.merchantId === merchantId) : [...this.all];
  }

  forOrder(orderId: string): OrderEvent[] {
    return this.all.filter((r) => r.event.orderId === orderId).map((r) => r.event);
  }

  get size(): number {
    return this.all.length;
  }
}
