import type { Batch, Catalog, CatalogOption, Category, Item, OptionGroup, Product } from './model';

/** One store's catalog: plain maps keyed by id, plus inventory limits and product batches. */
export class StoreCatalog {
  catalogs: Catalog[] = [];
  categories = new Map<string, Category>();
  items = new Map<string, Item>();
  products = new Map<string, Product>();
  optionGroups = new Map<string, OptionGroup>();
  options = new Map<string, CatalogOption>();
  /** productId → maximum sellable quantity; absent means no limit. */
  inventory = new Map<string, number>();
  batches = new Map<string, Batch>();

  itemsOfCategory(categoryId: string): Item[] {
    return [...this.items.values()].filter((i) => i.categoryId === categoryId).sort((a, b) => a.index - b.index);
  }

  productsByRef(ref: { productId?: string; externalCode?: string }): Product[] {
    if (ref.productId !== undefined) {
      const product = this.products.get(ref.productId);
      return product ? [product] : [];
    }
    return [...this.products.values()].filter((p) => p.externalCode !== undefined && p.externalCode === ref.externalCode);
  }

  productByEan(ean: string): Product | undefined {
    for (const product of this.products.values()) if (product.ean === ean) return product;
    return undefined;
  }

  nextCategoryIndex(): number {
    return Math.max(-1, ...[...this.categories.values()].map((c) => c.index)) + 1;
  }
}
