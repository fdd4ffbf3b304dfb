import type { MenuCategoryView, MenuComeback, MenuOptionGroupView, MenuView } from '../../../src-shared/ipc/channels/menu';
import { secondsUntilOpeningTomorrow, weekMomentOf } from '../../../src-shared/store-rules/opening-hours';
import type { MerchantApi } from '../../api/merchant';
import { payloadOf, type ScheduledActionRecord, type ScheduledActionsRepo } from '../../db/scheduled-actions-repo';
import type { ScheduledStoreActions } from '../../sync/scheduled-store-actions';
import type { Catalog, Category, ItemFlat } from '../../../src-shared/wire/catalog';
import type { CatalogApi } from '../../api/catalog';
import type { Clock } from '../../base/clock';
import { acceptedOrThrow, type StoreActionQueue } from '../../sync/store-action-queue';
import type { Handlers } from '../dispatcher';
import { ONLINE_BUDGET_MS } from './orders';

type MenuChannel =
  | 'menu:catalog'
  | 'menu:setItemStatus'
  | 'menu:setCategoryStatus'
  | 'menu:setItemPrice'
  | 'menu:soldOutUntilTomorrow'
  | 'menu:comebacks'
  | 'menu:itemOptions'
  | 'menu:setOptionStatus';

export interface MenuHandlerDeps {
  catalog: Pick<CatalogApi, 'listCategories' | 'listCatalogs' | 'unsellableItems' | 'getItemFlat'>;
  actions: Pick<StoreActionQueue, 'submit'>;
  clock: Clock;
  merchant: Pick<MerchantApi, 'getOpeningHours'>;
  scheduler: Pick<ScheduledStoreActions, 'schedule'>;
  scheduled: Pick<ScheduledActionsRepo, 'waiting' | 'cancelFor'>;
}

/**
 * When a dish sold out until tomorrow comes back: the store's first shift that starts tomorrow or
 * later, by its opening hours; when they cannot be read (offline) or hold no shift, midnight, when
 * the store is closed anyway.
 */
export async function tomorrowsOpening(merchant: Pick<MerchantApi, 'getOpeningHours'>, merchantId: string, now: number): Promise<{ at: number; byHours: boolean }> {
  try {
    const hours = await merchant.getOpeningHours(merchantId, { signal: AbortSignal.timeout(ONLINE_BUDGET_MS) });
    const seconds = secondsUntilOpeningTomorrow(hours.flatMap((h) => h.shifts), weekMomentOf(new Date(now)));
    if (seconds !== null) return { at: now + seconds * 1000, byHours: true };
  } catch {
    // Offline or refused: midnight below.
  }
  const today = new Date(now);
  return { at: new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1).getTime(), byHours: false };
}

const comebackOf = (r: ScheduledActionRecord): MenuComeback => ({
  id: r.id,
  itemId: r.subject ?? '',
  resumeAt: new Date(r.due_ms).toISOString(),
  byHours: payloadOf(r).byHours === true,
});

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

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * A dish's add-ons by group, read loosely from the flat item (the spec shows no fields of option
 * groups beyond their id): a group's name and option ids, an option's status and price, its name
 * from its product.
 */
export function optionGroupsOf(flat: ItemFlat): MenuOptionGroupView[] {
  const productName = new Map(flat.products.map((p) => [p.id, text((p as { name?: unknown }).name)]));
  const options = new Map(flat.options.map((o) => [o.id, o as Record<string, unknown>]));
  return flat.optionGroups.map((group) => {
    const g = group as Record<string, unknown>;
    const ids = Array.isArray(g.optionIds) ? g.optionIds.filter((id): id is string => typeof id === 'string') : [];
    return {
      id: group.id,
      name: text(g.name) ?? group.id,
      options: ids
        .map((id) => options.get(id))
        .filter((o): o is Record<string, unknown> => o !== undefined)
        .map((o) => {
          const price = (o.price as { value?: unknown } | undefined)?.value;
          return {
            id: String(o.id),
            name: productName.get(String(o.productId)) ?? text(o.externalCode) ?? String(o.id),
            status: text(o.status) ?? 'AVAILABLE',
            price: typeof price === 'number' ? price : null,
          };
        }),
    };
  });
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
  const { catalog, actions, clock, merchant, scheduler, scheduled } = deps;
  return {
    'menu:catalog': async ({ merchantId }): Promise<MenuView> => {
      const signal = AbortSignal.timeout(20_000);
      const [categories, catalogs] = await Promise.all([catalog.listCategories(merchantId, { includeItems: true }, { signal }), catalog.listCatalogs(merchantId, { signal })]);
      const market = marketplaceCatalog(catalogs);
      const unsellable = market ? await catalog.unsellableItems(merchantId, market.catalogId, { signal }) : [];
      return { categories: menuOf(categories, restrictionsOf(unsellable)), fetchedAt: new Date(clock.now()).toISOString() };
    },
    'menu:setItemStatus': async ({ merchantId, itemId, status }) => {
      // Changed by hand: a comeback planned for it no longer applies.
      scheduled.cancelFor(merchantId, 'itemStatus', itemId);
      return acceptedOrThrow(await actions.submit({ merchantId, kind: 'itemStatus', subject: itemId, payload: { itemId, status } }));
    },
    'menu:soldOutUntilTomorrow': async ({ merchantId, itemId }) => {
      scheduled.cancelFor(merchantId, 'itemStatus', itemId);
      const entry = acceptedOrThrow(await actions.submit({ merchantId, kind: 'itemStatus', subject: itemId, payload: { itemId, status: 'UNAVAILABLE' } }));
      const opening = await tomorrowsOpening(merchant, merchantId, clock.now());
      const record = scheduler.schedule({ merchantId, kind: 'itemStatus', subject: itemId, payload: { itemId, status: 'AVAILABLE', byHours: opening.byHours }, dueMs: opening.at });
      return { entry, comeback: comebackOf(record) };
    },
    'menu:comebacks': ({ merchantId }) => scheduled.waiting(merchantId).map(comebackOf),
    'menu:itemOptions': async ({ merchantId, itemId }) => optionGroupsOf(await catalog.getItemFlat(merchantId, itemId, { signal: AbortSignal.timeout(10_000) })),
    'menu:setOptionStatus': async ({ merchantId, optionId, status }) =>
      acceptedOrThrow(await actions.submit({ merchantId, kind: 'optionStatus', subject: optionId, payload: { optionId, status } })),
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
export function registerMenuActions(
  queue: Pick<StoreActionQueue, 'register'>,
  catalog: Pick<CatalogApi, 'updateItemStatus' | 'updateItemPrice' | 'updateOptionStatus' | 'listCategoryItems'>,
): void {
  queue.register('optionStatus', {
    send: (merchantId, { optionId, status }, signal) => catalog.updateOptionStatus(merchantId, { optionId: String(optionId), status: String(status) }, { signal }),
  });
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
