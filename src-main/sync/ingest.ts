import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { isSqliteError } from '../db/database';
import type { OrdersDb } from '../db/orders/orders-db';
import type { OutboxRecord } from '../db/orders/outbox-repo';
import { LAST_POLL_AT } from '../db/orders/sync-state-repo';
import { storeBatchOrEach } from '../orders/batch-fallback';
import { applyEvents, batchProgress, freshEvents, readBatch, type ParsedEvent } from '../orders/polled-events';

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

type BatchResult = Omit<IngestResult, 'eventIds' | 'rejected' | 'failed'>;

/** SQLite failures that no per-event retry can get around: the whole batch waits for the next poll. */
const FATAL = /^SQLITE_(FULL|IOERR|CORRUPT|NOTADB|READONLY|BUSY|LOCKED|CANTOPEN|PERM)/;

function isFatal(error: unknown): boolean {
  if (isSqliteError(error) && FATAL.test(String((error as { code?: unknown }).code))) return true;
  return (error as { code?: unknown } | null)?.code === 'storage';
}

/**
 * Applies polled events to the cache: in one transaction every new event is stored (deduplicated by
 * id) and its order updated (status only forward, events sorted by createdAt), and outbox actions the
 * events answer are settled — the steps of src-main/orders/polled-events.ts, on SQLite. A batch that
 * fails on one event's data is stored event by event (src-main/orders/batch-fallback.ts). Nothing
 * here talks to the network; the poller acknowledges afterwards.
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
    const { results, failed } = storeBatchOrEach(parsed, {
      store: (events) =>
        this.db.write(() => {
          if (polledAt !== undefined) this.recordPoll(polledAt);
          return this.applyBatch(events);
        }),
      isFatal,
      logger: this.logger,
    });
    // Every event failed on its own: the poll still happened.
    if (polledAt !== undefined && results.length === 0) this.db.write(() => this.recordPoll(polledAt));
    const total: BatchResult = { stored: 0, duplicates: 0, changedOrders: new Set(), changedActions: new Set() };
    for (const r of results) {
      total.stored += r.stored;
      total.duplicates += r.duplicates;
      r.changedOrders.forEach((id) => total.changedOrders.add(id));
      r.changedActions.forEach((id) => total.changedActions.add(id));
    }
    const kept = failed.length === 0 ? eventIds : eventIds.filter((id) => !failed.includes(id));
    return { ...total, eventIds: kept, rejected, failed };
  }

  private recordPoll(polledAt: number): void {
    this.db.syncState.set(LAST_POLL_AT, new Date(polledAt).toISOString());
  }

  /**
   * One poll's events in one go: two lookups (which ids are stored already, the progression of their
   * orders) and the open actions of those orders, the events applied in memory, then each touched
   * order written once (a new one inserted as its events left it), each new event inserted once
   * (its order row in place for the foreign key), and each settled action written.
   */
  private applyBatch(batch: readonly ParsedEvent[]): BatchResult {
    const { orders, events, outbox } = this.db;
    const now = this.clock.now();

    // Duplicates: ids stored by an earlier poll, and repeats within this one.
    const { fresh, orderIds } = freshEvents(batch, events.storedAmong(batch.map((p) => p.event.id)));
    const state = batchProgress(orders.progressAmong(orderIds));
    const withOpenActions = outbox.ordersWithOpenActions();
    const open = new Map<string, OutboxRecord[]>();
    for (const orderId of orderIds) if (withOpenActions.has(orderId)) open.set(orderId, outbox.openFor(orderId));
    const settlements = applyEvents(fresh, state, now, open);

    for (const [orderId, order] of state.progress) {
      if (state.created.has(orderId)) orders.insertProgress(order, now);
      else orders.writeProgress(order, now, state.asRead.get(orderId));
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
    const changedActions = new Set<number>();
    for (const s of settlements) if (outbox.settle(s.id, s.state, s.reason, s.settledBy, now)) changedActions.add(s.id);
    return { stored: fresh.length, duplicates: batch.length - fresh.length, changedOrders: new Set(state.progress.keys()), changedActions };
  }
}
