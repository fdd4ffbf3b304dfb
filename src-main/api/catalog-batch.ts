import type { Batch } from '../../src-shared/wire/catalog';
import type { Clock } from '../base/clock';
import { ApiError } from './errors';

export const BATCH_COMPLETED = 'COMPLETED';

export interface BatchPollOptions {
  signal?: AbortSignal;
  /** Wait between reads while the batch runs. */
  intervalMs?: number;
  /** Give up after this long with a `timeout` error. */
  timeoutMs?: number;
}

/** Spec §3.4: a catalog batch runs asynchronously and is polled until `batchStatus` is COMPLETED. */
export async function waitForBatch(read: (signal?: AbortSignal) => Promise<Batch>, clock: Clock, options: BatchPollOptions = {}): Promise<Batch> {
  const { signal } = options;
  const interval = options.intervalMs ?? 2_000;
  const deadline = clock.now() + (options.timeoutMs ?? 5 * 60_000);
  for (;;) {
    const batch = await read(signal);
    if (batch.batchStatus === BATCH_COMPLETED) return batch;
    if (clock.now() + interval > deadline) {
      throw new ApiError('timeout', `catalog batch still ${batch.batchStatus} after waiting`, { route: 'GET /batch/{batchId}' });
    }
    try {
      await clock.sleep(interval, signal);
    } catch (cause) {
      throw new ApiError('aborted', 'catalog batch: cancelled', { route: 'GET /batch/{batchId}', cause });
    }
  }
}
