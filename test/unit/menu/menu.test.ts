import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MenuView } from '../../../src-shared/ipc/channels/menu';
import type { ItemFlat } from '../../../src-shared/wire/catalog';
import { marketplaceCatalog, menuOf, optionGroupsOf } from '../../../src-main/features/menu/menu-view';
import { menuRows } from '../../../src-renderer/menu/menu-state.svelte';

const menu: MenuView = {
  fetchedAt: '2026-11-24T15:00:00.000Z',
  categories: [
    {
      id: 'c1',
      name: 'Massas',
      status: 'AVAILABLE',
      items: [
        { id: 'i1', categoryId: 'c1', name: 'Lasanha à bolonhesa', status: 'AVAILABLE', price: 49.9, externalCode: 'CV-MAS-01', restrictions: [] },
        { id: 'i2', categoryId: 'c1', name: 'Nhoque de batata', status: 'UNAVAILABLE', price: 42.5, externalCode: 'CV-MAS-03', restrictions: ['ITEM_PAUSED'] },
      ],
    },
    {
      id: 'c2',
      name: 'Bebidas',
      status: 'AVAILABLE',
      items: [{ id: 'i3', categoryId: 'c2', name: 'Suco de maçã', status: 'AVAILABLE', price: 9, externalCode: null, restrictions: [] }],
    },
  ],
};

describe('menu', () => {
  it('lists every category with its items, and a search keeps only matches, accents and case aside', () => {
    assert.deepEqual(
      menuRows(menu, '').map((r) => r.id),
      ['c:c1', 'i:i1', 'i:i2', 'c:c2', 'i:i3'],
    );
    assert.deepEqual(
      menuRows(menu, 'LASANHA A').map((r) => r.id),
      ['c:c1', 'i:i1'],
    );
    assert.deepEqual(
      menuRows(menu, 'maca').map((r) => r.id),
      ['c:c2', 'i:i3'],
    );
    assert.deepEqual(
      menuRows(menu, 'mas-03').map((r) => r.id),
      ['c:c1', 'i:i2'],
      'by the point-of-sale code too',
    );
    assert.deepEqual(menuRows(menu, 'pizza'), []);
    assert.deepEqual(menuRows(undefined, ''), []);
  });

  it("reads the platform's categories loosely, with each item's unsellable reasons", () => {
    const view = menuOf(
      [
        {
          id: 'c1',
          name: 'Massas',
          status: 'AVAILABLE',
          items: [
            { id: 'i1', status: 'UNAVAILABLE', price: { value: 10 }, name: 'Ravioli' },
            { id: 'i2', externalCode: 'X-2' },
          ],
        },
      ],
      new Map([['i1', ['ITEM_PAUSED']]]),
    );
    assert.deepEqual(view[0]?.items, [
      { id: 'i1', categoryId: 'c1', name: 'Ravioli', status: 'UNAVAILABLE', price: 10, externalCode: null, restrictions: ['ITEM_PAUSED'] },
      { id: 'i2', categoryId: 'c1', name: 'X-2', status: 'AVAILABLE', price: null, externalCode: 'X-2', restrictions: [] },
    ]);
  });

  it('picks the catalog customers order from: the marketplace one', () => {
    assert.equal(
      marketplaceCatalog([
        { catalogId: 'w', context: ['WHITELABEL'] },
        { catalogId: 'd', context: ['DEFAULT'] },
      ])?.catalogId,
      'd',
    );
    assert.equal(marketplaceCatalog([{ catalogId: 'w', context: ['WHITELABEL'] }])?.catalogId, 'w');
    assert.equal(marketplaceCatalog([]), undefined);
  });
});

describe("a dish's add-ons", () => {
  it('reads groups and options loosely from the flat item: names from products, unknown fields aside', () => {
    const flat = {
      item: { id: 'i1' },
      products: [{ id: 'p-sugo', name: 'Sugo' }, { id: 'p-pesto' }],
      optionGroups: [{ id: 'g1', name: 'Molho', optionIds: ['o1', 'o2', 'gone', 42] }, { id: 'g2' }],
      options: [
        { id: 'o1', productId: 'p-sugo', status: 'UNAVAILABLE', price: { value: 0 } },
        { id: 'o2', productId: 'p-pesto', externalCode: 'PESTO', price: { value: 'five' } },
      ],
    } as unknown as ItemFlat;
    assert.deepEqual(optionGroupsOf(flat), [
      {
        id: 'g1',
        name: 'Molho',
        options: [
          { id: 'o1', name: 'Sugo', status: 'UNAVAILABLE', price: 0 },
          { id: 'o2', name: 'PESTO', status: 'AVAILABLE', price: null },
        ],
      },
      { id: 'g2', name: 'g2', options: [] },
    ]);
  });
});
