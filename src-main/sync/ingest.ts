import { knownEventName, readOrderEvent, type EventName, type OrderEvent } from '../../src-shared/wire/events';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { isSqliteError } from '../db/database';
import type { OrdersDb } from '../db/orders-db';
import { LAST_POLL_AT } from '../db/sync-state-repo';
import { parseTime } from '../orders/detail-columns';
import { settledByEvent, settlesActions } from '../orders/outcomes';
import { applyEvent, orderStub, type OrderProgress } from '../orders/progress';
import { reconcileOpenActions } from './reconcile';

export interface IngestResult {
  /** Ids of the events read from the batch (unique): the candidates for acknowledgment. */
  eventIds: string[];
  stored: number;
  duplicates: number;
  /** Events without an id: they cannot be stored, nor acknowledged. */
  rejected: number;
  /** Events whose processing failed: not stored, so not acknowledged; the next poll brings them back. */
  failed: string[];
  changedOrders: Set<string>;
  changedActions: Set<number>;
}

/** A polled event as read: its known name (if any), its time, and its place in the batch. */
export interface ParsedEvent {
  event: OrderEvent;
  name: EventName | undefined;
  ms: number | null;
  index: number;
}
type Parsed = ParsedEvent;

/**
 * A poll's events read leniently (`readOrderEvent`) and sorted oldest first; events without a
 * readable time keep their place after the dated ones. `rejected`: those without an id.
 */
export function readBatch(raw: readonly unknown[]): { parsed: ParsedEvent[]; rejected: number } {
  const parsed: ParsedEvent[] = [];
  let rejected = 0;
  raw.forEach((value, index) => {
    const event = readOrderEvent(value);
    if (!event) {
      rejected++;
      return;
    }
    parsed.push({ event, name: knownEventName(event.code ?? '', event.fullCode ?? ''), ms: parseTime(event.createdAt), index });
  });
  parsed.sort((a, b) => (a.ms ?? Infinity) - (b.ms ?? Infinity) || a.index - b.index);
  return { parsed, rejected };
}

/** The events of a batch not stored before nor repeated within it, and the orders they touch. */
export function freshEvents(batch: readonly ParsedEvent[], storedBefore: ReadonlySet<string>): { fresh: ParsedEvent[]; orderIds: Set<string> } {
  const fresh: ParsedEvent[] = [];
  const seen = new Set<string>();
  const orderIds = new Set<string>();
  for (const p of batch) {
    if (storedBefore.has(p.event.id) || seen.has(p.event.id)) continue;
    seen.add(p.event.id);
    fresh.push(p);
    if (p.event.orderId !== undefined) orderIds.add(p.event.orderId);
  }
  return { fresh, orderIds };
}

/**
 * The progression an event of order `orderId` moves: already in `progress` (this batch), else a copy
 * of the stored one, else a new order's stub (its creation time from a PLACED), noted in `created`.
 */
export function progressFor(
  p: ParsedEvent,
  orderId: string,
  state: { progress: Map<string, OrderProgress>; asRead: ReadonlyMap<string, OrderProgress>; created: Set<string> },
  now: number,
): OrderProgress {
  let order = state.progress.get(orderId);
  if (order) return order;
  const read = state.asRead.get(orderId);
  if (read) {
    order = { ...read };
  } else {
    const placed = p.name === 'PLACED';
    order = orderStub({
      id: orderId,
      merchantId: p.event.merchantId ?? null,
      createdAt: placed ? (p.event.createdAt ?? null) : null,
      createdMs: placed ? p.ms : null,
      now,
    });
    state.created.add(orderId);
  }
  state.progress.set(orderId, order);
  return order;
}

/** SQLite failures that no per-event retry can get around: the whole batch waits for the next poll. */
const FATAL = /^SQLITE_(FULL|IOERR|CORRUPT|NOTADB|READONLY|BUSY|LOCKED|CANTOPEN|PERM)/;

/**
 * Moves each order by its fresh events, in order (`applyEvent`: forward only); `settling` hears each
 * event that may settle an outbox action of its order, right after the event moved it.
 */
export function applyEvents(
  fresh: readonly ParsedEvent[],
  state: Parameters<typeof progressFor>[2],
  now: number,
  settling: (orderId: string, name: EventName, p: ParsedEvent) => void,
): void {
  for (const p of fresh) {
    const orderId = p.event.orderId;
    if (orderId === undefined) continue;
    const order = progressFor(p, orderId, state, now);
    applyEvent(order, p.event, p.name, p.ms ?? now, now);
    if (p.name && settlesActions(p.name)) settling(orderId, p.name, p);
  }
}

/**
 * Applies polled events to the cache: in one transaction every new event is stored (deduplicated by
 * id) and its order updated (status only forward, events sorted by createdAt), and outbox actions the
 * events answer are settled. Nothing here talks to the network; the poller acknowledges afterwards.
 */
