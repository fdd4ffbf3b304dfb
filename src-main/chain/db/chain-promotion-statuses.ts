import type pg from 'pg';
import type { PromotionRecord } from '../../db/store-outbox/promotions-repo';
import type { PromotionStatusStorage } from '../../sync/promotion-statuses-storage';
import { queryRows } from './transaction';

/** A promotion action with its last read status (the SQLite repository's query, on the chain's tables). */
const SELECT = `SELECT a.*, p.aggregation_id, p.items, p.checked_ms FROM store_actions a LEFT JOIN promotion_status p ON p.action_id = a.id WHERE a.kind = 'promotion'`;

/** The promotions a store's terminals created through the chain's store outbox, and what the platform last said of each. */
export function pgPromotionStatuses(pool: pg.Pool): PromotionStatusStorage {
  return {
    list: (merchantId) =>
      queryRows<PromotionRecord>(pool, 'listing a store’s promotions', `${SELECT} AND a.merchant_id = $1 ORDER BY a.id DESC LIMIT 50`, [merchantId]),
    get: async (actionId) => (await queryRows<PromotionRecord>(pool, 'reading a promotion', `${SELECT} AND a.id = $1`, [actionId]))[0],
    saveStatus: async (actionId, aggregationId, items, now) => {
      await queryRows(
        pool,
        'keeping a promotion’s status',
        `INSERT INTO promotion_status (action_id, aggregation_id, items, checked_ms) VALUES ($1, $2, $3, $4)
         ON CONFLICT (action_id) DO UPDATE SET aggregation_id = excluded.aggregation_id, items = excluded.items, checked_ms = excluded.checked_ms`,
        [actionId, aggregationId, JSON.stringify(items), now],
      );
    },
  };
}
