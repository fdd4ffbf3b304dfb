import { z } from 'zod';
import {
  Batch,
  BatchAccepted,
  Catalog,
  CatalogItem,
  Category,
  Inventory,
  ItemFlat,
  type ItemExternalCodeUpdate,
  type ItemPriceUpdate,
  type ItemStatusUpdate,
  type ItemUpsert,
  type NewCategory,
  type OptionExternalCodeUpdate,
  type OptionPriceUpdate,
  type OptionStatusUpdate,
  type ProductPriceUpdate,
  type ProductStatusUpdate,
} from '../../src-shared/wire/catalog';
import type { Clock } from '../base/clock';
import type { ApiCall, ApiClient, CallOptions } from './client';
import { waitForBatch, type BatchPollOptions } from './catalog-batch';

const seg = encodeURIComponent;

/** What an update route answers (not shown by the spec): kept as it came. */
const Update = z.unknown();
/** Item lists whose envelope the spec does not show: a bare array, or an object holding `items`. */
const ItemList = z.union([
  z.array(CatalogItem),
  z
    .object({ items: z.array(CatalogItem) })
    .loose()
    .transform((b) => b.items),
]);
const Loose = z.array(z.object({}).loose());
/** PUT /items answers "item": the item with its add-ons, or the bare item. */
const UpsertAnswer = z.union([ItemFlat, CatalogItem]);
const FlatList = z.union([
  z.array(ItemFlat),
  z
    .object({ items: z.array(ItemFlat) })
    .loose()
    .transform((b) => b.items),
]);
const LooseList = z.union([
  Loose,
  z
    .object({ items: Loose })
    .loose()
    .transform((b) => b.items),
]);

/**
 * Catalog module (spec §4.6), routes under `/catalog/v2.0/merchants/{merchantId}`; route names (and
 * rate-limit keys) are relative to that base. Price and status changes by product run as batches,
 * polled until COMPLETED (`catalog-batch.ts`).
 */
export class CatalogApi {
  constructor(
    private readonly client: ApiClient,
    private readonly clock: Clock,
  ) {}

  listCategories(merchantId: string, query: { includeItems?: boolean } = {}, options?: CallOptions): Promise<Category[]> {
    const call = this.call(merchantId, 'GET', 'GET /categories', '/categories', z.array(Category));
    return this.client.call({ ...call, ...(query.includeItems === undefined ? {} : { query: { include_items: query.includeItems } }) }, options);
  }

  createCategory(merchantId: string, category: NewCategory, options?: CallOptions): Promise<Category> {
    return this.client.call({ ...this.call(merchantId, 'POST', 'POST /categories', '/categories', Category), json: category }, options);
  }

  /** Creates a complete item, or updates it when the ids already exist; answers the item (with its add-ons). */
  upsertItem(merchantId: string, item: ItemUpsert, options?: CallOptions): Promise<ItemFlat | CatalogItem> {
    return this.client.call({ ...this.call(merchantId, 'PUT', 'PUT /items', '/items', UpsertAnswer), json: item, idempotent: true }, options);
  }

  /** Items of a category, each with its product, option groups and options. */
  listCategoryItems(merchantId: string, categoryId: string, options?: CallOptions): Promise<ItemFlat[]> {
    return this.client.call(this.call(merchantId, 'GET', 'GET /categories/{categoryId}/items', `/categories/${seg(categoryId)}/items`, FlatList), options);
  }

  /** The store's catalogs (one per context); their ids name the sellable and unsellable lists. */
  listCatalogs(merchantId: string, options?: CallOptions): Promise<Catalog[]> {
    return this.client.call(this.call(merchantId, 'GET', 'GET /catalogs', '/catalogs', z.array(Catalog)), options);
  }

  getItemFlat(merchantId: string, itemId: string, options?: CallOptions): Promise<ItemFlat> {
    return this.client.call(this.call(merchantId, 'GET', 'GET /items/{itemId}/flat', `/items/${seg(itemId)}/flat`, ItemFlat), options);
  }

  /** Active items available for sale. */
  sellableItems(merchantId: string, catalogId: string, options?: CallOptions): Promise<CatalogItem[]> {
    return this.client.call(
      this.call(merchantId, 'GET', 'GET /catalogs/{catalogId}/sellableItems', `/catalogs/${seg(catalogId)}/sellableItems`, ItemList),
      options,
    );
  }

