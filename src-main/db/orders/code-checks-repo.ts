import type { Statement } from 'better-sqlite3';
import type { Db } from '../database';

/** Delivery codes typed for own deliveries, and the answer to each: the wrong ones are counted on screen. */
export class CodeChecksRepo {
  private readonly s: {
    insert: Statement<{ order_id: string; valid: number; checked_by: string; now: number }>;
    tally: Statement<[string], { wrong: number; right: number }>;
  };

  constructor(db: Db) {
    this.s = {
      insert: db.prepare(`INSERT INTO code_checks (order_id, kind, valid, checked_by, checked_ms) VALUES (@order_id, 'delivery', @valid, @checked_by, @now)`),
      tally: db.prepare(
        `SELECT coalesce(sum(valid = 0), 0) AS wrong, coalesce(sum(valid = 1), 0) AS right FROM code_checks WHERE order_id = ? AND kind = 'delivery'`,
      ),
    };
  }

  record(orderId: string, valid: boolean, checkedBy: 'api' | 'cache', now: number): void {
    this.s.insert.run({ order_id: orderId, valid: valid ? 1 : 0, checked_by: checkedBy, now });
  }

  /** Wrong codes typed for this order, and whether a right one was. */
  deliveryTally(orderId: string): { wrong: number; verified: boolean } {
    const row = this.s.tally.get(orderId);
    return { wrong: row?.wrong ?? 0, verified: (row?.right ?? 0) > 0 };
  }
}
