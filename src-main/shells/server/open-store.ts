import { AppError } from '../../../src-shared/errors';
import type { Logger } from '../../base/log';
import type { ChainStore } from './server';

/**
 * Opens the replica's database: the pool, the migrations (under their advisory lock, so replicas may
 * start together), and chain-db's PostgreSQL implementations of the chain's seams
 * (src-main/chain/db/: PgPollerLease, PgChainOrders, PgChainOutbox, PgChainDevices, the
 * LISTEN/NOTIFY bus). Those live on helper chain-db's branch; until the lead merges it this refuses
 * to start, saying so — the server above it is tested with in-memory stores (test/unit/chain-*).
 */
export async function openChainStore(options: { databaseUrl: string; logger: Logger }): Promise<ChainStore> {
  options.logger.error('chain server: the PostgreSQL store is not in this build', { database: new URL(options.databaseUrl).host });
  throw new AppError('not-configured', 'this build has no PostgreSQL store for the chain server (src-main/chain/db/ is merged separately)');
}
