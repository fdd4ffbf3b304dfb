import type { RushRows } from '../../orders/rush-input';
import type pg from 'pg';
import { queryRows } from './transaction';

/** One order's events as the rush gauge reads them: one index range per order (events_by_order), each code's first time. */
const EVENT_TIMES = `CROSS JOIN LATERAL (
    SELECT min(created_ms) FILTER (WHERE code = 'CFM') AS confirmed_ms,
      min(created_ms) FILTER (WHERE code = 'AAO') AS arrived_ms,
      min(created_ms) FILTER (WHERE code IN ('RTP', 'DSP', 'CON')) AS ready_ms,
      min(created_ms) FILTER (WHERE code = 'CAN') AS cancelled_ms,
      (array_agg(metadata::text ORDER BY created_ms DESC NULLS LAST) FILTER (WHERE code = 'CAN'))[1] AS cancel_metadata
    FROM events WHERE order_id = o.id) e`;

/**
 * What the rush gauge reads of the chain's stores' orders, in the terminal's shape (`RushRows`, the
 * rows of db/orders/rush-query.ts), so one input builder and one gauge serve both: the open orders
 * and those created since `since` (migration 0014 indexes them by creation), of `stores` (null:
 * every store).
 */
export async function readRushRows(db: pg.Pool, since: number, stores: readonly string[] | null): Promise<RushRows> {
  const scope = stores === null ? null : [...stores];
  const [open, recent] = await Promise.all([
    queryRows<RushRows['open'][number]>(
      db,
      'reading the stores’ open orders for the rush gauge',
      `SELECT o.merchant_id, o.status, o.confirm_deadline_ms, e.confirmed_ms, e.arrived_ms,
         coalesce(o.order_type = 'DELIVERY' AND o.delivered_by = 'PLATFORM', false)::int AS platform_driver
       FROM orders o ${EVENT_TIMES}
       WHERE o.is_open = 1 AND o.merchant_id IS NOT NULL AND ($1::text[] IS NULL OR o.merchant_id = ANY($1::text[]))`,
      [scope],
    ),
    queryRows<RushRows['recent'][number]>(
      db,
      'reading the stores’ recent orders for the rush gauge',
      `SELECT o.merchant_id, o.created_ms, o.preparation_start_at, o.confirm_deadline_ms,
         e.confirmed_ms, e.ready_ms, e.cancelled_ms, e.cancel_metadata, e.arrived_ms
       FROM orders o ${EVENT_TIMES}
       WHERE o.created_ms >= $1 AND o.merchant_id IS NOT NULL AND ($2::text[] IS NULL OR o.merchant_id = ANY($2::text[]))`,
      [since, scope],
    ),
  ]);
  return { open, recent };
}
