import type { Statement } from 'better-sqlite3';
import { ErrorInfo } from '../../../src-shared/errors';
import type { Actor, OrderAction, OutboxEntry, OutboxState } from '../../../src-shared/ipc/channels/orders';
import { ActionOrigin } from '../../../src-shared/ipc/channels/screens';
import type { Db } from '../database';
import { countsByState, queueProgress } from '../queue-row';

export interface OutboxRecord {
  id: number;
  order_id: string;
  action: OrderAction;
  payload: string | null;
  state: OutboxState;
  attempts: number;
  /** queued: when to try; sent: when to check on it if no outcome event came. */
  next_attempt_ms: number;
  expires_ms: number | null;
  reason: string | null;
  settled_by: string | null;
  actor: Actor;
  /** The paired screen that queued it (migration 0015); all null for this terminal's own. */
  origin_id: string | null;
  origin_name: string | null;
  origin_kind: string | null;
  /** The key the action was made with (migration 0016); null when it came with none. */
  idempotency_key: string | null;
  created_ms: number;
  updated_ms: number;
  sent_ms: number | null;
  settled_ms: number | null;
}

export type SettledState = Extract<OutboxState, 'confirmed' | 'failed' | 'expired'>;

function reasonOf(text: string | null): ErrorInfo | null {
  if (!text) return null;
  const parsed = ErrorInfo.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

/** A row's origin columns as the screen's origin; null for this terminal's own, or columns that do not read as one. */
export function originOf(r: { origin_id: string | null; origin_name: string | null; origin_kind: string | null }): ActionOrigin | null {
  if (r.origin_id === null) return null;
  const parsed = ActionOrigin.safeParse({ id: r.origin_id, name: r.origin_name, kind: r.origin_kind });
  return parsed.success ? parsed.data : null;
}

export function toOutboxEntry(r: OutboxRecord): OutboxEntry {
  return {
    id: r.id,
    orderId: r.order_id,
    action: r.action,
    payload: r.payload === null ? null : (JSON.parse(r.payload) as Record<string, unknown>),
    ...queueProgress(r),
    reason: reasonOf(r.reason),
    actor: r.actor,
    origin: originOf(r),
  };
}

/** Staff actions: written before they are sent, then walked through their states by the worker and events. */
export class OutboxRepo {
  private readonly s: {
    insert: Statement<{
      order_id: string;
      action: string;
      payload: string | null;
      expires_ms: number | null;
      actor: Actor;
      origin_id: string | null;
      origin_name: string | null;
      origin_kind: string | null;
      idempotency_key: string | null;
      now: number;
    }>;
    get: Statement<[number], OutboxRecord>;
    byKey: Statement<[string], OutboxRecord>;
    forOrder: Statement<[string], OutboxRecord>;
    openFor: Statement<[string], OutboxRecord>;
    ordersWithOpen: Statement<[], { order_id: string }>;
    due: Statement<{ now: number; limit: number }, OutboxRecord>;
    sentDue: Statement<{ now: number; limit: number }, OutboxRecord>;
    nextWake: Statement<[], { at: number | null }>;
    attempt: Statement<{ id: number; now: number }>;
    sent: Statement<{ id: number; now: number; check_at: number }>;
    requeue: Statement<{ id: number; next: number; reason: string | null; now: number }>;
    settle: Statement<{ id: number; state: SettledState; reason: string | null; settled_by: string | null; now: number }>;
    wakeQueued: Statement<{ now: number }>;
    acceptedConfirmsSince: Statement<[number], { order_id: string }>;
  };

  constructor(db: Db) {
    this.s = {
      insert: db.prepare(
        `INSERT INTO outbox (order_id, action, payload, state, next_attempt_ms, expires_ms, actor, origin_id, origin_name, origin_kind, idempotency_key, created_ms, updated_ms)
         VALUES (@order_id, @action, @payload, 'queued', @now, @expires_ms, @actor, @origin_id, @origin_name, @origin_kind, @idempotency_key, @now, @now)`,
      ),
      get: db.prepare('SELECT * FROM outbox WHERE id = ?'),
      byKey: db.prepare('SELECT * FROM outbox WHERE idempotency_key = ?'),
      acceptedConfirmsSince: db.prepare(`SELECT DISTINCT order_id FROM outbox WHERE action = 'confirm' AND state IN ('sent', 'confirmed') AND updated_ms >= ?`),
      forOrder: db.prepare('SELECT * FROM outbox WHERE order_id = ? ORDER BY id'),
      openFor: db.prepare(`SELECT * FROM outbox WHERE order_id = ? AND state IN ('queued', 'sent') ORDER BY id`),
      ordersWithOpen: db.prepare(`SELECT DISTINCT order_id FROM outbox WHERE state IN ('queued', 'sent')`),
      // The head of each order's queue only: actions of one order go out in the order they were made.
      due: db.prepare(
        `SELECT q.* FROM outbox q
         WHERE q.state = 'queued' AND q.next_attempt_ms <= @now
           AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.order_id = q.order_id AND p.id < q.id AND p.state IN ('queued', 'sent'))
         ORDER BY q.id LIMIT @limit`,
      ),
      sentDue: db.prepare(`SELECT * FROM outbox WHERE state = 'sent' AND next_attempt_ms <= @now ORDER BY id LIMIT @limit`),
      // Sent actions (their check) and heads of queues only: an action waiting behind another has no time of its own.
      nextWake: db.prepare(
        `SELECT min(q.next_attempt_ms) AS at FROM outbox q
         WHERE q.state IN ('queued', 'sent') AND (q.state = 'sent'
           OR NOT EXISTS (SELECT 1 FROM outbox p WHERE p.order_id = q.order_id AND p.id < q.id AND p.state IN ('queued', 'sent')))`,
      ),
      attempt: db.prepare('UPDATE outbox SET attempts = attempts + 1, updated_ms = @now WHERE id = @id'),
      sent: db.prepare(
        `UPDATE outbox SET state = 'sent', sent_ms = coalesce(sent_ms, @now), next_attempt_ms = @check_at, reason = NULL, updated_ms = @now
         WHERE id = @id AND state IN ('queued', 'sent')`,
      ),
      requeue: db.prepare(
        `UPDATE outbox SET state = 'queued', next_attempt_ms = @next, reason = @reason, updated_ms = @now
         WHERE id = @id AND state IN ('queued', 'sent')`,
      ),
      settle: db.prepare(
        `UPDATE outbox SET state = @state, reason = @reason, settled_by = @settled_by, settled_ms = @now, updated_ms = @now
         WHERE id = @id AND state IN ('queued', 'sent')`,
      ),
      wakeQueued: db.prepare(`UPDATE outbox SET next_attempt_ms = @now WHERE state = 'queued' AND next_attempt_ms > @now`),
    };
  }

  /** Orders whose confirm the platform accepted since `sinceMs` (auto-print catches up on them after a restart). */
  acceptedConfirmsSince(sinceMs: number): string[] {
    return this.s.acceptedConfirmsSince.all(sinceMs).map((r) => r.order_id);
  }

  insert(input: {
    orderId: string;
    action: OrderAction;
    payload: Record<string, unknown> | null;
    expiresMs: number | null;
    actor?: Actor;
    origin?: ActionOrigin | null;
    idempotencyKey?: string | null;
    now: number;
  }): OutboxRecord {
    const origin = input.origin ?? null;
    const info = this.s.insert.run({
      order_id: input.orderId,
      action: input.action,
      payload: input.payload === null ? null : JSON.stringify(input.payload),
      expires_ms: input.expiresMs,
      actor: input.actor ?? 'staff',
      origin_id: origin?.id ?? null,
      origin_name: origin?.name ?? null,
      origin_kind: origin?.kind ?? null,
      idempotency_key: input.idempotencyKey ?? null,
      now: input.now,
    });
    return this.get(Number(info.lastInsertRowid)) as OutboxRecord;
  }

  get(id: number): OutboxRecord | undefined {
    return this.s.get.get(id);
  }

  /** The action made with this idempotency key, if one was. */
  byKey(key: string): OutboxRecord | undefined {
    return this.s.byKey.get(key);
  }

  forOrder(orderId: string): OutboxRecord[] {
    return this.s.forOrder.all(orderId);
  }

  /** Queued and sent actions of an order, oldest first. */
  openFor(orderId: string): OutboxRecord[] {
    return this.s.openFor.all(orderId);
  }

  ordersWithOpenActions(): Set<string> {
    return new Set(this.s.ordersWithOpen.all().map((r) => r.order_id));
  }

  due(now: number, limit = 16): OutboxRecord[] {
    return this.s.due.all({ now, limit });
  }

  /** Sent actions whose outcome event is overdue: to be checked against the order. */
  sentDue(now: number, limit = 16): OutboxRecord[] {
    return this.s.sentDue.all({ now, limit });
  }

  nextWakeMs(): number | undefined {
    return this.s.nextWake.get()?.at ?? undefined;
  }

  /** Counted before the request leaves, so a restart knows a resend may meet an action already applied. */
  markAttempt(id: number, now: number): void {
    this.s.attempt.run({ id, now });
  }

  markSent(id: number, now: number, checkAt: number): boolean {
    return this.s.sent.run({ id, now, check_at: checkAt }).changes === 1;
  }

  requeue(id: number, nextMs: number, reason: ErrorInfo | null, now: number): boolean {
    return this.s.requeue.run({ id, next: nextMs, reason: reason ? JSON.stringify(reason) : null, now }).changes === 1;
  }

  /** Moves an open action to its final state; false when it was already settled. */
  settle(id: number, state: SettledState, reason: ErrorInfo | null, settledBy: string | null, now: number): boolean {
    return this.s.settle.run({ id, state, reason: reason ? JSON.stringify(reason) : null, settled_by: settledBy, now }).changes === 1;
  }

  /** The link is back: every waiting action is tried now instead of at the end of its backoff. */
  wakeQueued(now: number): number {
    return this.s.wakeQueued.run({ now }).changes;
  }
}

/** Staff actions by state (the diagnostics export reads them on its own read-only connection). */
export const outboxCountsByState = (db: Db): Record<string, number> => countsByState(db, 'outbox');
