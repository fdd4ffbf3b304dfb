import { DEFAULT_TIMEOUT_MS } from '../api/transport';
import { toAppError, waitsToRetry, type AppError } from '../../src-shared/errors';
import { readOrderDetail } from '../../src-shared/wire/order';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { LoopWorker } from '../base/loop';
import { actionTookEffect } from '../orders/outcomes';
import { backoffMs, type BackoffPolicy } from '../queue/backoff';
import type { OrderGateway } from '../sync/gateway';
import type { ChainBus, ChainOrders, ChainOutbox, ClaimedAction } from './contract';

/**
 * How long a claim holds by default: one request's longest wait and the time to record its answer.
 * A replica killed mid-send leaves its rows to the others after this (they look first, then send).
 */
export const CLAIM_MS = DEFAULT_TIMEOUT_MS + 5_000;

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
  /** Told how each claimed action ended (metrics). */
  observe?: (outcome: 'sent' | 'confirmed' | 'retry' | 'failed') => void;
}

/**
 * Sends the chain's queued staff actions. Every replica runs one: rows are claimed with row locks
 * (`ChainOutbox.claim`, FOR UPDATE SKIP LOCKED), so each is in one replica's hands at a time, and the
 * answer is recorded by the claim's holder only. A row whose previous claim ended without a recorded
 * answer (`answerLost`: that replica died mid-call) may have reached the platform: the order is read
 * first, and an effect already there settles it as confirmed instead of sending it twice — the
 * terminal's rule (src-main/sync/order-outbox.ts). A 409 is read the same way. An `outbox` notice
 * (an action queued on any replica) wakes it.
 */
export class OutboxSender extends LoopWorker {
  private readonly backoff: BackoffPolicy;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: OutboxSenderOptions) {
    super({ name: 'chain outbox sender', clock: options.clock, logger: options.logger });
    this.backoff = { baseMs: 1_000, maxMs: 30_000, jitter: 0.2, ...options.backoff };
  }

  override start(): void {
    this.unsubscribe ??= this.options.bus.subscribe((notice) => {
      if (notice.kind === 'outbox') this.wake();
    });
    super.start();
  }

  override async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await super.stop();
  }

  protected async tick(signal: AbortSignal): Promise<number> {
    const sent = await this.round(signal);
    // A full batch: more may be due now.
    return sent >= (this.options.batch ?? 32) ? 0 : (this.options.idleMs ?? 2_000);
  }

  /** Claims the due rows and sends them; resolves to how many were claimed. */
  async round(signal?: AbortSignal): Promise<number> {
    const { outbox, holder, clock } = this.options;
    const claimed = await outbox.claim(holder, this.options.batch ?? 32, this.options.claimMs ?? CLAIM_MS, clock.now());
    const queue = [...claimed];
    const worker = async (): Promise<void> => {
      for (let row = queue.shift(); row && !signal?.aborted; row = queue.shift()) await this.handle(row, signal);
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency ?? 8, claimed.length) }, worker));
    return claimed.length;
  }

  private async handle(row: ClaimedAction, signal?: AbortSignal): Promise<void> {
    const { logger } = this.options;
    try {
      if (row.answerLost && (await this.effectVisible(row, signal))) return await this.settle(row, 'confirmed', null, 'confirmed');
      await this.options.gateway.act(row.orderId, row.action, row.payload, signal);
      const done = await this.options.outbox.sent(row.id, this.options.holder, this.options.clock.now());
      this.options.observe?.('sent');
      logger.info('chain outbox: action accepted', { id: row.id, orderId: row.orderId, action: row.action, attempts: row.attempts + 1 });
      if (done) await this.notify(done);
    } catch (error) {
      // Stopping: the claim lapses and the next holder looks first (answerLost).
      if (signal?.aborted) return;
      await this.failed(row, toAppError(error), signal).catch((failure: unknown) => {
        logger.error('chain outbox: an answer could not be recorded; the claim lapses and the row is looked at again', {
          id: row.id,
          error: toAppError(failure),
        });
      });
    }
  }

  private async failed(row: ClaimedAction, error: AppError, signal?: AbortSignal): Promise<void> {
    const { clock, logger } = this.options;
    if (error.code === 'storage') throw error;
    if (waitsToRetry(error)) {
      this.options.observe?.('retry');
      const until = clock.now() + backoffMs(this.backoff, row.attempts + 1, error);
      await this.options.outbox.retryLater(row.id, this.options.holder, until, error.toInfo(), clock.now());
      return;
    }
    // 409: already applied (a resend, or another screen did it first) or truly refused: the order tells.
    if (error.code === 'conflict' && (await this.effectVisible(row, signal))) {
      logger.info('chain outbox: the action met its effect already there', { id: row.id, action: row.action });
      return this.settle(row, 'confirmed', null, 'confirmed');
    }
    logger.warn('chain outbox: action refused', { id: row.id, action: row.action, code: error.code });
    return this.settle(row, 'failed', error.toInfo(), 'failed');
  }

  /** Reads the order afresh (saving it: the board shows it too) and says whether the action's effect is there. */
  private async effectVisible(row: ClaimedAction, signal?: AbortSignal): Promise<boolean> {
    const { gateway, orders, clock } = this.options;
    const detail = await gateway.getOrder(row.orderId, signal);
    const saved = await orders.saveDetail(row.orderId, detail, clock.now());
    if (saved) await this.notify({ orderId: row.orderId, storeId: saved.storeId ?? row.storeId }, 'orders');
    const status = readOrderDetail(detail)?.status;
    return typeof status === 'string' && actionTookEffect(row.action, status);
  }

  private async settle(row: ClaimedAction, state: 'confirmed' | 'failed', reason: unknown, outcome: 'confirmed' | 'failed'): Promise<void> {
    const done = await this.options.outbox.settle(row.id, this.options.holder, state, reason, this.options.clock.now());
    this.options.observe?.(outcome);
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
