import type { Statement } from 'better-sqlite3';
import type { Db } from '../database';
import { jsonIdList } from '../json-id-list';

/**
 * What the order database shows of another poller on the same credential (the split-queue trap): the
 * platform keeps one event queue per application, so an event acknowledged by one terminal never
 * reaches the other (spec §6). Read on the order database's own connection.
 */
export class SharedQueueQuery {
  private readonly s: {
    lastEvent: Statement<[], { at: number | null }>;
    foreign: Statement<{ after: number; upTo: number; served: string }, { merchant_id: string }>;
    startless: Statement<{ since: number; limit: number }, { id: string; merchant_id: string | null }>;
  };

  constructor(db: Db) {
    this.s = {
      lastEvent: db.prepare('SELECT max(rowid) AS at FROM events'),
      // Events are stored in the order they are received: a rowid cursor walks only the new ones.
      foreign: db.prepare(
        `SELECT DISTINCT merchant_id FROM events
         WHERE rowid > @after AND rowid <= @upTo AND merchant_id IS NOT NULL AND merchant_id NOT IN (SELECT value FROM json_each(@served))`,
      ),
      // Created after `since`, heard of by a later event, never by its PLACED: someone else acknowledged it.
      startless: db.prepare(
        `SELECT o.id, o.merchant_id FROM orders o
         WHERE o.created_ms >= @since
           AND EXISTS (SELECT 1 FROM events e WHERE e.order_id = o.id)
           AND NOT EXISTS (SELECT 1 FROM events e WHERE e.order_id = o.id AND (e.code = 'PLC' OR e.full_code = 'PLACED'))
         ORDER BY o.created_ms LIMIT @limit`,
      ),
    };
  }

  /** Where the event cursor starts: after every event stored so far. */
  lastEventCursor(): number {
    return this.s.lastEvent.get()?.at ?? 0;
  }

  /** Stores outside `served` that the events stored after `after` (up to `upTo`, a cursor) were for. */
  foreignStores(after: number, upTo: number, served: readonly string[]): string[] {
    return this.s.foreign.all({ after, upTo, served: jsonIdList(served) }).map((r) => r.merchant_id);
  }

  /** Orders created since `sinceMs` whose PLACED event never reached this terminal. */
  ordersWithoutStart(sinceMs: number, limit = 200): { id: string; merchantId: string | null }[] {
    return this.s.startless.all({ since: sinceMs, limit }).map((r) => ({ id: r.id, merchantId: r.merchant_id }));
  }
}
