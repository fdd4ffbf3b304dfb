import { effective, type CatalogContext, type Item } from './model';
import type { StoreCatalog } from './store-catalog';

/**
 * Why an item cannot be sold in a catalog context (spec §2.6). The spec names the reasons only;
 * the sandbox reads them as follows (docs/sandbox-store.md):
 *   CATEGORY_PAUSED — the item's category is UNAVAILABLE;
 *   ITEM_PAUSED — the item's status in the context is UNAVAILABLE;
 *   ITEM_PRICE_MISSING — the item has no price in the context;
 *   OPTION_GROUP_WITHOUT_AVAILABLE_OPTIONS — a required group (min ≥ 1) of the item's product is
 *     paused or has no available option;
 *   OPTION_PAUSED — that group's options exist but are all paused (the options are named).
 * An item with any reason is unsellable; an item without is sellable. The two lists are disjoint.
 */

export const RESTRICTIONS = ['CATEGORY_PAUSED', 'ITEM_PAUSED', 'ITEM_PRICE_MISSING', 'OPTION_GROUP_WITHOUT_AVAILABLE_OPTIONS', 'OPTION_PAUSED'] as const;
export type Restriction = (typeof RESTRICTIONS)[number];

export interface BlockedGroup {
  id: string;
  name: string;
  restrictions: Restriction[];
  options: { id: string; name: string; restrictions: Restriction[] }[];
}

export interface ItemVerdict {
  restrictions: Restriction[];
  optionGroups: BlockedGroup[];
}

export function judgeItem(catalog: StoreCatalog, item: Item, context: CatalogContext): ItemVerdict {
  const reasons = new Set<Restriction>();
  if (catalog.categories.get(item.categoryId)?.status !== 'AVAILABLE') reasons.add('CATEGORY_PAUSED');
  if (effective(item, context, 'status') !== 'AVAILABLE') reasons.add('ITEM_PAUSED');
  const price = effective(item, context, 'price');
  if (!price || !(price.value > 0)) reasons.add('ITEM_PRICE_MISSING');
  const blocked: BlockedGroup[] = [];
  for (const ref of catalog.products.get(item.productId)?.optionGroups ?? []) {
    if (ref.min < 1) continue;
    const group = catalog.optionGroups.get(ref.id);
    const options = (group?.optionIds ?? []).map((id) => catalog.options.get(id)).filter((o) => o !== undefined);
    const available = options.filter((o) => effective(o, context, 'status') === 'AVAILABLE');
    if (group?.status === 'AVAILABLE' && available.length > 0) continue;
    const paused = options.filter((o) => effective(o, context, 'status') !== 'AVAILABLE');
    const groupReasons: Restriction[] = ['OPTION_GROUP_WITHOUT_AVAILABLE_OPTIONS'];
    reasons.add('OPTION_GROUP_WITHOUT_AVAILABLE_OPTIONS');
    if (group?.status === 'AVAILABLE' && paused.length > 0) {
      groupReasons.push('OPTION_PAUSED');
      reasons.add('OPTION_PAUSED');
    }
    blocked.push({
      id: ref.id,
      name: group?.name ?? '',
      restrictions: groupReasons,
      options: paused.map((o) => ({ id: o.id, name: catalog.products.get(o.productId)?.name ?? '', restrictions: ['OPTION_PAUSED'] })),
    });
  }
  return { restrictions: RESTRICTIONS.filter((r) => reasons.has(r)), optionGroups: blocked };
}
