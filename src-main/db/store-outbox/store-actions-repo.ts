import type { Statement } from 'better-sqlite3';
import { ErrorInfo } from '../../../src-shared/errors';
import type { StoreActionEntry, StoreActionKind, StoreActionState } from '../../../src-shared/ipc/channels/store-actions';
import type { Db } from '../database';
import { parseJsonObject, parseJsonText } from '../json-text';
import { countsByState, queueProgress } from '../queue-row';

export interface StoreActionRecord {
  id: number;
  merchant_id: string;
  kind: StoreActionKind;
  subject: string | null;
  payload: string;
  state: StoreActionState;
  attempts: number;
  next_attempt_ms: number;
  reason: string | null;
  result: string | null;
  waited: number;
  created_ms: number;
  updated_ms: number;
  /** The terminal's key for the press (a chain's store outbox keeps it; a terminal's own file has none). */
  idempotency_key?: string | null;
}

/** What the screen sees of an action (`summary` is the payload: nothing in it is secret). */
export function toStoreActionEntry(r: StoreActionRecord): StoreActionEntry {
  const reason = ErrorInfo.safeParse(parseJsonText(r.reason));
  return {
    id: r.id,
    merchantId: r.merchant_id,
    kind: r.kind,
    subject: r.subject,
    summary: parseJsonObject(r.payload),
    ...queueProgress(r),
    reason: reason.success ? reason.data : null,
    waited: r.waited === 1,
    result: parseJsonText(r.result),
    key: r.idempotency_key ?? null,
  };
}

/** The store outbox's rows (table `store_actions`): written before they are sent, settled after. */
export class StoreActionsRepo {
  private readonly s: {
    insert: Statement<{ merchant_id: string; kind: string; subject: string | null; payload: string; now: number }>;
    get: Statement<[number], StoreActionRecord>;
    // The head of each store's queue: a store's actions go out in the order they were made.
    due: Statement<{ now: number }, StoreActionRecord>;
    nextWake: Statement<[], { at: number | null }>;
    attempt: Statement<{ id: number; now: number }>;
    requeue: Statement<{ id: number; next: number; reason: string | null; now: number }>;
    settle: Statement<{ id: number; state: StoreActionState; reason: string | null; result: string | null; now: number }>;
    waited: Statement<{ id: number }>;
    listed: Statement<{ merchant: string | null; since: number }, StoreActionRecord>;
    queuedOf: Statement<[string], StoreActionRecord>;
    wake: Statement<{ now: number }>;
  };

  constructor(db: Db) {
    this.s = {
      insert: db.prepare(
        `INSERT INTO store_actions (merchant_id, kind, subject, payload, state, next_attempt_ms, created_ms, updated_ms)
         VALUES (@merchant_id, @kind, @subject, @payload, 'queued', @now, @now, @now)`,
      ),
      get: db.prepare('SELECT * FROM store_actions WHERE id = ?'),
      due: db.prepare(
        `SELECT q.* FROM store_actions q WHERE q.state = 'queued' AND q.next_attempt_ms <= @now
           AND NOT EXISTS (SELECT 1 FROM store_actions p WHERE p.merchant_id = q.merchant_id AND p.id < q.id AND p.state = 'queued')
         ORDER BY q.id LIMIT 32`,
      ),
      nextWake: db.prepare(
        `SELECT min(q.next_attempt_ms) AS at FROM store_actions q WHERE q.state = 'queued'
           AND NOT EXISTS (SELECT 1 FROM store_actions p WHERE p.merchant_id = q.merchant_id AND p.id < q.id AND p.state = 'queued')`,
      ),
      attempt: db.prepare('UPDATE store_actions SET attempts = attempts + 1, updated_ms = @now WHERE id = @id'),
      requeue: db.prepare(`UPDATE store_actions SET next_attempt_ms = @next, reason = @reason, updated_ms = @now WHERE id = @id AND state = 'queued'`),
      settle: db.prepare(`UPDATE store_actions SET state = @state, reason = @reason, result = @result, updated_ms = @now WHERE id = @id AND state = 'queued'`),
      waited: db.prepare('UPDATE store_actions SET waited = 1 WHERE id = @id'),
      listed: db.prepare(
        `SELECT * FROM store_actions WHERE (@merchant IS NULL OR merchant_id = @merchant)
           AND (state = 'queued' OR (waited = 1 AND updated_ms >= @since)) ORDER BY id DESC LIMIT 200`,
      ),
      queuedOf: db.prepare(`SELECT * FROM store_actions WHERE merchant_id = ? AND state = 'queued' ORDER BY id`),
      wake: db.prepare(`UPDATE store_actions SET next_attempt_ms = @now WHERE state = 'queued' AND next_attempt_ms > @now`),
    };
  }

  insert(input: { merchantId: string; kind: StoreActionKind; subject: string | null; payload: Record<string, unknown>; now: number }): StoreActionRecord {
    const info = this.s.insert.run({
      merchant_id: input.merchantId,
      kind: input.kind,
      subject: input.subject,
      payload: JSON.stringify(input.payload),
      now: input.now,
    });
    return this.get(Number(info.lastInsertRowid)) as StoreActionRecord;
  }

  get(id: number): StoreActionRecord | undefined {
    return this.s.get.get(id);
  }

  due(now: number): StoreActionRecord[] {
    return this.s.due.all({ now });
  }

  nextWakeMs(): number | undefined {
    return this.s.nextWake.get()?.at ?? undefined;
  }

  /** Counted before the request leaves: a resend after a crash knows the platform may have it already. */
  markAttempt(id: number, now: number): void {
    this.s.attempt.run({ id, now });
  }

  requeue(id: number, nextMs: number, reason: ErrorInfo | null, now: number): void {
    this.s.requeue.run({ id, next: nextMs, reason: reason ? JSON.stringify(reason) : null, now });
    this.s.waited.run({ id });
  }

  /** Moves a queued action to its end; false when it had ended already. */
  settle(id: number, state: Exclude<StoreActionState, 'queued'>, reason: ErrorInfo | null, result: unknown, now: number): boolean {
    return (
      this.s.settle.run({
        id,
        state,
        reason: reason ? JSON.stringify(reason) : null,
        result: result === undefined || result === null ? null : JSON.stringify(result),
        now,
      }).changes === 1
    );
  }

  markWaited(id: number): void {
    this.s.waited.run({ id });
  }

  list(merchantId: string | null, sinceMs: number): StoreActionRecord[] {
    return this.s.listed.all({ merchant: merchantId, since: sinceMs });
  }

  queuedOf(merchantId: string): StoreActionRecord[] {
    return this.s.queuedOf.all(merchantId);
  }

  /** The link is back: every waiting action is tried now. */
  wakeQueued(now: number): number {
    return this.s.wake.run({ now }).changes;
  }
}

/** Store actions by state (the diagnostics export reads them on its own read-only connection). */
export const storeActionCountsByState = (db: Db): Record<string, number> => countsByState(db, 'store_actions');
