import type { MerchantApi } from '../api/merchant';
import type { Clock } from '../base/clock';
import { storeOpsHandlers } from '../ipc/handlers/store-ops';
import type { PushHub } from '../ipc/push-hub';
import type { Logger } from '../base/log';
import { CheckinSheets } from '../print/checkin';
import { StoreStatusMonitor } from './status-monitor';

export interface StoreOpsOptions {
  merchant: MerchantApi;
  clock: Clock;
  logger: Logger;
  dataDir: string;
  push: Pick<PushHub, 'push'>;
  statusIntervalMs?: number;
}

/**
 * The store room assembled for the app: the status monitor (started, its reads pushed as
 * `stores:status`), the check-in sheets, and the handlers of their channels.
 */
export function startStoreOps(options: StoreOpsOptions): { handlers: ReturnType<typeof storeOpsHandlers>; stop: () => Promise<void> } {
  const { merchant, clock, push } = options;
  const logger = options.logger.child({ room: 'stores' });
  const monitor = new StoreStatusMonitor({
    merchant,
    clock,
    logger,
    ...(options.statusIntervalMs === undefined ? {} : { intervalMs: options.statusIntervalMs }),
  });
  const unsubscribe = monitor.onChange((snapshot) => push.push('stores:status', snapshot));
  monitor.start();
  const sheets = new CheckinSheets({ merchant, clock, logger, dataDir: options.dataDir });
  return {
    handlers: storeOpsHandlers({ merchant, monitor, sheets, clock }),
    stop: async () => {
      await monitor.stop();
      unsubscribe();
    },
  };
}
