import { AppError, ReportedError } from '../../src-shared/errors';
import type { StoreActionEntry, StoreActionKind } from '../../src-shared/ipc/channels/store-actions';
import type { Clock } from '../base/clock';
import { Listeners } from '../base/listeners';
import type { Logger } from '../base/log';
import { toStoreActionEntry, type StoreActionRecord } from '../db/store-outbox/store-actions-repo';
import type { StoreOutboxDb } from '../db/store-outbox/store-outbox-db';
import { DurableQueue } from '../queue/durable-queue';
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

/** The senders a feature brings, by the kinds of action it makes. */
export type StoreActionSenders = Partial<Record<StoreActionKind, StoreActionSender>>;

/** What a feature (or, later, another screen of the store) hands the store outbox. */
export interface StoreActionInput {
  merchantId: string;
  kind: StoreActionKind;
  subject?: string | null;
  payload: Record<string, unknown>;
}

export interface StoreOutboxOptions {
  db: StoreOutboxDb;
  clock: Clock;
  logger: Logger;
  connectivity?: Pick<ConnectivityMonitor, 'onReconnect'>;
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
 * The store outbox: pauses, reopening, opening hours, review answers, menu changes, promotions and a
 * delivery-only order's actions are written before they are sent, tried at once, and while the
 * platform cannot be reached, retried with backoff and at once when the link is back. A store's
 * actions go out in the order they were made (a pause before its reopening). Refusals (an
 * overlapping pause, a review already answered) end the action with the platform's reason, which
 * the screen puts in words. It is known to be done by the platform's answer, or, after a lost
 * answer, by a look at the platform (the sender's `alreadyDone`).
 */
export class StoreOutbox {
  private readonly senders = new Map<StoreActionKind, StoreActionSender>();
  private readonly listeners: Listeners<[StoreActionEntry]>;
  private readonly queue: DurableQueue<StoreActionRecord>;

  constructor(private readonly options: StoreOutboxOptions) {
    const { db, clock, logger } = options;
    this.listeners = new Listeners('store outbox', logger);
    this.queue = new DurableQueue<StoreActionRecord>({
      name: 'store outbox',
      clock,
      logger,
      backoff: {
        baseMs: options.backoffBaseMs ?? 2_000,
        maxMs: options.backoffMaxMs ?? 60_000,
        jitter: 0.2,
        ...(options.random ? { random: options.random } : {}),
      },
      ...(options.connectivity ? { reconnects: options.connectivity } : {}),
      driver: {
        lineOf: (row) => row.merchant_id,
        due: (now) => db.read(() => db.actions.due(now)),
        nextDueMs: () => db.read(() => db.actions.nextWakeMs()),
        dueNow: (now) => db.write(() => db.actions.wakeQueued(now)),
        attempt: (row, signal) => this.attempt(row, signal),
        retryLater: (row, untilMs, error) => this.settleAs(row.id, () => db.actions.requeue(row.id, untilMs, error.toInfo(), clock.now())),
        refused: (row, error, signal) => this.refused(row, error, signal),
      },
    });
  }

  /** A feature says how its kinds of action are sent (merchant: pauses, hours; reviews: answers). */
  register(senders: StoreActionSenders): void {
    for (const [kind, sender] of Object.entries(senders) as [StoreActionKind, StoreActionSender][]) {
      if (this.senders.has(kind)) throw new AppError('internal', `two senders for ${kind}`);
      this.senders.set(kind, sender);
    }
  }

  /** The kinds of action nobody said how to send (the session refuses to start with one). */
  unsent(kinds: readonly StoreActionKind[]): StoreActionKind[] {
    return kinds.filter((kind) => !this.senders.has(kind));
  }

  onChange(listener: (entry: StoreActionEntry) => void): () => void {
    return this.listeners.add(listener);
  }

  start(): void {
    this.queue.start();
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }

  /**
   * Writes the action, then tries it at once for a short while. Answers the entry: done (with the
   * platform's result), queued (it will be sent when the platform can be reached), or failed (the
   * platform refused it: the caller shows that error as before).
   */
  async submit(input: StoreActionInput): Promise<StoreActionEntry> {
    if (!this.senders.has(input.kind)) throw new AppError('internal', `no sender for ${input.kind}`);
    const { db, clock } = this.options;
    const row = db.write(() =>
      db.actions.insert({ merchantId: input.merchantId, kind: input.kind, subject: input.subject ?? null, payload: input.payload, now: clock.now() }),
    );
    // Behind an earlier action of the same store that still waits: it waits its turn.
    const ahead = db.read(() => db.actions.queuedOf(input.merchantId)).some((r) => r.id < row.id);
    if (!ahead) await this.queue.tryNow(row, AbortSignal.timeout(this.options.firstTryMs ?? 4_000));
    const after = db.read(() => db.actions.get(row.id)) as StoreActionRecord;
    if (after.state === 'queued') {
      if (after.waited === 0) this.settleAs(row.id, () => db.actions.markWaited(row.id));
      this.queue.wake();
    }
    return toStoreActionEntry(db.read(() => db.actions.get(row.id)) as StoreActionRecord);
  }

  /** Withdraws an action still waiting (e.g. a pause made offline that is no longer wanted). */
  cancel(id: number): StoreActionEntry {
    const { db, clock } = this.options;
    if (this.queue.isBusy(id)) throw new AppError('conflict', 'This action is being sent right now.');
    const record = db.write(() => {
      const row = db.actions.get(id);
      if (!row) throw new AppError('not-found', 'No such store action.');
      if (row.state !== 'queued') throw new AppError('conflict', `This action already ${row.state === 'done' ? 'reached the platform' : 'ended'}.`);
      db.actions.settle(id, 'cancelled', null, null, clock.now());
      return db.actions.get(id) as StoreActionRecord;
    });
    const entry = toStoreActionEntry(record);
    this.listeners.emit(entry);
    return entry;
  }

  list(merchantId: string | null): StoreActionEntry[] {
    const { db, clock } = this.options;
    return db.read(() => db.actions.list(merchantId, clock.now() - SETTLED_LISTED_MS)).map(toStoreActionEntry);
  }

  /** One round of the queue (tests drive it by hand). */
  tick(signal?: AbortSignal): Promise<number> {
    return this.queue.round(signal);
  }

  private async attempt(row: StoreActionRecord, signal: AbortSignal): Promise<void> {
    const { db, clock, logger } = this.options;
    const sender = this.senders.get(row.kind);
    if (!sender) throw new AppError('internal', `no way to send ${row.kind} on this version`);
    const current = db.read(() => db.actions.get(row.id));
    if (current?.state !== 'queued') return;
    const payload = JSON.parse(current.payload) as Record<string, unknown>;
    // A resend may meet the platform holding the first request (its answer was lost): look first.
    if (current.attempts > 0 && (await this.foundDone(current, sender, payload, signal))) return;
    db.write(() => db.actions.markAttempt(row.id, clock.now()));
    const result = await sender.send(current.merchant_id, payload, signal);
    logger.info('store action done', { id: row.id, kind: row.kind, attempts: current.attempts + 1 });
    this.settleAs(row.id, () => db.actions.settle(row.id, 'done', null, result ?? null, clock.now()));
  }

  private async refused(row: StoreActionRecord, error: AppError, signal: AbortSignal): Promise<void> {
    const { db, clock, logger } = this.options;
    const sender = this.senders.get(row.kind);
    // Refused after an earlier try whose answer was lost: the effect may be the first try's.
    if (row.attempts > 0 && sender && (error.code === 'conflict' || error.code === 'not-found')) {
      if (await this.foundDone(row, sender, JSON.parse(row.payload) as Record<string, unknown>, signal)) return;
    }
    logger.warn('store action refused', { id: row.id, kind: row.kind, code: error.code });
    this.settleAs(row.id, () => db.actions.settle(row.id, 'failed', error.toInfo(), null, clock.now()));
  }

  /** Looks at the platform for the action's effect; settles the action done when it is there. */
  private async foundDone(row: StoreActionRecord, sender: StoreActionSender, payload: Record<string, unknown>, signal: AbortSignal): Promise<boolean> {
    if (!sender.alreadyDone) return false;
    const done = await sender.alreadyDone(row.merchant_id, payload, signal).catch(() => undefined);
    if (!done) return false;
    this.settleAs(row.id, () => this.options.db.actions.settle(row.id, 'done', null, done.result, this.options.clock.now()));
    return true;
  }

  /** Writes a change of an action and tells the listeners (the screens, the promotion tracker). */
  private settleAs(id: number, change: () => unknown): void {
    const { db } = this.options;
    const entry = db.write(() => {
      change();
      return db.actions.get(id);
    });
    if (entry) this.listeners.emit(toStoreActionEntry(entry));
  }
}
