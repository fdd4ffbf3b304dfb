import type { Statement } from 'better-sqlite3';
import type { SummaryFact } from '../../orders/day-summary';
import type { Db } from '../database';

/** The facts of the orders created in a time range, for the day's summary (orders/day-summary.ts). */
export class SummaryQuery {
  private readonly facts: Statement<{ from: number; to: number }, SummaryFact>;

  constructor(db: Db) {
    this.facts = db.prepare(
      `SELECT o.merchant_id, o.status, o.order_type, o.order_timing, o.total, o.created_ms,
         (SELECT min(e.created_ms) FROM events e WHERE e.order_id = o.id AND e.code = 'CFM') AS confirmed_ms,
         (SELECT min(e.created_ms) FROM events e WHERE e.order_id = o.id AND e.code IN ('RTP', 'DSP')) AS ready_ms,
         CASE WHEN o.status = 'CANCELLED' THEN
           (SELECT e.metadata FROM events e WHERE e.order_id = o.id AND e.code = 'CAN' ORDER BY e.created_ms DESC LIMIT 1) END AS cancel_metadata
       FROM orders o WHERE o.created_ms >= @from AND o.created_ms < @to`,
    );
  }

  between(fromMs: number, toMs: number): SummaryFact[] {
    return this.facts.all({ from: fromMs, to: toMs });
  }
}
