import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judgeItem } from '../../../src-sandbox/catalog/sellability';
import { isValidUpcA, upcA, upcCheckDigit } from '../../../src-shared/upc';
import { seedCatalog } from '../../../src-sandbox/seed/catalog';
import { DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, seedStores } from '../../../src-sandbox/seed/stores';

describe('UPC-A', () => {
  it('computes and checks the check digit', () => {
    assert.equal(upcCheckDigit('03600029145'), 2); // the classic example: 036000291452
    assert.equal(isValidUpcA('036000291452'), true);
    assert.equal(isValidUpcA('036000291453'), false);
    assert.equal(isValidUpcA('36000291452'), false);
    assert.equal(isValidUpcA('03600029145a'), false);
    assert.equal(upcA('01234567890'), '012345678905');
    assert.throws(() => upcA('123'));
  });
});

describe('seeded catalogs', () => {
  it('give every product a unique valid UPC-A across all stores', () => {
    const eans = seedStores.flatMap((s) => [...seedCatalog(s.id).products.values()].map((p) => p.ean ?? ''));
    assert.ok(eans.every(isValidUpcA));
    assert.equal(new Set(eans).size, eans.length);
  });

  it('are stable: the same ids on every build', () => {
    const a = [...seedCatalog(DEMO_RESTAURANT_ID).items.keys()];
    const b = [...seedCatalog(DEMO_RESTAURANT_ID).items.keys()];
    assert.deepEqual(a, b);
  });
});

describe('sellability', () => {
  it('names every reason in the spec’s order and only blocks on required groups', () => {
    const catalog = seedCatalog(DEMO_PIZZERIA_ID);
    const margherita = [...catalog.items.values()].find((i) => catalog.products.get(i.productId)?.name === 'Pizza Margherita')!;
    // Its crust group is optional (min 0): pausing every crust does not block the pizza.
    const group = catalog.optionGroups.get(catalog.products.get(margherita.productId)!.optionGroups[0]!.id)!;
    for (const id of group.optionIds) catalog.options.get(id)!.status = 'UNAVAILABLE';
    assert.deepEqual(judgeItem(catalog, margherita, 'DEFAULT').restrictions, []);
    // Everything wrong at once.
    catalog.products.get(margherita.productId)!.optionGroups[0]!.min = 1;
    margherita.status = 'UNAVAILABLE';
    delete margherita.price;
    catalog.categories.get(margherita.categoryId)!.status = 'UNAVAILABLE';
    assert.deepEqual(judgeItem(catalog, margherita, 'DEFAULT').restrictions, [
      'CATEGORY_PAUSED',
      'ITEM_PAUSED',
      'ITEM_PRICE_MISSING',
      'OPTION_GROUP_WITHOUT_AVAILABLE_OPTIONS',
      'OPTION_PAUSED',
    ]);
    // A paused group has no available options, but no option is to blame.
    for (const id of group.optionIds) catalog.options.get(id)!.status = 'AVAILABLE';
    group.status = 'UNAVAILABLE';
    assert.deepEqual(judgeItem(catalog, margherita, 'DEFAULT').optionGroups[0]?.restrictions, ['OPTION_GROUP_WITHOUT_AVAILABLE_OPTIONS']);
  });

  it('reads status and price per context through the context modifiers', () => {
    const catalog = seedCatalog(DEMO_RESTAURANT_ID);
    const item = [...catalog.items.values()][0]!;
    item.contextModifiers.push({ catalogContext: 'WHITELABEL', status: 'UNAVAILABLE' });
    assert.deepEqual(judgeItem(catalog, item, 'DEFAULT').restrictions, []);
    assert.deepEqual(judgeItem(catalog, item, 'WHITELABEL').restrictions, ['ITEM_PAUSED']);
  });
});
