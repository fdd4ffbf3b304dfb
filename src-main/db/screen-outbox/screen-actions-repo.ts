import type { Statement } from 'better-sqlite3';
import type { OrderAction } from '../../../src-shared/ipc/channels/orders';
import type { StoreActionKind } from '../../../src-shared/ipc/channels/store-actions';
import type { Db } from '../database';

export type ScreenActionState = 'queued' | 'sent' | 'refused';

export interface ScreenActionRecord {
  id: number;
  hub_id: string;
  /** The line it waits in: the order, or `store:<merchantId>` for a store lever. */
  order_id: string;
  action: OrderAction | StoreActionKind;
  /** The channel it is for: `orders:act`, or a store lever's (hub/screen-queue/store-levers.ts). */
  channel: string;
  /** The channel's input as JSON, its idempotency key in it. */
  input: string;
  idempotency_key: string;
  state: ScreenActionState;
  attempts: number;
  next_attempt_ms: number;
  reason: string | null;
  answer: string | null;
  created_ms: number;
  updated_ms: number;
}

/** The order actions a screen of a chain's server keeps while the server is out of reach (screen-outbox-db.ts). */
export class ScreenActionsRepo {
  private readonly s: {
    insert: Statement<{ hub_id: string; order_id: string; action: string; channel: string; input: string; key: string; now: number }>;
    get: Statement<[number], ScreenActionRecord>;
    byKey: Statement<[string], ScreenActionRecord>;
    queuedFor: Statement<{ hub_id: string; order_id: string }, ScreenActionRecord>;
    due: Statement<{ hub_id: string; now: number; limit: number }, ScreenActionRecord>;
    nextWake: Statement<{ hub_id: string }, { at: number | null }>;
    waiting: Statement<{ hub_id: string }, { n: number }>;
    attempt: Statement<{ id: number; now: number }>;
    requeue: Statement<{ id: number; next: number; reason: string; now: number }>;
    settle: Statement<{ id: number; state: 'sent' | 'refused'; reason: string | null; answer: string | null; now: number }>;
    wakeQueued: Statement<{ hub_id: string; now: number }>;
  };

  constructor(db: Db) {
    this.s = {
      insert: db.prepare(
        `INSERT INTO screen_actions (hub_id, order_id, action, channel, input, idempotency_key, state, next_attempt_ms, created_ms, updated_ms)
         VALUES (@hub_id, @order_id, @action, @channel, @input, @key, 'queued', @now, @now, @now)`,
      ),
      get: db.prepare('SELECT * FROM screen_actions WHERE id = ?'),
      byKey: db.prepare('SELECT * FROM screen_actions WHERE idempotency_key = ?'),
      queuedFor: db.prepare(`SELECT * FROM screen_actions WHERE hub_id = @hub_id AND order_id = @order_id AND state = 'queued' ORDER BY id`),
      // The head of each order's line only: an order's actions reach the server in the order staff made them.
      due: db.prepare(
        `SELECT q.* FROM screen_actions q
         WHERE q.hub_id = @hub_id AND q.state = 'queued' AND q.next_attempt_ms <= @now
           AND NOT EXISTS (SELECT 1 FROM screen_actions p WHERE p.hub_id = q.hub_id AND p.order_id = q.order_id AND p.id < q.id AND p.state = 'queued')
         ORDER BY q.id LIMIT @limit`,
      ),
      nextWake: db.prepare(
        `SELECT min(q.next_attempt_ms) AS at FROM screen_actions q
         WHERE q.hub_id = @hub_id AND q.state = 'queued'
           AND NOT EXISTS (SELECT 1 FROM screen_actions p WHERE p.hub_id = q.hub_id AND p.order_id = q.order_id AND p.id < q.id AND p.state = 'queued')`,
      ),
      waiting: db.prepare(`SELECT count(*) AS n FROM screen_actions WHERE hub_id = @hub_id AND state = 'queued'`),
      attempt: db.prepare('UPDATE screen_actions SET attempts = attempts + 1, updated_ms = @now WHERE id = @id'),
      requeue: db.prepare(`UPDATE screen_actions SET next_attempt_ms = @next, reason = @reason, updated_ms = @now WHERE id = @id AND state = 'queued'`),
      settle: db.prepare(`UPDATE screen_actions SET state = @state, reason = @reason, answer = @answer, updated_ms = @now WHERE id = @id AND state = 'queued'`),
      wakeQueued: db.prepare(`UPDATE screen_actions SET next_attempt_ms = @now WHERE hub_id = @hub_id AND state = 'queued' AND next_attempt_ms > @now`),
    };
  }

  insert(input: {
    hubId: string;
    orderId: string;
    action: OrderAction | StoreActionKind;
    channel?: string;
    input: string;
    key: string;
    now: number;
  }): ScreenActionRecord {
    const info = this.s.insert.run({
      hub_id: input.hubId,
      order_id: input.orderId,
      action: input.action,
      channel: input.channel ?? 'orders:act',
      input: input.input,
      key: input.key,
      now: input.now,
    });
    return this.get(Number(info.lastInsertRowid)) as ScreenActionRecord;
  }

  get(id: number): ScreenActionRecord | undefined {
    return this.s.get.get(id);
  }

  byKey(key: string): ScreenActionRecord | undefined {
    return this.s.byKey.get(key);
  }

  /** An order's actions still waiting on this screen, oldest first. */
  queuedFor(hubId: string, orderId: string): ScreenActionRecord[] {
    return this.s.queuedFor.all({ hub_id: hubId, order_id: orderId });
  }

  due(hubId: string, now: number, limit: number): ScreenActionRecord[] {
    return this.s.due.all({ hub_id: hubId, now, limit });
  }

  nextWakeMs(hubId: string): number | undefined {
    return this.s.nextWake.get({ hub_id: hubId })?.at ?? undefined;
  }

  /** Actions not yet taken by the server. */
  waiting(hubId: string): number {
    return this.s.waiting.get({ hub_id: hubId })?.n ?? 0;
  }

  /** Counted before the call leaves: a restart knows the server may have it already (its key tells). */
  markAttempt(id: number, now: number): void {
    this.s.attempt.run({ id, now });
  }

  requeue(id: number, nextMs: number, reason: string, now: number): boolean {
    return this.s.requeue.run({ id, next: nextMs, reason, now }).changes === 1;
  }

  /** The server answered: `sent` with its entry, or `refused` with its reason; false when it was settled already. */
  settle(id: number, state: 'sent' | 'refused', settled: { reason: string | null; answer: string | null }, now: number): boolean {
    return this.s.settle.run({ id, state, reason: settled.reason, answer: settled.answer, now }).changes === 1;
  }

  /** The link is back: every waiting action goes now rather than at the end of its backoff. */
  wakeQueued(hubId: string, now: number): number {
    return this.s.wakeQueued.run({ hub_id: hubId, now }).changes;
  }
}
