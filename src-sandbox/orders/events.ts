import { randomUUID } from 'node:crypto';
import { EVENT_FULL_CODES, type EventCode } from './event-codes';

/**
 * The order event log behind polling and acknowledgment (spec §6). Every event stays in the log
 * for the control surface; the unacknowledged ones are kept apart, in emission order, so a poll
 * only walks what it may return.
 */
export interface OrderEvent {
  id: string;
  code: EventCode;
  fullCode: string;
  orderId: string;
  merchantId: string;
  createdAt: string;
  metadata: Record<string, unknown>;
}

export interface EventRecord {
  event: OrderEvent;
  acknowledged: boolean;
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
}

export class EventLog {
  private all: EventRecord[] = [];
  private byId = new Map<string, EventRecord>();
  private unacknowledged = new Map<string, EventRecord>();
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
    const record: EventRecord = { event, acknowledged: false, deliveries: 0 };
    this.all.push(record);
    this.byId.set(event.id, record);
    this.unacknowledged.set(event.id, record);
    return event;
  }

  /** Unacknowledged events of these stores, oldest first, at most `limit`. */
  pending(merchantIds: ReadonlySet<string>, limit: number): EventRecord[] {
    const out: EventRecord[] = [];
    for (const record of this.unacknowledged.values()) {
      if (out.length >= limit) break;
      if (merchantIds.has(record.event.merchantId)) out.push(record);
    }
    return out;
  }

  /** Marks events of these stores acknowledged; ids of other stores or unknown ids are ignored. */
  acknowledge(ids: readonly string[], merchantIds: ReadonlySet<string>): number {
    let count = 0;
    for (const id of ids) {
      const record = this.unacknowledged.get(id);
      if (!record || !merchantIds.has(record.event.merchantId)) continue;
      record.acknowledged = true;
      this.unacknowledged.delete(id);
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
