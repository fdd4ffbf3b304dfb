import { SvelteMap } from 'svelte/reactivity';
import type { ErrorInfo } from '../../src-shared/errors';
import type { StoreStatusSnapshot } from '../../src-shared/ipc/channels/merchant';
import { bridge } from '../lib/bridge';

/**
 * Every store's status as the main process reads it (every 30 s, and right after a pause or an
 * hours change): read once, then kept current by `stores:status` pushes. Nothing here polls.
 */
class StoreStatusState {
  snapshots = new SvelteMap<string, StoreStatusSnapshot>();
  intervalSeconds = $state(30);
  error = $state<ErrorInfo | null>(null);
  refreshing = $state(false);
  private subscribed = false;

  subscribe(): void {
    if (this.subscribed) return;
    this.subscribed = true;
    bridge.on('stores:status', (snapshot) => this.snapshots.set(snapshot.merchantId, snapshot));
  }

  /** Reads the board; with `fresh`, the main process reads that store again first. */
  async load(merchantId?: string | null, fresh = false): Promise<void> {
    this.subscribe();
    if (fresh) this.refreshing = true;
    const result = await bridge['stores:status'](merchantId ? { merchantId, fresh } : {});
    this.refreshing = false;
    if (!result.ok) {
      this.error = result.error;
      return;
    }
    this.error = null;
    this.intervalSeconds = result.value.intervalSeconds;
    for (const snapshot of result.value.stores) {
      // A push may have brought something newer while the call was out; the fresh read is the newest.
      if (!this.snapshots.has(snapshot.merchantId) || (fresh && snapshot.merchantId === merchantId)) {
        this.snapshots.set(snapshot.merchantId, snapshot);
      }
    }
  }

  for(merchantId: string | null | undefined): StoreStatusSnapshot | undefined {
    return merchantId ? this.snapshots.get(merchantId) : undefined;
  }
}

export const storeStatusState = new StoreStatusState();
