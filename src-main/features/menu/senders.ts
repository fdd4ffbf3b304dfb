import type { CatalogApi } from '../../api/catalog';
import type { StoreActionSenders } from '../../sync/store-outbox';

/**
 * How menu changes reach the platform. Each is a setting, not an increment: sending it twice is
 * harmless. A category is paused or reopened item by item (the spec documents no category status
 * route): every item of it, read afresh when the change is sent.
 */
export function menuSenders(
  catalog: Pick<CatalogApi, 'updateItemStatus' | 'updateItemPrice' | 'updateOptionStatus' | 'listCategoryItems'>,
): StoreActionSenders {
  return {
    optionStatus: {
      send: (merchantId, { optionId, status }, signal) =>
        catalog.updateOptionStatus(merchantId, { optionId: String(optionId), status: String(status) }, { signal }),
    },
    itemStatus: {
      send: (merchantId, { itemId, status }, signal) => catalog.updateItemStatus(merchantId, { itemId: String(itemId), status: String(status) }, { signal }),
    },
    itemPrice: {
      send: (merchantId, { itemId, price }, signal) =>
        catalog.updateItemPrice(merchantId, { itemId: String(itemId), price: { value: Number(price) } }, { signal }),
    },
    categoryStatus: {
      send: async (merchantId, { categoryId, status }, signal) => {
        const items = await catalog.listCategoryItems(merchantId, String(categoryId), { signal });
        for (const flat of items) await catalog.updateItemStatus(merchantId, { itemId: flat.item.id, status: String(status) }, { signal });
        return { categoryId, status, items: items.length };
      },
    },
  };
}
