import type { ErrorInfo } from '../../src-shared/errors';
import type { MenuComeback, MenuItemView, MenuOptionGroupView, MenuOptionView, MenuView } from '../../src-shared/ipc/channels/menu';
import type { StoreActionEntry } from '../../src-shared/ipc/channels/store-actions';
import type { Bridge, IpcResult } from '../../src-shared/ipc/contract';
import { KeyedReads } from '../lib/reads.svelte';
import type { StoreActionsState } from '../store-actions/store-actions-state.svelte';

export type MenuStatus = 'AVAILABLE' | 'UNAVAILABLE';

/** One line of the menu list: a category's header, or one of its items. */
export type MenuRow =
  { id: string; kind: 'category'; categoryId: string; name: string; status: string; count: number } | { id: string; kind: 'item'; item: MenuItemView };

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The rows to draw: every category with its items, or only the items whose name or code matches (accents aside). */
export function menuRows(menu: MenuView | undefined, query: string): MenuRow[] {
  if (!menu) return [];
  const q = fold(query.trim());
  const rows: MenuRow[] = [];
  for (const category of menu.categories) {
    const items = q ? category.items.filter((i) => fold(i.name).includes(q) || fold(i.externalCode ?? '').includes(q)) : category.items;
    if (q && items.length === 0) continue;
    rows.push({
      id: `c:${category.id}`,
      kind: 'category',
      categoryId: category.id,
      name: category.name,
      status: category.status,
      count: category.items.length,
    });
    for (const item of items) rows.push({ id: `i:${item.id}`, kind: 'item', item });
  }
  return rows;
}

const optionsKey = (merchantId: string, itemId: string): string => `${merchantId}\u0000${itemId}`;

/**
 * The menu of each store as last read, and changes to it. A change answers at once online, or waits
 * in the store outbox offline; either way the screen shows what was asked (the latest change of an
 * item that is queued or done wins over the menu as read), so a cook sees the dish paused at once.
 */
export class MenuState {
  readonly menus = new KeyedReads<MenuView>();
  /** Dishes sold out until tomorrow, by store: when each comes back. */
  readonly comebacks = new KeyedReads<MenuComeback[]>();
  /** A dish's add-ons, by store and dish (read when its add-ons dialog opens). */
  readonly #options = new KeyedReads<MenuOptionGroupView[]>();
  #lastError = $state<ErrorInfo | null>(null);

  constructor(
    private readonly bridge: Bridge,
    private readonly storeActions: Pick<StoreActionsState, 'remember' | 'all'>,
  ) {}

  get lastError(): ErrorInfo | null {
    return this.#lastError;
  }

  async load(merchantId: string): Promise<void> {
    await Promise.all([
      this.menus.load(
        merchantId,
        () => this.bridge['menu:catalog']({ merchantId }),
        (menu) => menu,
      ),
      this.comebacks.load(
        merchantId,
        () => this.bridge['menu:comebacks']({ merchantId }),
        (list) => list,
      ),
    ]);
  }

