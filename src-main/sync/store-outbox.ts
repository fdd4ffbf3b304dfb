import { AppError, ReportedError } from '../../src-shared/errors';
import type { StoreActionEntry, StoreActionKind } from '../../src-shared/ipc/channels/store-actions';
import type { Clock } from '../base/clock';
import { Listeners } from '../base/listeners';
import type { Logger } from '../base/log';
import { toStoreActionEntry, type StoreActionRecord } from '../db/store-outbox/store-actions-repo';
import type { StoreOutboxDb } from '../db/store-outbox/store-outbox-db';
import { DurableQueue } from '../queue/durable-queue';
import type { ConnectivityMonitor } from './connectivity';
import { sqliteStoreActions, type StoreActionsStorage } from './store-actions-storage';

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

/** What a feature hands the store outbox. */
export interface StoreActionInput {
  merchantId: string;
  kind: StoreActionKind;
  subject?: string | null;
  payload: Record<string, unknown>;
  /** The idempotency key a store terminal of a chain sends (the same at every try): a key known answers its action. */
  key?: string | null;
  /** The paired device that made it, on a chain's server. */
  origin?: { id: string; name: string; kind: string } | null;
}

export type StoreOutboxOptions = StoreOutboxTiming & ({ db: StoreOutboxDb } | { storage: StoreActionsStorage });

/** Where the rows are — the terminal's file (`db`), or another storage (a chain's PostgreSQL) — and the timings. */
interface StoreOutboxTiming {
  clock: Clock;
  logger: Logger;
  connectivity?: Pick<ConnectivityMonitor, 'onReconnect'>;
  /** How long a screen waits for the first try before it is told the action waits in the queue. */
  firstTryMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  random?: () => number;
  /** Stores worked at once, and rows read per round (a chain's replicas claim only what they work: a claim must not lapse while it waits its turn). */
  concurrency?: number;
  /** With nothing due, how often it looks anyway (another replica may have written a row). */
  idleMs?: number;
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

  private readonly options: StoreOutboxTiming & { storage: StoreActionsStorage };

