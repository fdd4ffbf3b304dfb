import type { Statement } from 'better-sqlite3';
import type { OrderTracking } from '../../../src-shared/ipc/channels/orders';
import type { Db } from '../database';

/** Driver positions of PLATFORM deliveries, and when each was last asked for (spec: at most once per 30 s). */
export class TrackingRepo {
  private readonly s: {
    due: Statement<{ before: number; limit: number }, { id: string }>;
    save: Statement<{ id: string; tracking: string | null; now: number }>;
    touch: Statement<{ id: string; now: number }>;
    get: Statement<[string], { tracking: string | null; tracking_ms: number | null }>;
  };

  constructor(db: Db) {
    this.s = {
      due: db.prepare(
        `SELECT id FROM orders WHERE driver_assigned_ms IS NOT NULL AND is_open = 1 AND delivered_by = 'PLATFORM'
           AND coalesce(tracking_ms, 0) <= @before ORDER BY coalesce(tracking_ms, 0) LIMIT @limit`,
      ),
      save: db.prepare('UPDATE orders SET tracking = @tracking, tracking_ms = @now WHERE id = @id'),
      touch: db.prepare('UPDATE orders SET tracking_ms = @now WHERE id = @id'),
      get: db.prepare('SELECT tracking, tracking_ms FROM orders WHERE id = ?'),
    };
  }

  /** PLATFORM deliveries with a driver whose position was last read before `before`. */
  due(before: number, limit = 20): string[] {
    return this.s.due.all({ before, limit }).map((r) => r.id);
  }

  save(id: string, position: Record<string, unknown> | null, now: number): void {
    this.s.save.run({ id, tracking: position ? JSON.stringify(position) : null, now });
  }

  /** Records a tracking request before it leaves, so the 30-second spacing holds across a restart. */
  touch(id: string, now: number): void {
    this.s.touch.run({ id, now });
  }

  get(id: string): OrderTracking | null {
    const row = this.s.get.get(id);
    if (!row || row.tracking_ms === null) return null;
    return { position: row.tracking ? (JSON.parse(row.tracking) as Record<string, unknown>) : null, checkedAt: new Date(row.tracking_ms).toISOString() };
  }
}
