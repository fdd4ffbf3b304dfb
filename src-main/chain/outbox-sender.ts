import { DEFAULT_TIMEOUT_MS } from '../api/transport';
import { toAppError, waitsToRetry, type AppError } from '../../src-shared/errors';
import { readOrderDetail } from '../../src-shared/wire/order';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { actionTookEffect } from '../orders/outcomes';
import type { BackoffPolicy } from '../queue/backoff';
import { DurableQueue } from '../queue/durable-queue';
import type { OrderGateway } from '../sync/gateway';
import type { ChainBus, ChainOrders, ChainOutbox, ClaimedAction } from './contract';

/**
 * How long a claim holds by default: one request's longest wait and the time to record its answer.
 * A replica killed mid-send leaves its rows to the others after this (they look first, then send).
 */
export const CLAIM_MS = DEFAULT_TIMEOUT_MS + 5_000;

/** As on a terminal (sync/order-outbox.ts): a sent action's event is looked for a minute, then its order is read again, and given up on after five. */
export const SENT_CHECK_MS = 60_000;
export const SENT_GIVE_UP_MS = 5 * 60_000;

export interface OutboxSenderOptions {
  outbox: ChainOutbox;
  orders: Pick<ChainOrders, 'saveDetail'>;
  gateway: OrderGateway;
  bus: ChainBus;
  /** This replica's name on the claims. */
  holder: string;
  clock: Clock;
  logger: Logger;
  /** Rows claimed per round. */
  batch?: number;
  /** How long a claim holds: past it another replica may claim the row again (with `answerLost`). */
  claimMs?: number;
  /** Rounds when nothing woke the sender (a notice from another replica may be lost). */
  idleMs?: number;
  backoff?: Partial<BackoffPolicy>;
  /** Actions sent at once. */
  concurrency?: number;
  /** A sent action's event overdue: its order is read again this long after (and again, until it settles). */
  sentCheckMs?: number;
  /** A sent action whose effect never shows is failed this long after it was sent (the terminal's rule, sync/order-outbox.ts). */
  sentGiveUpMs?: number;
  /** Told how each claimed action ended (metrics). */
  observe?: (outcome: 'sent' | 'confirmed' | 'retry' | 'failed') => void;
}

/**
 * Sends the chain's queued staff actions, on the terminal's durable queue engine
 * (src-main/queue/durable-queue.ts) with a PostgreSQL driver. Every replica runs one: the due rows
 * are claimed with row locks (`ChainOutbox.claim`, FOR UPDATE SKIP LOCKED), so each is in one
 * replica's hands at a time, and the answer is recorded by the claim's holder only. A row whose
 * previous claim ended without a recorded answer (`answerLost`: that replica died mid-call) may have
 * reached the platform: the order is read first, and an effect already there settles it as confirmed
 * instead of sending it twice — the terminal's rule (src-main/sync/order-outbox.ts). A 409 is read
 * the same way. The database failing while an answer is recorded leaves the claim to lapse: the next
 * holder looks first. An `outbox` notice (an action queued on any replica) wakes it.
 */
export class OutboxSender {
  private readonly queue: DurableQueue<ClaimedAction>;
  private unsubscribe: (() => void) | undefined;
  private claimed = 0;

  constructor(private readonly options: OutboxSenderOptions) {
    const { outbox, holder, clock, logger } = options;
    this.queue = new DurableQueue<ClaimedAction>({
      name: 'chain outbox sender',
      clock,
      logger,
      backoff: { baseMs: 1_000, maxMs: 30_000, jitter: 0.2, ...options.backoff },
      concurrency: options.concurrency ?? 8,
      // A full batch: more may be due now.
      roundLimit: options.batch ?? 32,
      idleMs: options.idleMs ?? 2_000,
      driver: {
        // The claim gives each order's head only: its next action goes once this one settled.
        lineOf: (row) => row.orderId,
        due: async (now, limit) => {
          const rows = await outbox.claim(holder, limit, options.claimMs ?? CLAIM_MS, now);
          this.claimed += rows.length;
          return rows;
        },
        // Actions sent whose event never came: their orders are read again before the round's sends.
        beforeRound: (signal) => this.checkOverdue(signal),
        // Another replica may queue a row at any time: the idle wait, or its notice, brings it.
        nextDueMs: () => undefined,
        attempt: (row, signal) => this.send(row, signal),
        // The database, not the platform: the answer cannot be recorded now, so the claim lapses (`refused`).
        waits: (error) => error.code !== 'storage' && waitsToRetry(error),
        retryLater: (row, untilMs, error) => this.retryLater(row, untilMs, error),
        refused: (row, error, signal) => this.refused(row, error, signal),
      },
    });
  }

  start(): void {
    this.unsubscribe ??= this.options.bus.subscribe((notice) => {
      if (notice.kind === 'outbox') this.queue.wake();
    });
    this.queue.start();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.queue.stop();
  }

