import type { ErrorInfo } from '../../src-shared/errors';
import type { Bridge } from '../../src-shared/ipc/contract';
import { offsetMinutes, storeTimeZone } from '../../src-shared/store-rules/time-zone';
import type { StoreDetail, StoreListItem } from '../../src-shared/wire/merchant';
import { Read } from '../lib/reads.svelte';
import type { SettingsState } from '../settings/settings-state.svelte';

/** The sections of the Store page. */
/** This machine's zone (the terminal stands in the store). */
const TERMINAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export const STORE_TABS = ['status', 'hours', 'checkin', 'details'] as const;
export type StoreTab = (typeof STORE_TABS)[number];

/** The stores the credential can see, the one this terminal works for, and their details. */
export class StoresState {
  #list = $state<StoreListItem[]>([]);
  /** The read of the list: loading, loaded, its last failure. */
  readonly listRead = new Read();
  #selectedId = $state<string | null>(null);
  #viewedId = $state<string | null>(null);
  #details = $state<Record<string, StoreDetail>>({});
  #detailErrors = $state<Record<string, ErrorInfo>>({});
  #tab = $state<StoreTab>('status');

  readonly current = $derived(this.#list.find((s) => s.id === this.#selectedId) ?? null);
  readonly viewed = $derived(this.#viewedId ? (this.#details[this.#viewedId] ?? null) : null);

  constructor(
    private readonly bridge: Bridge,
    private readonly settings: SettingsState,
  ) {
    settings.onChange((s) => {
      if (s.currentStoreId && s.currentStoreId !== this.#selectedId) this.#selectedId = s.currentStoreId;
    });
  }

  get list(): StoreListItem[] {
    return this.#list;
  }
  /** The store this terminal works for. */
  get selectedId(): string | null {
    return this.#selectedId;
  }
  /** The store whose detail is on screen (may differ from the selected one while browsing). */
  get viewedId(): string | null {
    return this.#viewedId;
  }
  detailOf(merchantId: string): StoreDetail | undefined {
    return this.#details[merchantId];
  }
  detailErrorOf(merchantId: string): ErrorInfo | undefined {
    return this.#detailErrors[merchantId];
  }
  /** The section of the Store page on screen (kept while other pages are open). */
  get tab(): StoreTab {
    return this.#tab;
  }

  showTab(tab: StoreTab): void {
    this.#tab = tab;
  }

  async load(): Promise<void> {
    const list = await this.listRead.run(() => this.bridge['stores:list']({}));
    if (!list) return;
    this.#list = list;
    this.#selectedId ??= this.settings.settings.currentStoreId;
    if (!this.#list.some((s) => s.id === this.#selectedId)) this.select(this.#list[0]?.id ?? null);
    await this.view(this.#viewedId ?? this.#selectedId);
    // Each store's time zone comes from its address: read the others in the background.
    if (this.#list.length > 1) void this.loadAllDetails();
  }

  /**
   * The store's time zone when it differs from this terminal's (a terminal serving stores in
   * several zones shows each order's times in its store's zone, named); undefined otherwise.
   */
  zoneOf(merchantId: string | null | undefined, atMs: number): string | undefined {
    const zone = merchantId ? storeTimeZone(this.#details[merchantId]?.address) : null;
    if (!zone) return undefined;
    return offsetMinutes(zone, atMs) === offsetMinutes(TERMINAL_ZONE, atMs) ? undefined : zone;
  }

  /** The store this terminal works for (remembered by the main process). */
  select(id: string | null): void {
    this.#selectedId = id;
    if (id !== this.settings.settings.currentStoreId) void this.settings.update({ currentStoreId: id });
  }

  async view(id: string | null): Promise<void> {
    this.#viewedId = id;
    if (!id) return;
    await this.fetchDetail(id);
  }

  /** Every store of the account, served or not (to choose the served ones). */
  async accountStores(): Promise<StoreListItem[] | undefined> {
    const result = await this.bridge['stores:list']({ all: true });
    return result.ok ? result.value : undefined;
  }

  /** Details of every listed store not read yet (the check-in sheet needs each store's type). */
  async loadAllDetails(): Promise<void> {
    await Promise.all(this.#list.filter((s) => !this.#details[s.id]).map((s) => this.fetchDetail(s.id)));
  }

  private async fetchDetail(id: string): Promise<void> {
    const result = await this.bridge['stores:detail']({ merchantId: id });
    if (result.ok) {
      this.#details[id] = result.value;
      delete this.#detailErrors[id];
    } else {
      this.#detailErrors[id] = result.error;
    }
  }
}
