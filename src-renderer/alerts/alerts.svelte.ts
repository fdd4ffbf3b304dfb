import type { BoardRow } from '../../src-shared/ipc/channels/orders';
import type { Connectivity } from '../../src-shared/ipc/contract';
import type { AlertSettings } from '../../src-shared/settings';
import type { BoardAlerts } from '../orders/orders-state.svelte';
import { confirmMsLeft } from '../orders/board-logic';
import type { SoundKind, SoundPlayer } from './sounds';

/** Shows a system notification (the web Notification API: native in Electron, the browser's in the web shell). */
export interface Notifier {
  notify(title: string, body: string, tag: string): void;
}

/** A confirm deadline this close rings its own sound, once per order. */
export const DEADLINE_WARNING_MS = 2 * 60_000;

/** What the alerts read of the rest of the terminal. */
export interface AlertSources {
  settings: () => AlertSettings;
  /** Orders calling for staff now (every store, whatever the board's filter). */
  attention: () => BoardRow[];
  connectivity: () => Connectivity | null;
  /** Text for notifications, in the screen's language. */
  words: {
    newOrders(count: number): string;
    newOrder(row: BoardRow): string;
    cancelled(row: BoardRow): string;
    /** Why it was cancelled, in the screen's language where the reason has a code. */
    cancelReason(row: BoardRow): string;
    disputed(row: BoardRow): string;
    offline(): string;
  };
}

/**
 * Calls for attention until someone acts: a new order rings at once and again every few seconds
 * (a setting) while any order calls for staff; a cancellation staff did not ask for and a confirm
 * deadline under 2 minutes each have their own sound. An offline terminal rings at once and again
 * at the same pace until the link is back, muted or not: offline means the platform has closed the
 * store (the main process decides it: no good poll for 30 s). A mute undoes itself. `tick(now)`
 * runs every second (App drives it from the screen clock).
 */
export class Alerts implements BoardAlerts {
  #mutedUntil = $state<number | null>(null);
  #lastRing = 0;
  #lastOfflineRing: number | null = null;
  // Bookkeeping, not state: nothing on screen reads it.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #warned = new Set<string>();
  #now = 0;

  constructor(
    private readonly sources: AlertSources,
    private readonly play: SoundPlayer,
    private readonly notifier: Notifier,
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

  private ring(kind: SoundKind): void {
    if (this.#mutedUntil !== null && this.#now < this.#mutedUntil) return;
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

  cancelled(row: BoardRow): void {
    this.ring('cancelled');
    if (this.sources.settings().notifications) this.notifier.notify(this.sources.words.cancelled(row), this.sources.words.cancelReason(row), `cancel-${row.id}`);
  }

  disputed(row: BoardRow): void {
    this.ring('dispute');
    if (this.sources.settings().notifications) this.notifier.notify(this.sources.words.disputed(row), '', `dispute-${row.id}`);
  }

  /** One second of the alerts' clock. */
  tick(now: number): void {
    this.#now = now;
    if (this.#mutedUntil !== null && now >= this.#mutedUntil) this.#mutedUntil = null;
    const settings = this.sources.settings();
    const attention = this.sources.attention();
    if (attention.length > 0 && now - this.#lastRing >= settings.repeatSeconds * 1000) {
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
export type OfflineWhy = 'internet' | 'platform' | 'credentials';

export function offlineWhy(connectivity: Connectivity | null): OfflineWhy {
  if (connectivity?.state === 'unauthorized') return 'credentials';
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
