import { SvelteMap } from 'svelte/reactivity';
import type { ErrorInfo } from '../../src-shared/errors';
import type { StoreStatusSnapshot } from '../../src-shared/ipc/channels/merchant';
import type { Bridge } from '../../src-shared/ipc/contract';

/**
 * Every store's status as the main process reads it (every 30 s, and right after a pause or an
 * hours change): read once, then kept current by `stores:status` pushes. Nothing here polls.
 */
export class StoreStatusState {
  readonly #snapshots = new SvelteMap<string, StoreStatusSnapshot>();
  #intervalSeconds = $state(30);
  #error = $state<ErrorInfo | null>(null);
  #refreshing = $state(false);
  #subscribed = false;

  constructor(private readonly bridge: Bridge) {}

  get intervalSeconds(): number {
    return this.#intervalSeconds;
  }
  get error(): ErrorInfo | null {
    return this.#error;
  }
  get refreshing(): boolean {
    return this.#refreshing;
  }

  /** Reads the board; with `fresh`, the main process reads that store again first. */
  async load(merchantId?: string | null, fresh = false): Promise<void> {
    if (!this.#subscribed) {
      this.#subscribed = true;
      this.bridge.on('stores:status', (snapshot) => this.#snapshots.set(snapshot.merchantId, snapshot));
    }
    if (fresh) this.#refreshing = true;
    const result = await this.bridge['stores:status'](merchantId ? { merchantId, fresh } : {});
    this.#refreshing = false;
    if (!result.ok) {
      this.#error = result.error;
      return;
    }
    this.#error = null;
    this.#intervalSeconds = result.value.intervalSeconds;
    for (const snapshot of result.value.stores) {
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
