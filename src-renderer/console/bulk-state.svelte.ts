import type { BulkPauseInput, BulkView } from '../../src-shared/console/console-api';
import type { ConsoleClient, ConsoleFailure } from './console-client';
import { browserTimers, type Timers } from './timers';

/** While any store of a bulk action waits in the queue, its progress is read this often. */
export const BULK_POLL_MS = 1_000;

export interface BulkCounts {
  queued: number;
  done: number;
  failed: number;
  cancelled: number;
}

/**
 * A bulk pause: sent once (the server queues each store's pause in its store outbox), then its
 * progress read every second while a store is still queued. The failed ones can be sent again, as a
 * new bulk pause of just those, with the same reason and end.
 */
export class BulkState {
  view = $state.raw<BulkView | null>(null);
  /** What was asked (its reason and end), for a retry of the failed stores. */
  asked = $state.raw<BulkPauseInput | null>(null);
  error = $state.raw<ConsoleFailure | null>(null);
  busy = $state(false);

  readonly counts: BulkCounts = $derived.by(() => {
    const counts: BulkCounts = { queued: 0, done: 0, failed: 0, cancelled: 0 };
    for (const store of this.view?.stores ?? []) counts[store.state] += 1;
    return counts;
  });
  readonly failedStores: string[] = $derived((this.view?.stores ?? []).filter((s) => s.state === 'failed').map((s) => s.storeId));

  #timer: unknown = null;

  constructor(
    private readonly client: ConsoleClient,
    private readonly session: { readonly csrfToken: string; ended(why: ConsoleFailure): void },
    private readonly timers: Timers = browserTimers,
  ) {}

  async pause(input: BulkPauseInput): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.error = null;
    try {
      const answer = await this.client.bulkPause(input, this.session.csrfToken);
      if (!answer.ok) {
        this.#failed(answer.error);
        return false;
      }
      this.#stopPolling();
      this.asked = input;
      this.#show(answer.value);
      return true;
    } finally {
      this.busy = false;
    }
  }

  /** A new bulk pause of the stores that failed, with the reason and end first asked. */
  retryFailed(): Promise<boolean> {
    if (!this.asked || this.failedStores.length === 0) return Promise.resolve(false);
    return this.pause({ ...this.asked, stores: this.failedStores });
  }

  /** Puts the last bulk action away (its polling too). */
  forget(): void {
    this.#stopPolling();
    this.view = null;
    this.asked = null;
    this.error = null;
  }

  #show(view: BulkView): void {
    this.view = view;
    if (view.stores.some((s) => s.state === 'queued')) this.#timer = this.timers.setTimeout(() => void this.#refresh(view.bulkId), BULK_POLL_MS);
  }

  async #refresh(bulkId: string): Promise<void> {
    this.#timer = null;
    const answer = await this.client.bulk(bulkId);
    // Another bulk action replaced this one while it was read.
    if (this.view?.bulkId !== bulkId || this.#timer !== null) return;
    if (answer.ok) {
      this.error = null;
      this.#show(answer.value);
      return;
    }
    this.#failed(answer.error);
    // A cut or a busy server is asked again; a session that ended is not.
    if (answer.error.kind !== 'unauthenticated') this.#timer = this.timers.setTimeout(() => void this.#refresh(bulkId), BULK_POLL_MS);
  }

  #failed(error: ConsoleFailure): void {
    this.error = error;
    if (error.kind === 'unauthenticated') this.session.ended(error);
  }

  #stopPolling(): void {
    if (this.#timer !== null) this.timers.clearTimeout(this.#timer);
    this.#timer = null;
  }
}
