import type { Statement } from 'better-sqlite3';
import type { OrderEventView } from '../../../src-shared/ipc/channels/orders';
import { REQUEST_EVENT_KEYS, type RequestEvent } from '../../orders/requests';
import type { Db } from '../database';
import { jsonIdList } from '../json-id-list';

/** The codes of the events the request views read, as an SQL list (`code IN (...)`). */
export const REQUEST_CODES_SQL = REQUEST_EVENT_KEYS.map((c) => `'${c}'`).join(', ');

export interface EventRecord {
  id: string;
  order_id: string | null;
  merchant_id: string | null;
  code: string;
  full_code: string;
  known: number;
  created_at: string | null;
  created_ms: number | null;
  metadata: string | null;
  received_ms: number;
}

/** Order events as polled: stored once per id, whatever their code. */
export class EventsRepo {
  private readonly s: {
    insert: Statement<[string, string | null, string | null, string, string, number, string | null, number | null, string | null, number]>;
    storedAmong: Statement<[string], { at: number }>;
    forOrder: Statement<[string], EventRecord>;
    ackable: Statement<[string], { at: number }>;
    count: Statement<[], { n: number }>;
    requestsOf: Statement<[string], RequestEvent>;
  };

  constructor(db: Db) {
    this.s = {
      insert: db.prepare(
        `INSERT INTO events (id, order_id, merchant_id, code, full_code, known, created_at, created_ms, metadata, received_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO NOTHING`,
      ),
      // The ids come as one JSON array (jsonIdList): one statement per poll instead of one per event.
      // CROSS JOIN keeps the list as the outer loop, so each id is one probe of the primary key. The
      // answer is positions in the list, so the caller gets its own strings back (SQLite's text is
      // UTF-8: a JavaScript string that is not valid UTF-16 does not come back as it went in).
      storedAmong: db.prepare('SELECT j.key AS at FROM json_each(?) j CROSS JOIN events e ON e.id = j.value'),
      forOrder: db.prepare('SELECT * FROM events WHERE order_id = ? ORDER BY created_ms, received_ms, id'),
      // Stored, and its order is no longer waiting for a first detail; in the order asked.
      ackable: db.prepare(
        `SELECT j.key AS at FROM json_each(?) j CROSS JOIN events e ON e.id = j.value LEFT JOIN orders o ON o.id = e.order_id
         WHERE e.order_id IS NULL OR o.detail_state <> 'missing'
         ORDER BY j.key`,
      ),
      count: db.prepare('SELECT count(*) AS n FROM events'),
      requestsOf: db.prepare(
        `SELECT code, full_code AS fullCode, created_at AS createdAt, metadata FROM events
         WHERE order_id = ? AND code IN (${REQUEST_CODES_SQL})
         ORDER BY created_ms, received_ms, id`,
      ),
    };
  }

  /** True when the event is new; false for a duplicate (same id already stored). */
  insert(record: EventRecord): boolean {
    const r = record;
    // Positional binding: this runs once per polled event.
    return (
      this.s.insert.run(r.id, r.order_id, r.merchant_id, r.code, r.full_code, r.known, r.created_at, r.created_ms, r.metadata, r.received_ms).changes === 1
    );
  }

  /** Which of `ids` are stored already (one query for a whole poll). */
  storedAmong(ids: readonly string[]): Set<string> {
    if (ids.length === 0) return new Set();
    return new Set(this.s.storedAmong.all(jsonIdList(ids)).map((r) => ids[r.at] as string));
  }

  /** Events safe to acknowledge: stored, and processed as far as their order allows. */
  ackable(ids: Iterable<string>): string[] {
    const list = [...ids];
    if (list.length === 0) return [];
    return this.s.ackable.all(jsonIdList(list)).map((r) => list[r.at] as string);
  }

  forOrder(orderId: string): OrderEventView[] {
    return this.s.forOrder.all(orderId).map((r) => ({
      id: r.id,
      code: r.code,
      fullCode: r.full_code,
      known: r.known === 1,
      createdAt: r.created_at,
      receivedAt: new Date(r.received_ms).toISOString(),
    }));
  }

  /** The order's disputes, address changes and driver requests, oldest first (orders/requests.ts reads them). */
  requestsOf(orderId: string): RequestEvent[] {
    return this.s.requestsOf.all(orderId);
  }

  count(): number {
    return this.s.count.get()?.n ?? 0;
  }
}
