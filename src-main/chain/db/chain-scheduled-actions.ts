import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ScheduledActionRecord } from '../../db/store-outbox/scheduled-actions-repo';
import type { ScheduledActionsStorage } from '../../sync/scheduled-actions-storage';
import { queryRows } from './transaction';

/** The columns of a row as the scheduled actions read them (the SQLite table's, and the hand-off's key). */
const RECORD = `id, merchant_id, kind, subject, payload, due_ms, state, action_id, created_ms, handoff_key`;

/** Rows due and claimed at once, per round (a replica hands over only what it claimed, before its claim runs out). */
const ROUND = 32;

/**
 * The chain's store actions made later (sync/scheduled-store-actions.ts runs on them), shared by
 * every replica. Each replica looks for the due ones; `due` claims them with FOR UPDATE SKIP LOCKED
 * for `claimMs`, so one replica hands a row over at a time. A replica that dies after its hand-off
 * and before marking the row leaves it to another once the claim runs out: that one hands it over
 * again under the row's key (`handoff_key`), and the store outbox answers the action already made.
 */
export function pgScheduledActions(pool: pg.Pool, options: { holder: string; claimMs: number }): ScheduledActionsStorage {
  const { holder, claimMs } = options;
  return {
    add: async (action, now) => {
      const rows = await queryRows<ScheduledActionRecord>(
        pool,
        'scheduling a store action',
        `INSERT INTO scheduled_store_actions (merchant_id, kind, subject, payload, due_ms, state, handoff_key, created_ms)
         VALUES ($1, $2, $3, $4, $5, 'waiting', $6, $7) RETURNING ${RECORD}`,
        [action.merchantId, action.kind, action.subject, JSON.stringify(action.payload), action.dueMs, `scheduled:${randomUUID()}`, now],
      );
      return rows[0] as ScheduledActionRecord;
    },
    due: async (now) =>
      (
        await queryRows<ScheduledActionRecord>(
          pool,
          'claiming scheduled store actions',
          `WITH due AS (
             SELECT id FROM scheduled_store_actions
             WHERE state = 'waiting' AND due_ms <= $2 AND (claim_until_ms IS NULL OR claim_until_ms <= $2)
             ORDER BY due_ms, id LIMIT $4
             FOR UPDATE SKIP LOCKED
           )
           UPDATE scheduled_store_actions s SET claim_holder = $1, claim_until_ms = $2 + $3::bigint FROM due WHERE s.id = due.id
           RETURNING ${RECORD.split(', ')
             .map((c) => `s.${c}`)
             .join(', ')}`,
          [holder, now, claimMs, ROUND],
        )
      ).sort((a, b) => a.due_ms - b.due_ms || a.id - b.id),
    // A row another replica holds is due again only when its claim runs out.
    nextDueMs: async () =>
      (
        await queryRows<{ at: number | null }>(
          pool,
          'reading when a scheduled store action is due',
          `SELECT min(GREATEST(due_ms, COALESCE(claim_until_ms, 0))) AS at FROM scheduled_store_actions WHERE state = 'waiting'`,
        )
      )[0]?.at ?? undefined,
    waiting: (merchantId) =>
      queryRows<ScheduledActionRecord>(
        pool,
        'reading a store’s scheduled actions',
        `SELECT ${RECORD} FROM scheduled_store_actions WHERE state = 'waiting' AND merchant_id = $1 ORDER BY due_ms, id`,
        [merchantId],
      ),
    cancelFor: async (merchantId, kind, subject) =>
      (
        await queryRows<{ id: number }>(
          pool,
          'withdrawing a scheduled store action',
          `UPDATE scheduled_store_actions SET state = 'cancelled' WHERE state = 'waiting' AND merchant_id = $1 AND kind = $2 AND subject = $3 RETURNING id`,
          [merchantId, kind, subject],
        )
      ).length,
    markSubmitted: async (id, actionId) => {
      await queryRows(
        pool,
        'marking a scheduled store action handed over',
        `UPDATE scheduled_store_actions SET state = 'submitted', action_id = $2, claim_holder = NULL, claim_until_ms = NULL WHERE id = $1 AND state = 'waiting'`,
        [id, actionId],
      );
    },
  };
}
