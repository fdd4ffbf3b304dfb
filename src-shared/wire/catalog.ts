import { z } from 'zod';

/**
 * Wire shapes of the catalog module (spec §2.6, §4.6). The spec shows few inner shapes, so records
 * are read loosely: the fields it names are typed, anything else is kept as it came.
 */

const optStr = z.string().nullish();

export const Price = z.object({ value: z.number() });
export type Price = z.infer<typeof Price>;

/** `AVAILABLE` or `UNAVAILABLE` (kept open). */
export const CatalogStatus = z.string();

export const ContextModifier = z
  .object({
    /** e.g. `WHITELABEL`. */
    catalogContext: z.string(),
    price: Price.nullish(),
    status: optStr,
    externalCode: optStr,
  })
  .loose();

export const CatalogItem = z
  .object({
    id: z.string(),
    type: optStr,
    categoryId: optStr,
    status: optStr,
    price: Price.nullish(),
    externalCode: optStr,
    productId: optStr,
    contextModifiers: z.array(ContextModifier).nullish(),
  })
  .loose();
export type CatalogItem = z.infer<typeof CatalogItem>;

export const Product = z
  .object({
    id: z.string(),
    name: z.string(),
    description: optStr,
    externalCode: optStr,
  })
  .loose();
export type Product = z.infer<typeof Product>;

/** A catalog of the store: one per context (e.g. `DEFAULT`, `WHITELABEL`); fields beyond the id not shown by the spec. */
export const Catalog = z
  .object({
    catalogId: z.string(),
    context: z.array(z.string()).nullish(),
    status: optStr,
    modifiedAt: optStr,
  })
  .loose();
export type Catalog = z.infer<typeof Catalog>;

/** Option groups and options (add-ons): an option has an id; the rest is not shown by the spec. */
export const OptionGroup = z.object({ id: z.string() }).loose();
export const CatalogOption = z.object({ id: z.string() }).loose();

export const Category = z
  .object({
    id: z.string(),
    name: z.string(),
    status: CatalogStatus,
    template: optStr,
    /** With `include_items=true`. */
    items: z.array(CatalogItem).nullish(),
  })
  .loose();
export type Category = z.infer<typeof Category>;

export const NewCategory = z.object({ name: z.string(), status: z.string(), template: z.string() });
export type NewCategory = z.infer<typeof NewCategory>;

/** PUT /items: creates a complete item, or updates it when the ids already exist. */
export const ItemUpsert = z.object({
  item: z.object({ id: z.string() }).loose(),
  products: z.array(z.object({ id: z.string() }).loose()),
  optionGroups: z.array(z.object({ id: z.string() }).loose()).optional(),
  options: z.array(z.object({ id: z.string() }).loose()).optional(),
});
export type ItemUpsert = z.infer<typeof ItemUpsert>;

/** An item with its product, groups and options (GET /items/{itemId}/flat, and category items). */
export const ItemFlat = z
  .object({
    item: CatalogItem,
    products: z.array(Product).default([]),
    optionGroups: z.array(OptionGroup).default([]),
    options: z.array(CatalogOption).default([]),
  })
  .loose();
export type ItemFlat = z.infer<typeof ItemFlat>;

const ByCatalog = <T extends z.ZodType>(value: T, key: string) => z.array(z.object({ [key]: value, catalogContext: z.string() }));

/** Each patch sets the value for every catalog, per catalog context, or both. */
export const ItemPriceUpdate = z.object({
  itemId: z.string(),
  price: Price.optional(),
  priceByCatalog: z.array(z.object({ value: z.number(), catalogContext: z.string() })).optional(),
});
export const ItemStatusUpdate = z.object({
  itemId: z.string(),
  status: z.string().optional(),
  statusByCatalog: ByCatalog(z.string(), 'status').optional(),
});
export const ItemExternalCodeUpdate = z.object({
  itemId: z.string(),
  externalCode: z.string().optional(),
  externalCodeByCatalog: ByCatalog(z.string(), 'externalCode').optional(),
});
export const OptionPriceUpdate = z.object({
  optionId: z.string(),
  price: Price.optional(),
  priceByCatalog: z.array(z.object({ value: z.number(), catalogContext: z.string() })).optional(),
});
export const OptionStatusUpdate = z.object({
  optionId: z.string(),
  status: z.string().optional(),
  statusByCatalog: ByCatalog(z.string(), 'status').optional(),
});
export const OptionExternalCodeUpdate = z.object({
  optionId: z.string(),
  externalCode: z.string().optional(),
  externalCodeByCatalog: ByCatalog(z.string(), 'externalCode').optional(),
});
export type ItemPriceUpdate = z.infer<typeof ItemPriceUpdate>;
export type ItemStatusUpdate = z.infer<typeof ItemStatusUpdate>;
export type ItemExternalCodeUpdate = z.infer<typeof ItemExternalCodeUpdate>;
export type OptionPriceUpdate = z.infer<typeof OptionPriceUpdate>;
export type OptionStatusUpdate = z.infer<typeof OptionStatusUpdate>;
export type OptionExternalCodeUpdate = z.infer<typeof OptionExternalCodeUpdate>;

/** PATCH /products/price: by externalCode or productId; `resources` e.g. `ITEM`. */
export const ProductPriceUpdate = z.object({
  externalCode: z.string().optional(),
  productId: z.string().optional(),
  price: Price,
  resources: z.array(z.string()),
  catalogContext: z.string().optional(),
});
export const ProductStatusUpdate = z.object({
  externalCode: z.string().optional(),
  productId: z.string().optional(),
  status: z.string(),
  resources: z.array(z.string()),
});
export type ProductPriceUpdate = z.infer<typeof ProductPriceUpdate>;
export type ProductStatusUpdate = z.infer<typeof ProductStatusUpdate>;

export const BatchAccepted = z.object({ batchId: z.string(), url: z.string().nullish() });
export type BatchAccepted = z.infer<typeof BatchAccepted>;

export const Batch = z
  .object({
    batchId: optStr,
    /** Polled until `COMPLETED`. */
    batchStatus: z.string(),
    results: z.array(z.object({ resourceId: z.string(), result: z.string() }).loose()).default([]),
  })
  .loose();
export type Batch = z.infer<typeof Batch>;

export const Inventory = z.object({ productId: z.string(), quantity: z.number().int() });
export type Inventory = z.infer<typeof Inventory>;
export const InventoryBatchDelete = z.object({ productIds: z.array(z.string()) });