  /** Reads a dish's add-ons again (its dialog opened, or staff asked to retry). */
  loadOptions(merchantId: string, itemId: string): Promise<void> {
    return this.#options.load(
      optionsKey(merchantId, itemId),
      () => this.bridge['menu:itemOptions']({ merchantId, itemId }),
      (groups) => groups,
    );
  }
  optionsOf(merchantId: string, itemId: string): MenuOptionGroupView[] | undefined {
    return this.#options.of(optionsKey(merchantId, itemId));
  }
  optionsErrorOf(merchantId: string, itemId: string): ErrorInfo | undefined {
    return this.#options.errorOf(optionsKey(merchantId, itemId));
  }

  /** When this dish comes back by itself (sold out until tomorrow), if it does. */
  comebackOf(merchantId: string, itemId: string): MenuComeback | undefined {
    return this.comebacks.of(merchantId)?.find((c) => c.itemId === itemId);
  }

  async soldOutUntilTomorrow(merchantId: string, itemId: string): Promise<boolean> {
    const sold = await this.run(this.bridge['menu:soldOutUntilTomorrow']({ merchantId, itemId }), (value) => value.entry);
    if (!sold) return false;
    this.comebacks.set(merchantId, [...this.comebacksWithout(merchantId, itemId), sold.comeback]);
    return true;
  }

  private comebacksWithout(merchantId: string, itemId: string): MenuComeback[] {
    return (this.comebacks.of(merchantId) ?? []).filter((c) => c.itemId !== itemId);
  }

  /** The change asked last for this item or category, while it waits or once it reached the platform. */
  private lastChange(merchantId: string, kind: 'itemStatus' | 'categoryStatus' | 'itemPrice' | 'optionStatus', subject: string): StoreActionEntry | undefined {
    return this.storeActions.all(merchantId, [kind]).find((e) => e.subject === subject && (e.state === 'queued' || e.state === 'done'));
  }

  statusOf(merchantId: string, item: MenuItemView): { status: string; pending: boolean } {
    const own = this.lastChange(merchantId, 'itemStatus', item.id);
    const category = this.lastChange(merchantId, 'categoryStatus', item.categoryId);
    const latest = [own, category].filter((e): e is StoreActionEntry => e !== undefined).sort((a, b) => b.id - a.id)[0];
    if (!latest) return { status: item.status, pending: false };
    return { status: String(latest.summary.status ?? item.status), pending: latest.state === 'queued' };
  }

  /** An add-on's availability: the last change asked for it wins over the dish as read. */
  optionStatusOf(merchantId: string, option: MenuOptionView): { status: string; pending: boolean } {
    const change = this.lastChange(merchantId, 'optionStatus', option.id);
    return change ? { status: String(change.summary.status ?? option.status), pending: change.state === 'queued' } : { status: option.status, pending: false };
  }

  setOptionStatus(merchantId: string, optionId: string, status: MenuStatus): Promise<boolean> {
    return this.apply(this.bridge['menu:setOptionStatus']({ merchantId, optionId, status }));
  }

  priceOf(merchantId: string, item: MenuItemView): { price: number | null; pending: boolean } {
    const change = this.lastChange(merchantId, 'itemPrice', item.id);
    return change ? { price: Number(change.summary.price), pending: change.state === 'queued' } : { price: item.price, pending: false };
  }

  async setItemStatus(merchantId: string, itemId: string, status: MenuStatus): Promise<boolean> {
    const done = await this.apply(this.bridge['menu:setItemStatus']({ merchantId, itemId, status }));
    // A change by hand withdraws the dish's comeback (the main process did so).
    if (done && this.comebackOf(merchantId, itemId)) this.comebacks.set(merchantId, this.comebacksWithout(merchantId, itemId));
    return done;
  }

  setCategoryStatus(merchantId: string, categoryId: string, status: MenuStatus): Promise<boolean> {
    return this.apply(this.bridge['menu:setCategoryStatus']({ merchantId, categoryId, status }));
  }

  setItemPrice(merchantId: string, itemId: string, price: number): Promise<boolean> {
    return this.apply(this.bridge['menu:setItemPrice']({ merchantId, itemId, price }));
  }

  private async apply(call: Promise<IpcResult<StoreActionEntry>>): Promise<boolean> {
    return (await this.run(call, (entry) => entry)) !== undefined;
  }

  /** A change's call: its value, or undefined with `lastError` saying why. */
  private async run<T>(call: Promise<IpcResult<T>>, entryOf: (value: T) => StoreActionEntry): Promise<T | undefined> {
    this.#lastError = null;
    const result = await call;
    if (!result.ok) {
      this.#lastError = result.error;
      return undefined;
    }
    // Remembered whether done or queued: the screen shows the change either way.
    this.storeActions.remember(entryOf(result.value));
    return result.value;
  }
}
