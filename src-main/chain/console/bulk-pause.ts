import { randomUUID } from 'node:crypto';
import type { BulkPauseInput, BulkView } from '../../../src-shared/console/console-api';
import { toAppError } from '../../../src-shared/errors';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import type { ConsoleSession, PgChainConsole } from '../db/chain-console';

/** The store outbox's key of one store's part of a bulk action: the same key, the same one action, however often it is written. */
export const bulkKey = (bulkId: string, storeId: string): string => `console-bulk:${bulkId}:${storeId}`;

/** Who made a console's store action, as the store outbox keeps it (and the store's terminals show it). */
export const consoleOrigin = (session: Pick<ConsoleSession, 'login' | 'name'>) => ({ id: `console:${session.login}`, name: session.name, kind: 'console' });

export type BulkRefusal = { refused: 'forbidden'; message: string };

export interface BulkPauseOptions {
  db: Pick<PgChainConsole, 'createBulk' | 'bulkRefused' | 'bulk' | 'record'>;
  /** Writes one store's pause to the chain's store outbox (its rules checked first: a broken one throws a `validation` error). */
  enqueuePause(pause: { merchantId: string; description: string; end: string }, key: string, origin: ReturnType<typeof consoleOrigin>): Promise<unknown>;
  clock: Clock;
  logger: Logger;
}

/**
 * A console's bulk pause: every store's pause written to the chain's store outbox under its own key
 * (exactly once per store across replicas, sent as the outbox's concurrency and the platform's limits
 * allow), the bulk action and the console's record kept in the database, progress read back per store.
 */
export class BulkPauses {
  constructor(private readonly options: BulkPauseOptions) {}

  async start(session: ConsoleSession, input: BulkPauseInput): Promise<BulkView | BulkRefusal> {
    const { db, clock } = this.options;
    const stores = [...new Set(input.stores)];
    const refusal = this.refusal(session, stores);
    if (refusal) {
      await db.record({ atMs: clock.now(), login: session.login, action: 'bulk-pause', stores, outcome: `refused: ${refusal.message}` });
      return refusal;
    }
    const id = randomUUID();
    await db.createBulk({ id, kind: 'pause', login: session.login, stores }, clock.now());
    const origin = consoleOrigin(session);
    for (const storeId of stores) {
      try {
        await this.options.enqueuePause({ merchantId: storeId, description: input.description, end: input.end }, bulkKey(id, storeId), origin);
      } catch (error) {
        const reason = toAppError(error);
        // A rule broken is the same for every store; the database down ends the request (the stores written so far stay written).
        if (reason.code !== 'validation') throw error;
        await db.bulkRefused(id, storeId, reason.message);
      }
    }
    await db.record({
      atMs: clock.now(),
      login: session.login,
      action: 'bulk-pause',
      stores,
      outcome: 'queued',
      detail: { bulkId: id, description: input.description, end: input.end },
    });
    const view = await this.view(session, id);
    if (!view) throw new Error(`bulk ${id} vanished`);
    return view;
  }

  /** A bulk action's progress, for whoever may see all of its stores. */
  async view(session: ConsoleSession, id: string): Promise<BulkView | null> {
    const bulk = await this.options.db.bulk(id, bulkKey);
    if (!bulk) return null;
    if (session.stores !== null && bulk.stores.some((s) => !session.stores?.includes(s.storeId))) return null;
    return { bulkId: id, kind: 'pause', createdAt: new Date(bulk.createdMs).toISOString(), stores: bulk.stores };
  }

  private refusal(session: ConsoleSession, stores: readonly string[]): BulkRefusal | null {
    if (session.role === 'viewer') return { refused: 'forbidden', message: 'a viewer sees the stores and acts on none' };
    if (session.stores !== null) {
      const outside = stores.filter((s) => !session.stores?.includes(s));
      if (outside.length > 0) return { refused: 'forbidden', message: `${outside.length} of these stores are outside your groups` };
    }
    return null;
  }
}
