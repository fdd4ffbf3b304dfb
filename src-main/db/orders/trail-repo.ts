import type { Statement } from 'better-sqlite3';
import type { TrailEntry } from '../../../src-shared/ipc/channels/staff';
import type { Db } from '../database';

export interface TrailRecord {
  at_ms: number;
  person_id: string | null;
  person_name: string | null;
  device_id: string | null;
  device_name: string | null;
  channel: string;
  action: string | null;
  order_id: string | null;
  merchant_id: string | null;
  approved_by: string | null;
  outcome: 'done' | 'queued' | 'refused';
  outbox_id: number | null;
  error_code: string | null;
  error_message: string | null;
}

/**
 * The trail of who did what (migration 0019): appended, read by order or newest first, never edited
 * (no statement here changes a line); retention.ts prunes it with history.
 */
export class TrailRepo {
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

/** A line as the screens and the diagnostics file read it (the outbox's id stays in the database). */
export function trailEntry(r: TrailRecord): TrailEntry {
  return {
    at: new Date(r.at_ms).toISOString(),
    person: r.person_id && r.person_name ? { id: r.person_id, name: r.person_name } : null,
    device: r.device_name,
    channel: r.channel,
    action: r.action,
    orderId: r.order_id,
    merchantId: r.merchant_id,
    approvedBy: r.approved_by,
    outcome: r.outcome,
    error: r.error_code ? { code: r.error_code, message: r.error_message ?? '' } : null,
  };
}
