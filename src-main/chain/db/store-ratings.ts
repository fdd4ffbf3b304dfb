import type pg from 'pg';
import type { ReviewSummary } from '../../../src-shared/wire/review';
import { inTransaction, queryRows } from './transaction';

/** The stores' ratings in the chain's PostgreSQL (migration 0012): which are due a read, and what the platform said. */
export class PgStoreRatings {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Takes up to `limit` stores whose rating is older than `staleMs` and not taken by a replica in the
   * last `claimMs` — every store of the chain, the ones never read first — so two replicas never
   * read the same store's summary in one round.
   */
  claim(now: number, staleMs: number, claimMs: number, limit: number): Promise<string[]> {
    return inTransaction(this.pool, 'taking stores to read their ratings', async (client) => {
      await client.query('INSERT INTO store_ratings (store_id) SELECT id FROM stores ON CONFLICT DO NOTHING');
      const taken = await client.query<{ store_id: string }>(
        `UPDATE store_ratings SET claimed_ms = $1 WHERE store_id IN (
           SELECT store_id FROM store_ratings WHERE read_ms < $2 AND claimed_ms < $3
           ORDER BY read_ms, store_id LIMIT $4 FOR UPDATE SKIP LOCKED)
         RETURNING store_id`,
        [now, now - staleMs, now - claimMs, limit],
      );
      return taken.rows.map((r) => r.store_id);
    });
  }

  async write(storeId: string, summary: ReviewSummary, now: number): Promise<void> {
    await queryRows(
      this.pool,
      'writing a store’s rating',
      'UPDATE store_ratings SET score = $2, valid_reviews = $3, total_reviews = $4, read_ms = $5 WHERE store_id = $1',
      [storeId, summary.score ?? null, summary.validReviewsCount, summary.totalReviewsCount, now],
    );
  }
}
