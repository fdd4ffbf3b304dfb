import type { ErrorInfo } from '../../src-shared/errors';
import type { Bridge } from '../../src-shared/ipc/contract';
import type { Interruption } from '../../src-shared/wire/merchant';
import { KeyedReads } from '../lib/reads.svelte';
import type { StoreActionsState } from '../store-actions/store-actions-state.svelte';
import { isoTime } from './format';

export type PauseAction = 'pause' | 'resume';

/** The pauses (interruptions) of each store, and pausing and reopening it. */
export class PausesState {
  /** Each store's active and future pauses, as last read. */
  readonly lists = new KeyedReads<Interruption[]>();
  #busy = $state(false);
  #actionError = $state<{ action: PauseAction; error: ErrorInfo } | null>(null);

  #queuedNotice = $state<PauseAction | null>(null);

  constructor(
    private readonly bridge: Bridge,
    private readonly storeActions: Pick<StoreActionsState, 'remember'> = { remember: () => {} },
  ) {}

  /** The last pause or reopening went to the store outbox (offline): the screen says so. */
  get queuedNotice(): PauseAction | null {
    return this.#queuedNotice;
  }

  get busy(): boolean {
    return this.#busy;
  }
  /** The last pause/reopen failure, shown next to the button that caused it. */
  get actionError(): { action: PauseAction; error: ErrorInfo } | null {
    return this.#actionError;
  }

  clearActionError(): void {
    this.#actionError = null;
  }

  load(merchantId: string): Promise<void> {
    return this.lists.load(
      merchantId,
      () => this.bridge['stores:interruptions']({ merchantId }),
      (list) => list,
    );
  }

  /** Pauses and answers until when (made, or queued offline), or null (the error is in `actionError`). */
  async pause(merchantId: string, input: { description: string; startMs: number | null; endMs: number }): Promise<{ end: string } | null> {
    this.#busy = true;
    this.#actionError = null;
    this.#queuedNotice = null;
    const result = await this.bridge['stores:pause']({
      merchantId,
      description: input.description.trim(),
      ...(input.startMs === null ? {} : { start: isoTime(input.startMs) }),
      end: isoTime(input.endMs),
    });
    this.#busy = false;
    if (!result.ok) {
      this.#actionError = { action: 'pause', error: result.error };
      // Someone paused the store elsewhere: show that pause, so the clash can be seen and undone.
      if (result.error.code === 'conflict') await this.load(merchantId);
      return null;
    }
    if (result.value.outcome === 'queued') {
      this.storeActions.remember(result.value.action);
      this.#queuedNotice = 'pause';
      return { end: isoTime(input.endMs) };
    }
    await this.load(merchantId);
    return { end: result.value.interruption.end };
  }

  async resume(merchantId: string, interruptionId: string): Promise<boolean> {
    this.#busy = true;
    this.#actionError = null;
    this.#queuedNotice = null;
    const result = await this.bridge['stores:resume']({ merchantId, interruptionId });
    this.#busy = false;
    if (!result.ok) {
      await this.load(merchantId);
      this.#actionError = { action: 'resume', error: result.error };
      return false;
    }
    if (result.value.action) {
      this.storeActions.remember(result.value.action);
      this.#queuedNotice = 'resume';
    } else {
      await this.load(merchantId);
    }
    return true;
  }
}
