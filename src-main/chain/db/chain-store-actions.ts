import type pg from 'pg';
import { AppError } from '../../../src-shared/errors';
import type { StoreActionRecord } from '../../db/store-outbox/store-actions-repo';
import type { StoreActionsStorage } from '../../sync/store-actions-storage';
import { inTransaction, queryRows } from './transaction';

/** The columns of a row as the store outbox reads them (the SQLite table's shape). */
const RECORD = `id, merchant_id, kind, subject, payload, state, attempts, next_attempt_ms, reason, result, waited, created_ms, updated_ms, idempotency_key`;

/** The head of each store's line: a store's actions go out in the order they were made, on every replica. */
const HEAD = `NOT EXISTS (SELECT 1 FROM store_actions p WHERE p.merchant_id = q.merchant_id AND p.id < q.id AND p.state = 'queued')`;

const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * The chain's store outbox rows in PostgreSQL, shared by every replica (sync/store-outbox.ts runs on
 * them). Each row is in one replica's hands at a time: written claimed by the replica that tries it
 * at once, and claimed with FOR UPDATE SKIP LOCKED by the replica whose round finds it due. A claim
 * that runs out (its replica died mid-send) lets another replica claim the row: its attempts are
 * counted, so that replica looks at the platform for the effect before sending again (the store
 * outbox's rule). A terminal's idempotency key makes one row, however many times it is sent.
 */
export function pgStoreActions(pool: pg.Pool, options: { holder: string; claimMs: number }): StoreActionsStorage {
  const { holder, claimMs } = options;
  const one = async (id: number): Promise<StoreActionRecord | undefined> =>
    (await queryRows<StoreActionRecord>(pool, 'reading a store action', `SELECT ${RECORD} FROM store_actions WHERE id = $1`, [id]))[0];
  const update = async (doing: string, sql: string, values: unknown[]): Promise<number> =>
    (await queryRows<{ id: number }>(pool, doing, `${sql} RETURNING id`, values)).length;

  return {
    insert: (action, now) =>
      inTransaction(pool, 'writing a store action', async (db) => {
        const key = action.key ?? null;
        const { rows } = await db.query<StoreActionRecord>(
          `INSERT INTO store_actions (merchant_id, kind, subject, payload, state, next_attempt_ms, idempotency_key, origin, claim_holder, claim_until_ms, created_ms, updated_ms)
           VALUES ($1, $2, $3, $4, 'queued', $5, $6, $7::jsonb, $8, $5 + $9::bigint, $5, $5)
           ON CONFLICT (idempotency_key) DO NOTHING RETURNING ${RECORD}`,
          [action.merchantId, action.kind, action.subject, JSON.stringify(action.payload), now, key, textOrNull(action.origin), holder, claimMs],
        );
        if (rows[0]) return { record: rows[0], created: true };
        const known = (await db.query<StoreActionRecord>(`SELECT ${RECORD} FROM store_actions WHERE idempotency_key = $1`, [key])).rows[0];
        // A key is a press of one store's button: the same key for another store or kind is not a retry.
        if (!known || known.merchant_id !== action.merchantId || known.kind !== action.kind) {
          throw new AppError('conflict', 'This idempotency key was used for another action.');
        }
        return { record: known, created: false };
      }),
    get: one,
    due: (now, limit) =>
      queryRows<StoreActionRecord>(
        pool,
        'claiming store actions',
        `WITH due AS (
           SELECT q.id FROM store_actions q
           WHERE q.state = 'queued' AND q.next_attempt_ms <= $2 AND ${HEAD}
             AND (q.claim_until_ms IS NULL OR q.claim_until_ms <= $2)
           ORDER BY q.id LIMIT $3
           FOR UPDATE OF q SKIP LOCKED
         )
         UPDATE store_actions s SET claim_holder = $1, claim_until_ms = $2 + $4::bigint FROM due WHERE s.id = due.id
         RETURNING ${RECORD.split(', ')
           .map((c) => `s.${c}`)
           .join(', ')}`,
        [holder, now, limit, claimMs],
      ).then((rows) => rows.sort((a, b) => a.id - b.id)),
    // Another replica may write a row at any time: its notice, or the idle round, brings it.
    nextWakeMs: async () => {
      const rows = await queryRows<{ at: number | null }>(
        pool,
        'reading when the store outbox is due',
        `SELECT min(q.next_attempt_ms) AS at FROM store_actions q WHERE q.state = 'queued' AND ${HEAD}`,
      );
      return rows[0]?.at ?? undefined;
    },
    markAttempt: async (id, now) => {
      await update('counting a store action’s try', 'UPDATE store_actions SET attempts = attempts + 1, updated_ms = $2 WHERE id = $1', [id, now]);
    },
    requeue: async (id, nextMs, reason, now) => {
      await update(
        'putting a store action back in the queue',
        `UPDATE store_actions SET next_attempt_ms = $2, reason = $3, waited = 1, claim_holder = NULL, claim_until_ms = NULL, updated_ms = $4
         WHERE id = $1 AND state = 'queued'`,
        [id, nextMs, textOrNull(reason), now],
      );
    },
    settle: async (id, state, reason, result, now) =>
      (await update(
        'settling a store action',
        // Withdrawn only while no replica is sending it (its claim holds); settled otherwise by the claim's holder.
        `UPDATE store_actions SET state = $2, reason = $3, result = $4, claim_holder = NULL, claim_until_ms = NULL, updated_ms = $5
         WHERE id = $1 AND state = 'queued' AND ($2 <> 'cancelled' OR claim_until_ms IS NULL OR claim_until_ms <= $5)`,
        [id, state, textOrNull(reason), textOrNull(result), now],
      )) === 1,
    markWaited: async (id) => {
      await update('marking a store action as waited', 'UPDATE store_actions SET waited = 1 WHERE id = $1', [id]);
    },
    queuedOf: (merchantId) =>
      queryRows<StoreActionRecord>(
        pool,
        'reading a store’s queue',
        `SELECT ${RECORD} FROM store_actions WHERE merchant_id = $1 AND state = 'queued' ORDER BY id`,
        [merchantId],
      ),
    list: (merchantId, sinceMs) =>
      queryRows<StoreActionRecord>(
        pool,
        'listing store actions',
        `SELECT ${RECORD} FROM store_actions WHERE ($1::text IS NULL OR merchant_id = $1)
           AND (state = 'queued' OR (waited = 1 AND updated_ms >= $2)) ORDER BY id DESC LIMIT 200`,
        [merchantId, sinceMs],
      ),
  };
}
