import { isTransient } from '../../../src-shared/errors';
import type { KitchenCategories } from '../../../src-shared/ipc/channels/kitchen';
import type { Category } from '../../../src-shared/wire/catalog';
import type { CatalogApi } from '../../api/catalog';
import type { MerchantApi } from '../../api/merchant';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import { Loop } from '../../base/loop';
import type { OrdersDb } from '../../db/orders/orders-db';
import type { MenuEntry } from '../../db/orders/kitchen-repo';
import type { Service } from '../../feature-kit/feature';

export interface KitchenMenuOptions {
  db: OrdersDb;
  catalog: Pick<CatalogApi, 'listCategories'>;
  merchant: Pick<MerchantApi, 'listStores'>;
  /** The stores the terminal serves (the manager's choice), or all of the account's. */
  served: () => 'all' | readonly string[];
  clock: Clock;
  logger: Logger;
  /** The menu read changed which category an item is in: the tickets are split anew. */
  changed: () => void;
  /** Every served store's menu is read again this often (a dish moved to another category). */
  everyMs?: number;
  /** A store whose orders name an item the kitchen does not know is read again, at most this often. */
  retryMs?: number;
}

type Store = { id: string; name: string | null };

/** An item's name as the catalog lists it with its category (a field the spec leaves loose, as the menu screen reads it). */
const itemName = (item: object): string | null => {
  const name = (item as { name?: unknown }).name;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
};

/** The catalog's categories with the items each holds (an item's own categoryId wins, as the menu screen reads it). */
export function menuEntries(categories: readonly Category[]): { id: string; name: string; items: MenuEntry[] }[] {
  return categories.map((category) => ({
    id: category.id,
    name: category.name,
    items: (category.items ?? []).map((item) => ({
      itemId: item.id,
      externalCode: item.externalCode ?? null,
      categoryId: item.categoryId ?? category.id,
      name: itemName(item),
    })),
  }));
}

/**
 * Which category each dish is in, read from the catalog of every store the terminal serves and kept
 * in the order database: a station is a set of categories, and an order's items name only the
 * dish. Read at start and every half hour, sooner for a store whose orders name a dish it does not
 * know; a kitchen that restarts offline splits tickets with the last read.
 */
export class KitchenMenu implements Service {
  readonly #loop: Loop;
  readonly #wanted = new Set<string>();
  readonly #lastRead = new Map<string, number>();
  #lastRound = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: KitchenMenuOptions) {
    this.#loop = new Loop({ name: 'kitchen menu', clock: options.clock, logger: options.logger, tick: (signal) => this.round(signal) });
  }

  start(): void {
    this.#loop.start();
  }

  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** An order of this store names a dish of no known category: its menu is read soon (once per `retryMs`). */
  unknownItem(merchantId: string): void {
    const last = this.#lastRead.get(merchantId) ?? Number.NEGATIVE_INFINITY;
    if (this.#wanted.has(merchantId) || this.options.clock.now() - last < (this.options.retryMs ?? 5 * 60_000)) return;
    this.#wanted.add(merchantId);
    this.#loop.wake();
  }

  /** The categories a station can take (Settings): read now, or the last read when the platform cannot answer. */
  async categories(signal: AbortSignal): Promise<KitchenCategories> {
    let source: KitchenCategories['source'] = 'catalog';
    try {
      const stores = await this.servedStores(signal);
      for (const store of stores) await this.read(store, signal);
    } catch (error) {
      if (!isTransient(error)) throw error;
      source = 'saved';
    }
    const { db } = this.options;
    const [categories, items] = db.read(() => [db.kitchen.categories(), db.kitchen.menuItems()] as const);
    const dishes = new Map<string, { id: string; name: string }[]>();
    for (const item of items) {
      if (item.name === null) continue;
      const key = `${item.merchant_id}\u0000${item.category_id}`;
      dishes.set(key, [...(dishes.get(key) ?? []), { id: item.item_id, name: item.name }]);
    }
    const byStore = new Map<string, KitchenCategories['stores'][number]>();
    for (const c of categories) {
      const store = byStore.get(c.merchant_id) ?? { merchantId: c.merchant_id, name: c.store_name, categories: [] };
      store.categories.push({ id: c.category_id, name: c.name, items: dishes.get(`${c.merchant_id}\u0000${c.category_id}`) ?? [] });
      byStore.set(c.merchant_id, store);
    }
    return { stores: [...byStore.values()], source };
  }

  private async round(signal: AbortSignal): Promise<number> {
    const { clock, logger } = this.options;
    const everyMs = this.options.everyMs ?? 30 * 60_000;
    const stores: Store[] = [...this.#wanted].map((id) => ({ id, name: null }));
    this.#wanted.clear();
    if (clock.now() - this.#lastRound >= everyMs) {
      this.#lastRound = clock.now();
      try {
        stores.push(...(await this.servedStores(signal)));
      } catch (error) {
        logger.info('kitchen menu: stores not read, the last read splits the tickets', { error });
      }
    }
    let changed = false;
    for (const store of new Map(stores.map((s) => [s.id, s])).values()) {
      try {
        changed = (await this.read(store, signal)) || changed;
      } catch (error) {
        if (signal.aborted) throw error;
        logger.info('kitchen menu: a store menu not read', { merchantId: store.id, error });
      }
    }
    if (changed) this.options.changed();
    return Math.max(1_000, this.#lastRound + everyMs - clock.now());
  }

  private async servedStores(signal: AbortSignal): Promise<Store[]> {
    const served = this.options.served();
    const list = await this.options.merchant.listStores({}, { signal });
    const names = new Map(list.map((s) => [s.id, s.name]));
    return served === 'all' ? list.map((s) => ({ id: s.id, name: s.name })) : served.map((id) => ({ id, name: names.get(id) ?? null }));
  }

  /** Reads a store's categories and keeps them; true when an item changed category (or appeared). */
  private async read(store: Store, signal: AbortSignal): Promise<boolean> {
    const { db, catalog, clock } = this.options;
    this.#lastRead.set(store.id, clock.now());
    const entries = menuEntries(await catalog.listCategories(store.id, { includeItems: true }, { signal }));
    return db.write(() => {
      const before = db.kitchen.menuSignature(store.id);
      db.kitchen.replaceMenu(store.id, store.name, entries, clock.now());
      return db.kitchen.menuSignature(store.id) !== before;
    });
  }
}
