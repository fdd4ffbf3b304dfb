import type { Statement } from 'better-sqlite3';
import { z } from 'zod';
import { PromotionItem } from '../../../src-shared/wire/promotion';
import { parseJsonText } from '../json-text';
import type { Db } from '../database';
import type { StoreActionRecord } from './store-actions-repo';

/** A promotion action with what the platform last said of it (null before the first read). */
export interface PromotionRecord extends StoreActionRecord {
  aggregation_id: string | null;
  items: string | null;
  checked_ms: number | null;
}

/** Statuses after which an item no longer changes by itself (spec §3.2). */
export const SETTLED_ITEM_STATUSES: ReadonlySet<string> = new Set(['FINISHED', 'ERROR', 'DUPLICATE']);

/** The promotions the terminal created (store actions of kind `promotion`) and their last read status. */
export class PromotionsRepo {
  private readonly s: {
    list: Statement<{ merchant: string; limit: number }, PromotionRecord>;
    get: Statement<[number], PromotionRecord>;
    save: Statement<{ action: number; aggregation: string; items: string; now: number }>;
  };

  constructor(db: Db) {
    const select = `SELECT a.*, p.aggregation_id, p.items, p.checked_ms FROM store_actions a LEFT JOIN promotion_status p ON p.action_id = a.id WHERE a.kind = 'promotion'`;
    this.s = {
      list: db.prepare(`${select} AND a.merchant_id = @merchant ORDER BY a.id DESC LIMIT @limit`),
      get: db.prepare(`${select} AND a.id = ?`),
      save: db.prepare(
        `INSERT INTO promotion_status (action_id, aggregation_id, items, checked_ms) VALUES (@action, @aggregation, @items, @now)
         ON CONFLICT (action_id) DO UPDATE SET aggregation_id = excluded.aggregation_id, items = excluded.items, checked_ms = excluded.checked_ms`,
      ),
    };
  }

  list(merchantId: string, limit = 50): PromotionRecord[] {
    return this.s.list.all({ merchant: merchantId, limit });
  }

  get(actionId: number): PromotionRecord | undefined {
    return this.s.get.get(actionId);
  }

  saveStatus(actionId: number, aggregationId: string, items: readonly PromotionItem[], now: number): void {
    this.s.save.run({ action: actionId, aggregation: aggregationId, items: JSON.stringify(items), now });
  }
}

/** The aggregation id a done promotion action was answered (its result), or null. */
export function aggregationIdOf(record: PromotionRecord): string | null {
  if (record.aggregation_id) return record.aggregation_id;
  const result = parseJsonText(record.result) as { aggregationId?: unknown } | null;
  return result && typeof result.aggregationId === 'string' ? result.aggregationId : null;
}

const StoredItems = z.array(PromotionItem);

/** The items as last read (a damaged column reads as never read). */
export function itemsOf(record: PromotionRecord): PromotionItem[] {
  const items = StoredItems.safeParse(parseJsonText(record.items));
  return items.success ? items.data : [];
}

/** Whether the platform may still move its items (never read, or an item not settled). */
export function mayStillChange(record: PromotionRecord): boolean {
  if (record.state !== 'done' || aggregationIdOf(record) === null) return false;
  const items = itemsOf(record);
  return items.length === 0 || items.some((i) => !SETTLED_ITEM_STATUSES.has(i.status));
}
