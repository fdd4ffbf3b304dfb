import type { Statement } from 'better-sqlite3';
import type { Db } from '../database';
import { trailEntry, type TrailReader, type TrailRecord, type TrailWriter } from '../staff-storage';

/**
 * The trail of who did what (migration 0019): appended, read by order or newest first, never edited
 * (no statement here changes a line); retention.ts prunes it with history.
 */
export class TrailRepo implements TrailReader, TrailWriter {
  private readonly s: {
    add: Statement<TrailRecord>;
    ofOrder: Statement<{ order: string; limit: number }, TrailRecord>;
    latest: Statement<{ limit: number }, TrailRecord>;
    lastActs: Statement<{ orders: string }, TrailRecord>;
  };

  constructor(db: Db) {
    this.s = {
      add: db.prepare(
        `INSERT INTO action_trail (at_ms, person_id, person_name, device_id, device_name, channel, action, order_id, merchant_id, approved_by, outcome, outbox_id, error_code, error_message)
         VALUES (@at_ms, @person_id, @person_name, @device_id, @device_name, @channel, @action, @order_id, @merchant_id, @approved_by, @outcome, @outbox_id, @error_code, @error_message)`,
      ),
      ofOrder: db.prepare('SELECT * FROM action_trail WHERE order_id = @order ORDER BY at_ms, id LIMIT @limit'),
      latest: db.prepare('SELECT * FROM action_trail ORDER BY at_ms DESC, id DESC LIMIT @limit'),
      // One line per order, through the order's index: a History page asks for at most 200.
      lastActs: db.prepare(
        `SELECT t.* FROM json_each(@orders) AS o
           JOIN action_trail AS t ON t.id = (
             SELECT id FROM action_trail WHERE order_id = o.value AND outcome <> 'refused' AND (person_id IS NOT NULL OR approved_by IS NOT NULL)
             ORDER BY at_ms DESC, id DESC LIMIT 1)`,
      ),
    };
  }

  add(record: TrailRecord): void {
    this.s.add.run(record);
  }
  /** An order's lines, oldest first (the drawer tells its story in order). */
  ofOrder(orderId: string, limit: number): TrailRecord[] {
    return this.s.ofOrder.all({ order: orderId, limit });
  }
  /** Each order's latest line a person did or a manager approved (refusals left out: they changed nothing). */
  lastActs(orderIds: readonly string[]): TrailRecord[] {
    return orderIds.length === 0 ? [] : this.s.lastActs.all({ orders: JSON.stringify(orderIds) });
  }
  /** The newest lines first. */
  latest(limit: number): TrailRecord[] {
    return this.s.latest.all({ limit });
  }
}

export { trailEntry, type TrailRecord };
