import type { Statement } from 'better-sqlite3';
import type { OrderEventView } from '../../src-shared/ipc/channels/orders';
import type { Db } from './database';

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
    forOrder: Statement<[string], EventRecord>;
    ackable: Statement<[string], { ok: number }>;
    count: Statement<[], { n: number }>;
  };

  constructor(db: Db) {
    this.s = {
      insert: db.prepare(
        `INSERT INTO events (id, order_id, merchant_id, code, full_code, known, created_at, created_ms, metadata, received_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO NOTHING`,
      ),
      forOrder: db.prepare('SELECT * FROM events WHERE order_id = ? ORDER BY created_ms, received_ms, id'),
      // Stored, and its order is no longer waiting for a first detail.
      ackable: db.prepare(
        `SELECT 1 AS ok FROM events e LEFT JOIN orders o ON o.id = e.order_id
         WHERE e.id = ? AND (e.order_id IS NULL OR o.detail_state <> 'missing')`,
      ),
      count: db.prepare('SELECT count(*) AS n FROM events'),
    };
  }

  /** True when the event is new; false for a duplicate (same id already stored). */
  insert(record: EventRecord): boolean {
    const r = record;
    // Positional binding: this runs once per polled event.
    return this.s.insert.run(r.id, r.order_id, r.merchant_id, r.code, r.full_code, r.known, r.created_at, r.created_ms, r.metadata, r.received_ms).changes === 1;
  }

  /** Events safe to acknowledge: stored, and processed as far as their order allows. */
  ackable(ids: Iterable<string>): string[] {
    const out: string[] = [];
    for (const id of ids) if (this.s.ackable.get(id)) out.push(id);
    return out;
  }

  forOrder(orderId: string): OrderEventView[] {
    return this.s.forOrder.all(orderId).map((r) => ({
      id: r.id,
      code: r.code,
      fullCode: r.full_code,
      known: r.known === 1,
      createdAt: r.created_at,
      receivedAt: new Date(r.received_ms).toISOString(),
      metadata: r.metadata === null ? null : (JSON.parse(r.metadata) as unknown),
    }));
  }

  count(): number {
    return this.s.count.get()?.n ?? 0;
  }
}
