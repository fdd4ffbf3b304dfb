import { AppError } from '../../../src-shared/errors';
import type { CatalogApi } from '../../api/catalog';
import type { StoreActionSenders } from '../../sync/store-outbox';

/**
 * How menu changes reach the platform. Each is a setting, not an increment: sending it twice is
 * harmless. A category is paused or reopened item by item (the spec documents no category status
 * route): every item of it, read afresh when the change is sent.
 */
export function menuSenders(
  catalog: Pick<CatalogApi, 'updateItemStatus' | 'updateItemPrice' | 'updateOptionStatus' | 'listCategoryItems' | 'updateProductStatuses' | 'waitForBatch'>,
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
    // By the product's external code, as item and add-on at once: the platform answers with a batch, followed to its end.
    productStatus: {
      send: async (merchantId, { externalCode, status }, signal) => {
        const code = String(externalCode);
        const accepted = await catalog.updateProductStatuses(merchantId, [{ externalCode: code, status: String(status), resources: ['ITEM', 'OPTION'] }], {
          signal,
        });
        const batch = await catalog.waitForBatch(merchantId, accepted.batchId, { signal });
        const failed = batch.results.find((r) => r.result !== 'SUCCESS');
        if (failed) {
          const kind = failed.result === 'NOT_FOUND' ? 'not-found' : 'validation';
          throw new AppError(
            kind,
            failed.result === 'NOT_FOUND' ? `No product with the code ${code} in this store's menu.` : `The platform refused it: ${failed.result}.`,
          );
        }
        return { externalCode: code, status, batchId: accepted.batchId };
      },
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
