import type { ReviewSummary } from '../../../src-shared/wire/review';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import { LoopWorker } from '../../base/loop';
import type { PgStoreRatings } from '../db/store-ratings';

/** A store's rating is read again after this long: the platform's score moves with reviews, slowly. */
export const RATINGS_STALE_MS = 15 * 60_000;
/** A store taken by a replica that then died is taken again after this long. */
const CLAIM_MS = 2 * 60_000;
/** Stores read a round, and the wait between rounds (a second while more are due): far under the review module's 2,000 a minute. */
const PER_ROUND = 50;
const EVERY_MS = 15_000;

export interface RatingsReaderOptions {
  ratings: Pick<PgStoreRatings, 'claim' | 'write'>;
  summary(storeId: string, signal: AbortSignal): Promise<ReviewSummary>;
  clock: Clock;
  logger: Logger;
}

/**
 * Keeps each store's rating (the platform's review summary) in the chain's database for the
 * console's reports: every replica runs it, and the claims make each store read by one of them.
 * A summary that fails is logged and read again when its claim lapses.
 */
export class RatingsReader extends LoopWorker {
  constructor(private readonly options: RatingsReaderOptions) {
    super({ name: 'store-ratings', clock: options.clock, logger: options.logger });
  }

  protected async tick(signal: AbortSignal): Promise<number> {
    const { ratings, summary, clock, logger } = this.options;
    const stores = await ratings.claim(clock.now(), RATINGS_STALE_MS, CLAIM_MS, PER_ROUND);
    for (const storeId of stores) {
      if (signal.aborted) break;
      try {
        await ratings.write(storeId, await summary(storeId, signal), clock.now());
      } catch (error) {
        logger.warn('a store’s rating was not read', { storeId, error: { message: (error as Error).message } });
      }
    }
    return stores.length === PER_ROUND ? 1_000 : EVERY_MS;
  }
}
