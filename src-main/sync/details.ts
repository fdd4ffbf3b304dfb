import { toAppError, waitsToRetry } from '../../src-shared/errors';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import type { OrdersDb } from '../db/orders/orders-db';
import type { OrderChangeFeed } from './change-feed';
import type { OrderGateway } from './gateway';
import { reconcileOpenActions } from './reconcile';

/** Transient failures in a row after which an order's detail is given up (its events can then be acknowledged). */
const MAX_TRANSIENT_FAILURES = 5;

/**
 * Fetches order details into the cache. A first detail (PLACED, or an order first seen through a
 * later event) gates the acknowledgment of the order's events; a refresh (stale detail) does not.
 * A permanent refusal (404, 403, an unreadable body) marks the detail unavailable: the order stays
 * on the board with what its events said, and its events are acknowledged.
 */
export class DetailFetcher {
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly options: {
      db: OrdersDb;
      gateway: OrderGateway;
      clock: Clock;
      logger: Logger;
      feed: OrderChangeFeed;
      concurrency?: number;
    },
  ) {}

  /** Fetches every detail in `state`; resolves to how many could not be fetched for now. */
  async fetchAll(state: 'missing' | 'stale', signal?: AbortSignal, limit = 200): Promise<number> {
    const ids = this.options.db.orders.needingDetail(state, limit);
    let pending = 0;
    const queue = [...ids];
    const worker = async (): Promise<void> => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        if (signal?.aborted) return;
        if (!(await this.fetch(id, signal))) pending++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency ?? 4, ids.length) }, worker));
    return pending;
  }

  /** One order's detail, read and stored; false when it could not be read now (retry later). */
  async fetch(orderId: string, signal?: AbortSignal): Promise<boolean> {
    const { db, gateway, clock, logger, feed } = this.options;
    let detail: Record<string, unknown>;
    try {
      detail = await gateway.getOrder(orderId, signal);
    } catch (error) {
      const appError = toAppError(error);
      // Cut short (stopping, or the poll round's time budget): not the order's fault.
      if (appError.code === 'aborted' || signal?.aborted) return false;
      const failures = (this.failures.get(orderId) ?? 0) + 1;
      if (waitsToRetry(appError) && failures < MAX_TRANSIENT_FAILURES) {
        this.failures.set(orderId, failures);
        logger.warn('order detail not fetched, will retry', { orderId, code: appError.code });
        return false;
      }
      this.failures.delete(orderId);
      logger.warn('order detail unavailable', { orderId, code: appError.code, error: appError });
      const now = clock.now();
      db.write(() => {
        const state = db.orders.detail(orderId)?.state;
        // A refresh that fails keeps the detail already cached.
        db.orders.markDetail(orderId, state === 'stale' ? 'fresh' : 'unavailable', appError.toInfo(), now);
      });
      feed.publish([orderId]);
      return true;
    }
    this.failures.delete(orderId);
    const settled = db.write(() => {
      const now = clock.now();
      db.orders.saveDetail(orderId, detail, now);
      const status = db.orders.progress(orderId)?.status;
      return status ? reconcileOpenActions(db, orderId, status, now) : [];
    });
    feed.publish([orderId], settled);
    return true;
  }
}
