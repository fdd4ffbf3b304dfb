import { AppError, ReportedError, toAppError, waitsToRetry } from '../../src-shared/errors';
import type { StoreActionEntry, StoreActionKind } from '../../src-shared/ipc/channels/store-actions';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { LoopWorker } from '../base/loop';
import { toStoreActionEntry, type StoreActionRecord, type StoreActionsDb } from '../db/store-actions-db';
import type { ConnectivityMonitor } from './connectivity';

/**
 * How one kind of store action reaches the platform. `send` makes the call and answers what the
 * platform returned; `alreadyDone` looks at the platform (before a resend that may meet its own
 * earlier request, and on a refusal after a lost answer) and answers the result when the action's
 * effect is already there, so an action takes effect once.
 */
export interface StoreActionSender {
  send(merchantId: string, payload: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
  alreadyDone?(merchantId: string, payload: Record<string, unknown>, signal: AbortSignal): Promise<{ result: unknown } | undefined>;
}

export interface StoreActionQueueOptions {
  db: StoreActionsDb;
  clock: Clock;
  logger: Logger;
  connectivity?: ConnectivityMonitor;
  /** How long a screen waits for the first try before it is told the action waits in the queue. */
  firstTryMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  random?: () => number;
}

/**
 * What a screen's channel makes of a submitted action: one the platform refused at once is that
 * refusal, raised as the screen has always shown it; queued or done, the entry says which.
 */
export function acceptedOrThrow(entry: StoreActionEntry): StoreActionEntry {
  if (entry.state === 'failed') throw new ReportedError(entry.reason ?? { code: 'internal', message: 'the platform refused the action' });
  if (entry.state === 'cancelled') throw new AppError('conflict', 'The action was withdrawn.');
  return entry;
}

/** Settled actions that had to wait stay listed this long (the screen says how they ended). */
export const SETTLED_LISTED_MS = 6 * 3600_000;

/**
 * The store outbox: pauses, reopening, opening hours and review answers are written before they
 * are sent, tried at once, and while the platform cannot be reached, retried with backoff and at
 * once when the link is back. A store's actions go out in the order they were made (a pause before
 * its reopening). Refusals (an overlapping pause, a review already answered) end the action with
 * the platform's reason, which the screen puts in words.
 */
export class StoreActionQueue extends LoopWorker {
  private readonly senders = new Map<StoreActionKind, StoreActionSender>();
  private readonly listeners = new Set<(entry: StoreActionEntry) => void>();
  private readonly inFlight = new Set<number>();

  constructor(private readonly options: StoreActionQueueOptions) {
    super({ name: 'store actions', clock: options.clock, logger: options.logger });
    options.connectivity?.onChange((value) => {
      if (value.state !== 'online') return;
      if (this.options.db.write(() => this.options.db.wakeQueued(this.options.clock.now())) > 0) this.wake();
    });
  }

  /** A feature says how its kind of action is sent (merchant: pauses, hours; reviews: answers). */
  register(kind: StoreActionKind, sender: StoreActionSender): void {
    this.senders.set(kind, sender);
  }

