import type { Connectivity, ConnectivityState } from '../../src-shared/ipc/contract';
import type { AppError } from '../../src-shared/errors';
import type { CallOutcome } from '../api/client';
import type { Clock } from '../base/clock';

/**
 * What the terminal knows of its link to the marketplace, from the outcome of every API call and
 * every event poll: online, degraded (5xx, 429), offline (no answer), unauthorized (sign in again).
 */
export class ConnectivityMonitor {
  private value: Connectivity = { state: 'connecting', lastSuccessAt: null, lastPollAt: null, reason: null };
  private readonly listeners = new Set<(value: Connectivity) => void>();

  constructor(private readonly clock: Clock) {}

  get current(): Connectivity {
    return this.value;
  }

  onChange(listener: (value: Connectivity) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Fed by the API client after every call. */
  record(outcome: CallOutcome): void {
    if (outcome.ok) {
      this.update('online', null, { lastSuccessAt: this.isoNow() });
      return;
    }
    const state = outcome.error ? stateFor(outcome.error) : undefined;
    if (state) this.update(state, outcome.error?.toInfo() ?? null);
  }

  /** Fed by the event poller after each successful poll. */
  polled(): void {
    const now = this.isoNow();
    this.update('online', null, { lastSuccessAt: now, lastPollAt: now });
  }

  /** Fed by the sync layer when a poll, an acknowledgment or an action fails (whatever sent it). */
  failed(error: AppError): void {
    const state = stateFor(error);
    if (state) this.update(state, error.toInfo());
  }

  /**
   * The last successful poll of a previous run (kept in the database), so a restarted terminal shows
   * when it last heard from the marketplace instead of "never". Pushes nothing: it is not news.
   */
  restoreLastPoll(iso: string): void {
    if (this.value.lastPollAt === null) this.value = { ...this.value, lastPollAt: iso, lastSuccessAt: this.value.lastSuccessAt ?? iso };
  }

  private isoNow(): string {
    return new Date(this.clock.now()).toISOString();
  }

  private update(state: ConnectivityState, reason: Connectivity['reason'], times: Partial<Connectivity> = {}): void {
    const next: Connectivity = { ...this.value, ...times, state, reason };
    const changed = next.state !== this.value.state || next.reason?.code !== this.value.reason?.code;
    const polledNow = next.lastPollAt !== this.value.lastPollAt;
    const firstContact = this.value.lastSuccessAt === null && next.lastSuccessAt !== null;
    this.value = next;
    // Every poll is pushed too, so the screen's "last poll" time stays true; other successful calls
    // only when they change something, so a busy client does not flood the renderer.
    if (changed || polledNow || firstContact) for (const listener of this.listeners) listener(next);
  }
}

/** How an error bears on connectivity; undefined for errors about one request (404, 409, 422...). */
function stateFor(error: Pick<AppError, 'code'>): ConnectivityState | undefined {
  switch (error.code) {
    case 'auth':
      return 'unauthorized';
    case 'connection':
    case 'timeout':
      return 'offline';
    case 'server':
    case 'rate-limit':
      return 'degraded';
    default:
      return undefined;
  }
}
