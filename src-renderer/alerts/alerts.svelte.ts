import type { BoardRow } from '../../src-shared/ipc/channels/orders';
import type { LinkFailureReason } from '../../src-shared/ipc/channels/join';
import type { Connectivity } from '../../src-shared/ipc/contract';
import type { AlertSettings } from '../../src-shared/settings';
import type { BoardAlerts } from '../orders/orders-state.svelte';
import { confirmMsLeft, isDueToStart } from '../orders/board-logic';
import type { SoundKind, SoundPlayer } from './sounds';

/** Shows a system notification (the web Notification API: native in Electron, the browser's in the web shell). */
export interface Notifier {
  notify(title: string, body: string, tag: string): void;
}

/** A confirm deadline this close rings its own sound, once per order. */
export const DEADLINE_WARNING_MS = 2 * 60_000;

/**
 * Sounds of one kind this close together play once: 18 cancellations pushed at once, or 15
 * deadlines crossed in one second, are one sound, not a clipped blast. Longer than any sound
 * (sounds.ts: 1.4 s at most), shorter than the shortest repeat (3 s).
 */
export const TOGETHER_MS = 1_500;

/** The one sound a mute silences: the others say something must be done now. */
const MUTABLE: ReadonlySet<SoundKind> = new Set(['new']);

/** What the alerts read of the rest of the terminal. */
export interface AlertSources {
  settings: () => AlertSettings;
  /** Orders calling for staff now (every store, whatever the board's filter). */
  attention: () => BoardRow[];
  /** Orders whose customer waits for the store's answer (every store). */
  requests: () => BoardRow[];
  connectivity: () => Connectivity | null;
  /** Text for notifications, in the screen's language. */
  words: {
    newOrders(count: number): string;
    newOrder(row: BoardRow): string;
    cancelled(row: BoardRow): string;
    /** Several cancelled at once. */
    cancelledMany(count: number): string;
    /** Why it was cancelled, in the screen's language where the reason has a code. */
    cancelReason(row: BoardRow): string;
    disputed(row: BoardRow): string;
    /** Several customers asking at once. */
    disputedMany(count: number): string;
    offline(): string;
  };
}

/**
 * Calls for attention until someone acts: a new order rings at once and again every few seconds
 * (a setting) while any order calls for staff; a customer's request sounds its siren at once and
 * again until the store answers it; a cancellation staff did not ask for and a confirm deadline
 * under 2 minutes each have their own sound. An offline terminal rings at once and again at the
 * same pace until the link is back: offline means the platform has closed the store (the main
 * process decides it: no good poll for 30 s). Sounds of one kind that land together play once. A
 * mute silences the new-order chime only, and undoes itself. `tick(now)` runs every second (App
 * drives it from the screen clock).
 */
export class Alerts implements BoardAlerts {
  #mutedUntil = $state<number | null>(null);
  #lastRing = 0;
  #lastSiren = 0;
  #lastOfflineRing: number | null = null;
  // Bookkeeping, not state: nothing on screen reads it.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #warned = new Set<string>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #played = new Map<SoundKind, number>();
  #now = 0;
  #tickedAt = 0;

  /**
   * `elapsed` is a monotonic clock: between two ticks it says how far the alerts' clock has moved
   * (the screen clock steps by the second; sounds land together within milliseconds).
   */
  constructor(
    private readonly sources: AlertSources,
    private readonly play: SoundPlayer,
    private readonly notifier: Notifier,
    private readonly elapsed: () => number = () => performance.now(),
  ) {}

  /** Until when sounds are off, while they are. */
  get mutedUntil(): number | null {
    return this.#mutedUntil;
  }

  mute(now: number): void {
    this.#mutedUntil = now + this.sources.settings().muteMinutes * 60_000;
  }
  unmute(): void {
    this.#mutedUntil = null;
  }

  /** Plays a sound as the settings say (the Settings page's test button too). */
  test(kind: SoundKind): void {
    this.play(kind, this.sources.settings());
  }

  /** The alerts' clock: the last tick's time and what passed since. */
  private at(): number {
    return this.#now + (this.elapsed() - this.#tickedAt);
  }