  /** Blocked items with their restriction reasons (CATEGORY_PAUSED, ITEM_PAUSED, ...). */
  unsellableItems(merchantId: string, catalogId: string, options?: CallOptions): Promise<Record<string, unknown>[]> {
    return this.client.call(
      this.call(merchantId, 'GET', 'GET /catalogs/{catalogId}/unsellableItems', `/catalogs/${seg(catalogId)}/unsellableItems`, LooseList),
      options,
    );
  }

  updateItemPrice(merchantId: string, update: ItemPriceUpdate, options?: CallOptions): Promise<unknown> {
    return this.patch(merchantId, 'PATCH /items/price', '/items/price', update, options);
  }

  updateItemStatus(merchantId: string, update: ItemStatusUpdate, options?: CallOptions): Promise<unknown> {
    return this.patch(merchantId, 'PATCH /items/status', '/items/status', update, options);
  }

  updateItemExternalCode(merchantId: string, update: ItemExternalCodeUpdate, options?: CallOptions): Promise<unknown> {
    return this.patch(merchantId, 'PATCH /items/externalCode', '/items/externalCode', update, options);
  }

  updateOptionPrice(merchantId: string, update: OptionPriceUpdate, options?: CallOptions): Promise<unknown> {
    return this.patch(merchantId, 'PATCH /options/price', '/options/price', update, options);
  }

  updateOptionStatus(merchantId: string, update: OptionStatusUpdate, options?: CallOptions): Promise<unknown> {
    return this.patch(merchantId, 'PATCH /options/status', '/options/status', update, options);
  }

  updateOptionExternalCode(merchantId: string, update: OptionExternalCodeUpdate, options?: CallOptions): Promise<unknown> {
    return this.patch(merchantId, 'PATCH /options/externalCode', '/options/externalCode', update, options);
  }

  /** Prices by product, as a batch: poll it with `getBatch` or `waitForBatch`. */
  updateProductPrices(merchantId: string, updates: readonly ProductPriceUpdate[], options?: CallOptions): Promise<BatchAccepted> {
    return this.client.call({ ...this.call(merchantId, 'PATCH', 'PATCH /products/price', '/products/price', BatchAccepted), json: updates }, options);
  }

  updateProductStatuses(merchantId: string, updates: readonly ProductStatusUpdate[], options?: CallOptions): Promise<BatchAccepted> {
    return this.client.call({ ...this.call(merchantId, 'PATCH', 'PATCH /products/status', '/products/status', BatchAccepted), json: updates }, options);
  }

  getBatch(merchantId: string, batchId: string, options?: CallOptions): Promise<Batch> {
    return this.client.call(this.call(merchantId, 'GET', 'GET /batch/{batchId}', `/batch/${seg(batchId)}`, Batch), options);
  }

  /** Polls a batch until its status is COMPLETED. */
  waitForBatch(merchantId: string, batchId: string, options: BatchPollOptions & CallOptions = {}): Promise<Batch> {
    return waitForBatch((signal) => this.getBatch(merchantId, batchId, { ...options, ...(signal ? { signal } : {}) }), this.clock, options);
  }

  /** Sets the maximum sellable quantity of a product. */
  setInventory(merchantId: string, inventory: Inventory, options?: CallOptions): Promise<unknown> {
    return this.client.call({ ...this.call(merchantId, 'POST', 'POST /inventory', '/inventory', Update), json: inventory, idempotent: true }, options);
  }

  getInventory(merchantId: string, productId: string, options?: CallOptions): Promise<Inventory> {
    return this.client.call(this.call(merchantId, 'GET', 'GET /inventory/{productId}', `/inventory/${seg(productId)}`, Inventory), options);
  }

  /** Removes the inventory limit of these products. */
  deleteInventory(merchantId: string, productIds: readonly string[], options?: CallOptions): Promise<unknown> {
    return this.client.call(
      { ...this.call(merchantId, 'POST', 'POST /inventory/batchDelete', '/inventory/batchDelete', Update), json: { productIds }, idempotent: true },
      options,
    );
  }

  private patch(merchantId: string, route: string, path: string, body: unknown, options?: CallOptions): Promise<unknown> {
    // Setting a price, status or code to a value is idempotent.
    return this.client.call({ ...this.call(merchantId, 'PATCH', route, path, Update), json: body, idempotent: true }, options);
  }

  private call<T>(merchantId: string, method: ApiCall<T>['method'], route: string, path: string, schema: z.ZodType<T>): ApiCall<T> {
    return { module: 'catalog', method, route, path: `/catalog/v2.0/merchants/${seg(merchantId)}${path}`, merchantId, schema };
  }
}
