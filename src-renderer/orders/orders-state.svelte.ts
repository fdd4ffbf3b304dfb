import { untrack } from 'svelte';
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import type { ErrorInfo } from '../../src-shared/errors';
import type { ActInput, BoardRow, CancellationReasons, OrderDetailView, OutboxEntry, PickupCodeCheck } from '../../src-shared/ipc/channels/orders';
import type { DeliveryCodeCheck, DriverQuoteView } from '../../src-shared/order-requests';
import type { Bridge, IpcResult } from '../../src-shared/ipc/contract';
import { Read } from '../lib/reads.svelte';
import type { Now } from '../lib/now.svelte';
import { availableActions, awaitsAnswer, callsForStaff, COLUMNS, groupByColumn, sameRows, type Column } from './board-logic';
import { TapGuard, type Tap } from './tap-guard';

/**
 * What the board tells the alerts about, one call per change the main process pushed (a change
 * that cancels 300 orders is one call with 300 rows): arrivals, cancellations staff did not ask
 * for, and requests of customers.
 */
export interface BoardAlerts {
  arrived(rows: BoardRow[]): void;
  cancelled(rows: BoardRow[]): void;
  /** Customers opened a dispute or asked for another address: the store must answer before it expires. */
  disputed(rows: BoardRow[]): void;
}

/** Where the drawer opens: at the top, or at the customer's request (the banner's "Responder"). */

/** The actions on a card's buttons, as one value that changes when a button does. */
const buttonsOf = (row: BoardRow, now: number): string => availableActions(row, now).join(' ');

/** A request the board had not seen on this order (a new dispute, a new address change). */
function isNewRequest(before: BoardRow | undefined, row: BoardRow): boolean {
  if (!row.request) return false;
  return !before?.request || before.request.kind !== row.request.kind || before.request.expiresAt !== row.request.expiresAt;
}

const deadlineOf = (row: BoardRow): number => (row.request?.expiresAt ? Date.parse(row.request.expiresAt) : Number.POSITIVE_INFINITY);

/**
 * Gives back the value it gave last while a new one is equal to it: a list rebuilt on every change
 * of the board, but the same, does not make what shows it look again.
 */
function keepingEqual<T>(same: (a: T, b: T) => boolean): (next: T) => T {
  let last: { value: T } | undefined;
  return (next) => {
    if (last && same(last.value, next)) return last.value;
    last = { value: next };
    return next;
  };
}

function sameCounts(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, n] of a) if (b.get(key) !== n) return false;
  return true;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const key of a) if (!b.has(key)) return false;
  return true;
}

/** The board regroups on this step of the clock (a scheduled order moves lanes at its start). */
const REGROUP_EVERY_MS = 15_000;

/**
 * The board of every store the terminal serves, as the main process pushes it: read once, then kept
 * current by `orders:changed` (nothing polls). A store filter narrows what is shown, never what
 * alerts. An order calls for staff (`needsAttention`) until it is confirmed, wherever that
 * happened, or opened here.
 */
export class OrdersState {
  /**
   * Every order on the board, by id. A plain map and one version for the whole (`#changed`), not a
   * reactive map: what reads the board reads all of it, and 2,000 signals, each read by every list
   * and count and checked again at every push, cost more than the lists themselves.
   */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #rows = new Map<string, BoardRow>();
  #version = $state(0);
  /** The read of the board: loading, loaded, its last failure. */
  readonly boardRead = new Read();
  #closedLeftOut = $state(0);
  /** Stores shown; empty shows every store. */
  readonly #shownStores = new SvelteSet<string>();
  /** Orders opened on this screen: they no longer call for staff. */
  readonly #opened = new SvelteSet<string>();
  /** Cancellations staff did not ask for, until dismissed. */
  readonly #cancelNotices = new SvelteMap<string, BoardRow>();
  #selectedId = $state<string | null>(null);
  #openings = $state(0);
  #detail = $state<OrderDetailView | null>(null);
  #detailError = $state<ErrorInfo | null>(null);
  readonly #actionErrors = new SvelteMap<string, ErrorInfo>();
  #subscribed = false;

