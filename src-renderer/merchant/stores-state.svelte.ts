import type { ErrorInfo } from '../../src-shared/errors';
import type { StoreDetail, StoreListItem } from '../../src-shared/wire/merchant';
import { bridge } from '../lib/bridge';

const SELECTED_KEY = 'store-terminal.selectedStore';

/** The sections of the Store page. */
export const STORE_TABS = ['status', 'hours', 'checkin', 'details'] as const;
export type StoreTab = (typeof STORE_TABS)[number];

function savedSelection(): string | null {
  try {
    return localStorage.getItem(SELECTED_KEY);
  } catch {
    return null;
  }
}

/** The stores the credential can see, the one this terminal works for, and their details. */
class StoresState {
  list = $state<StoreListItem[]>([]);
  loading = $state(false);
  loaded = $state(false);
  error = $state<ErrorInfo | null>(null);
  selectedId = $state<string | null>(savedSelection());
  /** The store whose detail is on screen (may differ from the selected one while browsing). */
  viewedId = $state<string | null>(null);
  details = $state<Record<string, StoreDetail>>({});
  detailErrors = $state<Record<string, ErrorInfo>>({});
  /** The section of the Store page on screen (kept while other pages are open). */
  tab = $state<StoreTab>('status');

  current = $derived(this.list.find((s) => s.id === this.selectedId) ?? null);
  viewed = $derived(this.viewedId ? (this.details[this.viewedId] ?? null) : null);

  async load(): Promise<void> {
    this.loading = true;
    const result = await bridge['stores:list']({});
    this.loading = false;
    if (!result.ok) {
      this.error = result.error;
      return;
    }
    this.error = null;
    this.list = result.value;
    this.loaded = true;
    if (!this.list.some((s) => s.id === this.selectedId)) this.select(this.list[0]?.id ?? null);
    await this.view(this.viewedId ?? this.selectedId);
  }

  select(id: string | null): void {
    this.selectedId = id;
    try {
      if (id) localStorage.setItem(SELECTED_KEY, id);
      else localStorage.removeItem(SELECTED_KEY);
    } catch {
      // selection lasts this session only
    }
  }

  async view(id: string | null): Promise<void> {
    this.viewedId = id;
    if (!id) return;
    await this.fetchDetail(id);
  }

  /** Details of every listed store not read yet (the check-in sheet needs each store's type). */
  async loadAllDetails(): Promise<void> {
    await Promise.all(this.list.filter((s) => !this.details[s.id]).map((s) => this.fetchDetail(s.id)));
  }

  private async fetchDetail(id: string): Promise<void> {
    const result = await bridge['stores:detail']({ merchantId: id });
    if (result.ok) {
      this.details[id] = result.value;
      delete this.detailErrors[id];
    } else {
      this.detailErrors[id] = result.error;
    }
  }
}

export const storesState = new StoresState();
