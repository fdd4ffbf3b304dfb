import type pg from 'pg';
import { AppError, ErrorInfo } from '../../../src-shared/errors';
import type { ActInput, OutboxEntry } from '../../../src-shared/ipc/channels/orders';
import { toOutboxEntry, type OutboxRecord } from '../../db/orders/outbox-repo';
import { answerGroupOf, settledByStatus } from '../../orders/outcomes';
import type { InvokeOrigin } from '../../hub/contract';
import type { ChainOutbox, ClaimedAction } from '../contract';
import { OUTBOX_RECORD_COLUMNS } from './board-rows';
import { lockOpenActions } from './order-progress';
import { inTransaction, queryRows, type Queryable } from './transaction';

type EnqueueInput = ActInput & { storeId: string; idempotencyKey: string; origin: InvokeOrigin | null };

/** A reason as it is stored: the app's error info, whatever the caller handed over. */
export function reasonInfo(reason: unknown): ErrorInfo | null {
  if (reason === null || reason === undefined) return null;
  if (reason instanceof AppError) return reason.toInfo();
  const parsed = ErrorInfo.safeParse(reason);
  if (parsed.success) return parsed.data;
  return { code: 'internal', message: reason instanceof Error ? reason.message : String(reason).slice(0, 500) };
}

/** A value as a jsonb parameter: SQL NULL for null (never the JSON `null`). */
const jsonOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

async function entryOf(db: Queryable, id: number): Promise<OutboxEntry> {
  const { rows } = await db.query<OutboxRecord>(`SELECT ${OUTBOX_RECORD_COLUMNS} FROM outbox WHERE id = $1`, [id]);
  const row = rows[0];
  if (!row) throw new AppError('internal', `outbox entry ${id} vanished`);
  return toOutboxEntry(row);
}

const UNIQUE_VIOLATION = '23505';

/**
 * The staff actions of every store, in PostgreSQL, sent by whichever replica claims them. Times are
 * the app's clock, handed in by the caller (`at`, `now`): a claim's end is compared with the
 * claimer's clock, so replicas' clocks are kept in step (NTP); a claim lasts far longer than they drift.
 */
export class PgChainOutbox implements ChainOutbox {
  constructor(private readonly pool: pg.Pool) {}

  async enqueue(input: EnqueueInput, at: number): Promise<{ entry: OutboxEntry; created: boolean }> {
    try {
      return await this.enqueueOnce(input, at);
    } catch (error) {
      // The same key sent twice at once for two orders (or raced past the order's lock): once more, it is found.
      if ((error as { cause?: { code?: unknown } }).cause?.code !== UNIQUE_VIOLATION) throw error;
      return this.enqueueOnce(input, at);
    }
  }

