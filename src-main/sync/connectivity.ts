import type { Connectivity, ConnectivityState } from '../../src-shared/ipc/contract';
import type { AppError } from '../../src-shared/errors';
import type { CallOutcome } from '../api/client';
import type { Clock } from '../base/clock';
import { Listeners } from '../base/listeners';
import { silentLogger, type Logger } from '../base/log';

/** Before the first answer from the API (and with no account open): connecting, nothing heard yet. */
export const NOT_HEARD_FROM: Connectivity = { state: 'connecting', lastSuccessAt: null, lastPollAt: null, reason: null };

/**
 * What the terminal knows of its link to the marketplace, from the outcome of every API call and
 * every event poll: online, degraded (5xx, 429), offline (no answer), unauthorized (sign in again).
 */
export class ConnectivityMonitor {
  private value: Connectivity = NOT_HEARD_FROM;
  private readonly listeners: Listeners<[Connectivity]>;
  private readonly reconnects: Listeners<[]>;

  constructor(
    private readonly clock: Clock,
    logger: Pick<Logger, 'warn'> = silentLogger,
  ) {
    this.listeners = new Listeners('connectivity', logger);
    this.reconnects = new Listeners('reconnect', logger);
  }

  get current(): Connectivity {
    return this.value;
  }

  onChange(listener: (value: Connectivity) => void): () => void {
    return this.listeners.add(listener);
  }

  /** Told each time the link comes back (online after any other state): work that waited can go now. */
  onReconnect(listener: () => void): () => void {
    return this.reconnects.add(listener);
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
    const back = next.state === 'online' && this.value.state !== 'online';
    this.value = next;
    // Every poll is pushed too, so the screen's "last poll" time stays true; other successful calls
    // only when they change something, so a busy client does not flood the renderer.
    if (changed || polledNow || firstContact) this.listeners.emit(next);
    if (back) this.reconnects.emit();
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
