import type { CatalogState } from '../catalog/state';

/**
 * What a store sells right now, as the order factory needs it: the sellable items of its catalog
 * (DEFAULT context) with their available options. Orders are built from it, so an item paused in
 * the catalog stops appearing in new orders, and grocery lines carry the catalog's UPC-A eans.
 */
export interface MenuOption {
  id: string;
  name: string;
  unitPrice: number;
  /** Options of one group are alternatives: an order line takes at most one per group. */
  group: string;
}

export interface MenuItem {
  id: string;
  name: string;
  externalCode: string;
  ean?: string;
  unit: 'UN' | 'KG';
  unitPrice: number;
  options: MenuOption[];
}

export function menuFor(catalog: Pick<CatalogState, 'menuOf'>, merchantId: string): MenuItem[] {
  return catalog.menuOf(merchantId).map((entry) => ({
    id: entry.id,
    name: entry.name,
    externalCode: entry.externalCode ?? entry.id,
    ...(entry.ean ? { ean: entry.ean } : {}),
    unit: /\(kg\)/i.test(entry.name) ? 'KG' : 'UN',
    unitPrice: entry.price,
    options: entry.options.map((o) => ({ id: o.id, name: o.name, unitPrice: o.price, group: o.groupId })),
  }));
}
