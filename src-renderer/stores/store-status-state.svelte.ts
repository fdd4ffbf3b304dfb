import { SvelteMap } from 'svelte/reactivity';
import type { ErrorInfo } from '../../src-shared/errors';
import type { StoreStatusSnapshot } from '../../src-shared/ipc/channels/stores';
import type { Bridge } from '../../src-shared/ipc/contract';
import { Read } from '../lib/reads.svelte';

/**
 * Every store's status as the main process reads it (every 30 s, and right after a pause or an
 * hours change): read once, then kept current by `stores:status` pushes. Nothing here polls.
 */
export class StoreStatusState {
  readonly #snapshots = new SvelteMap<string, StoreStatusSnapshot>();
  #intervalSeconds = $state(30);
  readonly #read = new Read();
  /** The read running asks the main process to read the store again first (the refresh button). */
  #fresh = $state(false);
  #subscribed = false;

  constructor(private readonly bridge: Bridge) {}

  get intervalSeconds(): number {
    return this.#intervalSeconds;
  }
  get error(): ErrorInfo | null {
    return this.#read.error;
  }
  get refreshing(): boolean {
    return this.#fresh && this.#read.loading;
  }

  /** Reads the board; with `fresh`, the main process reads that store again first. */
  async load(merchantId?: string | null, fresh = false): Promise<void> {
    if (!this.#subscribed) {
      this.#subscribed = true;
      this.bridge.on('stores:status', (snapshot) => this.#snapshots.set(snapshot.merchantId, snapshot));
    }
    this.#fresh = fresh;
    const board = await this.#read.run(() => this.bridge['stores:status'](merchantId ? { merchantId, fresh } : {}));
    if (!board) return;
    this.#intervalSeconds = board.intervalSeconds;
    for (const snapshot of board.stores) {
      // A push may have brought something newer while the call was out; the fresh read is the newest.
      if (!this.#snapshots.has(snapshot.merchantId) || (fresh && snapshot.merchantId === merchantId)) {
        this.#snapshots.set(snapshot.merchantId, snapshot);
      }
    }
  }

  for(merchantId: string | null | undefined): StoreStatusSnapshot | undefined {
    return merchantId ? this.#snapshots.get(merchantId) : undefined;
  }
}
