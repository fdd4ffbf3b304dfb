import type { Statement } from 'better-sqlite3';
import type { Db } from './database';
import { countsByState } from './queue-row';

export type PrintJobKind = 'kitchen' | 'customer' | 'cancellation';

export interface PrintJobRecord {
  id: number;
  order_id: string;
  printer_id: string;
  kind: PrintJobKind;
  copy: number;
  reason: string;
  state: 'queued' | 'printed' | 'failed';
  attempts: number;
  next_attempt_ms: number;
  last_error: string | null;
  created_ms: number;
  printed_ms: number | null;
}

export interface NewPrintJob {
  orderId: string;
  printerId: string;
  kind: PrintJobKind;
  copy: number;
  reason: string;
}

/** The durable print queue (migration 0012): jobs written before they are sent, settled after. */
export class PrintQueueRepo {
  private readonly s: {
    insert: Statement<[string, string, string, number, string, number, number]>;
    due: Statement<[number, number], PrintJobRecord>;
    nextWake: Statement<[], { at: number | null }>;
    printed: Statement<[number, number]>;
    retry: Statement<[string, number, number]>;
    fail: Statement<[string, number]>;
    forOrder: Statement<[string], PrintJobRecord>;
    printedKinds: Statement<[string], { printer_id: string; kind: PrintJobKind }>;
    waiting: Statement<[], { printer_id: string; n: number }>;
  };

  constructor(db: Db) {
    this.s = {
      insert: db.prepare(
        `INSERT INTO print_jobs (order_id, printer_id, kind, copy, reason, state, next_attempt_ms, created_ms)
         VALUES (?, ?, ?, ?, ?, 'queued', ?, ?) ON CONFLICT DO NOTHING`,
      ),
      due: db.prepare(`SELECT * FROM print_jobs WHERE state = 'queued' AND next_attempt_ms <= ? ORDER BY id LIMIT ?`),
      nextWake: db.prepare(`SELECT min(next_attempt_ms) AS at FROM print_jobs WHERE state = 'queued'`),
      printed: db.prepare(
        `UPDATE print_jobs SET state = 'printed', attempts = attempts + 1, printed_ms = ?, last_error = NULL WHERE id = ? AND state = 'queued'`,
      ),
      retry: db.prepare(`UPDATE print_jobs SET attempts = attempts + 1, last_error = ?, next_attempt_ms = ? WHERE id = ? AND state = 'queued'`),
      fail: db.prepare(`UPDATE print_jobs SET state = 'failed', last_error = ? WHERE id = ? AND state = 'queued'`),
      forOrder: db.prepare('SELECT * FROM print_jobs WHERE order_id = ? ORDER BY id'),
      printedKinds: db.prepare(`SELECT DISTINCT printer_id, kind FROM print_jobs WHERE order_id = ? AND state = 'printed'`),
      waiting: db.prepare(`SELECT printer_id, count(*) AS n FROM print_jobs WHERE state = 'queued' GROUP BY printer_id`),
    };
  }

  /** Adds the jobs not already there; how many were new. */
  add(jobs: readonly NewPrintJob[], now: number): number {
    let added = 0;
    for (const j of jobs) added += this.s.insert.run(j.orderId, j.printerId, j.kind, j.copy, j.reason, now, now).changes;
    return added;
  }

  due(now: number, limit = 20): PrintJobRecord[] {
    return this.s.due.all(now, limit);
  }

  /** When the first queued job may be tried, or null when none waits. */
  nextWake(): number | null {
    return this.s.nextWake.get()?.at ?? null;
  }

  markPrinted(id: number, now: number): void {
    this.s.printed.run(now, id);
  }

  retryLater(id: number, error: string, at: number): void {
    this.s.retry.run(error, at, id);
  }

  /** Gives a job up (its printer was removed from the settings); the order shows it. */
  markFailed(id: number, error: string): void {
    this.s.fail.run(error, id);
  }

  forOrder(orderId: string): PrintJobRecord[] {
    return this.s.forOrder.all(orderId);
  }

  /** Which printer printed which ticket of an order (a cancellation slip goes where the kitchen ticket went). */
  printedKinds(orderId: string): { printer_id: string; kind: PrintJobKind }[] {
    return this.s.printedKinds.all(orderId);
  }

  /** Jobs waiting, per printer. */
  waiting(): Map<string, number> {
    return new Map(this.s.waiting.all().map((r) => [r.printer_id, r.n]));
  }
}

/** Print jobs by state (the diagnostics export reads them on its own read-only connection). */
export const printJobCountsByState = (db: Db): Record<string, number> => countsByState(db, 'print_jobs');