  /**
   * One transaction under the order's row lock, so two replicas enqueueing for one order at once
   * take turns: the key already answered gives its entry; an open action of the same kind (two
   * screens pressing at once) gives that one, and the key is remembered as answered by it; otherwise
   * a new entry, settled at once when the order already shows its effect or its deadline has passed
   * (as the terminal's OrderOutbox.enqueue does).
   */
  private enqueueOnce(input: EnqueueInput, at: number): Promise<{ entry: OutboxEntry; created: boolean }> {
    return inTransaction(this.pool, 'queuing an action', async (db) => {
      const { rows: orders } = await db.query<{ status: string; merchant_id: string | null; confirm_deadline_ms: number | null }>(
        'SELECT status, merchant_id, confirm_deadline_ms FROM orders WHERE id = $1 FOR UPDATE',
        [input.orderId],
      );
      const order = orders[0];
      if (!order || order.merchant_id !== input.storeId) throw new AppError('not-found', "This order is not one of this store's.");
      const known = await db.query<{ outbox_id: number }>('SELECT outbox_id FROM outbox_keys WHERE idempotency_key = $1', [input.idempotencyKey]);
      if (known.rows[0]) return { entry: await entryOf(db, known.rows[0].outbox_id), created: false };

      const group = answerGroupOf(input.action);
      const waiting = (await lockOpenActions(db, [input.orderId])).find((a) => answerGroupOf(a.action) === group);
      if (waiting) {
        await db.query('INSERT INTO outbox_keys (idempotency_key, outbox_id) VALUES ($1, $2)', [input.idempotencyKey, waiting.id]);
        return { entry: await entryOf(db, waiting.id), created: false };
      }

      const expiresMs = input.action === 'confirm' ? order.confirm_deadline_ms : null;
      const early =
        settledByStatus(input.action, order.status) ??
        (expiresMs !== null && at >= expiresMs
          ? { state: 'expired' as const, reason: { code: 'conflict' as const, message: 'the 8-minute confirmation window has passed' } }
          : undefined);
      const payload = 'payload' in input ? input.payload : null;
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO outbox (order_id, store_id, action, payload, state, idempotency_key, due_ms, expires_ms, reason, settled_by, origin, created_ms, updated_ms, settled_ms)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9::jsonb, $10, $11::jsonb, $7, $7, $12) RETURNING id`,
        [
          input.orderId,
          input.storeId,
          input.action,
          payload === null ? null : JSON.stringify(payload),
          early?.state ?? 'queued',
          input.idempotencyKey,
          at,
          expiresMs,
          early?.reason ? JSON.stringify(early.reason) : null,
          early ? 'status' : null,
          input.origin ? JSON.stringify({ id: input.origin.id, name: input.origin.name, kind: input.origin.kind }) : null,
          early ? at : null,
        ],
      );
      const id = rows[0]?.id as number;
      await db.query('INSERT INTO outbox_keys (idempotency_key, outbox_id) VALUES ($1, $2)', [input.idempotencyKey, id]);
      return { entry: await entryOf(db, id), created: true };
    });
  }

  /**
   * Due heads of each order's line (an order's actions go out one after another, each once the one
   * before settled), locked with SKIP LOCKED so two replicas claiming at once take different rows.
   * The attempt is counted here, before anything is sent. A row whose earlier claim ran out with no
   * answer recorded comes back with `answerLost`: the platform may have taken it.
   */
  async claim(holder: string, limit: number, claimMs: number, now: number): Promise<ClaimedAction[]> {
    const rows = await queryRows<{
      id: number;
      order_id: string;
      store_id: string;
      action: ClaimedAction['action'];
      payload: Record<string, unknown> | null;
      attempts: number;
      answer_lost: boolean;
    }>(
      this.pool,
      'claiming actions',
      `WITH due AS (
         SELECT q.id, q.claim_holder IS NOT NULL AS answer_lost FROM outbox q
         WHERE q.state = 'queued' AND q.due_ms <= $3 AND (q.claim_until_ms IS NULL OR q.claim_until_ms <= $3)
           AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.order_id = q.order_id AND p.id < q.id AND p.state IN ('queued', 'sent'))
         ORDER BY q.id LIMIT $2
         FOR UPDATE OF q SKIP LOCKED
       )
       UPDATE outbox o SET claim_holder = $1, claim_until_ms = $3 + $4::bigint, attempts = o.attempts + 1, updated_ms = $3
       FROM due WHERE o.id = due.id
       RETURNING o.id, o.order_id, o.store_id, o.action, o.payload, o.attempts, due.answer_lost`,
      [holder, limit, now, claimMs],
    );
    return rows
      .sort((a, b) => a.id - b.id)
      .map((r) => ({
        id: r.id,
        orderId: r.order_id,
        storeId: r.store_id,
        action: r.action,
        payload: r.payload,
        attempts: r.attempts,
        answerLost: r.answer_lost,
      }));
  }

  async sent(id: number, holder: string, at: number, checkAt: number): Promise<{ orderId: string; storeId: string } | null> {
    // The claim's holder stays on the row: who sent it. Its end is cleared: a sent row is no one's to
    // claim, until its event is overdue (due_ms: when its order is read again).
    const rows = await queryRows<{ order_id: string; store_id: string }>(
      this.pool,
      'recording a sent action',
      `UPDATE outbox SET state = 'sent', sent_ms = coalesce(sent_ms, $3), due_ms = $4, claim_until_ms = NULL, reason = NULL, updated_ms = $3
       WHERE id = $1 AND claim_holder = $2 AND state = 'queued' RETURNING order_id, store_id`,
      [id, holder, at, checkAt],
    );
    return rows[0] ? { orderId: rows[0].order_id, storeId: rows[0].store_id } : null;
  }

  async claimOverdue(holder: string, limit: number, checkMs: number, now: number): Promise<(ClaimedAction & { sentAt: number })[]> {
    const rows = await queryRows<{
      id: number;
      order_id: string;
      store_id: string;
      action: ClaimedAction['action'];
      payload: Record<string, unknown> | null;
      attempts: number;
      sent_ms: number;
    }>(
      this.pool,
      'claiming overdue actions',
      `WITH overdue AS (
         SELECT id FROM outbox WHERE state = 'sent' AND due_ms <= $3 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
       )
       UPDATE outbox o SET claim_holder = $1, due_ms = $3 + $4::bigint, updated_ms = $3 FROM overdue WHERE o.id = overdue.id
       RETURNING o.id, o.order_id, o.store_id, o.action, o.payload, o.attempts, coalesce(o.sent_ms, o.updated_ms) AS sent_ms`,
      [holder, limit, now, checkMs],
    );
    return rows.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      storeId: r.store_id,
      action: r.action,
      payload: r.payload,
      attempts: r.attempts,
      answerLost: false,
      sentAt: r.sent_ms,
    }));
  }

  async retryLater(id: number, holder: string, untilMs: number, reason: unknown, at: number): Promise<void> {
    // The answer was recorded (a failure that waiting cures): the claim ends cleanly, no answer lost.
    await queryRows(
      this.pool,
      'recording a retry',
      `UPDATE outbox SET due_ms = $3, reason = $4::jsonb, claim_holder = NULL, claim_until_ms = NULL, updated_ms = $5
       WHERE id = $1 AND claim_holder = $2 AND state = 'queued'`,
      [id, holder, untilMs, jsonOrNull(reasonInfo(reason)), at],
    );
  }

  async settle(
    id: number,
    holder: string,
    state: 'confirmed' | 'failed' | 'expired',
    reason: unknown,
    at: number,
  ): Promise<{ orderId: string; storeId: string } | null> {
    const rows = await queryRows<{ order_id: string; store_id: string }>(
      this.pool,
      'settling an action',
      `UPDATE outbox SET state = $3, reason = $4::jsonb, settled_by = 'sender', settled_ms = $5, claim_until_ms = NULL, updated_ms = $5
       WHERE id = $1 AND claim_holder = $2 AND state IN ('queued', 'sent') RETURNING order_id, store_id`,
      [id, holder, state, jsonOrNull(reasonInfo(reason)), at],
    );
    return rows[0] ? { orderId: rows[0].order_id, storeId: rows[0].store_id } : null;
  }

  async depth(): Promise<number> {
    const rows = await queryRows<{ n: number }>(this.pool, 'counting queued actions', `SELECT count(*)::bigint AS n FROM outbox WHERE state = 'queued'`);
    return rows[0]?.n ?? 0;
  }
}
