import { randomUUID } from 'node:crypto';
import type { BulkHoursInput, BulkKind, BulkPauseInput, BulkPromotionInput, BulkSoldOutInput, BulkView } from '../../../src-shared/console/console-api';
import { checkPromotionDraft, type PromotionDraft } from '../../../src-shared/store-rules/promotion';
import { dayOf } from '../../../src-shared/local-day';
import type { NewShift } from '../../../src-shared/wire/merchant';
import { toAppError } from '../../../src-shared/errors';
import type { Clock } from '../../base/clock';
import type { ConsoleSession, PgChainConsole } from '../db/chain-console';
import type { ConsoleRefusal } from './console-directory';

/** The store outbox's key of one store's part of a bulk action: the same key, the same one action, however often it is written. */
export const bulkKey = (bulkId: string, storeId: string): string => `console-bulk:${bulkId}:${storeId}`;

/** Who made a console's store action, as the store outbox keeps it. */
export const consoleOrigin = (session: Pick<ConsoleSession, 'login' | 'name'>) => ({ id: `console:${session.login}`, name: session.name, kind: 'console' });
type Origin = ReturnType<typeof consoleOrigin>;

/** How one store's part is written to the chain's store outbox; its rules checked first (a broken one throws a `validation` error). */
export interface BulkWriters {
  pause(pause: { merchantId: string; description: string; end: string }, key: string, origin: Origin): Promise<unknown>;
  hours(hours: { merchantId: string; shifts: NewShift[] }, key: string, origin: Origin): Promise<unknown>;
  productStatus(change: { merchantId: string; externalCode: string; status: string }, key: string, origin: Origin): Promise<unknown>;
  promotion(promotion: { merchantId: string; draft: PromotionDraft }, key: string, origin: Origin): Promise<unknown>;
}

export interface BulkActionsOptions {
  db: Pick<PgChainConsole, 'createBulk' | 'bulkRefused' | 'bulk' | 'record'>;
  write: BulkWriters;
  clock: Clock;
}

/**
 * A console's bulk actions (pause stores; sell a product out or back by its code): every store's
 * action written to the chain's store outbox under its own key (exactly once per store across
 * replicas, sent as the outbox's concurrency and the platform's limits allow), the bulk action and
 * the console's record kept in the database, progress read back per store.
 */
export class BulkActions {
  constructor(private readonly options: BulkActionsOptions) {}

  pause(session: ConsoleSession, input: BulkPauseInput): Promise<BulkView | ConsoleRefusal> {
    const { description, end } = input;
    return this.start(session, 'pause', input.stores, { description, end }, (merchantId, key, origin) =>
      this.options.write.pause({ merchantId, description, end }, key, origin),
    );
  }

  soldOut(session: ConsoleSession, input: BulkSoldOutInput): Promise<BulkView | ConsoleRefusal> {
    const { externalCode, status } = input;
    return this.start(session, 'sold-out', input.stores, { externalCode, status }, (merchantId, key, origin) =>
      this.options.write.productStatus({ merchantId, externalCode, status }, key, origin),
    );
  }

  hours(session: ConsoleSession, input: BulkHoursInput): Promise<BulkView | ConsoleRefusal> {
    const { shifts } = input;
    return this.start(session, 'hours', input.stores, { shifts: String(shifts.length) }, (merchantId, key, origin) =>
      this.options.write.hours({ merchantId, shifts }, key, origin),
    );
  }

  /** One promotion in every store named; a draft that breaks a rule is refused whole, before any store. */
  async promotion(session: ConsoleSession, input: BulkPromotionInput): Promise<BulkView | ConsoleRefusal> {
    const { draft } = input;
    const detail = { promotion: draft.name.trim() || draft.promotionType };
    const check = checkPromotionDraft(draft, dayOf(this.options.clock.now()));
    if (!check.ok) {
      const [field, problem] = Object.entries(check.problems)[0] ?? ['draft', 'invalid'];
      const refusal: ConsoleRefusal = { refused: 'invalid', message: `the promotion's ${field}: ${problem}` };
      const { db, clock } = this.options;
      await db.record({
        atMs: clock.now(),
        login: session.login,
        action: 'bulk-promotion',
        stores: input.stores,
        outcome: `refused: ${refusal.message}`,
        detail,
      });
      return refusal;
    }
    return this.start(session, 'promotion', input.stores, detail, (merchantId, key, origin) =>
      this.options.write.promotion({ merchantId, draft }, key, origin),
    );
  }

  /** A bulk action's progress, for whoever may see all of its stores. */
  async view(session: ConsoleSession, id: string): Promise<BulkView | null> {
    const bulk = await this.options.db.bulk(id, bulkKey);
    if (!bulk) return null;
    if (session.stores !== null && bulk.stores.some((s) => !session.stores?.includes(s.storeId))) return null;
    return { bulkId: id, kind: bulk.kind as BulkKind, createdAt: new Date(bulk.createdMs).toISOString(), stores: bulk.stores };
  }

  private async start(
    session: ConsoleSession,
    kind: BulkKind,
    named: readonly string[],
    detail: Record<string, string>,
    writeOne: (storeId: string, key: string, origin: Origin) => Promise<unknown>,
  ): Promise<BulkView | ConsoleRefusal> {
    const { db, clock } = this.options;
    const stores = [...new Set(named)];
    const action = `bulk-${kind}`;
    const refusal = this.refusal(session, stores);
    if (refusal) {
      await db.record({ atMs: clock.now(), login: session.login, action, stores, outcome: `refused: ${refusal.message}`, detail });
      return refusal;
    }
    const id = randomUUID();
    await db.createBulk({ id, kind, login: session.login, stores }, clock.now());
    const origin = consoleOrigin(session);
    for (const storeId of stores) {
      try {
        await writeOne(storeId, bulkKey(id, storeId), origin);
      } catch (error) {
        const reason = toAppError(error);
        // A rule broken is said per store; the database down ends the request (the stores written so far stay written).
        if (reason.code !== 'validation') throw error;
        await db.bulkRefused(id, storeId, reason.message);
      }
    }
    await db.record({ atMs: clock.now(), login: session.login, action, stores, outcome: 'queued', detail: { bulkId: id, ...detail } });
    const view = await this.view(session, id);
    if (!view) throw new Error(`bulk ${id} vanished`);
    return view;
  }

  private refusal(session: ConsoleSession, stores: readonly string[]): ConsoleRefusal | null {
    if (session.role === 'viewer') return { refused: 'forbidden', message: 'a viewer sees the stores and acts on none' };
    if (session.stores !== null) {
      const outside = stores.filter((s) => !session.stores?.includes(s));
      if (outside.length > 0) return { refused: 'forbidden', message: `${outside.length} of these stores are outside your groups` };
    }
    return null;
  }
}