  private ring(kind: SoundKind): void {
    const at = this.at();
    if (MUTABLE.has(kind) && this.#mutedUntil !== null && at < this.#mutedUntil) return;
    const last = this.#played.get(kind);
    if (last !== undefined && at - last >= 0 && at - last < TOGETHER_MS) return;
    this.#played.set(kind, at);
    this.play(kind, this.sources.settings());
  }

  arrived(rows: BoardRow[]): void {
    this.ring('new');
    this.#lastRing = this.#now;
    if (!this.sources.settings().notifications) return;
    const first = rows[0];
    if (rows.length === 1 && first) this.notifier.notify(this.sources.words.newOrder(first), '', `order-${first.id}`);
    else this.notifier.notify(this.sources.words.newOrders(rows.length), '', 'orders');
  }

  cancelled(rows: BoardRow[]): void {
    this.ring('cancelled');
    if (!this.sources.settings().notifications) return;
    const first = rows[0];
    if (rows.length === 1 && first) this.notifier.notify(this.sources.words.cancelled(first), this.sources.words.cancelReason(first), `cancel-${first.id}`);
    else this.notifier.notify(this.sources.words.cancelledMany(rows.length), '', 'cancelled');
  }

  disputed(rows: BoardRow[]): void {
    this.ring('dispute');
    this.#lastSiren = this.#now;
    if (!this.sources.settings().notifications) return;
    const first = rows[0];
    if (rows.length === 1 && first) this.notifier.notify(this.sources.words.disputed(first), '', `dispute-${first.id}`);
    else this.notifier.notify(this.sources.words.disputedMany(rows.length), '', 'disputes');
  }

  /** One second of the alerts' clock. */
  tick(now: number): void {
    this.#now = now;
    this.#tickedAt = this.elapsed();
    if (this.#mutedUntil !== null && now >= this.#mutedUntil) this.#mutedUntil = null;
    const settings = this.sources.settings();
    const repeat = settings.repeatSeconds * 1000;
    const attention = this.sources.attention();
    // The siren until the store answers (opening the order is not answering); the chime waits a
    // second when both are due, so two alarms never start together.
    let sirenNow = false;
    if (this.sources.requests().length > 0 && now - this.#lastSiren >= repeat) {
      this.ring('dispute');
      this.#lastSiren = now;
      sirenNow = true;
    }
    const waiting = attention.some((row) => row.status === 'PLACED' || isDueToStart(row, now));
    if (waiting && !sirenNow && now - this.#lastRing >= repeat) {
      this.ring('new');
      this.#lastRing = now;
    }
    for (const row of attention) {
      const left = confirmMsLeft(row, now);
      if (left !== undefined && left > 0 && left <= DEADLINE_WARNING_MS && !this.#warned.has(row.id)) {
        this.#warned.add(row.id);
        this.ring('deadline');
      }
    }
    const offline = isOffline(this.sources.connectivity());
    if (offline && (this.#lastOfflineRing === null || now - this.#lastOfflineRing >= settings.repeatSeconds * 1000)) {
      if (this.#lastOfflineRing === null && settings.notifications) this.notifier.notify(this.sources.words.offline(), '', 'offline');
      // Never muted: a mute is for the chime of orders staff already know about, and a closed
      // store gets no orders at all.
      this.play('offline', settings);
      this.#lastOfflineRing = now;
    }
    if (!offline) this.#lastOfflineRing = null;
  }
}

/**
 * The platform shows the store closed: no good poll for 30 s (offline), or a refused credential
 * that keeps every poll out (unauthorized). The banner, the alarm and the store's badge all say it.
 */
export function isOffline(connectivity: Connectivity | null): boolean {
  return connectivity?.state === 'offline' || connectivity?.state === 'unauthorized';
}

/** What a clerk can do about an outage: check the store's internet, wait for the platform, or sign in again. */
export type OfflineWhy = 'internet' | 'platform' | 'credentials' | 'server';

/** A chain's server's own trouble (its database, no replica polling): neither the store's internet nor the platform. */
const SERVER_TROUBLE: ReadonlySet<string> = new Set<LinkFailureReason>(['ServerStorage', 'NoReplicaPolling']);

export function offlineWhy(connectivity: Connectivity | null): OfflineWhy {
  if (connectivity?.state === 'unauthorized') return 'credentials';
  if (SERVER_TROUBLE.has(connectivity?.reason?.reason ?? '')) return 'server';
  const code = connectivity?.reason?.code;
  // No answer at all (or none in time) is most often the store's own link; an answer that says
  // "not now" (5xx, 429) or makes no sense comes from the platform.
  return code === undefined || code === 'connection' || code === 'timeout' ? 'internet' : 'platform';
}

/** When the terminal lost the platform (its last good poll), while it is offline; null when it is not or never polled. */
export function offlineSince(connectivity: Connectivity | null): number | null {
  if (!connectivity || !isOffline(connectivity)) return null;
  const last = connectivity.lastPollAt ?? connectivity.lastSuccessAt;
  return last ? Date.parse(last) : null;
}

/** The browser's notifications; asks for permission the first time one is wanted. */
export const webNotifier: Notifier = {
  notify(title, body, tag) {
    if (typeof Notification === 'undefined') return;
    const show = () => {
      try {
        new Notification(title, { body, tag });
      } catch {
        // notifications refused or unsupported: the sound and the banner still tell staff
      }
    };
    if (Notification.permission === 'granted') show();
    else if (Notification.permission === 'default') void Notification.requestPermission().then((p) => p === 'granted' && show());
  },
};
