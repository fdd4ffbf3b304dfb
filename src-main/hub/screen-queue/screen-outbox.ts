import { randomUUID } from 'node:crypto';
import { AppError, ErrorInfo, ReportedError } from '../../../src-shared/errors';
import { OutboxEntry, QUEUED_ON_SCREEN, type ActInput, type OrderAction } from '../../../src-shared/ipc/channels/orders';
import { StoreActionEntry } from '../../../src-shared/ipc/channels/store-actions';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import type { Clock } from '../../base/clock';
import { Listeners } from '../../base/listeners';
import type { Logger } from '../../base/log';
import type { ScreenActionRecord } from '../../db/screen-outbox/screen-actions-repo';
import type { ScreenOutboxDb } from '../../db/screen-outbox/screen-outbox-db';
import { answerGroupOf } from '../../orders/outcomes';
import type { BackoffPolicy } from '../../queue/backoff';
import { DurableQueue } from '../../queue/durable-queue';
import { withPatience } from './patience';
import { leverOf } from './store-levers';

/**
 * A screen of a chain's server keeps working when the internet is bad: an order action staff make
 * while the server cannot be reached is written here (the screen's own SQLite file) with an
 * idempotency key, answered at once as waiting on this screen, and sent when the link is back, in
 * the order it was made, on the durable queue engine every queue of the terminal runs on. Exactly
 * once is the key's work: the row and its key are committed before the first try, every try sends
 * the same key, and the server answers a key it knows with the entry it made the first time — so a
 * try whose answer was lost (the link cut mid-call, the screen restarted) is sent again safely.
 *
 * Entries of actions still here carry negative ids (−row): the server's own entries are positive,
 * and a screen's window tells one from the other.
 */

export { QUEUED_ON_SCREEN };

export interface ScreenOutboxOptions {
  db: ScreenOutboxDb;
  /** The server the actions are for: rows made for another one are never sent to this one. */
  hubId: string;
  /** The server's `orders:act`, over the link. */
  send(input: ActInput): Promise<IpcResult<OutboxEntry>>;
  /** A store lever's channel on the server, over the link (hub/screen-queue/store-levers.ts). */
  invoke(channel: string, input: unknown): Promise<IpcResult<unknown>>;
  /** A store lever's entry changed on this screen (waiting, taken, refused): its windows hear it as `storeActions:changed`. */
  leverChanged(entry: StoreActionEntry): void;
  /** Whether the link is up now (a try while it is down waits without calling). */
  linkUp(): boolean;
  /** Told when the link comes back: what waits goes at once. */
  reconnects: { onReconnect(listener: () => void): () => void };
  /** An entry changed on this screen (queued, refused): the screen's windows hear it as `orders:changed`. */
  changed(entry: OutboxEntry): void;
  clock: Clock;
  logger: Logger;
  backoff?: BackoffPolicy;
  /** How long an action made while the link is up waits for the server's answer before it is answered as queued. */
  answerWithinMs?: number;
}

/** A cut or a slow server passes by waiting; so does a server that says it is overloaded. */
const WAITS: ReadonlySet<ErrorInfo['code']> = new Set(['connection', 'timeout', 'server', 'rate-limit', 'aborted']);

export class ScreenOutbox {
  private readonly queue: DurableQueue<ScreenActionRecord>;
  private readonly settled: Listeners<[]>;

