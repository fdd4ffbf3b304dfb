import type { SharedQueueView } from '../../src-shared/ipc/channels/shared-queue';
import type { Bridge } from '../../src-shared/ipc/contract';

/**
 * Whether another terminal reads this account's orders (the split-queue trap): read once, then
 * followed by `sharedQueue:changed`. Nothing to show before an account is open, or on a read that
 * failed: the warning is news, never a screen of its own.
 */
export class SharedQueueState {
  #view = $state<SharedQueueView | null>(null);

  constructor(private readonly bridge: Bridge) {
    bridge.on('sharedQueue:changed', (view) => (this.#view = view));
  }

  get view(): SharedQueueView | null {
    return this.#view;
  }

  get suspected(): boolean {
    return this.#view?.suspected ?? false;
  }

  async load(): Promise<void> {
    const result = await this.bridge['sharedQueue:state']({});
    if (result.ok) this.#view = result.value;
  }
}