  // Derived in the constructor: they read the screen clock, which the constructor is given.
  readonly #step: number;
  /** Every order on the board, as one array per change of it. */
  readonly #all: BoardRow[];
  readonly #shown: BoardRow[];
  /** The columns of the last grouping, given back where unchanged (groupByColumn). */
  #grouped: Record<Column, BoardRow[]> | undefined;
  readonly #groups: Record<Column, BoardRow[]>;
  readonly columns: Record<Column, BoardRow[]>;
  /** Every order that calls for staff, in every store (the filter does not hide them). */
  readonly attention: BoardRow[];
  /** New (not yet confirmed) orders per store, for the filter chips. */
  readonly newByStore: Map<string, number>;
  /** The stores with orders on the board. */
  readonly storesOnBoard: Set<string>;
  /** Orders waiting for confirmation, in every store (the Orders item counts them from every screen). */
  readonly waitingCount: number;
  /** Orders with a request open (answered or not, the clock aside): the few `requests` is read from. */
  readonly #asked: BoardRow[];
  /** Orders whose customer waits for the store's answer, in every store, the nearest deadline first. */
  readonly requests: BoardRow[];
  /** Which card's action takes a tap (a double tap does one thing). */
  readonly #taps: TapGuard;

  constructor(
    private readonly bridge: Bridge,
    private readonly now: Now,
    private readonly alerts: BoardAlerts = { arrived: () => {}, cancelled: () => {}, disputed: () => {} },
    taps: TapGuard = new TapGuard(),
  ) {
    this.#taps = taps;
    this.#step = $derived(Math.floor(now.value / REGROUP_EVERY_MS) * REGROUP_EVERY_MS);
    this.#all = $derived.by(() => {
      void this.#version;
      return [...this.#rows.values()];
    });
    this.#shown = $derived.by(() => {
      const all = this.#all;
      const stores = this.#shownStores;
      if (stores.size === 0) return all;
      // Once for the set, not once per row: a store shown or hidden changes its size.
      return untrack(() => all.filter((r) => r.merchantId !== null && stores.has(r.merchantId)));
    });
    this.#groups = $derived((this.#grouped = groupByColumn(this.#shown, this.#step, this.#grouped)));
    // A derived per column: a push that changes one column leaves what shows the others alone.
    const columns = {} as Record<Column, BoardRow[]>;
    for (const column of COLUMNS) {
      const rows = $derived(this.#groups[column]);
      Object.defineProperty(columns, column, { get: () => rows, enumerable: true });
    }
    this.columns = columns;
    const attention = keepingEqual<BoardRow[]>(sameRows);
    this.attention = $derived.by(() => {
      const all = this.#all;
      const step = this.#step;
      const opened = this.#opened;
      // Once for the set, not once per row (an order opened grows it; a request opens it anew).
      void opened.size;
      return attention(untrack(() => all.filter((r) => callsForStaff(r, step) && !opened.has(r.id))));
    });
    // Both are rebuilt whole on each change (never mutated after): plain collections suffice.
    const newByStore = keepingEqual<Map<string, number>>(sameCounts);
    this.newByStore = $derived.by(() => {
      // eslint-disable-next-line svelte/prefer-svelte-reactivity
      const counts = new Map<string, number>();
      for (const row of this.#all) if (row.status === 'PLACED' && row.merchantId) counts.set(row.merchantId, (counts.get(row.merchantId) ?? 0) + 1);
      return newByStore(counts);
    });
    const storesOnBoard = keepingEqual<Set<string>>(sameSet);
    this.storesOnBoard = $derived.by(() => {
      // eslint-disable-next-line svelte/prefer-svelte-reactivity
      const stores = new Set<string>();
      for (const row of this.#all) if (row.merchantId) stores.add(row.merchantId);
      return storesOnBoard(stores);
    });
    this.waitingCount = $derived.by(() => {
      let n = 0;
      for (const row of this.#all) if (row.status === 'PLACED') n++;
      return n;
    });
    const asked = keepingEqual<BoardRow[]>(sameRows);
    this.#asked = $derived(asked(this.#all.filter((r) => r.request !== null)));
    // Every second (a deadline passes), but over the few orders with a request.
    this.requests = $derived(this.#asked.filter((r) => awaitsAnswer(r, now.value)).sort((a, b) => deadlineOf(a) - deadlineOf(b)));
  }

  /** Every order on the board, whatever the store filter shows. */
  get all(): BoardRow[] {
    return this.#all;
  }
  row(orderId: string): BoardRow | undefined {
    void this.#version;
    return this.#rows.get(orderId);
  }
  get count(): number {
    void this.#version;
    return this.#rows.size;
  }
  /** Closed orders of the last hours the board left out (history has them). */
  get closedLeftOut(): number {
    return this.#closedLeftOut;
  }
  /** Calls for staff (a new order, a scheduled one due to start) and nobody has opened it here. */
  needsAttention(orderId: string): boolean {
    const row = this.row(orderId);
    return row !== undefined && !this.#opened.has(orderId) && callsForStaff(row, this.#step);
  }
  isStoreShown(merchantId: string): boolean {
    return this.#shownStores.size === 0 || this.#shownStores.has(merchantId);
  }
  get filtered(): boolean {
    return this.#shownStores.size > 0;
  }
  get cancelNotices(): BoardRow[] {
    return [...this.#cancelNotices.values()];
  }
  get selectedId(): string | null {
    return this.#selectedId;
  }
  /**
   * Counts `open()` calls: the drawer brings an open request's panel into view and focus at each
   * one, also when the order asked for was already open (a banner's "Responder" on it).
   */
  get openings(): number {
    return this.#openings;
  }
  get detail(): OrderDetailView | null {
    return this.#detail;
  }
  get detailError(): ErrorInfo | null {
    return this.#detailError;
  }
  /** The last action error of an order, shown on its card until the next try. */
  actionErrorOf(orderId: string): ErrorInfo | undefined {
    return this.#actionErrors.get(orderId);
  }

  /** Shows only this store's orders (again: every store). */
  toggleStore(merchantId: string): void {
    if (this.#shownStores.has(merchantId)) this.#shownStores.delete(merchantId);
    else this.#shownStores.add(merchantId);
  }
  showAllStores(): void {
    this.#shownStores.clear();
  }
  dismissCancel(orderId: string): void {
    this.#cancelNotices.delete(orderId);
  }
  /** Every cancellation notice at once (one tap after an outage, not 300). */
  dismissAllCancels(): void {
    this.#cancelNotices.clear();
  }

  async load(): Promise<void> {
    if (!this.#subscribed) {
      this.#subscribed = true;
      this.bridge.on('orders:changed', ({ rows, actions }) => this.apply(rows, actions));
    }
    const board = await this.boardRead.run(() => this.bridge['orders:board']({}));
    if (!board) return;
    this.#rows.clear();
    for (const row of board.rows) this.#rows.set(row.id, row);
    this.#version++;
    this.#closedLeftOut = board.closedLeftOut;
  }

  private apply(rows: BoardRow[], actions: OutboxEntry[]): void {
    const arrived: BoardRow[] = [];
    const cancelled: BoardRow[] = [];
    const asked: BoardRow[] = [];
    const now = this.now.read();
    if (rows.length > 0) this.#version++;
    for (const row of rows) {
      const before = this.#rows.get(row.id);
      this.#rows.set(row.id, row);
      // Another step, or none while one is on its way: a tap meant for the old button is not taken.
      if (before && buttonsOf(before, now) !== buttonsOf(row, now)) this.#taps.changed(row.id);
      if (!this.boardRead.loaded) continue;
      if (!before && (row.status === 'PLACED' || row.confirmedBy === 'auto')) arrived.push(row);
      if (before && before.status !== 'CANCELLED' && row.status === 'CANCELLED' && row.cancellation?.origin !== 'MERCHANT') {
        this.#cancelNotices.set(row.id, row);
        cancelled.push(row);
      } else if (this.#cancelNotices.has(row.id)) {
        // Its detail came after the event: the notice says who cancelled once the row knows.
        this.#cancelNotices.set(row.id, row);
      }
      if (isNewRequest(before, row)) {
        // Opened before the customer asked: it calls for staff again until opened anew.
        this.#opened.delete(row.id);
        asked.push(row);
      }
    }
    if (arrived.length > 0) this.alerts.arrived(arrived);
    if (cancelled.length > 0) this.alerts.cancelled(cancelled);
    if (asked.length > 0) this.alerts.disputed(asked);
    for (const action of actions) this.waitingHere(action);
    const open = this.#selectedId;
    if (open && (rows.some((r) => r.id === open) || actions.some((a) => a.orderId === open))) void this.refreshDetail();
  }

  /** Opens the order's drawer (on the customer's open request, when there is one: the drawer scrolls to it). */
  async open(orderId: string): Promise<void> {
    this.#openings++;
    this.#selectedId = orderId;
    this.#opened.add(orderId);
    this.#cancelNotices.delete(orderId);
    this.#detail = null;
    await this.refreshDetail();
  }

  close(): void {
    this.#selectedId = null;
    this.#detail = null;
    this.#detailError = null;
  }

  private async refreshDetail(): Promise<void> {
    const id = this.#selectedId;
    if (!id) return;
    const result = await this.bridge['orders:detail']({ orderId: id });
    if (this.#selectedId !== id) return;
    if (result.ok) {
      this.#detail = result.value;
      this.#detailError = null;
    } else {
      this.#detailError = result.error;
    }
  }

  /**
   * A tap on a card's action: not taken when it repeats the last tap on a card that just moved
   * under the finger or whose button just changed (tap-guard.ts); false when it was not taken.
   */
  tap(input: ActInput, tap: Tap): Promise<boolean> {
    if (!this.#taps.take(input.orderId, tap)) return Promise.resolve(false);
    return this.act(input);
  }

  /** The order's card moved on screen: a repeated tap waits until it stays put. */
  cardMoved(orderId: string): void {
    this.#taps.moved(orderId);
  }

  async act(input: ActInput): Promise<boolean> {
    this.#opened.add(input.orderId);
    this.#actionErrors.delete(input.orderId);
    const result = await this.bridge['orders:act'](input);
    if (!result.ok) {
      this.#actionErrors.set(input.orderId, result.error);
      return false;
    }
    this.waitingHere(result.value);
    return true;
  }

  /**
   * An entry of a screen of a chain's server (a negative id: the action is still on this screen, the
   * server has not taken it): a queued one is the card's pending action until the board is read
   * again (once the link is back, after it reached the server); a refused one is the card's error.
   */
  private waitingHere(entry: OutboxEntry): void {
    if (entry.id >= 0) return;
    const row = this.#rows.get(entry.orderId);
    if (entry.state === 'failed' && entry.reason) {
      this.#actionErrors.set(entry.orderId, entry.reason);
      if (row?.pendingAction?.id === entry.id) this.#put({ ...row, pendingAction: null });
      return;
    }
    if (row && entry.state === 'queued') this.#put({ ...row, pendingAction: { id: entry.id, action: entry.action, state: entry.state, reason: entry.reason } });
  }

  #put(row: BoardRow): void {
    this.#rows.set(row.id, row);
    this.#version++;
  }

  cancellationReasons(orderId: string): Promise<IpcResult<CancellationReasons>> {
    return this.bridge['orders:cancellationReasons']({ orderId });
  }

  checkPickupCode(orderId: string, code: string): Promise<IpcResult<PickupCodeCheck>> {
    return this.bridge['orders:validatePickupCode']({ orderId, code });
  }

  /** The customer's code at the door of an own delivery; a right one ends the delivery. */
  verifyDeliveryCode(orderId: string, code: string): Promise<IpcResult<DeliveryCodeCheck>> {
    return this.bridge['orders:verifyDeliveryCode']({ orderId, code });
  }

  /** A platform driver's price and time for an own delivery. */
  driverQuote(orderId: string): Promise<IpcResult<DriverQuoteView>> {
    return this.bridge['orders:driverQuote']({ orderId });
  }
}