  constructor(private readonly options: ScreenOutboxOptions) {
    const { db, hubId, clock, logger } = options;
    this.settled = new Listeners('screen outbox settled', logger);
    this.queue = new DurableQueue<ScreenActionRecord>({
      name: 'screen outbox',
      clock,
      logger,
      // Over the internet, a server back after a cut is asked again within seconds, never hammered.
      backoff: options.backoff ?? { baseMs: 1_000, maxMs: 5_000, jitter: 0.2 },
      // One at a time, oldest first: the server hears the actions in the order staff made them.
      concurrency: 1,
      reconnects: options.reconnects,
      driver: {
        lineOf: (row) => row.order_id,
        due: (now, limit) => db.read(() => db.actions.due(hubId, now, limit)),
        nextDueMs: () => db.read(() => db.actions.nextWakeMs(hubId)),
        dueNow: (now) => (db.isOpen ? db.write(() => db.actions.wakeQueued(hubId, now)) : 0),
        attempt: (row, signal) => this.send(row, signal),
        waits: (error) => WAITS.has(error.code),
        retryLater: (row, untilMs, error) => {
          db.write(() => db.actions.requeue(row.id, untilMs, JSON.stringify(error.toInfo()), clock.now()));
        },
        refused: async (row, error) => {
          logger.warn('screen outbox: the server refused an action', { id: row.id, orderId: row.order_id, action: row.action, code: error.code });
          db.write(() => db.actions.settle(row.id, 'refused', { reason: JSON.stringify(error.toInfo()), answer: null }, clock.now()));
          this.tell(row.id);
        },
      },
    });
  }

  start(): void {
    this.queue.start();
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }

  /** One round of the queue now (tests drive it without the loop); the wait until the next. */
  tick(signal?: AbortSignal): Promise<number> {
    return this.queue.round(signal);
  }

  /** Actions not yet taken by the server. */
  waiting(): number {
    const { db, hubId } = this.options;
    return db.isOpen ? db.read(() => db.actions.waiting(hubId)) : 0;
  }

  /**
   * Resolves once nothing waits here any more (every action taken or refused by the server), or
   * when `signal` ends the wait: a board read after a cut must show what the server made of them.
   */
  async drained(signal: AbortSignal): Promise<void> {
    if (this.waiting() === 0) return;
    this.queue.wake();
    await new Promise<void>((resolve) => {
      const done = (): void => {
        stop();
        signal.removeEventListener('abort', done);
        resolve();
      };
      const stop = this.settled.add(() => this.waiting() === 0 && done());
      signal.addEventListener('abort', done, { once: true });
      if (signal.aborted || this.waiting() === 0) done();
    });
  }

  /**
   * An order action staff made on this screen: the row (and its key) committed first, then — with
   * the link up and nothing of this order ahead of it — tried at once for a few seconds; the
   * server's entry when it answered, the entry of the row waiting here otherwise. A second press of
   * the same action while one waits answers the one waiting; a key already used answers its entry.
   */
  async act(input: ActInput): Promise<OutboxEntry> {
    const { db, hubId, clock } = this.options;
    const key = input.idempotencyKey ?? randomUUID();
    const made = await this.keep(key, () => {
      const group = answerGroupOf(input.action);
      const ahead = db.actions.queuedFor(hubId, input.orderId);
      const same = ahead.find((a) => answerGroupOf(a.action as OrderAction) === group);
      if (same) return { row: same, fresh: false };
      const row = db.actions.insert({
        hubId,
        orderId: input.orderId,
        action: input.action,
        input: JSON.stringify({ ...input, idempotencyKey: key }),
        key,
        now: clock.now(),
      });
      return { row, fresh: ahead.length === 0 };
    });
    if (made.fresh && !this.options.linkUp()) {
      this.options.logger.info('screen outbox: the server is out of reach, the action waits on this screen', {
        id: made.row.id,
        orderId: made.row.order_id,
        action: made.row.action,
      });
    }
    const entry = this.entryOf(made.row.id);
    // Still this screen's (the server has not taken it): its windows hear it waits here.
    if (entry.id < 0 && entry.state === 'queued') {
      this.options.changed(entry);
      this.queue.wake();
    }
    return entry;
  }

