import { AppError, type ErrorInfo } from '../../src-shared/errors';
import type { ActInput, Actor, OutboxEntry } from '../../src-shared/ipc/channels/orders';
import type { ActionOrigin } from '../../src-shared/ipc/channels/screens';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import type { OrdersDb } from '../db/orders/orders-db';
import { toOutboxEntry, type OutboxRecord } from '../db/orders/outbox-repo';
import { answerGroupOf, settledByStatus } from '../orders/outcomes';
import { backoffMs, type BackoffPolicy } from '../queue/backoff';
import { DurableQueue } from '../queue/durable-queue';
import type { OrderChangeFeed } from './change-feed';
import type { ConnectivityMonitor } from './connectivity';
import type { DetailFetcher } from './details';
import type { OrderGateway } from './gateway';
import type { SyncProbe } from './probe';

export interface OrderOutboxOptions {
  db: OrdersDb;
  gateway: OrderGateway;
  details: DetailFetcher;
  feed: OrderChangeFeed;
  clock: Clock;
  logger: Logger;
  connectivity?: Pick<ConnectivityMonitor, 'failed' | 'onReconnect'>;
  /** Retry waits while offline: base × 2^(attempt-1), capped, ±20 % jitter. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  random?: () => number;
  /** A sent action whose outcome event has not come after this long is checked against the order. */
  sentCheckMs?: number;
  /** ... and is given up (failed) after this long with no visible effect. */
  sentGiveUpMs?: number;
  /** Called when the API accepted an action (202), e.g. to poll for its outcome event soon. */
  onAccepted?: () => void;
  concurrency?: number;
  probe?: SyncProbe;
}

/**
 * The orders outbox: staff actions on an order (confirm, preparation, dispatch, cancellation,
 * answers to the customer's requests). A row is written (committed) before anything is sent, the
 * attempt is counted before the request leaves, and the answer is recorded after: a crash anywhere
 * leaves a row that is sent again, and a resend that meets the action already applied (409) is
 * recognised by looking at the order, so an action takes effect once. An action is known to be done
 * by its outcome event (settled in the poller's transaction, `orders/outcomes.ts`); one whose event
 * is late is checked against the order. Actions of one order go out in the order they were made,
 * each after the previous one settled.
 */
export class OrderOutbox {
  private readonly queue: DurableQueue<OutboxRecord>;
  private readonly backoff: BackoffPolicy;

  constructor(private readonly options: OrderOutboxOptions) {
    const { db, clock, logger } = options;
    this.backoff = {
      baseMs: options.backoffBaseMs ?? 1_000,
      maxMs: options.backoffMaxMs ?? 30_000,
      jitter: 0.2,
      ...(options.random ? { random: options.random } : {}),
    };
    this.queue = new DurableQueue<OutboxRecord>({
      name: 'outbox',
      clock,
      logger,
      backoff: this.backoff,
      concurrency: options.concurrency ?? 4,
      roundLimit: 64,
      ...(options.connectivity ? { reconnects: options.connectivity } : {}),
      driver: {
        lineOf: (row) => row.order_id,
        due: (now, limit) => db.read(() => db.outbox.due(now, limit)),
        nextDueMs: () => db.read(() => db.outbox.nextWakeMs()),
        dueNow: (now) => (db.isOpen ? db.write(() => db.outbox.wakeQueued(now)) : 0),
        beforeRound: (signal) => this.checkOverdue(signal),
        attempt: (row, signal) => this.send(row, signal),
        retryLater: (row, untilMs, error) => {
          options.connectivity?.failed(error);
          db.write(() => db.outbox.requeue(row.id, untilMs, error.toInfo(), clock.now()));
          this.publish(row);
        },
        refused: (row, error, signal) => this.refused(row, error, signal),
      },
    });
  }

  start(): void {
    this.queue.start();
  }

  wake(): void {
    this.queue.wake();
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }

  /**
   * Writes a staff action to the outbox and returns its entry. Pressing a button twice returns the
   * action already waiting (so does the same button pressed on two screens at once: one action, and
   * both screens hear whose it is); an action that cannot take effect any more is recorded as
   * expired, one whose effect is already there as confirmed. `origin`: the paired screen it came
   * from, null for this terminal's own. An action whose idempotency key is known (a screen sending
   * again what it queued while its link was down, its first answer lost) returns the entry that key
   * made, whatever became of it, and sends nothing.
   */
  enqueue(input: ActInput, actor: Actor = 'staff', answer?: { expiresMs: number | null }, origin: ActionOrigin | null = null): OutboxEntry {
    const { db, clock, feed } = this.options;
    const payload = 'payload' in input ? (input.payload as Record<string, unknown>) : null;
    const key = input.idempotencyKey ?? null;
    let known = false;
    const record = db.write(() => {
      const now = clock.now();
      const first = key === null ? undefined : db.outbox.byKey(key);
      if (first) {
        // A key is one action's: the same key on another order or action is a caller's bug, never a resend.
        if (first.order_id !== input.orderId || first.action !== input.action)
          throw new AppError('conflict', 'This idempotency key was used for another action.');
        known = true;
        return first;
      }
      const order = db.orders.progress(input.orderId);
      if (!order) throw new AppError('not-found', 'This order is not on the terminal yet.');
      const group = answerGroupOf(input.action);
      const waiting = db.outbox.openFor(input.orderId).find((a) => answerGroupOf(a.action) === group);
      if (waiting) return waiting;
      const expiresMs = input.action === 'confirm' ? order.confirm_deadline_ms : (answer?.expiresMs ?? null);
      const row = db.outbox.insert({ orderId: input.orderId, action: input.action, payload, expiresMs, actor, origin, idempotencyKey: key, now });
      const early = this.verdictBeforeSending(row, order.status, now);
      if (early) db.outbox.settle(row.id, early.state, early.reason, 'status', now);
      return db.outbox.get(row.id) as OutboxRecord;
    });
    if (known) {
      this.options.logger.info('an action sent again with its key: answered with the first', {
        id: record.id,
        orderId: record.order_id,
        action: record.action,
      });
      return toOutboxEntry(record);
    }
    feed.publish([record.order_id], [record.id]);
    this.queue.wake();
    return toOutboxEntry(record);
  }

