import { upcA } from '../../src-shared/upc';
import { CATALOG_CONTEXTS, type CatalogOption, type ContextModifier, type Item, type Product } from '../catalog/model';
import { StoreCatalog } from '../catalog/store-catalog';
import { stableUuid } from './ids';
import { seedMenus, type MenuItem } from './catalog-menus';
import { seedStores } from './stores';

/**
 * Builds each store's seeded catalog from seed/catalog-menus.ts. Ids are stable (derived from the
 * store and the external code), and every product gets a valid 12-digit UPC-A `ean`.
 */

const SEEDED_AT = '2024-01-15T12:00:00.000Z';

export function catalogId(storeId: string, context: string): string {
  return stableUuid(`catalog/${storeId}/${context}`);
}

function whitelabel(item: MenuItem): ContextModifier[] {
  if (!item.whitelabel) return [];
  return [
    {
      catalogContext: 'WHITELABEL',
      ...(item.whitelabel.price !== undefined ? { price: { value: item.whitelabel.price } } : {}),
      ...(item.whitelabel.status ? { status: item.whitelabel.status } : {}),
    },
  ];
}

/**
 * The catalog seeded for `storeId`: the menu of `menuOf` (itself by default; a chain's branch sells
 * its flagship's menu, with the same product codes and eans, as a chain's stores do).
 */
export function seedCatalog(storeId: string, menuOf: string = storeId): StoreCatalog {
  const catalog = new StoreCatalog();
  const storeIndex = seedStores.findIndex((s) => s.id === menuOf);
  let eanCounter = 0;
  const id = (kind: string, code: string) => stableUuid(`catalog/${storeId}/${kind}/${code}`);
  const addProduct = (code: string, name: string, description?: string): Product => {
    eanCounter += 1;
    const product: Product = {
      id: id('product', code),
      name,
      ...(description ? { description } : {}),
      externalCode: code,
      ean: upcA(`7${String(storeIndex + 1).padStart(2, '0')}${String(eanCounter).padStart(8, '0')}`),
      optionGroups: [],
    };
    catalog.products.set(product.id, product);
    return product;
  };

  catalog.catalogs = CATALOG_CONTEXTS.map((context) => ({
    catalogId: catalogId(storeId, context),
    context: [context],
    status: 'AVAILABLE',
    modifiedAt: SEEDED_AT,
  }));
  (seedMenus[menuOf] ?? []).forEach((menuCategory, categoryIndex) => {
    const categoryId = id('category', menuCategory.name);
    catalog.categories.set(categoryId, {
      id: categoryId,
      name: menuCategory.name,
      status: menuCategory.status ?? 'AVAILABLE',
      template: 'DEFAULT',
      index: categoryIndex,
    });
    menuCategory.items.forEach((menuItem, itemIndex) => {
      const product = addProduct(menuItem.code, menuItem.name, menuItem.description);
      for (const menuGroup of menuItem.groups ?? []) {
        const groupId = id('group', `${menuItem.code}/${menuGroup.name}`);
        const options: CatalogOption[] = menuGroup.options.map((o, optionIndex) => ({
          id: id('option', o.code),
          status: o.status ?? 'AVAILABLE',
          productId: addProduct(o.code, o.name).id,
          price: { value: o.price },
          externalCode: o.code,
          index: optionIndex,
          contextModifiers: [],
        }));
        for (const option of options) catalog.options.set(option.id, option);
        catalog.optionGroups.set(groupId, {
          id: groupId,
          name: menuGroup.name,
          status: 'AVAILABLE',
          optionGroupType: 'DEFAULT',
          optionIds: options.map((o) => o.id),
        });
        product.optionGroups.push({ id: groupId, min: menuGroup.min, max: menuGroup.max });
      }
      const item: Item = {
        id: id('item', menuItem.code),
        type: 'DEFAULT',
        categoryId,
        status: menuItem.status ?? 'AVAILABLE',
        ...(menuItem.price !== undefined ? { price: { value: menuItem.price } } : {}),
        externalCode: menuItem.code,
        index: itemIndex,
        productId: product.id,
        contextModifiers: whitelabel(menuItem),
      };
      catalog.items.set(item.id, item);
      if (menuItem.stock !== undefined) catalog.inventory.set(product.id, menuItem.stock);
    });
  });
  return catalog;
}
