import type { StoreBusyMode, StorePage, Wall } from '../../src-shared/console/console-api';
import type { ConsoleClient, ConsoleFailure } from './console-client';
import { StoreTeamState } from './store-team-state.svelte';
import { browserTimers, type Timers } from './timers';

/** A store's page is read again this long after its last read, whatever the wall says. */
export const STORE_PAGE_REFRESH_MS = 10_000;

/**
 * A store's page while it is open: read when it opens, again when the wall's stream says the store's
 * row changed, and every 10 s besides (an event need not change the wall's counts). The read asked
 * last owns what is shown; closing the page drops any read still out.
 */
export class StorePageState {
  storeId = $state<string | null>(null);
  page = $state.raw<StorePage | null>(null);
  error = $state.raw<ConsoleFailure | null>(null);
  loading = $state(false);
  /** Busy mode being saved, and why the last save was refused (null: it went). */
  savingBusy = $state(false);
  busyError = $state.raw<ConsoleFailure | null>(null);
  /** The store's team and trail, read with the page. */
  readonly team: StoreTeamState;

  #ticket = 0;
  #timer: unknown = null;
  /** The store's wall row as last heard, to tell a change from another store's. */
  #row: string | null = null;

  constructor(
    private readonly client: ConsoleClient,
    private readonly session: { ended(why: ConsoleFailure): void; readonly csrfToken: string },
    private readonly timers: Timers = browserTimers,
  ) {
    this.team = new StoreTeamState(client, session);
  }

  /** Opens the page of `storeId` and reads it. */
  open(storeId: string): Promise<void> {
    this.close();
    this.storeId = storeId;
    return this.read();
  }

  /** Closes the page: its timer stops and a read still out is dropped. */
  close(): void {
    this.#ticket++;
    this.#stopTimer();
    this.storeId = null;
    this.page = null;
    this.error = null;
    this.loading = false;
    this.busyError = null;
    this.#row = null;
    this.team.close();
  }

  /** A wall was pushed: the page is read again when its store's row changed. */
  heard(wall: Wall): void {
    if (this.storeId === null) return;
    const row = wall.stores.find((s) => s.storeId === this.storeId);
    const key = row ? JSON.stringify(row) : null;
    if (key === this.#row) return;
    const first = this.#row === null;
    this.#row = key;
    if (!first && !this.loading) void this.read();
  }

  async read(): Promise<void> {
    const storeId = this.storeId;
    if (storeId === null) return;
    const ticket = ++this.#ticket;
    this.#stopTimer();
    this.loading = true;
    void this.team.read(storeId);
    const answer = await this.client.storePage(storeId);
    if (ticket !== this.#ticket) return;
    this.loading = false;
    if (!answer.ok && answer.error.kind === 'unauthenticated') return this.session.ended(answer.error);
    this.page = answer.ok ? answer.value : this.page;
    this.error = answer.ok ? null : answer.error;
    // A store that is not (or no longer) the session's is not shown nor asked again.
    if (!answer.ok && answer.error.kind === 'not-found') this.page = null;
    else this.#timer = this.timers.setTimeout(() => void this.read(), STORE_PAGE_REFRESH_MS);
  }

  /** Saves the store's busy mode; the page shows what the server kept. */
  async setBusyMode(mode: StoreBusyMode): Promise<void> {
    const storeId = this.storeId;
    if (storeId === null || this.savingBusy) return;
    this.savingBusy = true;
    const answer = await this.client.setBusyMode(storeId, mode, this.session.csrfToken);
    this.savingBusy = false;
    if (storeId !== this.storeId) return;
    if (!answer.ok && answer.error.kind === 'unauthenticated') return this.session.ended(answer.error);
    this.busyError = answer.ok ? null : answer.error;
    if (answer.ok && this.page) this.page = { ...this.page, busyMode: answer.value };
  }

  #stopTimer(): void {
    if (this.#timer !== null) this.timers.clearTimeout(this.#timer);
    this.#timer = null;
  }
}