  /** One round: check overdue sent actions, send the due heads of each order's queue; the wait until the next. */
  tick(signal?: AbortSignal): Promise<number> {
    return this.queue.round(signal);
  }

  private verdictBeforeSending(row: OutboxRecord, status: string, now: number): { state: 'confirmed' | 'expired'; reason: ErrorInfo | null } | undefined {
    const byStatus = settledByStatus(row.action, status);
    if (byStatus) return byStatus;
    if (row.expires_ms !== null && now >= row.expires_ms) {
      const window = row.action === 'confirm' ? 'the 8-minute confirmation window' : 'the time to answer';
      return { state: 'expired', reason: { code: 'conflict', message: `${window} has passed` } };
    }
    return undefined;
  }

  private async send(row: OutboxRecord, signal: AbortSignal): Promise<void> {
    const { db, gateway, clock, probe, logger } = this.options;
    const attempts = db.write(() => {
      const now = clock.now();
      const current = db.outbox.get(row.id);
      if (!current || current.state !== 'queued') return undefined;
      const status = db.orders.progress(row.order_id)?.status ?? 'PLACED';
      const early = this.verdictBeforeSending(current, status, now);
      if (early) {
        db.outbox.settle(row.id, early.state, early.reason, 'status', now);
        return 0;
      }
      db.outbox.markAttempt(row.id, now);
      return current.attempts + 1;
    });
    if (attempts === undefined) return;
    if (attempts === 0) return this.publish(row);
    probe?.('action-sending', { id: row.id, orderId: row.order_id, action: row.action, attempts });
    try {
      await gateway.act(row.order_id, row.action, row.payload === null ? null : (JSON.parse(row.payload) as Record<string, unknown>), signal);
    } catch (error) {
      probe?.('action-answered', { id: row.id, ok: false });
      throw error;
    }
    probe?.('action-answered', { id: row.id, ok: true });
    const recorded = db.write(() => {
      const now = clock.now();
      return db.outbox.markSent(row.id, now, now + (this.options.sentCheckMs ?? 60_000));
    });
    probe?.('action-recorded', { id: row.id });
    logger.info('action accepted', { id: row.id, orderId: row.order_id, action: row.action, attempts, recorded });
    this.publish(row);
    this.options.onAccepted?.();
  }

  private async refused(row: OutboxRecord, error: AppError, signal: AbortSignal): Promise<void> {
    const { db, clock, logger } = this.options;
    if (error.code === 'conflict') return this.conflict(row, row.attempts + 1, error, signal);
    logger.warn('action refused', { id: row.id, action: row.action, code: error.code, error });
    db.write(() => db.outbox.settle(row.id, 'failed', error.toInfo(), 'api', clock.now()));
    this.publish(row);
  }

  /**
   * 409: the action makes no sense in the order's current state. Either it was already applied (a
   * resend after a lost answer, or another terminal did it) or it truly conflicts. The order, read
   * afresh, tells: an effect already visible settles it as confirmed; a resend whose outcome is not
   * visible yet waits for its event as `sent`; anything else failed.
   */
  private async conflict(row: OutboxRecord, attempts: number, error: AppError, signal: AbortSignal): Promise<void> {
    const { db, clock, details, logger } = this.options;
    const fetched = await details.fetch(row.order_id, signal);
    db.write(() => {
      const now = clock.now();
      const current = db.outbox.get(row.id);
      if (!current || (current.state !== 'queued' && current.state !== 'sent')) return; // the detail settled it
      if (!fetched) {
        db.outbox.requeue(row.id, now + backoffMs(this.backoff, attempts, error), error.toInfo(), now);
      } else if (attempts > 1) {
        logger.info('resend met an action already applied', { id: row.id, action: row.action });
        db.outbox.markSent(row.id, now, now + (this.options.sentCheckMs ?? 60_000));
      } else {
        db.outbox.settle(row.id, 'failed', error.toInfo(), 'api', now);
      }
    });
    this.publish(row);
  }

  /** Sent actions whose outcome event is overdue: the order, read afresh, may show their effect. */
  private async checkOverdue(signal: AbortSignal): Promise<void> {
    const { db, clock } = this.options;
    for (const row of db.read(() => db.outbox.sentDue(clock.now()))) {
      if (signal.aborted) return;
      await this.checkSent(row, signal);
    }
  }

  private async checkSent(row: OutboxRecord, signal: AbortSignal): Promise<void> {
    const { db, clock, details } = this.options;
    await details.fetch(row.order_id, signal);
    db.write(() => {
      const now = clock.now();
      const current = db.outbox.get(row.id);
      if (!current || current.state !== 'sent') return;
      if (now - (current.sent_ms ?? now) >= (this.options.sentGiveUpMs ?? 5 * 60_000)) {
        db.outbox.settle(row.id, 'failed', { code: 'timeout', message: 'the platform never confirmed this action' }, 'timeout', now);
      } else {
        db.outbox.markSent(row.id, now, now + (this.options.sentCheckMs ?? 60_000));
      }
    });
    this.publish(row);
  }

  private publish(row: OutboxRecord): void {
    this.options.feed.publish([row.order_id], [row.id]);
  }
}