  /** Claims the due rows and sends them; resolves to how many this replica claimed meanwhile. */
  async round(signal?: AbortSignal): Promise<number> {
    const before = this.claimed;
    await this.queue.round(signal);
    return this.claimed - before;
  }

  private async send(row: ClaimedAction, signal: AbortSignal): Promise<void> {
    const { outbox, gateway, holder, clock, logger } = this.options;
    if (row.answerLost && (await this.effectVisible(row, signal))) return this.settle(row, 'confirmed', null);
    await gateway.act(row.orderId, row.action, row.payload, signal);
    const now = clock.now();
    const done = await outbox.sent(row.id, holder, now, now + (this.options.sentCheckMs ?? SENT_CHECK_MS));
    this.options.observe?.('sent');
    logger.info('chain outbox: action accepted', { id: row.id, orderId: row.orderId, action: row.action, attempts: row.attempts + 1 });
    if (done) await this.notify(done);
  }

  /**
   * Sent actions whose event is overdue (a lost event, a platform that took the call and dropped it):
   * the order is read again — its effect there settles the action; none after SENT_GIVE_UP_MS fails
   * it with the reason, so the screen stops saying it is on its way. Each is one replica's to check.
   */
  private async checkOverdue(signal: AbortSignal): Promise<void> {
    const { outbox, holder, clock, logger } = this.options;
    let overdue: (ClaimedAction & { sentAt: number })[];
    try {
      overdue = await outbox.claimOverdue(holder, this.options.batch ?? 8, this.options.sentCheckMs ?? SENT_CHECK_MS, clock.now());
    } catch (error) {
      logger.warn('chain outbox: overdue actions could not be claimed', { error: toAppError(error) });
      return;
    }
    for (const row of overdue) {
      if (signal.aborted) return;
      try {
        if (await this.effectVisible(row, signal)) await this.settle(row, 'confirmed', null);
        else if (clock.now() - row.sentAt >= (this.options.sentGiveUpMs ?? SENT_GIVE_UP_MS)) {
          logger.warn('chain outbox: the platform never confirmed an action', { id: row.id, action: row.action });
          await this.settle(row, 'failed', { code: 'timeout', message: 'the platform never confirmed this action' });
        }
      } catch (error) {
        // Read again at its next check.
        logger.warn('chain outbox: an overdue action could not be checked', { id: row.id, error: toAppError(error) });
      }
    }
  }

  private async retryLater(row: ClaimedAction, untilMs: number, error: AppError): Promise<void> {
    const { outbox, holder, clock } = this.options;
    this.options.observe?.('retry');
    await outbox.retryLater(row.id, holder, untilMs, error.toInfo(), clock.now()).catch((failure: unknown) => this.unrecorded(row, failure));
  }

  /** 409: already applied (a resend, or another screen did it first) or truly refused: the order tells. */
  private async refused(row: ClaimedAction, error: AppError, signal: AbortSignal): Promise<void> {
    const { logger } = this.options;
    if (error.code === 'storage') return this.unrecorded(row, error);
    try {
      if (error.code === 'conflict' && (await this.effectVisible(row, signal))) {
        logger.info('chain outbox: the action met its effect already there', { id: row.id, action: row.action });
        return await this.settle(row, 'confirmed', null);
      }
      logger.warn('chain outbox: action refused', { id: row.id, action: row.action, code: error.code });
      await this.settle(row, 'failed', error.toInfo());
    } catch (failure) {
      this.unrecorded(row, failure);
    }
  }

  private unrecorded(row: ClaimedAction, failure: unknown): void {
    this.options.logger.error('chain outbox: an answer could not be recorded; the claim lapses and the row is looked at again', {
      id: row.id,
      error: toAppError(failure),
    });
  }

  /** Reads the order afresh (saving it: the board shows it too) and says whether the action's effect is there. */
  private async effectVisible(row: ClaimedAction, signal: AbortSignal): Promise<boolean> {
    const { gateway, orders, clock } = this.options;
    const detail = await gateway.getOrder(row.orderId, signal);
    const saved = await orders.saveDetail(row.orderId, detail, clock.now());
    if (saved) await this.notify({ orderId: row.orderId, storeId: saved.storeId ?? row.storeId }, 'orders');
    const status = readOrderDetail(detail)?.status;
    return typeof status === 'string' && actionTookEffect(row.action, status);
  }

  private async settle(row: ClaimedAction, state: 'confirmed' | 'failed', reason: unknown): Promise<void> {
    const done = await this.options.outbox.settle(row.id, this.options.holder, state, reason, this.options.clock.now());
    this.options.observe?.(state);
    if (done) await this.notify(done);
  }

  private async notify(where: { orderId: string; storeId: string }, kind: 'outbox' | 'orders' = 'outbox'): Promise<void> {
    try {
      await this.options.bus.publish(
        kind === 'outbox' ? { kind, storeId: where.storeId, orderId: where.orderId } : { kind, storeId: where.storeId, orderIds: [where.orderId] },
      );
    } catch (error) {
      this.options.logger.warn('chain outbox: a notice could not be published', { error: toAppError(error) });
    }
  }
}
