import type { MenuView } from '../../../src-shared/ipc/channels/menu';
import type { CatalogApi } from '../../api/catalog';
import type { MerchantApi } from '../../api/merchant';
import type { Clock } from '../../base/clock';
import type { Handlers } from '../../ipc/dispatcher';
import type { ScheduledActionsStorage } from '../../sync/scheduled-actions-storage';
import type { ScheduledStoreActions } from '../../sync/scheduled-store-actions';
import { acceptedOrThrow, type StoreOutbox } from '../../sync/store-outbox';
import { comebackOf, tomorrowsOpening } from './comeback';
import { marketplaceCatalog, menuOf, optionGroupsOf, restrictionsOf } from './menu-view';

/** The menu's channels: a terminal's (index.ts) and a chain's server's (chain.ts). */
export const MENU_CHANNELS = [
  'menu:catalog',
  'menu:setItemStatus',
  'menu:setCategoryStatus',
  'menu:setItemPrice',
  'menu:soldOutUntilTomorrow',
  'menu:comebacks',
  'menu:itemOptions',
  'menu:setOptionStatus',
] as const;
type MenuChannel = (typeof MENU_CHANNELS)[number];

export interface MenuHandlerDeps {
  catalog: Pick<CatalogApi, 'listCategories' | 'listCatalogs' | 'unsellableItems' | 'getItemFlat'>;
  actions: Pick<StoreOutbox, 'submit'>;
  clock: Clock;
  merchant: Pick<MerchantApi, 'getOpeningHours'>;
  scheduler: Pick<ScheduledStoreActions, 'schedule'>;
  /** The comebacks waiting (the store outbox's file keeps them; a chain's PostgreSQL). */
  scheduled: Pick<ScheduledActionsStorage, 'waiting' | 'cancelFor'>;
}

/** The menu (spec §4.6): read on demand; availability and prices through the store outbox. */
export function menuHandlers(deps: MenuHandlerDeps): Pick<Handlers, MenuChannel> {
  const { catalog, actions, clock, merchant, scheduler, scheduled } = deps;
  /** Changed by hand: a comeback planned for the dish no longer applies. */
  const withdrawComeback = async (merchantId: string, itemId: string) => {
    await scheduled.cancelFor(merchantId, 'itemStatus', itemId);
  };
  return {
    'menu:catalog': async ({ merchantId }): Promise<MenuView> => {
      const signal = AbortSignal.timeout(20_000);
      const [categories, catalogs] = await Promise.all([
        catalog.listCategories(merchantId, { includeItems: true }, { signal }),
        catalog.listCatalogs(merchantId, { signal }),
      ]);
      const market = marketplaceCatalog(catalogs);
      const unsellable = market ? await catalog.unsellableItems(merchantId, market.catalogId, { signal }) : [];
      return { categories: menuOf(categories, restrictionsOf(unsellable)), fetchedAt: new Date(clock.now()).toISOString() };
    },
    'menu:setItemStatus': async ({ merchantId, itemId, status }) => {
      await withdrawComeback(merchantId, itemId);
      return acceptedOrThrow(await actions.submit({ merchantId, kind: 'itemStatus', subject: itemId, payload: { itemId, status } }));
    },
    'menu:soldOutUntilTomorrow': async ({ merchantId, itemId }) => {
      await withdrawComeback(merchantId, itemId);
      const entry = acceptedOrThrow(await actions.submit({ merchantId, kind: 'itemStatus', subject: itemId, payload: { itemId, status: 'UNAVAILABLE' } }));
      const opening = await tomorrowsOpening(merchant, merchantId, clock.now());
      const record = await scheduler.schedule({
        merchantId,
        kind: 'itemStatus',
        subject: itemId,
        payload: { itemId, status: 'AVAILABLE', byHours: opening.byHours },
        dueMs: opening.at,
      });
      return { entry, comeback: comebackOf(record) };
    },
    'menu:comebacks': async ({ merchantId }) => (await scheduled.waiting(merchantId)).map(comebackOf),
    'menu:itemOptions': async ({ merchantId, itemId }) =>
      optionGroupsOf(await catalog.getItemFlat(merchantId, itemId, { signal: AbortSignal.timeout(10_000) })),
    'menu:setOptionStatus': async ({ merchantId, optionId, status }) =>
      acceptedOrThrow(await actions.submit({ merchantId, kind: 'optionStatus', subject: optionId, payload: { optionId, status } })),
    'menu:setCategoryStatus': async ({ merchantId, categoryId, status }) =>
      acceptedOrThrow(await actions.submit({ merchantId, kind: 'categoryStatus', subject: categoryId, payload: { categoryId, status } })),
    'menu:setItemPrice': async ({ merchantId, itemId, price }) =>
      acceptedOrThrow(await actions.submit({ merchantId, kind: 'itemPrice', subject: itemId, payload: { itemId, price: Math.round(price * 100) / 100 } })),
  };
}
