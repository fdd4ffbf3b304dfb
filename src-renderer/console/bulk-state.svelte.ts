import type { BulkHoursInput, BulkPauseInput, BulkPromotionInput, BulkSoldOutInput, BulkView } from '../../src-shared/console/console-api';
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

/** What a bulk action asked, by its kind: what its progress says, and what a retry sends again. */
export type BulkAsked =
  | { kind: 'pause'; input: BulkPauseInput }
  | { kind: 'sold-out'; input: BulkSoldOutInput }
  | { kind: 'hours'; input: BulkHoursInput }
  | { kind: 'promotion'; input: BulkPromotionInput };

/** The same action for other stores (the failed ones of a retry). */
function forStores(asked: BulkAsked, stores: string[]): BulkAsked {
  // The kind and its input stay paired: only the stores change.
  return { ...asked, input: { ...asked.input, stores } } as BulkAsked;
}

/**
 * A bulk action (a pause, a product sold out or back, a week of hours, a promotion): sent once (the server queues each store's
 * action in its store outbox), then its progress read every second while a store is still queued.
 * The failed ones can be sent again, as a new bulk action of just those, with the same input.
 */
export class BulkState {
  view = $state.raw<BulkView | null>(null);
  /** What was asked (a pause's reason and end, a product's code and status), for a retry of the failed stores. */
  asked = $state.raw<BulkAsked | null>(null);
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

  pause(input: BulkPauseInput): Promise<boolean> {
    return this.#start({ kind: 'pause', input });
  }

  /** Sells a product out (or back) in many stores, by its external code. */
  soldOut(input: BulkSoldOutInput): Promise<boolean> {
    return this.#start({ kind: 'sold-out', input });
  }

  /** One week of opening hours in many stores. */
  hours(input: BulkHoursInput): Promise<boolean> {
    return this.#start({ kind: 'hours', input });
  }

  /** One promotion in many stores. */
  promotion(input: BulkPromotionInput): Promise<boolean> {
    return this.#start({ kind: 'promotion', input });
  }

  /** A new bulk action of the stores that failed, with what was first asked. */
  retryFailed(): Promise<boolean> {
    if (!this.asked || this.failedStores.length === 0) return Promise.resolve(false);
    return this.#start(forStores(this.asked, this.failedStores));
  }

  async #start(asked: BulkAsked): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.error = null;
    try {
      const csrfToken = this.session.csrfToken;
      const answer = await this.#send(asked, csrfToken);
      if (!answer.ok) {
        this.#failed(answer.error);
        return false;
      }
      this.#stopPolling();
      this.asked = asked;
      this.#show(answer.value);
      return true;
    } finally {
      this.busy = false;
    }
  }

  #send(asked: BulkAsked, csrfToken: string) {
    switch (asked.kind) {
      case 'pause':
        return this.client.bulkPause(asked.input, csrfToken);
      case 'sold-out':
        return this.client.bulkSoldOut(asked.input, csrfToken);
      case 'hours':
        return this.client.bulkHours(asked.input, csrfToken);
      case 'promotion':
        return this.client.bulkPromotion(asked.input, csrfToken);
    }
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
