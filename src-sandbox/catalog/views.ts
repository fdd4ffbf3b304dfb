import { effective, type CatalogContext, type CatalogOption, type Category, type Item, type OptionGroup, type Product } from './model';
import type { ItemVerdict } from './sellability';
import type { StoreCatalog } from './store-catalog';

/** Response shapes of the catalog routes, built from the store's records. */

const copy = <T>(value: T): T => structuredClone(value);

export function itemView(item: Item) {
  return copy(item);
}

export function categoryView(catalog: StoreCatalog, category: Category, includeItems: boolean) {
  const base = copy(category);
  if (!includeItems) return base;
  return {
    ...base,
    items: catalog.itemsOfCategory(category.id).map((item) => {
      const product = catalog.products.get(item.productId);
      return { ...itemView(item), name: product?.name ?? '', description: product?.description, ean: product?.ean };
    }),
  };
}

/** An item with its product, the product's option groups, their options and the options' products. */
export function flatView(catalog: StoreCatalog, item: Item) {
  const product = catalog.products.get(item.productId);
  const groups = (product?.optionGroups ?? []).map((ref) => catalog.optionGroups.get(ref.id)).filter((g): g is OptionGroup => g !== undefined);
  const options = groups.flatMap((g) => g.optionIds.map((id) => catalog.options.get(id))).filter((o): o is CatalogOption => o !== undefined);
  const products = [product, ...options.map((o) => catalog.products.get(o.productId))].filter((p): p is Product => p !== undefined);
  const uniqueProducts = [...new Map(products.map((p) => [p.id, p])).values()];
  return { item: itemView(item), products: copy(uniqueProducts), optionGroups: copy(groups), options: copy(options) };
}

export function sellableView(catalog: StoreCatalog, item: Item, context: CatalogContext) {
  const product = catalog.products.get(item.productId);
  return {
    id: item.id,
    categoryId: item.categoryId,
    productId: item.productId,
    name: product?.name ?? '',
    ean: product?.ean,
    externalCode: effective(item, context, 'externalCode'),
    status: effective(item, context, 'status'),
    price: copy(effective(item, context, 'price')),
  };
}

export function unsellableView(catalog: StoreCatalog, item: Item, verdict: ItemVerdict) {
  return {
    id: item.id,
    categoryId: item.categoryId,
    productId: item.productId,
    name: catalog.products.get(item.productId)?.name ?? '',
    restrictions: verdict.restrictions,
    optionGroups: verdict.optionGroups,
  };
}
