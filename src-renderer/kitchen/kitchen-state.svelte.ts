import { SvelteMap } from 'svelte/reactivity';
import type { ErrorInfo } from '../../src-shared/errors';
import { GENERAL_STATION_ID, KitchenSetup, type KitchenCategories, type KitchenSpeed, type KitchenTicket } from '../../src-shared/ipc/channels/kitchen';
import type { Bridge } from '../../src-shared/ipc/contract';
import { dayOf, dayRange } from '../../src-shared/local-day';
import type { Now } from '../lib/now.svelte';
import { Read } from '../lib/reads.svelte';
import { ticketsFor, type StationTicket, type StationView } from './kitchen-logic';
import { RepeatTapGuard } from './repeat-tap';

/** The kitchen's pages: what a paired screen of that kind starts on (or a terminal opens from Settings). */
export const KITCHEN_PAGES = ['kitchen', 'expo', 'pickup'] as const;
export type KitchenPage = (typeof KITCHEN_PAGES)[number];

/** What a display says after a recall found nothing, or a bump the main process refused. */
export type KitchenNotice = { kind: 'nothingToRecall' } | { kind: 'failed'; error: ErrorInfo };

/**
 * The kitchen's screens' state: the tickets as the main process pushes them (read once, then kept
 * by `kitchen:changed`: every screen of the store shows the same bumps), the setup, and this
 * screen's own choices (which screen, which station, the ticket the bump bar picked).
 */
export class KitchenState {
  readonly #tickets = new SvelteMap<string, KitchenTicket>();
  #setup = $state<KitchenSetup>(KitchenSetup.parse({}));
  readonly boardRead = new Read();
  readonly categoriesRead = new Read();
  #categories = $state<KitchenCategories | null>(null);
  #page = $state<KitchenPage | null>(null);
  #station = $state<StationView>(null);
  #selected = $state(0);
  #allDay = $state(true);
  #notice = $state<KitchenNotice | null>(null);
  #subscribed = false;
  #speed = $state.raw<KitchenSpeed | null>(null);
  #speedReading = false;
  #speedAgain = false;
  readonly #now: Now;
  readonly #taps: RepeatTapGuard;

  /** The tickets of the chosen station, oldest first, as the display numbers them. */
  readonly shown: StationTicket[];

