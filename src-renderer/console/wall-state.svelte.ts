import { SvelteSet } from 'svelte/reactivity';
import type { StoreGroup, Wall, WallStore } from '../../src-shared/console/console-api';
import type { Now } from '../lib/now.svelte';
import type { ConsoleClient, ConsoleFailure } from './console-client';
import { browserTimers, type Timers } from './timers';
import { filterCounts, indexWall, visibleStores, type GroupStores, type WallFilter } from './wall-view';

export type LiveState = 'connecting' | 'live' | 'lost';

/** A stream the browser gave up on (a refusal, not a cut) is opened again after this. */
export const REOPEN_AFTER_MS = 3_000;

/**
 * The status wall: read once, then heard live (Server-Sent Events, each change); its search, chip
 * and selection. Each wall sets the page's clock to the server's (`Now.follow(wall.at)`), so "how
 * long ago" and a pause's end count from the server's time. A broken stream says so and lets the
 * browser reconnect; `/api/me` then tells a cut from a session that ended.
 */
export class WallState {
  wall = $state.raw<Wall | null>(null);
  error = $state.raw<ConsoleFailure | null>(null);
  live = $state<LiveState>('connecting');
  search = $state('');
  filter = $state<WallFilter>('all');
  /** The chain's store groups (an area manager's own), for the wall's group filter. */
  groups = $state.raw<StoreGroup[]>([]);
  /** The group whose stores the wall shows; '' for every store. */
  group = $state('');
  readonly selected = new SvelteSet<string>();

  // A group that is gone (removed, or not read yet) filters nothing.
  readonly #group: GroupStores = $derived.by(() => {
    const chosen = this.groups.find((g) => g.id === this.group);
    // Built whole with each choice and never changed: no reactive set needed.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    return chosen ? new Set(chosen.stores) : null;
  });

  readonly #indexed = $derived(indexWall(this.wall?.stores ?? []));
  readonly visible: WallStore[] = $derived(visibleStores(this.#indexed, this.search, this.filter, this.#group));
  readonly counts = $derived(filterCounts(this.wall?.stores ?? [], this.#group));
  /** The selected stores the wall still shows (one the server stopped showing is not acted on). */
  readonly selectedStores: WallStore[] = $derived((this.wall?.stores ?? []).filter((s) => this.selected.has(s.storeId)));
  // Built whole with each wall and never changed: no reactive map needed.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #names = $derived(new Map((this.wall?.stores ?? []).map((s) => [s.storeId, s.name])));
  readonly allVisibleSelected = $derived(this.visible.length > 0 && this.visible.every((s) => this.selected.has(s.storeId)));

  #close: (() => void) | null = null;
  #reopen: unknown = null;
  #checking = false;

  constructor(
    private readonly client: ConsoleClient,
    private readonly now: Now,
    private readonly session: { ended(why: ConsoleFailure): void },
    private readonly timers: Timers = browserTimers,
  ) {}

  /** Reads the wall (and the store groups) and starts hearing it. */
  start(): void {
    this.now.start();
    this.#open();
    void this.client.groups().then((answer) => {
      // Without the groups the wall shows every store: no filter to offer, nothing to say.
      if (this.#close && answer.ok) this.groups = answer.value.groups;
    });
    void this.client.wall().then((answer) => {
      // Signed out meanwhile: the answer is nobody's now.
      if (!this.#close) return;
      if (answer.ok) this.#show(answer.value);
      else this.#failed(answer.error);
    });
  }

  stop(): void {
    this.#close?.();
    this.#close = null;
    if (this.#reopen !== null) this.timers.clearTimeout(this.#reopen);
    this.#reopen = null;
    this.now.stop();
    this.live = 'connecting';
    this.wall = null;
    this.error = null;
    this.selected.clear();
    this.groups = [];
    this.group = '';
  }

  /** A store's name by its id (its id when the wall does not show it). */
  name(storeId: string): string {
    return this.#names.get(storeId) ?? storeId;
  }

  toggle(storeId: string): void {
    if (this.selected.has(storeId)) this.selected.delete(storeId);
    else this.selected.add(storeId);
  }

  /** Selects every store on screen, or, when they all are, takes them off. */
  toggleVisible(): void {
    const all = this.allVisibleSelected;
    for (const store of this.visible) {
      if (all) this.selected.delete(store.storeId);
      else this.selected.add(store.storeId);
    }
  }

  #open(): void {
    this.#close = this.client.streamWall({
      wall: (wall) => this.#show(wall),
      open: () => (this.live = 'live'),
      trouble: (closed) => void this.#trouble(closed),
    });
  }

  #show(wall: Wall): void {
    // A read answered after a pushed wall is older than it: the newest wall stays.
    if (this.wall && Date.parse(wall.at) < Date.parse(this.wall.at)) return;
    this.wall = wall;
    this.error = null;
    this.live = 'live';
    this.now.follow(wall.at);
  }

  #failed(error: ConsoleFailure): void {
    if (error.kind === 'unauthenticated') this.session.ended(error);
    else this.error = error;
  }

  async #trouble(closed: boolean): Promise<void> {
    this.live = 'lost';
    if (this.#checking) return;
    this.#checking = true;
    const me = await this.client.me();
    this.#checking = false;
    if (!this.#close) return;
    if (!me.ok && me.error.kind === 'unauthenticated') {
      this.session.ended(me.error);
      return;
    }
    // Still signed in: a cut the browser retries by itself, or a stream it gave up on, opened again.
    if (closed && this.#reopen === null) {
      this.#close();
      this.#reopen = this.timers.setTimeout(() => {
        this.#reopen = null;
        if (this.#close) this.#open();
      }, REOPEN_AFTER_MS);
    }
  }
}
