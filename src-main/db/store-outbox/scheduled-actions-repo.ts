import type { Statement } from 'better-sqlite3';
import type { StoreActionKind } from '../../../src-shared/ipc/channels/store-actions';
import { parseJsonObject } from '../json-text';
import type { Db } from '../database';

export interface ScheduledActionRecord {
  id: number;
  merchant_id: string;
  kind: StoreActionKind;
  subject: string | null;
  payload: string;
  due_ms: number;
  state: 'waiting' | 'submitted' | 'cancelled';
  action_id: number | null;
  created_ms: number;
  /**
   * The idempotency key its hand-off to the store outbox carries, where processes share the rows (a
   * chain's replicas): a hand-off made again, after a replica died midway, is the same action. None
   * in a terminal's own file.
   */
  handoff_key?: string | null;
}

export const payloadOf = (r: ScheduledActionRecord): Record<string, unknown> => parseJsonObject(r.payload);

/** Store actions waiting for their time (scheduled_store_actions, beside the store outbox). */
export class ScheduledActionsRepo {
  private readonly s: {
    insert: Statement<{ merchant_id: string; kind: string; subject: string | null; payload: string; due_ms: number; now: number }>;
    get: Statement<[number], ScheduledActionRecord>;
    due: Statement<[number], ScheduledActionRecord>;
    next: Statement<[], { at: number | null }>;
    waiting: Statement<[string], ScheduledActionRecord>;
    cancelFor: Statement<{ merchant_id: string; kind: string; subject: string }>;
    submitted: Statement<{ id: number; action: number }>;
  };

  constructor(db: Db) {
    this.s = {
      insert: db.prepare(
        `INSERT INTO scheduled_store_actions (merchant_id, kind, subject, payload, due_ms, state, created_ms)
         VALUES (@merchant_id, @kind, @subject, @payload, @due_ms, 'waiting', @now)`,
      ),
      get: db.prepare('SELECT * FROM scheduled_store_actions WHERE id = ?'),
      due: db.prepare(`SELECT * FROM scheduled_store_actions WHERE state = 'waiting' AND due_ms <= ? ORDER BY due_ms, id LIMIT 32`),
      next: db.prepare(`SELECT min(due_ms) AS at FROM scheduled_store_actions WHERE state = 'waiting'`),
      waiting: db.prepare(`SELECT * FROM scheduled_store_actions WHERE state = 'waiting' AND merchant_id = ? ORDER BY due_ms, id`),
      cancelFor: db.prepare(
        `UPDATE scheduled_store_actions SET state = 'cancelled' WHERE state = 'waiting' AND merchant_id = @merchant_id AND kind = @kind AND subject = @subject`,
      ),
      submitted: db.prepare(`UPDATE scheduled_store_actions SET state = 'submitted', action_id = @action WHERE id = @id AND state = 'waiting'`),
    };
  }

  add(input: {
    merchantId: string;
    kind: StoreActionKind;
    subject: string | null;
    payload: Record<string, unknown>;
    dueMs: number;
    now: number;
  }): ScheduledActionRecord {
    const info = this.s.insert.run({
      merchant_id: input.merchantId,
      kind: input.kind,
      subject: input.subject,
      payload: JSON.stringify(input.payload),
      due_ms: input.dueMs,
      now: input.now,
    });
    return this.s.get.get(Number(info.lastInsertRowid)) as ScheduledActionRecord;
  }

  due(now: number): ScheduledActionRecord[] {
    return this.s.due.all(now);
  }

  nextDueMs(): number | undefined {
    return this.s.next.get()?.at ?? undefined;
  }

  waiting(merchantId: string): ScheduledActionRecord[] {
    return this.s.waiting.all(merchantId);
  }

  /** Withdraws what waits for this subject (a dish put back on sale by hand needs no comeback). */
  cancelFor(merchantId: string, kind: StoreActionKind, subject: string): number {
    return this.s.cancelFor.run({ merchant_id: merchantId, kind, subject }).changes;
  }

  markSubmitted(id: number, actionId: number): void {
    this.s.submitted.run({ id, action: actionId });
  }
}
