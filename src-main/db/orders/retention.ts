import type { Statement } from 'better-sqlite3';
import type { Db } from '../database';

/** Orders removed per transaction: a long prune never holds the write lock for long. */
const PRUNE_BATCH = 2_000;

/**
 * The history's retention: orders closed before a cutoff leave the database with their events and
 * actions. Open orders stay whatever their age (the platform has not said how they ended).
 */
export class Retention {
  private readonly s: {
    expired: Statement<{ before: number; limit: number }, { id: string }>;
    events: Statement<[string]>;
    outbox: Statement<[string]>;
    printJobs: Statement<[string]>;
    codeChecks: Statement<[string]>;
    orders: Statement<[string]>;
    orphanEvents: Statement<{ before: number }>;
    trail: Statement<{ before: number }>;
  };

  constructor(db: Db) {
    this.s = {
      expired: db.prepare('SELECT id FROM orders WHERE is_open = 0 AND closed_ms < @before LIMIT @limit'),
      events: db.prepare('DELETE FROM events WHERE order_id IN (SELECT value FROM json_each(?))'),
      outbox: db.prepare('DELETE FROM outbox WHERE order_id IN (SELECT value FROM json_each(?))'),
      printJobs: db.prepare('DELETE FROM print_jobs WHERE order_id IN (SELECT value FROM json_each(?))'),
      codeChecks: db.prepare('DELETE FROM code_checks WHERE order_id IN (SELECT value FROM json_each(?))'),
      orders: db.prepare('DELETE FROM orders WHERE id IN (SELECT value FROM json_each(?))'),
      orphanEvents: db.prepare('DELETE FROM events WHERE order_id IS NULL AND received_ms < @before'),
      // The trail is kept as long as history (docs/staff.md): its lines go by the same cutoff.
      trail: db.prepare('DELETE FROM action_trail WHERE at_ms < @before'),
    };
  }

  /** Removes one batch of orders closed before `beforeMs`; how many it removed (0: done). */
  pruneBatch(beforeMs: number): number {
    const ids = JSON.stringify(this.s.expired.all({ before: beforeMs, limit: PRUNE_BATCH }).map((r) => r.id));
    this.s.events.run(ids);
    this.s.outbox.run(ids);
    this.s.printJobs.run(ids);
    this.s.codeChecks.run(ids);
    const removed = this.s.orders.run(ids).changes;
    if (removed < PRUNE_BATCH) {
      this.s.orphanEvents.run({ before: beforeMs });
      this.s.trail.run({ before: beforeMs });
    }
    return removed;
  }
}