  constructor(
    private readonly bridge: Bridge,
    now: Now,
    taps: RepeatTapGuard = new RepeatTapGuard(),
  ) {
    this.#taps = taps;
    this.#now = now;
    this.shown = $derived(ticketsFor(this.#tickets.values(), this.#station, now.value));
  }

  get tickets(): KitchenTicket[] {
    return [...this.#tickets.values()];
  }
  get setup(): KitchenSetup {
    return this.#setup;
  }
  get categories(): KitchenCategories | null {
    return this.#categories;
  }
  get page(): KitchenPage | null {
    return this.#page;
  }
  get station(): StationView {
    return this.#station;
  }
  /** The ticket the bump bar picked: its place among the shown ones (kept in range as tickets leave). */
  get selected(): number {
    return Math.min(this.#selected, Math.max(0, this.shown.length - 1));
  }
  get allDay(): boolean {
    return this.#allDay;
  }
  /** Each station's speed of service today (the store's day), or null before it was read. */
  get speed(): KitchenSpeed | null {
    return this.#speed;
  }
  get notice(): KitchenNotice | null {
    return this.#notice;
  }
  /** Why the tickets could not be read, while none ever was: the screens say so rather than "no orders". */
  get unread(): ErrorInfo | null {
    return this.boardRead.loaded ? null : this.boardRead.error;
  }

  /** Opens one of the kitchen's screens in this window (the lead's paired screens start on one). */
  open(page: KitchenPage): void {
    this.#page = page;
    this.#selected = 0;
    this.#notice = null;
    void this.load();
  }
  close(): void {
    this.#page = null;
  }
  showStation(view: StationView): void {
    this.#station = view;
    this.#selected = 0;
  }
  toggleAllDay(): void {
    this.#allDay = !this.#allDay;
  }
  select(index: number): void {
    if (index < this.shown.length) this.#selected = index;
  }
  dismissNotice(): void {
    this.#notice = null;
  }

  /**
   * The screen's link to its hub is back: what changed meanwhile (a cancellation, another screen's
   * bump) was not pushed here, so the tickets are read again, and a failure the lost link caused is
   * no longer news.
   */
  reconnected(): void {
    if (this.#notice?.kind === 'failed') this.#notice = null;
    if (this.#page) void this.load();
  }

  async load(): Promise<void> {
    if (!this.#subscribed) {
      this.#subscribed = true;
      this.bridge.on('kitchen:changed', ({ tickets, gone }) => {
        for (const id of gone) this.#tickets.delete(id);
        for (const ticket of tickets) this.#tickets.set(ticket.orderId, ticket);
        // A bump here or on another screen changes today's speed.
        if (this.#page === 'kitchen') void this.loadSpeed();
      });
      this.bridge.on('kitchen:setupChanged', (setup) => this.applySetup(setup));
    }
    const board = await this.boardRead.run(() => this.bridge['kitchen:board']({}));
    if (!board) return;
    this.#tickets.clear();
    for (const ticket of board.tickets) this.#tickets.set(ticket.orderId, ticket);
    this.applySetup(board.setup);
    if (this.#page === 'kitchen') void this.loadSpeed();
  }

  /**
   * Reads today's speed of service (the store's day, by the main process's clock). Reads asked while
   * one runs make one more read after it, never a pile of them in a rush of pushes.
   */
  async loadSpeed(): Promise<void> {
    if (this.#speedReading) {
      this.#speedAgain = true;
      return;
    }
    this.#speedReading = true;
    try {
      do {
        this.#speedAgain = false;
        const range = dayRange(dayOf(this.#now.read()));
        if (!range) return;
        const result = await this.bridge['kitchen:speed']({ from: range.from.toISOString(), to: range.to.toISOString() });
        // A failed read keeps the last line: the speed is a calm hint, never an alarm.
        if (result.ok) this.#speed = result.value;
      } while (this.#speedAgain);
    } finally {
      this.#speedReading = false;
    }
  }

  /** Marks a ticket priority or hold, or takes the mark off, for every screen of the store. */
  async mark(orderId: string, mark: 'priority' | 'hold' | 'none'): Promise<void> {
    const result = await this.bridge['kitchen:mark']({ orderId, mark });
    if (result.ok) {
      this.#tickets.set(orderId, result.value);
      this.#notice = null;
    } else {
      this.#notice = { kind: 'failed', error: result.error };
    }
  }

  /** Bumps an order's lines at the station shown (every station: the whole order), or one line. */
  async bump(orderId: string, itemKey?: string): Promise<void> {
    const result = await this.bridge['kitchen:bump']({ orderId, stationId: this.#station, ...(itemKey ? { itemKey } : {}) });
    if (result.ok) {
      this.#tickets.set(orderId, result.value.ticket);
      this.#notice = null;
    } else {
      this.#notice = { kind: 'failed', error: result.error };
    }
  }

  /** A finger's bump (of an order, or one line): a double tap bumps once (repeat-tap.ts). */
  async tap(orderId: string, place: { x: number; y: number } | null, itemKey?: string): Promise<void> {
    if (this.#taps.take(orderId, place)) await this.bump(orderId, itemKey);
  }

  /** The bump bar's Enter: bumps the picked ticket. */
  async bumpSelected(): Promise<void> {
    const picked = this.shown[this.selected];
    if (picked) await this.bump(picked.ticket.orderId);
  }

  /** Brings back the last bump of the station shown (of any station when all are shown). */
  async recall(): Promise<void> {
    const result = await this.bridge['kitchen:recall']({ stationId: this.#station });
    if (!result.ok) {
      this.#notice = { kind: 'failed', error: result.error };
      return;
    }
    const back = result.value.ticket;
    if (!back) {
      this.#notice = { kind: 'nothingToRecall' };
      return;
    }
    this.#tickets.set(back.orderId, back);
    this.#notice = null;
    const place = this.shown.findIndex((t) => t.ticket.orderId === back.orderId);
    if (place >= 0) this.#selected = place;
  }

  async loadCategories(): Promise<void> {
    const categories = await this.categoriesRead.run(() => this.bridge['kitchen:categories']({}));
    if (categories) this.#categories = categories;
  }

  /** Saves the setup; the error (a refused setup) is the answer. */
  async saveSetup(setup: KitchenSetup): Promise<ErrorInfo | null> {
    const result = await this.bridge['kitchen:saveSetup'](setup);
    if (!result.ok) return result.error;
    this.applySetup(result.value);
    return null;
  }

  private applySetup(setup: KitchenSetup): void {
    this.#setup = setup;
    // A station that was removed: the display falls back to every station.
    if (this.#station !== null && !setup.stations.some((s) => s.id === this.#station) && this.#station !== GENERAL_STATION_ID) this.#station = null;
  }
}