  /**
   * A store lever pulled on this screen (store-levers.ts): the row and its key committed first, then
   * — with the link up and nothing of this store ahead of it — asked of the server at once for a few
   * seconds; the server's answer when it came, the channel's "waiting" answer otherwise (the press
   * waits here, listed with the store's actions, and goes when the link is back).
   */
  async lever(channel: string, input: Record<string, unknown>): Promise<unknown> {
    const lever = leverOf(channel);
    const merchantId = typeof input.merchantId === 'string' ? input.merchantId : null;
    if (!lever || !merchantId) throw new AppError('internal', `${channel} is no store lever`);
    const { db, hubId, clock } = this.options;
    const key = typeof input.idempotencyKey === 'string' ? input.idempotencyKey : randomUUID();
    const line = `store:${merchantId}`;
    const made = await this.keep(key, () => {
      const ahead = db.actions.queuedFor(hubId, line);
      const row = db.actions.insert({
        hubId,
        orderId: line,
        action: lever.kind,
        channel,
        input: JSON.stringify({ ...input, idempotencyKey: key }),
        key,
        now: clock.now(),
      });
      return { row, fresh: ahead.length === 0 };
    });
    const row = db.read(() => db.actions.get(made.row.id));
    if (row?.state === 'sent' && row.answer) return JSON.parse(row.answer) as unknown;
    if (row?.state === 'refused') throw new ReportedError(this.reasonOf(row) ?? { code: 'internal', message: 'the server refused it' });
    const entry = this.leverEntryOf(made.row.id);
    this.options.leverChanged(entry);
    this.queue.wake();
    return lever.queued(entry);
  }

  /**
   * A press written (a key already known answers its row, nothing written), then tried at once for a
   * few seconds when it is the first of its line and the link is up.
   */
  private async keep(key: string, insert: () => { row: ScreenActionRecord; fresh: boolean }): Promise<{ row: ScreenActionRecord; fresh: boolean }> {
    const { db, clock } = this.options;
    const made = db.write(() => {
      const known = db.actions.byKey(key);
      return known ? { row: known, fresh: false } : insert();
    });
    if (made.fresh && this.options.linkUp()) {
      await withPatience(clock, this.options.answerWithinMs ?? 5_000, (signal) => this.queue.tryNow(made.row, signal));
    }
    return made;
  }

  /** One try: the server's answer to the key, recorded. Throws what waits (the link, the server's time). */
  private async send(row: ScreenActionRecord, signal: AbortSignal): Promise<void> {
    const { db, clock, logger } = this.options;
    const current = db.read(() => db.actions.get(row.id));
    if (!current || current.state !== 'queued') return;
    if (!this.options.linkUp()) throw new AppError('connection', 'the server cannot be reached');
    db.write(() => db.actions.markAttempt(row.id, clock.now()));
    if (current.channel !== 'orders:act') return this.sendLever(current, signal);
    const result = await answeredWithin(this.options.send(JSON.parse(current.input) as ActInput), signal);
    if (!result.ok) throw new ReportedError(result.error);
    const entry = OutboxEntry.parse(result.value);
    db.write(() => db.actions.settle(row.id, 'sent', { reason: null, answer: JSON.stringify(entry) }, clock.now()));
    logger.info('screen outbox: the server took an action', {
      id: row.id,
      orderId: row.order_id,
      action: row.action,
      attempts: current.attempts + 1,
      state: entry.state,
    });
    this.settled.emit();
  }

  /** A lever's try: the server's answer to the key, recorded; the screen hears how the press ended. */
  private async sendLever(row: ScreenActionRecord, signal: AbortSignal): Promise<void> {
    const { db, clock, logger } = this.options;
    const result = await answeredWithin(this.options.invoke(row.channel, JSON.parse(row.input)), signal);
    if (!result.ok) throw new ReportedError(result.error);
    db.write(() => db.actions.settle(row.id, 'sent', { reason: null, answer: JSON.stringify(result.value ?? null) }, clock.now()));
    logger.info('screen outbox: the server took a store lever', { id: row.id, channel: row.channel, attempts: row.attempts + 1 });
    this.settled.emit();
    this.options.leverChanged(this.leverEntryOf(row.id));
  }

  private tell(id: number): void {
    this.settled.emit();
    const row = this.options.db.read(() => this.options.db.actions.get(id));
    if (row && row.channel !== 'orders:act') this.options.leverChanged(this.leverEntryOf(id));
    else this.options.changed(this.entryOf(id));
  }

