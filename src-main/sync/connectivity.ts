import { PLATFORM_DISCONNECTS_AFTER_MS, type Connectivity, type ConnectivityState } from '../../src-shared/ipc/contract';
import type { AppError } from '../../src-shared/errors';
import type { CallOutcome } from '../api/client';
import type { Clock } from '../base/clock';
import { Listeners } from '../base/listeners';
import { silentLogger, type Logger } from '../base/log';

/** Before the first answer from the API (and with no account open): connecting, nothing heard yet. */
export const NOT_HEARD_FROM: Connectivity = { state: 'connecting', lastSuccessAt: null, lastPollAt: null, reason: null };

export { PLATFORM_DISCONNECTS_AFTER_MS };

/**
 * What the terminal knows of its link to the marketplace, from the outcome of every API call and
 * every event poll, said the way the platform sees the store:
 *
 * - `online`: the last poll was good, or nothing has failed since it;
 * - `degraded`: calls fail (no answer, 5xx, 429, a refresh that fails, ...) but the last good poll
 *   is under 30 s old: the platform still shows the store, the terminal is struggling to reach it;
 * - `offline`: something failed and no poll succeeded for 30 s, whatever the cause: the platform
 *   shows the store closed. Only a good poll ends it (another call that works does not reopen the
 *   store on the platform);
 * - `unauthorized`: the credential was refused (sign in again).
 *
 * The 30 s run on the injected clock: a timer at the mark turns a struggling terminal offline even
 * when the failing call is still waiting for its retry. It waits for a failure first: with every
 * call answering, a poll is on its way at the mark and turning offline then would only flicker.
 */
export class ConnectivityMonitor {
  private value: Connectivity = NOT_HEARD_FROM;
  private readonly listeners: Listeners<[Connectivity]>;
  private readonly reconnects: Listeners<[]>;
  /** Clock time of the last good poll (of this run, or the previous run's); null when none can be placed. */
  private lastGoodPoll: number | null = null;
  /** A poll failed since the last good one: another call that works says nothing of the polls. */
  private pollsFailing = false;
  private mark: AbortController | undefined;
  private stopped = false;

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

  /** Fed by the API client after every call (and every failed attempt). */
  record(outcome: CallOutcome): void {
    if (outcome.ok) this.answered();
    else if (outcome.error) this.failed(outcome.error);
  }

  /** Fed by the event poller after each successful poll. */
  polled(): void {
    const now = this.clock.now();
    this.lastGoodPoll = now;
    this.pollsFailing = false;
    this.disarm();
    const iso = new Date(now).toISOString();
    this.update('online', null, { lastSuccessAt: iso, lastPollAt: iso });
  }

  /**
   * Fed by the event poller when a poll round fails, whatever the error: an answer that breaks its
   * schema or a token that cannot be renewed leaves the store as unpolled as a cut cable.
   */
  pollFailed(error: AppError): void {
    if (error.code === 'aborted') return;
    this.pollsFailing = true;
    this.trouble(error);
  }

  /** Fed by the sync layer when a call fails (whatever sent it); errors about one request say nothing of the link. */
  failed(error: AppError): void {
    if (bearsOnLink(error)) this.trouble(error);
  }

  /**
   * The last successful poll of a previous run (kept in the database), so a restarted terminal shows
   * when it last heard from the marketplace instead of "never", and knows whether the platform still
   * shows the store. Pushes nothing: it is not news.
   */
  restoreLastPoll(iso: string): void {
    if (this.value.lastPollAt !== null) return;
    this.value = { ...this.value, lastPollAt: iso, lastSuccessAt: this.value.lastSuccessAt ?? iso };
    const at = Date.parse(iso);
    // A last poll after now means the clock was set back: it cannot say what the last 30 s were.
    if (this.lastGoodPoll === null && at <= this.clock.now()) this.lastGoodPoll = at;
  }

  /** Ends the 30 s timer (the session is closing). */
  stop(): void {
    this.stopped = true;
    this.disarm();
  }

  /** True when the platform no longer counts the store as connected: no good poll known in the last 30 s. */
  private platformGaveUp(now = this.clock.now()): boolean {
    return this.lastGoodPoll === null || now - this.lastGoodPoll >= PLATFORM_DISCONNECTS_AFTER_MS;
  }

  private trouble(error: AppError): void {
    const reason = error.toInfo();
    if (error.code === 'auth') {
      this.update('unauthorized', reason);
    } else if (this.platformGaveUp()) {
      this.disarm();
      this.update('offline', reason);
    } else {
      this.update('degraded', reason);
      this.arm();
    }
  }

  /** A call other than a poll was answered: the link works, but only a good poll reopens the store. */
  private answered(): void {
    const times = { lastSuccessAt: new Date(this.clock.now()).toISOString() };
    const { state, reason } = this.value;
    if (state === 'offline' || ((state === 'degraded' || state === 'unauthorized') && this.platformGaveUp())) {
      this.update('offline', reason, times);
    } else if (this.pollsFailing) {
      this.update(state, reason, times);
    } else {
      this.update('online', null, times);
    }
  }

  /** At the 30 s mark after the last good poll, a terminal still struggling is offline. */
  private arm(): void {
    if (this.mark || this.stopped || this.lastGoodPoll === null) return;
    const mark = new AbortController();
    this.mark = mark;
    const wait = this.lastGoodPoll + PLATFORM_DISCONNECTS_AFTER_MS - this.clock.now();
    this.clock.sleep(Math.max(0, wait), mark.signal).then(
      () => {
        if (this.mark !== mark) return;
        this.mark = undefined;
        if (this.value.state !== 'degraded') return;
        if (this.platformGaveUp()) this.update('offline', this.value.reason);
        else this.arm(); // a good poll moved the mark while the timer slept
      },
      () => {},
    );
  }

  private disarm(): void {
    this.mark?.abort();
    this.mark = undefined;
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

/** Whether an error says the platform cannot be reached (or refuses this terminal); 404, 409, 422... are about one request. */
function bearsOnLink(error: Pick<AppError, 'code'>): boolean {
  switch (error.code) {
    case 'auth':
    case 'connection':
    case 'timeout':
    case 'server':
    case 'rate-limit':
      return true;
    default:
      return false;
  }
}
