import type { MenuCategoryView, MenuView } from '../../../src-shared/ipc/channels/menu';
import type { Catalog, Category } from '../../../src-shared/wire/catalog';
import type { CatalogApi } from '../../api/catalog';
import type { Clock } from '../../base/clock';
import { acceptedOrThrow, type StoreActionQueue } from '../../sync/store-action-queue';
import type { Handlers } from '../dispatcher';

type MenuChannel = 'menu:catalog' | 'menu:setItemStatus' | 'menu:setCategoryStatus' | 'menu:setItemPrice';

export interface MenuHandlerDeps {
  catalog: Pick<CatalogApi, 'listCategories' | 'listCatalogs' | 'unsellableItems'>;
  actions: Pick<StoreActionQueue, 'submit'>;
  clock: Clock;
}

/** The catalog customers order from: the one for the marketplace (`DEFAULT`), else the first. */
export function marketplaceCatalog(catalogs: readonly Catalog[]): Catalog | undefined {
  return catalogs.find((c) => c.context?.includes('DEFAULT')) ?? catalogs[0];
}

/** The categories with their items, each item with why customers cannot buy it (by item id). */
export function menuOf(categories: readonly Category[], restrictions: ReadonlyMap<string, string[]>): MenuCategoryView[] {
  return categories.map((category) => ({
    id: category.id,
    name: category.name,
    status: category.status,
    items: (category.items ?? []).map((item) => {
      const extra = item as { name?: unknown };
      return {
        id: item.id,
        categoryId: item.categoryId ?? category.id,
        name: typeof extra.name === 'string' && extra.name ? extra.name : (item.externalCode ?? item.id),
        status: item.status ?? 'AVAILABLE',
        price: item.price?.value ?? null,
        externalCode: item.externalCode ?? null,
        restrictions: restrictions.get(item.id) ?? [],
      };
    }),
  }));
}

function restrictionsOf(unsellable: readonly Record<string, unknown>[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const row of unsellable) {
    const reasons = Array.isArray(row.restrictions) ? row.restrictions.filter((r): r is string => typeof r === 'string') : [];
    if (typeof row.id === 'string') map.set(row.id, reasons);
  }
  return map;
}

/** The menu (spec §4.6): read on demand; availability and prices through the store outbox. */
export function menuHandlers(deps: MenuHandlerDeps): Pick<Handlers, MenuChannel> {
  const { catalog, actions, clock } = deps;
  return {
    'menu:catalog': async ({ merchantId }): Promise<MenuView> => {
      const signal = AbortSignal.timeout(20_000);
      const [categories, catalogs] = await Promise.all([catalog.listCategories(merchantId, { includeItems: true }, { signal }), catalog.listCatalogs(merchantId, { signal })]);
      const market = marketplaceCatalog(catalogs);
      const unsellable = market ? await catalog.unsellableItems(merchantId, market.catalogId, { signal }) : [];
      return { categories: menuOf(categories, restrictionsOf(unsellable)), fetchedAt: new Date(clock.now()).toISOString() };
    },
    'menu:setItemStatus': async ({ merchantId, itemId, status }) =>
      acceptedOrThrow(await actions.submit({ merchantId, kind: 'itemStatus', subject: itemId, payload: { itemId, status } })),
    'menu:setCategoryStatus': async ({ merchantId, categoryId, status }) =>
      acceptedOrThrow(await actions.submit({ merchantId, kind: 'categoryStatus', subject: categoryId, payload: { categoryId, status } })),
    'menu:setItemPrice': async ({ merchantId, itemId, price }) =>
      acceptedOrThrow(await actions.submit({ merchantId, kind: 'itemPrice', subject: itemId, payload: { itemId, price: Math.round(price * 100) / 100 } })),
  };
}

/**
 * How menu changes reach the platform. Each is a setting, not an increment: sending it twice is
 * harmless. A category is paused or reopened item by item (the spec documents no category status
 * route): every item of it, read afresh when the change is sent.
 */
export function registerMenuActions(queue: Pick<StoreActionQueue, 'register'>, catalog: Pick<CatalogApi, 'updateItemStatus' | 'updateItemPrice' | 'listCategoryItems'>): void {
  queue.register('itemStatus', {
    send: (merchantId, { itemId, status }, signal) => catalog.updateItemStatus(merchantId, { itemId: String(itemId), status: String(status) }, { signal }),
  });
  queue.register('itemPrice', {
    send: (merchantId, { itemId, price }, signal) => catalog.updateItemPrice(merchantId, { itemId: String(itemId), price: { value: Number(price) } }, { signal }),
  });
  queue.register('categoryStatus', {
    send: async (merchantId, { categoryId, status }, signal) => {
      const items = await catalog.listCategoryItems(merchantId, String(categoryId), { signal });
      for (const flat of items) await catalog.updateItemStatus(merchantId, { itemId: flat.item.id, status: String(status) }, { signal });
      return { categoryId, status, items: items.length };
    },
  });
}