  private reasonOf(row: ScreenActionRecord): ErrorInfo | null {
    const parsed = row.reason ? ErrorInfo.safeParse(JSON.parse(row.reason)) : undefined;
    return parsed?.success ? parsed.data : null;
  }

  /**
   * A lever's row as the store's list shows it: this screen's (negative id) while it waits here, the
   * server's entry once it answered with one; the press's key in both, so the screen keeps one line.
   */
  private leverEntryOf(id: number): StoreActionEntry {
    const { db } = this.options;
    const row = db.read(() => db.actions.get(id));
    if (!row) throw new AppError('internal', 'an action of this screen vanished');
    const input = JSON.parse(row.input) as Record<string, unknown>;
    const answer: unknown = row.answer ? JSON.parse(row.answer) : null;
    const server = StoreActionEntry.safeParse(answer).data ?? StoreActionEntry.safeParse((answer as { action?: unknown } | null)?.action).data;
    if (server) return { ...server, waited: true, key: row.idempotency_key };
    const { merchantId, idempotencyKey: _key, ...summary } = input;
    return {
      id: -row.id,
      merchantId: String(merchantId),
      kind: row.action as StoreActionEntry['kind'],
      subject: leverOf(row.channel)?.subject(input) ?? null,
      summary,
      state: row.state === 'sent' ? 'done' : row.state === 'refused' ? 'failed' : 'queued',
      attempts: row.attempts,
      createdAt: new Date(row.created_ms).toISOString(),
      updatedAt: new Date(row.updated_ms).toISOString(),
      nextAttemptAt: row.state === 'queued' ? new Date(row.next_attempt_ms).toISOString() : null,
      reason:
        row.state === 'queued'
          ? { code: 'connection', message: 'waits on this screen until the server can be reached', reason: QUEUED_ON_SCREEN }
          : this.reasonOf(row),
      // Settled at its first try, never put back: the screen said so at the press, the list need not.
      waited: row.state === 'queued' || row.attempts > 1 || row.next_attempt_ms !== row.created_ms,
      result: row.state === 'sent' ? answer : null,
      key: row.idempotency_key,
    };
  }

  /** A row as the contract's entry: the server's own once it took it, this screen's otherwise. */
  private entryOf(id: number): OutboxEntry {
    const { db } = this.options;
    const row = db.read(() => db.actions.get(id));
    if (!row) throw new AppError('internal', 'an action of this screen vanished');
    if (row.state === 'sent' && row.answer) return OutboxEntry.parse(JSON.parse(row.answer));
    const input = JSON.parse(row.input) as ActInput;
    const refusal = row.state === 'refused' && row.reason ? ErrorInfo.safeParse(JSON.parse(row.reason)) : undefined;
    return {
      id: -row.id,
      orderId: row.order_id,
      action: row.action as OrderAction,
      payload: 'payload' in input ? (input.payload as Record<string, unknown>) : null,
      state: row.state === 'refused' ? 'failed' : 'queued',
      attempts: row.attempts,
      createdAt: new Date(row.created_ms).toISOString(),
      updatedAt: new Date(row.updated_ms).toISOString(),
      nextAttemptAt: row.state === 'queued' ? new Date(row.next_attempt_ms).toISOString() : null,
      reason: refusal?.success
        ? refusal.data
        : { code: 'connection', message: 'waits on this screen until the server can be reached', reason: QUEUED_ON_SCREEN },
      actor: 'staff',
      origin: null,
    };
  }
}

/** The server's answer, or `timeout` once `signal` ends the wait (the call may still land: its key makes a resend safe). */
function answeredWithin<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new AppError('timeout', 'the server did not answer in time'));
  return new Promise<T>((resolve, reject) => {
    const late = (): void => reject(new AppError('timeout', 'the server did not answer in time'));
    signal.addEventListener('abort', late, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', late));
  });
}
