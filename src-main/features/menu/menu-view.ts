import type { MenuCategoryView, MenuOptionGroupView } from '../../../src-shared/ipc/channels/menu';
import type { Catalog, Category, ItemFlat } from '../../../src-shared/wire/catalog';

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

/** Why customers cannot buy each item of the marketplace catalog, by item id. */
export function restrictionsOf(unsellable: readonly Record<string, unknown>[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const row of unsellable) {
    const reasons = Array.isArray(row.restrictions) ? row.restrictions.filter((r): r is string => typeof r === 'string') : [];
    if (typeof row.id === 'string') map.set(row.id, reasons);
  }
  return map;
}