export class EventIngest {
  constructor(
    private readonly db: OrdersDb,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** `polledAt` (epoch ms) is recorded as the last successful poll in the same transaction. */
  apply(raw: readonly unknown[], polledAt?: number): IngestResult {
    const { parsed, rejected } = readBatch(raw);
    if (rejected > 0) this.logger.warn('events without an id were skipped', { count: rejected });
    const eventIds = [...new Set(parsed.map((p) => p.event.id))];
    const base = { eventIds, rejected, failed: [] as string[] };
    try {
      return {
        ...base,
        ...this.db.write(() => {
          if (polledAt !== undefined) this.recordPoll(polledAt);
          return this.applyBatch(parsed);
        }),
      };
    } catch (error) {
      if (isSqliteError(error) && FATAL.test(String((error as { code?: unknown }).code))) throw error;
      if ((error as { code?: unknown }).code === 'storage') throw error;
      // One bad event must not hold back the others: apply them one by one and keep the failures out.
      this.logger.error('event batch failed, applying events one by one', { error });
      const total: Omit<IngestResult, 'eventIds' | 'rejected' | 'failed'> = {
        stored: 0,
        duplicates: 0,
        changedOrders: new Set(),
        changedActions: new Set(),
      };
      const failed: string[] = [];
      for (const one of parsed) {
        try {
          const r = this.db.write(() => this.applyBatch([one]));
          total.stored += r.stored;
          total.duplicates += r.duplicates;
          r.changedOrders.forEach((id) => total.changedOrders.add(id));
          r.changedActions.forEach((id) => total.changedActions.add(id));
        } catch (eventError) {
          failed.push(one.event.id);
          this.logger.error('event could not be processed; kept unacknowledged', { eventId: one.event.id, error: eventError });
        }
      }
      if (polledAt !== undefined) this.db.write(() => this.recordPoll(polledAt));
      return { ...total, eventIds: eventIds.filter((id) => !failed.includes(id)), rejected, failed };
    }
  }

  private recordPoll(polledAt: number): void {
    this.db.syncState.set(LAST_POLL_AT, new Date(polledAt).toISOString());
  }

  /**
   * One poll's events in one go: two lookups (which ids are stored already, the progression of their
   * orders), the events applied in memory, then each touched order written once (a new one inserted
   * as its events left it) and each new event inserted once, its order row in place for the foreign key.
   */
  private applyBatch(batch: readonly Parsed[]): Omit<IngestResult, 'eventIds' | 'rejected' | 'failed'> {
    const { orders, events, outbox } = this.db;
    const now = this.clock.now();

    // Duplicates: ids stored by an earlier poll, and repeats within this one.
    const { fresh, orderIds } = freshEvents(batch, events.storedAmong(batch.map((p) => p.event.id)));

    const asRead = orders.progressAmong(orderIds);
    const progress = new Map<string, OrderProgress>();
    const created = new Set<string>();
    const changedActions = new Set<number>();
    const withOpenActions = outbox.ordersWithOpenActions();

    applyEvents(fresh, { progress, asRead, created }, now, (orderId, name, { event }) => {
      if (!withOpenActions.has(orderId)) return;
      const settled = settledByEvent(outbox.openFor(orderId), name, event.id, event.metadata);
      if (settled && outbox.settle(settled.id, settled.state, settled.reason, `event:${event.id}`, now)) changedActions.add(settled.id);
    });

    for (const [orderId, order] of progress) {
      if (created.has(orderId)) orders.insertProgress(order, now);
      else orders.writeProgress(order, now, asRead.get(orderId));
    }
    for (const { event, name, ms } of fresh) {
      const code = event.code ?? event.fullCode ?? '';
      const isNew = events.insert({
        id: event.id,
        order_id: event.orderId ?? null,
        merchant_id: event.merchantId ?? null,
        code,
        full_code: event.fullCode ?? code,
        known: name ? 1 : 0,
        created_at: event.createdAt ?? null,
        created_ms: ms,
        metadata: event.metadata === undefined ? null : JSON.stringify(event.metadata),
        received_ms: now,
      });
      // Cannot happen (the lookup above ran in this transaction); if it did, the order was moved by
      // an event counted twice: undo it all, and the one-by-one retry sees the event as stored.
      if (!isNew) throw new Error(`event ${event.id} was already stored`);
    }
    for (const [orderId, order] of progress) {
      if (!withOpenActions.has(orderId)) continue;
      for (const id of reconcileOpenActions(this.db, orderId, order.status, now)) changedActions.add(id);
    }
    return { stored: fresh.length, duplicates: batch.length - fresh.length, changedOrders: new Set(progress.keys()), changedActions };
  }
}