  constructor(options: StoreOutboxOptions) {
    this.options = { ...options, storage: 'storage' in options ? options.storage : sqliteStoreActions(options.db) };
    const { storage, clock, logger } = this.options;
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
      ...(options.concurrency ? { concurrency: options.concurrency, roundLimit: options.concurrency } : {}),
      ...(options.idleMs ? { idleMs: options.idleMs } : {}),
      driver: {
        lineOf: (row) => row.merchant_id,
        due: (now, limit) => storage.due(now, limit),
        nextDueMs: () => storage.nextWakeMs(),
        ...(storage.wakeQueued ? { dueNow: (now: number) => storage.wakeQueued?.(now) ?? 0 } : {}),
        attempt: (row, signal) => this.attempt(row, signal),
        retryLater: (row, untilMs, error) => this.settleAs(row.id, () => storage.requeue(row.id, untilMs, error.toInfo(), clock.now())),
        refused: (row, error, signal) => this.refused(row, error, signal),
        release: (row) => this.letGo(row),
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
    const { storage } = this.options;
    const { record: row, created } = await this.write(input);
    // A key written before: its action, as it stands (tried or waiting already).
    if (!created) return toStoreActionEntry(row);
    // Behind an earlier action of the same store that still waits: it waits its turn.
    const ahead = (await storage.queuedOf(input.merchantId)).some((r) => r.id < row.id);
    if (ahead) await this.letGo(row);
    // Not tried here after all (the queue was busy with the store's line, or the try was cut short by something else):
    // let it go at once rather than hold its claim with nobody working on it (on PostgreSQL, the other replicas would wait the claim out).
    else if ((await this.queue.tryNow(row, AbortSignal.timeout(this.options.firstTryMs ?? 4_000))).kind === 'left' && !this.queue.isBusy(row.id))
      await this.letGo(row);
    return this.waiting(row.id);
  }

  /**
   * Writes the action for the queue's rounds without trying it here: many stores' actions at once
   * (a chain console's bulk pause), sent as the queue's concurrency and the platform's limits allow.
   */
  async enqueue(input: StoreActionInput): Promise<StoreActionEntry> {
    const { record: row, created } = await this.write(input);
    if (!created) return toStoreActionEntry(row);
    await this.letGo(row);
    return this.waiting(row.id);
  }

  private write(input: StoreActionInput): ReturnType<StoreActionsStorage['insert']> {
    if (!this.senders.has(input.kind)) throw new AppError('internal', `no sender for ${input.kind}`);
    const action = {
      merchantId: input.merchantId,
      kind: input.kind,
      subject: input.subject ?? null,
      payload: input.payload,
      key: input.key ?? null,
      origin: input.origin ?? null,
    };
    return this.options.storage.insert(action, this.options.clock.now());
  }

  /** Written claimed for a try at once (where processes share the rows), the action is let go for the queue's rounds. */
  private letGo(row: StoreActionRecord): Promise<void> {
    const { storage, clock } = this.options;
    return this.settleAs(row.id, () => storage.requeue(row.id, row.next_attempt_ms, null, clock.now()));
  }

  /** The action as it stands after its first handling; one still waiting is marked as having waited, and the queue woken. */
  private async waiting(id: number): Promise<StoreActionEntry> {
    const { storage } = this.options;
    const after = await this.record(id);
    if (after.state === 'queued') {
      if (after.waited === 0) await this.settleAs(id, () => storage.markWaited(id));
      this.queue.wake();
    }
    return toStoreActionEntry(await this.record(id));
  }

  /** Withdraws an action still waiting (e.g. a pause made offline that is no longer wanted). */
  async cancel(id: number): Promise<StoreActionEntry> {
    const { storage, clock } = this.options;
    if (this.queue.isBusy(id)) throw new AppError('conflict', 'This action is being sent right now.');
    const row = await storage.get(id);
    if (!row) throw new AppError('not-found', 'No such store action.');
    const ended = (state: string) => new AppError('conflict', `This action already ${state === 'done' ? 'reached the platform' : 'ended'}.`);
    if (row.state !== 'queued') throw ended(row.state);
    // Only a row still waiting is withdrawn (another process may have taken it meanwhile).
    if (!(await storage.settle(id, 'cancelled', null, null, clock.now()))) {
      const state = (await this.record(id)).state;
      // Still waiting, yet not withdrawn: another replica holds it, sending it now.
      throw state === 'queued' ? new AppError('conflict', 'This action is being sent right now.') : ended(state);
    }
    const entry = toStoreActionEntry(await this.record(id));
    this.listeners.emit(entry);
    return entry;
  }

  /** The store's actions (every store's with null): those waiting, and those that had to wait, settled lately. */
  async list(merchantId: string | null): Promise<StoreActionEntry[]> {
    const { storage, clock } = this.options;
    return (await storage.list(merchantId, clock.now() - SETTLED_LISTED_MS)).map(toStoreActionEntry);
  }

  /** An action as the screens see it; undefined when there is no such action. */
  async entry(id: number): Promise<StoreActionEntry | undefined> {
    const row = await this.options.storage.get(id);
    return row ? toStoreActionEntry(row) : undefined;
  }

  /** Looks for due actions now (another process wrote one: a chain's replica heard its notice). */
  wake(): void {
    this.queue.wake();
  }

  /** One round of the queue (tests drive it by hand). */
  tick(signal?: AbortSignal): Promise<number> {
    return this.queue.round(signal);
  }

  private async record(id: number): Promise<StoreActionRecord> {
    const row = await this.options.storage.get(id);
    if (!row) throw new AppError('internal', `store action ${id} vanished`);
    return row;
  }

  private async attempt(row: StoreActionRecord, signal: AbortSignal): Promise<void> {
    const { storage, clock, logger } = this.options;
    const sender = this.senders.get(row.kind);
    if (!sender) throw new AppError('internal', `no way to send ${row.kind} on this version`);
    const current = await storage.get(row.id);
    if (current?.state !== 'queued') return;
    const payload = JSON.parse(current.payload) as Record<string, unknown>;
    // A resend may meet the platform holding the first request (its answer was lost): look first.
    if (current.attempts > 0 && (await this.foundDone(current, sender, payload, signal))) return;
    await storage.markAttempt(row.id, clock.now());
    const result = await sender.send(current.merchant_id, payload, signal);
    logger.info('store action done', { id: row.id, kind: row.kind, attempts: current.attempts + 1 });
    await this.settleAs(row.id, () => storage.settle(row.id, 'done', null, result ?? null, clock.now()));
  }

  private async refused(row: StoreActionRecord, error: AppError, signal: AbortSignal): Promise<void> {
    const { storage, clock, logger } = this.options;
    const sender = this.senders.get(row.kind);
    // Refused after an earlier try whose answer was lost: the effect may be the first try's.
    if (row.attempts > 0 && sender && (error.code === 'conflict' || error.code === 'not-found')) {
      if (await this.foundDone(row, sender, JSON.parse(row.payload) as Record<string, unknown>, signal)) return;
    }
    logger.warn('store action refused', { id: row.id, kind: row.kind, code: error.code });
    await this.settleAs(row.id, () => storage.settle(row.id, 'failed', error.toInfo(), null, clock.now()));
  }

  /** Looks at the platform for the action's effect; settles the action done when it is there. */
  private async foundDone(row: StoreActionRecord, sender: StoreActionSender, payload: Record<string, unknown>, signal: AbortSignal): Promise<boolean> {
    if (!sender.alreadyDone) return false;
    const done = await sender.alreadyDone(row.merchant_id, payload, signal).catch(() => undefined);
    if (!done) return false;
    await this.settleAs(row.id, () => this.options.storage.settle(row.id, 'done', null, done.result, this.options.clock.now()));
    return true;
  }

  /** Writes a change of an action and tells the listeners (the screens, the promotion tracker). */
  private async settleAs(id: number, change: () => unknown): Promise<void> {
    await change();
    const entry = await this.options.storage.get(id);
    if (entry) this.listeners.emit(toStoreActionEntry(entry));
  }
}
