import type { PromotionItem } from '../../src-shared/wire/promotion';
import type { PromotionRecord } from '../db/store-outbox/promotions-repo';
import type { StoreOutboxDb } from '../db/store-outbox/store-outbox-db';
import type { Maybe } from './store-actions-storage';

/**
 * Where the promotions a store made are read with what the platform last said of each
 * (features/promotions/tracker.ts runs on it): the store outbox's `promotion` actions beside their
 * last read status, in the terminal's `store-outbox.sqlite` or a chain's PostgreSQL.
 */
export interface PromotionStatusStorage {
  /** The store's promotions, newest first. */
  list(merchantId: string): Maybe<PromotionRecord[]>;
  get(actionId: number): Maybe<PromotionRecord | undefined>;
  saveStatus(actionId: number, aggregationId: string, items: readonly PromotionItem[], now: number): Maybe<void>;
}

/** The terminal's store outbox file as the promotions' storage. */
export function sqlitePromotionStatuses(db: StoreOutboxDb): PromotionStatusStorage {
  return {
    list: (merchantId) => db.read(() => db.promotions.list(merchantId)),
    get: (actionId) => db.read(() => db.promotions.get(actionId)),
    saveStatus: (actionId, aggregationId, items, now) => db.write(() => db.promotions.saveStatus(actionId, aggregationId, items, now)),
  };
}
