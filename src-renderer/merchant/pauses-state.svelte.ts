import { SvelteMap } from 'svelte/reactivity';
import type { ErrorInfo } from '../../src-shared/errors';
import type { Interruption } from '../../src-shared/wire/merchant';
import { bridge } from '../lib/bridge';

export type PauseAction = 'pause' | 'resume';

/** The pauses (interruptions) of each store, and pausing and reopening it. */
class PausesState {
  lists = new SvelteMap<string, Interruption[]>();
  loadErrors = new SvelteMap<string, ErrorInfo>();
  loading = $state(false);
  busy = $state(false);
  /** The last pause/reopen failure, shown next to the button that caused it. */
  actionError = $state<{ action: PauseAction; error: ErrorInfo } | null>(null);

  async load(merchantId: string): Promise<void> {
    this.loading = true;
    const result = await bridge['stores:interruptions']({ merchantId });
    this.loading = false;
    if (result.ok) {
      this.lists.set(merchantId, result.value);
      this.loadErrors.delete(merchantId);
    } else {
      this.loadErrors.set(merchantId, result.error);
    }
  }

  /** Pauses and answers the created pause, or null (the error is in `actionError`). */
  async pause(merchantId: string, input: { description: string; startMs: number | null; endMs: number }): Promise<Interruption | null> {
    this.busy = true;
    this.actionError = null;
    const result = await bridge['stores:pause']({
      merchantId,
      description: input.description.trim(),
      ...(input.startMs === null ? {} : { start: new Date(input.startMs).toISOString() }),
      end: new Date(input.endMs).toISOString(),
    });
    this.busy = false;
    if (!result.ok) {
      this.actionError = { action: 'pause', error: result.error };
      // Someone paused the store elsewhere: show that pause, so the clash can be seen and undone.
      if (result.error.code === 'conflict') await this.load(merchantId);
      return null;
    }
    await this.load(merchantId);
    return result.value;
  }

  async resume(merchantId: string, interruptionId: string): Promise<boolean> {
    this.busy = true;
    this.actionError = null;
    const result = await bridge['stores:resume']({ merchantId, interruptionId });
    this.busy = false;
    await this.load(merchantId);
    if (!result.ok) {
      this.actionError = { action: 'resume', error: result.error };
      return false;
    }
    return true;
  }
}

export const pausesState = new PausesState();
