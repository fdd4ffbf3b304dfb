import type { Statement } from 'better-sqlite3';
import type { Db } from '../database';

export interface MarkRecord {
  order_id: string;
  mark: 'priority' | 'hold' | null;
  /** While held: since when. */
  held_since_ms: number | null;
  /** How long its past holds lasted. */
  held_ms: number;
  changed_ms: number;
}

/** A station's bump of an order, as the speed of service reads it. */
export interface StationBumpRecord {
  order_id: string;
  station_id: string;
  /** The station's last bump still standing of that order. */
  last_ms: number;
}

/** The kitchen's timing (migration 0018): a cook's mark on a ticket, and the bumps a day's speed of service reads. */
export class KitchenTimingRepo {
  private readonly s: {
    mark: Statement<[string], MarkRecord>;
    saveMark: Statement<MarkRecord>;
    bumpedOrders: Statement<{ from: number; to: number }, { order_id: string }>;
    stationBumps: Statement<[string], StationBumpRecord>;
    prune: Statement<{ before: number }>;
  };

  constructor(db: Db) {
    this.s = {
      mark: db.prepare('SELECT * FROM kitchen_marks WHERE order_id = ?'),
      saveMark: db.prepare(
        `INSERT INTO kitchen_marks (order_id, mark, held_since_ms, held_ms, changed_ms) VALUES (@order_id, @mark, @held_since_ms, @held_ms, @changed_ms)
         ON CONFLICT (order_id) DO UPDATE SET mark = excluded.mark, held_since_ms = excluded.held_since_ms, held_ms = excluded.held_ms, changed_ms = excluded.changed_ms`,
      ),
      bumpedOrders: db.prepare(`SELECT DISTINCT order_id FROM kitchen_bumps WHERE state = 'bumped' AND changed_ms >= @from AND changed_ms < @to`),
      stationBumps: db.prepare(
        `SELECT order_id, station_id, max(changed_ms) AS last_ms FROM kitchen_bumps WHERE order_id = ? AND state = 'bumped' GROUP BY station_id ORDER BY station_id`,
      ),
      // As the bumps are (kitchen-repo.ts): orders gone from the terminal, or closed before `before`.
      prune: db.prepare(`DELETE FROM kitchen_marks WHERE order_id NOT IN (SELECT id FROM orders WHERE is_open = 1 OR closed_ms >= @before)`),
    };
  }

  markOf(orderId: string): MarkRecord | undefined {
    return this.s.mark.get(orderId);
  }

  saveMark(record: MarkRecord): void {
    this.s.saveMark.run(record);
  }

  /** Orders with a line bumped (and still standing) in [from, to). */
  bumpedOrders(fromMs: number, toMs: number): string[] {
    return this.s.bumpedOrders.all({ from: fromMs, to: toMs }).map((r) => r.order_id);
  }

  /** Each station's last standing bump of an order. */
  stationBumps(orderId: string): StationBumpRecord[] {
    return this.s.stationBumps.all(orderId);
  }

  prune(before: number): void {
    this.s.prune.run({ before });
  }
}