  onChange(listener: (entry: StoreActionEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Writes the action, then tries it at once for a short while. Answers the entry: done (with the
   * platform's result), queued (it will be sent when the platform can be reached), or failed (the
   * platform refused it: the caller shows that error as before).
   */
  async submit(input: { merchantId: string; kind: StoreActionKind; subject?: string | null; payload: Record<string, unknown> }): Promise<StoreActionEntry> {
    if (!this.senders.has(input.kind)) throw new AppError('internal', `no sender for ${input.kind}`);
    const { db, clock } = this.options;
    const row = db.write(() => db.insert({ merchantId: input.merchantId, kind: input.kind, subject: input.subject ?? null, payload: input.payload, now: clock.now() }));
    // Behind an earlier action of the same store that still waits: it waits its turn.
    const ahead = db.queuedOf(input.merchantId).some((r) => r.id < row.id);
    if (!ahead) await this.attempt(row, AbortSignal.timeout(this.options.firstTryMs ?? 4_000));
    const after = db.get(row.id) as StoreActionRecord;
    if (after.state === 'queued') {
      db.write(() => db.markWaited(row.id));
      this.wake();
    }
    const entry = toStoreActionEntry(db.get(row.id) as StoreActionRecord);
    this.publish(entry);
    return entry;
  }

  /** Withdraws an action still waiting (e.g. a pause made offline that is no longer wanted). */
  cancel(id: number): StoreActionEntry {
    const { db, clock } = this.options;
    if (this.inFlight.has(id)) throw new AppError('conflict', 'This action is being sent right now.');
    const record = db.write(() => {
      const row = db.get(id);
      if (!row) throw new AppError('not-found', 'No such store action.');
      if (row.state !== 'queued') throw new AppError('conflict', `This action already ${row.state === 'done' ? 'reached the platform' : 'ended'}.`);
      db.settle(id, 'cancelled', null, null, clock.now());
      return db.get(id) as StoreActionRecord;
    });
    const entry = toStoreActionEntry(record);
    this.publish(entry);
    return entry;
  }

  list(merchantId: string | null): StoreActionEntry[] {
    const { db, clock } = this.options;
    return db.list(merchantId, clock.now() - SETTLED_LISTED_MS).map(toStoreActionEntry);
  }

  protected async tick(signal: AbortSignal): Promise<number> {
    const { db, clock } = this.options;
    for (const row of db.due(clock.now())) {
      if (signal.aborted) return 0;
      const changed = await this.attempt(row, signal);
      if (changed) this.publish(toStoreActionEntry(db.get(row.id) as StoreActionRecord));
    }
    const next = db.nextWakeMs();
    return next === undefined ? 60_000 : Math.max(0, next - clock.now());
  }

  /** One try; true when the row changed. */
  private async attempt(row: StoreActionRecord, signal: AbortSignal): Promise<boolean> {
    const { db, clock, logger } = this.options;
    const sender = this.senders.get(row.kind);
    if (!sender || this.inFlight.has(row.id)) return false;
    this.inFlight.add(row.id);
    try {
      const current = db.get(row.id);
      if (current?.state !== 'queued') return false;
      const payload = JSON.parse(current.payload) as Record<string, unknown>;
      // A resend may meet the platform holding the first request (its answer was lost): look first.
      if (current.attempts > 0 && sender.alreadyDone) {
        const done = await sender.alreadyDone(current.merchant_id, payload, signal).catch(() => undefined);
        if (done) return db.write(() => db.settle(row.id, 'done', null, done.result, clock.now()));
      }
      db.write(() => db.markAttempt(row.id, clock.now()));
      try {
        const result = await sender.send(current.merchant_id, payload, signal);
        logger.info('store action done', { id: row.id, kind: row.kind, attempts: current.attempts + 1 });
        return db.write(() => db.settle(row.id, 'done', null, result ?? null, clock.now()));
      } catch (thrown) {
        const error = toAppError(thrown);
        if (error.code === 'aborted' && !signal.aborted) return false;
        if (waitsToRetry(error) || signal.aborted) {
          const wait = this.backoffMs(current.attempts + 1, error);
          logger.warn('store action not sent, will retry', { id: row.id, kind: row.kind, code: error.code, waitMs: wait });
          db.write(() => db.requeue(row.id, clock.now() + wait, error.toInfo(), clock.now()));
          return true;
        }
        // Refused after an earlier try whose answer was lost: the effect may be the first try's.
        if (current.attempts > 0 && sender.alreadyDone && (error.code === 'conflict' || error.code === 'not-found')) {
          const done = await sender.alreadyDone(current.merchant_id, payload, signal).catch(() => undefined);
          if (done) return db.write(() => db.settle(row.id, 'done', null, done.result, clock.now()));
        }
        logger.warn('store action refused', { id: row.id, kind: row.kind, code: error.code });
        return db.write(() => db.settle(row.id, 'failed', error.toInfo(), null, clock.now()));
      }
    } finally {
      this.inFlight.delete(row.id);
    }
  }

  private backoffMs(attempts: number, error: AppError): number {
    const base = this.options.backoffBaseMs ?? 2_000;
    const max = this.options.backoffMaxMs ?? 60_000;
    const raw = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
    const jittered = Math.round(raw * (1 + 0.2 * ((this.options.random ?? Math.random)() * 2 - 1)));
    return Math.max(jittered, (error as { retryAfterMs?: number }).retryAfterMs ?? 0);
  }

  private publish(entry: StoreActionEntry): void {
    for (const listener of this.listeners) listener(entry);
  }
}
