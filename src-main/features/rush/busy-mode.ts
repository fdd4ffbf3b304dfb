import type { RushView } from '../../../src-shared/ipc/channels/rush';
import type { StoreSummary } from '../../../src-shared/ipc/channels/stores';
import type { Settings } from '../../../src-shared/settings';
import type { Logger } from '../../base/log';
import { pauseAction } from '../../sync/lever-actions';
import type { StoreOutbox } from '../../sync/store-outbox';

/** What a busy-mode pause says to the platform and to the staff reading the Store page. */
export const BUSY_PAUSE_DESCRIPTION = 'Modo movimento: loja lotada, pausa automática';

/** Among these stores, those with busy mode on, each with its pause's minutes (a terminal's settings, or a chain's table). */
export type BusyMinutes = (stores: readonly string[]) => ReadonlyMap<string, number> | Promise<ReadonlyMap<string, number>>;

/** A terminal's busy mode: its settings' stores (those it serves), all with the same minutes. */
export const busyMinutesOf =
  (settings: () => Pick<Settings, 'busyMode' | 'busyMinutes' | 'stores'>): BusyMinutes =>
  (stores) => {
    const { busyMode, busyMinutes, stores: served } = settings();
    return new Map(stores.filter((id) => busyMode.includes(id) && (served === 'all' || served.includes(id))).map((id) => [id, busyMinutes]));
  };

/**
 * How long a store must read below swamped after its busy pause before busy mode may pause it again:
 * a gauge letting go for a reading or two in a rush that goes on (a driver leaving, the next one
 * arriving) is the same rush, and a second pause would shut the store half an hour.
 */
export const CALM_TO_REARM_MS = 10 * 60_000;

export interface BusyModeOptions {
  busyMinutes: BusyMinutes;
  outbox: Pick<StoreOutbox, 'submit'>;
  logger: Logger;
}

/**
 * Busy mode (per store, off by default: a terminal's settings, a chain's table): a store the rush gauge calls swamped is paused for
 * `busyMinutes`, once, through the store outbox — only while the platform shows it open, so it never
 * stacks on a person's pause nor fights the platform's own closure, and it reopens by itself when its
 * pause ends (no resume is ever sent), not paused again until the gauge has let go of it for ten
 * minutes (CALM_TO_REARM_MS). The
 * idempotency key names the store and the window, so a restart, a second look in the same window or
 * a chain's other replica deciding at once makes no second pause (the outbox keeps one action a key).
 */
export class BusyMode {
  /** Each store's summary as the platform last showed it (the status monitor's pushes). */
  private readonly summaries = new Map<string, StoreSummary>();
  /**
   * Until when each store's own busy pause runs. Kept after it ends while the gauge still says
   * swamped: a rush that outlasts its pause (drivers waiting for orders made before it) gets no
   * second one, so the store reopens as promised; the next rush may pause it again.
   */
  private readonly pausedUntil = new Map<string, number>();
  /** Since when a store whose busy pause ended has read below swamped, without a swamped reading since. */
  private readonly calmSince = new Map<string, number>();

  constructor(private readonly options: BusyModeOptions) {}

  statusRead(merchantId: string, summary: StoreSummary): void {
    this.summaries.set(merchantId, summary);
  }

  /** Pauses each busy-mode store the view calls swamped; answers the stores it paused. */
  async look(view: RushView, now: number): Promise<string[]> {
    const paused: string[] = [];
    const swamped = new Set(view.stores.filter((s) => s.level === 'swamped').map((s) => s.merchantId));
    for (const [merchantId, until] of this.pausedUntil) {
      if (until > now) continue;
      const calm = this.calmSince.get(merchantId);
      if (calm !== undefined && now - calm >= CALM_TO_REARM_MS) {
        this.pausedUntil.delete(merchantId);
        this.calmSince.delete(merchantId);
      } else if (swamped.has(merchantId)) this.calmSince.delete(merchantId);
      else if (calm === undefined) this.calmSince.set(merchantId, now);
    }
    const busy = swamped.size > 0 ? await this.options.busyMinutes([...swamped]) : new Map<string, number>();
    for (const [merchantId, minutes] of busy) {
      const windowMs = minutes * 60_000;
      const summary = this.summaries.get(merchantId);
      if ((summary !== 'open' && summary !== 'warning') || this.pausedUntil.has(merchantId)) continue;
      this.pausedUntil.set(merchantId, now + windowMs);
      try {
        const action = pauseAction({ merchantId, description: BUSY_PAUSE_DESCRIPTION, end: new Date(now + windowMs).toISOString() }, now);
        await this.options.outbox.submit({ ...action, key: `busy:${merchantId}:${Math.floor(now / windowMs)}` });
        paused.push(merchantId);
      } catch (error) {
        this.options.logger.warn('busy mode: the pause was not queued', { merchantId, error: { message: (error as Error).message } });
      }
    }
    return paused;
  }
}
