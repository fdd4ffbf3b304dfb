import { fail, SandboxError } from '../http/errors';
import type { Item } from './model';
import type { ItemUpsert } from './schemas';
import type { StoreCatalog } from './store-catalog';

/**
 * PUT /items (spec §4.6): creates a complete item, or updates the records whose ids already exist.
 * Every reference must resolve, in the body or in the store's catalog: the item's category and
 * product, each product's option groups, each group's options, each option's product. Nothing is
 * written unless everything checks out.
 */

function duplicates(ids: string[]): string | undefined {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

function check(catalog: StoreCatalog, body: ItemUpsert): void {
  for (const [name, list] of [
    ['products', body.products],
    ['optionGroups', body.optionGroups],
    ['options', body.options],
  ] as const) {
    const dup = duplicates(list.map((r) => r.id));
    if (dup) throw fail.badRequest(`${name} lista ${dup} duas vezes`);
  }
  if (!catalog.categories.has(body.item.categoryId)) throw fail.badRequest(`categoria ${body.item.categoryId} não encontrada`);
  const products = new Set([...catalog.products.keys(), ...body.products.map((p) => p.id)]);
  const groups = new Set([...catalog.optionGroups.keys(), ...body.optionGroups.map((g) => g.id)]);
  const options = new Set([...catalog.options.keys(), ...body.options.map((o) => o.id)]);
  if (!products.has(body.item.productId)) throw fail.badRequest(`item.productId ${body.item.productId} não está em products nem no catálogo`);
  for (const product of body.products) {
    for (const ref of product.optionGroups) if (!groups.has(ref.id)) throw fail.badRequest(`grupo de opções ${ref.id} do produto ${product.id} não encontrado`);
    if (product.ean) {
      const owner = catalog.productByEan(product.ean);
      if (owner && owner.id !== product.id) throw new SandboxError(409, 'Conflict', `o ean ${product.ean} já pertence ao produto ${owner.id}`);
    }
  }
  const eanDup = duplicates(body.products.flatMap((p) => (p.ean ? [p.ean] : [])));
  if (eanDup) throw fail.badRequest(`o ean ${eanDup} foi dado a dois produtos`);
  for (const group of body.optionGroups)
    for (const id of group.optionIds) if (!options.has(id)) throw fail.badRequest(`opção ${id} do grupo ${group.id} não encontrada`);
  for (const option of body.options)
    if (!products.has(option.productId)) throw fail.badRequest(`produto ${option.productId} da opção ${option.id} não encontrado`);
}

export function upsertItem(catalog: StoreCatalog, body: ItemUpsert): Item {
  check(catalog, body);
  for (const p of body.products) {
    catalog.products.set(p.id, {
      id: p.id,
      name: p.name,
      ...(p.description !== undefined ? { description: p.description } : {}),
      ...(p.externalCode !== undefined ? { externalCode: p.externalCode } : {}),
      ...(p.ean !== undefined ? { ean: p.ean } : {}),
      optionGroups: p.optionGroups,
    });
  }
  for (const g of body.optionGroups) catalog.optionGroups.set(g.id, { ...g });
  body.options.forEach((o, i) => {
    const index = o.index ?? catalog.options.get(o.id)?.index ?? i;
    catalog.options.set(o.id, { ...o, index, contextModifiers: o.contextModifiers });
  });
  const existing = catalog.items.get(body.item.id);
  const siblings = catalog.itemsOfCategory(body.item.categoryId).filter((i) => i.id !== body.item.id);
  const index = body.item.index ?? (existing?.categoryId === body.item.categoryId ? existing.index : Math.max(-1, ...siblings.map((i) => i.index)) + 1);
  const { price, externalCode, ...rest } = body.item;
  const item: Item = { ...rest, index, ...(price ? { price } : {}), ...(externalCode !== undefined ? { externalCode } : {}) };
  catalog.items.set(item.id, item);
  return item;
}
