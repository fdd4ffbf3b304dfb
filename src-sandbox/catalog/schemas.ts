import { z } from 'zod';
import { isValidUpcA } from '../../src-shared/upc';
import { CATALOG_CONTEXTS, CATALOG_STATUSES } from './model';

/** Request bodies of the catalog routes (spec §4.6); anything else is a 400 `{code, message}`. */

export const MAX_BATCH_ENTRIES = 1000;

const Status = z.enum(CATALOG_STATUSES);
const Context = z.enum(CATALOG_CONTEXTS);
const Id = z.guid('ids são uuids');
const Code = z.string().min(1).max(100);
/** A selling price: a positive amount of the store's currency. */
const Price = z.object({ value: z.number().positive('price.value deve ser maior que 0'), originalValue: z.number().positive().optional() });

const ContextModifier = z.object({
  catalogContext: Context,
  price: Price.optional(),
  status: Status.optional(),
  externalCode: Code.optional(),
});

export const NewCategory = z.object({
  name: z.string().trim().min(1).max(100),
  status: Status,
  template: z.string().min(1).max(50),
  externalCode: Code.optional(),
  index: z.number().int().min(0).optional(),
});

export const ItemUpsert = z.object({
  item: z.object({
    id: Id,
    type: z.string().min(1).max(50).default('DEFAULT'),
    categoryId: z.string().min(1),
    status: Status.default('AVAILABLE'),
    price: Price.optional(),
    externalCode: Code.optional(),
    index: z.number().int().min(0).optional(),
    productId: Id,
    contextModifiers: z.array(ContextModifier).max(CATALOG_CONTEXTS.length).default([]),
  }),
  products: z
    .array(
      z.object({
        id: Id,
        name: z.string().trim().min(1).max(200),
        description: z.string().max(2000).optional(),
        externalCode: Code.optional(),
        ean: z.string().refine(isValidUpcA, 'ean deve ser um UPC-A de 12 dígitos com dígito verificador válido').optional(),
        optionGroups: z
          .array(z.object({ id: Id, min: z.number().int().min(0), max: z.number().int().min(0) }).refine((g) => g.max >= g.min, 'max deve ser no mínimo min'))
          .default([]),
      }),
    )
    .max(500),
  optionGroups: z
    .array(
      z.object({
        id: Id,
        name: z.string().trim().min(1).max(200),
        status: Status.default('AVAILABLE'),
        optionGroupType: z.string().min(1).max(50).default('DEFAULT'),
        optionIds: z.array(Id).max(500),
      }),
    )
    .max(100)
    .default([]),
  options: z
    .array(
      z.object({
        id: Id,
        status: Status.default('AVAILABLE'),
        productId: Id,
        price: z.object({ value: z.number().min(0), originalValue: z.number().positive().optional() }),
        externalCode: Code.optional(),
        index: z.number().int().min(0).optional(),
        contextModifiers: z.array(ContextModifier).max(CATALOG_CONTEXTS.length).default([]),
      }),
    )
    .max(500)
    .default([]),
});
export type ItemUpsert = z.infer<typeof ItemUpsert>;

const byCatalog = <T extends z.ZodType>(key: string, value: T) => z.array(z.object({ [key]: value, catalogContext: Context })).max(CATALOG_CONTEXTS.length);

export const ItemPricePatch = z.object({ itemId: z.string(), price: Price.optional(), priceByCatalog: byCatalog('value', z.number().positive()).optional() });
export const ItemStatusPatch = z.object({ itemId: z.string(), status: Status.optional(), statusByCatalog: byCatalog('status', Status).optional() });
export const ItemCodePatch = z.object({ itemId: z.string(), externalCode: Code.optional(), externalCodeByCatalog: byCatalog('externalCode', Code).optional() });
export const OptionPricePatch = z.object({ optionId: z.string(), price: Price.optional(), priceByCatalog: byCatalog('value', z.number().min(0)).optional() });
export const OptionStatusPatch = z.object({ optionId: z.string(), status: Status.optional(), statusByCatalog: byCatalog('status', Status).optional() });
export const OptionCodePatch = z.object({
  optionId: z.string(),
  externalCode: Code.optional(),
  externalCodeByCatalog: byCatalog('externalCode', Code).optional(),
});

const productRef = {
  productId: z.string().min(1).optional(),
  externalCode: Code.optional(),
  resources: z.array(z.enum(['ITEM', 'OPTION'])).min(1),
};
const oneRef = (e: { productId?: string; externalCode?: string }) => (e.productId === undefined) !== (e.externalCode === undefined);
const REF_MESSAGE = 'cada entrada indica um produto por productId ou por externalCode (só um deles)';

export const ProductPriceBatch = z
  .array(z.object({ ...productRef, price: Price, catalogContext: Context.optional() }).refine(oneRef, REF_MESSAGE))
  .min(1)
  .max(MAX_BATCH_ENTRIES);
export const ProductStatusBatch = z
  .array(z.object({ ...productRef, status: Status }).refine(oneRef, REF_MESSAGE))
  .min(1)
  .max(MAX_BATCH_ENTRIES);

export const InventorySet = z.object({ productId: z.string().min(1), quantity: z.number().int().min(0) });
export const InventoryBatchDelete = z.object({ productIds: z.array(z.string().min(1)).min(1).max(MAX_BATCH_ENTRIES) });

export const CategoriesQuery = z.object({ include_items: z.enum(['true', 'false']).default('false') });
