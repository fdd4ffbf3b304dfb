import type { OpenAction } from '../../orders/outcomes';
import type { OrderProgress } from '../../orders/progress';
import type { Queryable } from './transaction';

/**
 * An order's progression as the domain (src-main/orders/progress.ts) reads and moves it, in and out
 * of the chain's `orders` table: the same columns as the terminal's SQLite table, bigint for times.
 */
const PROGRESS_TYPES: Readonly<Record<keyof OrderProgress, string>> = {
  id: 'text',
  merchant_id: 'text',
  status: 'text',
  status_rank: 'integer',
  cancel_requested_ms: 'bigint',
  cancel_resolved_ms: 'bigint',
  created_at: 'text',
  created_ms: 'bigint',
  confirm_deadline_ms: 'bigint',
  board_ms: 'bigint',
  detail_state: 'text',
  last_event_code: 'text',
  last_event_ms: 'bigint',
  unknown_events: 'integer',
  driver_assigned_ms: 'bigint',
  request_ms: 'bigint',
  is_open: 'smallint',
  closed_ms: 'bigint',
};
const COLUMNS = Object.keys(PROGRESS_TYPES) as (keyof OrderProgress)[];
const COLUMN_LIST = COLUMNS.join(', ');
const RECORD_TYPE = COLUMNS.map((c) => `${c} ${PROGRESS_TYPES[c]}`).join(', ');

/**
 * The progression of those of `ids` that exist, locked for this transaction (FOR UPDATE): a detail
 * saved, or an action queued, on another replica at the same moment waits for this commit.
 */
export async function lockProgress(db: Queryable, ids: readonly string[]): Promise<Map<string, OrderProgress>> {
  const found = new Map<string, OrderProgress>();
  if (ids.length === 0) return found;
  const { rows } = await db.query<OrderProgress>(`SELECT ${COLUMN_LIST} FROM orders WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`, [ids]);
  for (const row of rows) found.set(row.id, row);
  return found;
}

/**
 * Writes each order's progression in one statement: new ones inserted, known ones updated (their rows
 * are locked by `lockProgress` in the same transaction). The rows travel as one JSON array.
 */
export async function writeProgress(db: Queryable, orders: readonly OrderProgress[], now: number): Promise<void> {
  if (orders.length === 0) return;
  const updates = COLUMNS.filter((c) => c !== 'id')
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');
  await db.query(
    `INSERT INTO orders (${COLUMN_LIST}, updated_ms)
     SELECT ${COLUMN_LIST}, $2::bigint FROM jsonb_to_recordset($1::jsonb) AS x(${RECORD_TYPE})
     ON CONFLICT (id) DO UPDATE SET ${updates}, updated_ms = excluded.updated_ms`,
    [JSON.stringify(orders), now],
  );
}

/** An open action as the domain's outcome rules read it (payload as JSON text), with its order. */
export type OpenActionRow = OpenAction & { order_id: string };

/** The queued and sent actions of these orders, oldest first, locked until the commit. */
export async function lockOpenActions(db: Queryable, orderIds: readonly string[]): Promise<OpenActionRow[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.query<OpenActionRow>(
    `SELECT id, order_id, action, state, attempts, payload::text AS payload FROM outbox
     WHERE order_id = ANY($1::text[]) AND state IN ('queued', 'sent') ORDER BY id FOR UPDATE`,
    [orderIds],
  );
  return rows;
}

export interface ActionSettlement {
  id: number;
  state: 'confirmed' | 'failed' | 'expired';
  reason: unknown;
  settledBy: string;
}

/** Moves open actions to their final state (an open claim ends with it); those already settled stay as they are. */
export async function settleActions(db: Queryable, settlements: readonly ActionSettlement[], now: number): Promise<void> {
  if (settlements.length === 0) return;
  await db.query(
    `UPDATE outbox o SET state = s.state, reason = s.reason, settled_by = s.settled_by, settled_ms = $2, updated_ms = $2, claim_until_ms = NULL
     FROM jsonb_to_recordset($1::jsonb) AS s(id bigint, state text, reason jsonb, settled_by text)
     WHERE o.id = s.id AND o.state IN ('queued', 'sent')`,
    [JSON.stringify(settlements.map((s) => ({ id: s.id, state: s.state, reason: s.reason, settled_by: s.settledBy }))), now],
  );
}
