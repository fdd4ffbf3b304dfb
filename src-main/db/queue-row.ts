import type { Db } from './database';

/** The columns every queue of the terminal (order outbox, store outbox) keeps for a waiting row. */
export interface QueueRowTimes<S extends string> {
  state: S;
  attempts: number;
  created_ms: number;
  updated_ms: number;
  next_attempt_ms: number;
}

/** How a queue row's progress reads on screen: when it was made and changed, and when it is tried next while it waits. */
export function queueProgress<S extends string>(
  r: QueueRowTimes<S>,
): { state: S; attempts: number; createdAt: string; updatedAt: string; nextAttemptAt: string | null } {
  return {
    state: r.state,
    attempts: r.attempts,
    createdAt: new Date(r.created_ms).toISOString(),
    updatedAt: new Date(r.updated_ms).toISOString(),
    nextAttemptAt: r.state === 'queued' ? new Date(r.next_attempt_ms).toISOString() : null,
  };
}

/** The queue tables, each with a `state` column. */
export type QueueTable = 'outbox' | 'print_jobs' | 'store_actions';

/** How many rows of a queue are in each state, e.g. `{queued: 2, confirmed: 40}` (the diagnostics export). */
export function countsByState(db: Db, table: QueueTable): Record<string, number> {
  const rows = db.prepare<[], { state: string; n: number }>(`SELECT state, count(*) AS n FROM ${table} GROUP BY state ORDER BY state`).all();
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
}
