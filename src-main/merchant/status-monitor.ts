import { toAppError } from '../../src-shared/errors';
import type { StoreStatusSnapshot } from '../../src-shared/ipc/channels/stores';
import type { MerchantApi } from '../api/merchant';
import type { Clock } from '../base/clock';
import { Listeners } from '../base/listeners';
import type { Logger } from '../base/log';
import { Loop } from '../base/loop';
import { summarizeStatus } from './status-summary';

export type StatusSource = Pick<MerchantApi, 'listStores' | 'getStatus'>;

export interface StoreStatusMonitorOptions {
  merchant: StatusSource;
  clock: Clock;
  logger: Logger;
  /** Between two rounds over every store (30 s: far under the route's 20000/min). */
  intervalMs?: number;
  /** How often the list of stores is read again (stores rarely come and go). */
  relistMs?: number;
  /** Stores read at the same time within one round. */
  concurrency?: number;
}

export const STATUS_INTERVAL_MS = 30_000;
const RELIST_MS = 10 * 60_000;
/** Until the store list could be read once, try again sooner than a full interval. */
const FIRST_LIST_RETRY_MS = 10_000;

/**
 * Keeps the status of every store of the credential current (GET /merchants/{id}/status, spec
 * §4.4): a round over all stores every 30 s, and a read of one store on demand (right after a pause
 * is created or removed). Every read, good or failed, is told to the listeners, which push it to
 * the screens. A failed read keeps the last entries and says why, so the screen can show both.
 */
export class StoreStatusMonitor {
  private readonly snapshots = new Map<string, StoreStatusSnapshot>();
  private readonly listeners: Listeners<[StoreStatusSnapshot]>;
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Reads are numbered so a slow, older read never overwrites a newer answer. */
  private readonly appliedSeq = new Map<string, number>();
  private readonly stopper = new AbortController();
  private readonly loop: Loop;
  private storeIds: string[] = [];
  private listedAt: number | undefined;
  private seq = 0;

  readonly intervalMs: number;
  private readonly relistMs: number;
  private readonly concurrency: number;

  constructor(private readonly options: StoreStatusMonitorOptions) {
    this.intervalMs = options.intervalMs ?? STATUS_INTERVAL_MS;
    this.relistMs = options.relistMs ?? RELIST_MS;
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.listeners = new Listeners('store status', options.logger);
    this.loop = new Loop({ name: 'store-status', clock: options.clock, logger: options.logger, tick: () => this.round() });
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    this.stopper.abort(new Error('store status monitor stopped'));
    await this.loop.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  onChange(listener: (snapshot: StoreStatusSnapshot) => void): () => void {
    return this.listeners.add(listener);
  }

  /** The last snapshot of every store, in the platform's list order. */
  current(): StoreStatusSnapshot[] {
    const listed = this.storeIds.map((id) => this.snapshots.get(id)).filter((s) => s !== undefined);
    const others = [...this.snapshots.values()].filter((s) => !this.storeIds.includes(s.merchantId));
    return [...listed, ...others];
  }

  snapshot(merchantId: string): StoreStatusSnapshot | undefined {
    return this.snapshots.get(merchantId);
  }

  /** Reads one store's status now and tells the listeners; never throws (a failure is in the snapshot). */
  check(merchantId: string): Promise<StoreStatusSnapshot> {
    const read = this.read(merchantId);
    this.inFlight.add(read);
    void read.finally(() => this.inFlight.delete(read));
    return read;
  }

  /** Starts the next round now (e.g. after the credential changed). */
  wake(): void {
    this.loop.wake();
  }

  private async round(): Promise<number> {
    await this.relistIfDue();
    const queue = [...this.storeIds];
    const worker = async (): Promise<void> => {
      for (let id = queue.shift(); id !== undefined && !this.stopper.signal.aborted; id = queue.shift()) await this.check(id);
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, queue.length) }, worker));
    return this.listedAt !== undefined ? this.intervalMs : Math.min(this.intervalMs, FIRST_LIST_RETRY_MS);
  }

  private async relistIfDue(): Promise<void> {
    const now = this.options.clock.now();
    if (this.listedAt !== undefined && now - this.listedAt < this.relistMs) return;
    try {
      const stores = await this.options.merchant.listStores({}, { signal: this.stopper.signal });
      this.storeIds = stores.map((s) => s.id);
      this.listedAt = now;
    } catch (error) {
      // Keep reading the stores known so far; the list is tried again next round.
      if (!this.stopper.signal.aborted) this.options.logger.warn('store list for the status monitor failed', { error: toAppError(error).toInfo() });
    }
  }

  private async read(merchantId: string): Promise<StoreStatusSnapshot> {
    const seq = ++this.seq;
    const { clock, merchant, logger } = this.options;
    let next: StoreStatusSnapshot;
    try {
      const entries = await merchant.getStatus(merchantId, { signal: this.stopper.signal });
      next = { merchantId, summary: summarizeStatus(entries), entries, checkedAt: new Date(clock.now()).toISOString(), error: null };
    } catch (error) {
      const info = toAppError(error).toInfo();
      const before = this.snapshots.get(merchantId);
      next = {
        merchantId,
        summary: before?.summary ?? 'unknown',
        entries: before?.entries ?? [],
        checkedAt: before?.checkedAt ?? null,
        error: info,
      };
      // Said once when reads start failing (or fail differently), not every 30 s while offline.
      const log = before?.error?.code === info.code ? logger.debug : logger.warn;
      if (!this.stopper.signal.aborted) log('store status read failed', { merchantId, error: info });
    }
    if (seq < (this.appliedSeq.get(merchantId) ?? 0) || this.stopper.signal.aborted) {
      return this.snapshots.get(merchantId) ?? next;
    }
    this.appliedSeq.set(merchantId, seq);
    this.snapshots.set(merchantId, next);
    this.listeners.emit(next);
    return next;
  }
}
