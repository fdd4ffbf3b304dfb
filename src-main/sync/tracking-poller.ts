import { toAppError } from '../../src-shared/errors';
import type { OrderTracking } from '../../src-shared/ipc/channels/orders';
import type { Clock } from '../base/clock';
import { Listeners } from '../base/listeners';
import type { Logger } from '../base/log';
import type { OrdersDb } from '../db/orders/orders-db';
import type { OrderGateway } from './gateway';
import { LoopWorker } from '../base/loop';

/** The spec's spacing of tracking requests for one order (§4.5, §8). */
export const TRACKING_GAP_MS = 30_000;

/**
 * Follows the platform's driver for PLATFORM deliveries once ASSIGN_DRIVER arrived, until the order
 * closes: at most one request per order every 30 seconds (the time is recorded before the request
 * leaves, so a restart does not break the spacing). A 404 (no position yet) is a normal answer.
 */
export class TrackingPoller extends LoopWorker {
  private readonly listeners: Listeners<[string, OrderTracking]>;

  constructor(
    private readonly options: {
      db: OrdersDb;
      gateway: OrderGateway;
      clock: Clock;
      logger: Logger;
      /** How often to look for orders due a request. */
      checkEveryMs?: number;
    },
  ) {
    super({ name: 'tracking poller', clock: options.clock, logger: options.logger });
    this.listeners = new Listeners('tracking', options.logger);
  }

  onTracking(listener: (orderId: string, tracking: OrderTracking) => void): () => void {
    return this.listeners.add(listener);
  }

  async tick(signal?: AbortSignal): Promise<number> {
    const { db, gateway, clock, logger } = this.options;
    const due = db.read(() => db.tracking.due(clock.now() - TRACKING_GAP_MS));
    for (const orderId of due) {
      if (signal?.aborted) break;
      db.write(() => db.tracking.touch(orderId, clock.now()));
      let position: Record<string, unknown> | null;
      try {
        position = await gateway.tracking(orderId, signal);
      } catch (error) {
        const appError = toAppError(error);
        if (appError.code !== 'not-found') {
          if (appError.code !== 'aborted') logger.warn('tracking not read', { orderId, code: appError.code });
          continue;
        }
        position = null;
      }
      const now = clock.now();
      db.write(() => db.tracking.save(orderId, position, now));
      const tracking = db.read(() => db.tracking.get(orderId));
      if (tracking) this.listeners.emit(orderId, tracking);
    }
    return this.options.checkEveryMs ?? 5_000;
  }
}
