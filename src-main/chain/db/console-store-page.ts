import type pg from 'pg';
import type { StorePageEvent, StorePageOrder } from '../../../src-shared/console/console-api';
import { queryRows } from './transaction';

/** At most this many open orders and latest events on a store's page: a board, not an export. */
const ORDERS_MAX = 200;
const EVENTS_MAX = 50;

const iso = (ms: string | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

/** A store's open orders (newest first) and its latest events (by arrival, migration 0011's index), for the console's store page. */
export async function readStorePage(pool: pg.Pool, storeId: string, now: number): Promise<{ orders: StorePageOrder[]; events: StorePageEvent[] }> {
  const [orders, events] = await Promise.all([
    queryRows<{
      id: string;
      display_id: string | null;
      status: string;
      order_type: string | null;
      created_ms: string | null;
      confirm_deadline_ms: string | null;
      customer_name: string | null;
      total: number | null;
    }>(
      pool,
      'reading a store’s open orders',
      `SELECT id, display_id, status, order_type, created_ms, confirm_deadline_ms, customer_name, total FROM orders
       WHERE merchant_id = $1 AND is_open = 1 ORDER BY board_ms DESC LIMIT ${ORDERS_MAX}`,
      [storeId],
    ),
    queryRows<{ created_ms: string | null; order_id: string | null; display_id: string | null; full_code: string }>(
      pool,
      'reading a store’s latest events',
      `SELECT e.created_ms, e.order_id, o.display_id, e.full_code FROM events e LEFT JOIN orders o ON o.id = e.order_id
       WHERE e.merchant_id = $1 ORDER BY e.received_ms DESC, e.created_ms DESC LIMIT ${EVENTS_MAX}`,
      [storeId],
    ),
  ]);
  return {
    orders: orders.map((o) => ({
      orderId: o.id,
      displayId: o.display_id,
      status: o.status,
      orderType: o.order_type,
      createdAt: iso(o.created_ms),
      confirmDeadline: iso(o.confirm_deadline_ms),
      customerName: o.customer_name,
      total: o.total,
      late: o.status === 'PLACED' && o.confirm_deadline_ms !== null && Number(o.confirm_deadline_ms) < now,
    })),
    events: events.map((e) => ({ at: iso(e.created_ms), orderId: e.order_id, displayId: e.display_id, code: e.full_code })),
  };
}
