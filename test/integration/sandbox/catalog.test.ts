import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Category, ItemFlat } from '../../../src-shared/wire/catalog';
import { isValidUpcA } from '../../../src-shared/upc';
import { DEMO_GROCERY_ID, DEMO_PIZZERIA_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { withSandbox } from '../../support/sandbox/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const C = (id: string) => `/catalog/v2.0/merchants/${id}`;

interface Unsellable {
  id: string;
  name: string;
  restrictions: string[];
  optionGroups: { id: string; restrictions: string[]; options: { id: string; restrictions: string[] }[] }[];
}

describe('sandbox catalog: categories, items, sellability (spec §2.6, §4.6)', () => {
  let sandbox: Sandbox;
  let demo: string;
  const send = (method: string, path: string, json?: unknown) => sandbox.http.send(method, path, { token: demo, json });
  const ok = async (method: string, path: string, json?: unknown, status = 200) => {
    const response = await send(method, path, json);
    assert.equal(response.status, status, `${method} ${path}: ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const expectError = (response: { status: number; body: unknown }, status: number) => {
    assert.equal(response.status, status, JSON.stringify(response.body));
    const body = response.body as { code: unknown; message: unknown };
    assert.equal(typeof body.code, 'string');
    assert.equal(typeof body.message, 'string');
  };
  const categories = async (merchantId = DEMO_RESTAURANT_ID) => Category.array().parse(await ok('GET', `${C(merchantId)}/categories?include_items=true`));
  const catalogIds = async (merchantId = DEMO_RESTAURANT_ID) => {
    const list = (await ok('GET', `${C(merchantId)}/catalogs`)) as { catalogId: string; context: string[] }[];
    const find = (context: string) => list.find((c) => c.context.includes(context))?.catalogId ?? '';
    return { DEFAULT: find('DEFAULT'), WHITELABEL: find('WHITELABEL') };
  };
  const sellable = async (catalogId: string, merchantId = DEMO_RESTAURANT_ID) =>
    (await ok('GET', `${C(merchantId)}/catalogs/${catalogId}/sellableItems`)) as { id: string; name: string; price: { value: number } }[];
  const unsellable = async (catalogId: string, merchantId = DEMO_RESTAURANT_ID) =>
    (await ok('GET', `${C(merchantId)}/catalogs/${catalogId}/unsellableItems`)) as Unsellable[];
  const itemNamed = async (name: string, merchantId = DEMO_RESTAURANT_ID) => {
    const item = (await categories(merchantId)).flatMap((c) => c.items ?? []).find((i) => i.name === name);
    assert.ok(item, `item ${name}`);
    return item as typeof item & { name: string };
  };

  before(async () => (sandbox = await withSandbox()));
  beforeEach(async () => {
    await sandbox.http.send('POST', '/_sandbox/reset');
    demo = await sandbox.http.token();
  });
  after(() => sandbox.close());

  it('seeds a catalog per store: categories, items with prices, products with valid 12-digit UPC-A eans', async () => {
    for (const id of [DEMO_RESTAURANT_ID, DEMO_GROCERY_ID, DEMO_PIZZERIA_ID]) {
      const list = await categories(id);
      assert.ok(list.length >= 3);
      const items = list.flatMap((c) => c.items ?? []) as { ean?: string; price?: { value: number } }[];
      assert.ok(items.length >= 6);
      for (const item of items) assert.ok(item.ean && isValidUpcA(item.ean), `ean ${item.ean}`);
    }
  });

  it('lists categories without items by default and with items for include_items=true; 400 for a bad flag', async () => {
    const plain = Category.array().parse(await ok('GET', `${C(DEMO_RESTAURANT_ID)}/categories`));
    assert.ok(plain.every((c) => c.items === undefined));
    const full = await categories();
    assert.ok(full.every((c) => Array.isArray(c.items)));
    expectError(await send('GET', `${C(DEMO_RESTAURANT_ID)}/categories?include_items=maybe`), 400);
  });

  it('creates a category (201 {id, name, status, template}) and refuses bad bodies and duplicate names', async () => {
    const created = (await ok('POST', `${C(DEMO_RESTAURANT_ID)}/categories`, { name: 'Saladas', status: 'AVAILABLE', template: 'DEFAULT' }, 201)) as Record<
      string,
      unknown
    >;
    assert.equal(created.name, 'Saladas');
    assert.equal(created.status, 'AVAILABLE');
    assert.equal(created.template, 'DEFAULT');
    assert.equal(typeof created.id, 'string');
    assert.ok((await categories()).some((c) => c.id === created.id));
    expectError(await send('POST', `${C(DEMO_RESTAURANT_ID)}/categories`, { name: 'saladas', status: 'AVAILABLE', template: 'DEFAULT' }), 409);
    for (const body of [
      {},
      { name: '', status: 'AVAILABLE', template: 'DEFAULT' },
      { name: 'X', status: 'OPEN', template: 'DEFAULT' },
      { name: 'X', status: 'AVAILABLE' },
      { name: 7, status: 'AVAILABLE', template: 'DEFAULT' },
    ]) {
      expectError(await send('POST', `${C(DEMO_RESTAURANT_ID)}/categories`, body), 400);
    }
  });

  it('creates a complete item with PUT /items, reads it flat and in its category, then updates it by id', async () => {
    const category = (await ok('POST', `${C(DEMO_RESTAURANT_ID)}/categories`, { name: 'Saladas', status: 'AVAILABLE', template: 'DEFAULT' }, 201)) as {
      id: string;
    };
    const ids = { item: randomUUID(), product: randomUUID(), dressingProduct: randomUUID(), group: randomUUID(), option: randomUUID() };
    const body = {
      item: {
        id: ids.item,
        type: 'DEFAULT',
        categoryId: category.id,
        status: 'AVAILABLE',
        price: { value: 29.9 },
        externalCode: 'SAL-01',
        productId: ids.product,
        contextModifiers: [{ catalogContext: 'WHITELABEL', price: { value: 27.9 } }],
      },
      products: [
        {
          id: ids.product,
          name: 'Salada Caesar',
          description: 'Alface, croutons, parmesão.',
          externalCode: 'SAL-01',
          ean: '012345678905',
          optionGroups: [{ id: ids.group, min: 1, max: 1 }],
        },
        { id: ids.dressingProduct, name: 'Molho caesar', externalCode: 'MOL-CAE' },
      ],
      optionGroups: [{ id: ids.group, name: 'Molho', status: 'AVAILABLE', optionIds: [ids.option] }],
      options: [{ id: ids.option, status: 'AVAILABLE', productId: ids.dressingProduct, price: { value: 0 }, externalCode: 'MOL-CAE' }],
    };
    const created = ItemFlat.parse(await ok('PUT', `${C(DEMO_RESTAURANT_ID)}/items`, body));
    assert.equal(created.item.id, ids.item);
    assert.equal(created.products.length, 2);
    assert.equal(created.optionGroups.length, 1);
    assert.equal(created.options.length, 1);
    const flat = ItemFlat.parse(await ok('GET', `${C(DEMO_RESTAURANT_ID)}/items/${ids.item}/flat`));
    assert.deepEqual(flat, created);
    const inCategory = ItemFlat.array().parse(await ok('GET', `${C(DEMO_RESTAURANT_ID)}/categories/${category.id}/items`));
    assert.deepEqual(
      inCategory.map((f) => f.item.id),
      [ids.item],
    );
    // Update: same ids, new price and name.
    const updated = ItemFlat.parse(
      await ok('PUT', `${C(DEMO_RESTAURANT_ID)}/items`, {
        ...body,
        item: { ...body.item, price: { value: 31.5 } },
        products: [{ ...body.products[0], name: 'Salada Caesar grande' }],
      }),
    );
    assert.equal(updated.item.price?.value, 31.5);
    assert.equal(updated.products.find((p) => p.id === ids.product)?.name, 'Salada Caesar grande');
    assert.equal(ItemFlat.array().parse(await ok('GET', `${C(DEMO_RESTAURANT_ID)}/categories/${category.id}/items`)).length, 1);
    // The new item sells in both catalogs, at its context price in WHITELABEL.
    const { DEFAULT, WHITELABEL } = await catalogIds();
    assert.equal((await sellable(DEFAULT)).find((i) => i.id === ids.item)?.price.value, 31.5);
    assert.equal((await sellable(WHITELABEL)).find((i) => i.id === ids.item)?.price.value, 27.9);
  });

  it('refuses PUT /items with unresolved references, bad ids, a bad ean or a taken ean', async () => {
    const category = (await categories())[0]!;
    const product = randomUUID();
    const base = { item: { id: randomUUID(), categoryId: category.id, productId: product, price: { value: 10 } }, products: [{ id: product, name: 'Test' }] };
    assert.equal((await send('PUT', `${C(DEMO_RESTAURANT_ID)}/items`, base)).status, 200);
    const cases: unknown[] = [
      { ...base, item: { ...base.item, categoryId: 'nope' } },
      { ...base, item: { ...base.item, productId: randomUUID() } },
      { ...base, item: { ...base.item, id: 'not-a-uuid' } },
      { ...base, item: { ...base.item, price: { value: -1 } } },
      { ...base, item: { ...base.item, status: 'PAUSED' } },
      { ...base, products: [{ id: product, name: 'Test', optionGroups: [{ id: randomUUID(), min: 1, max: 1 }] }] },
      { ...base, products: [{ id: product, name: 'Test', ean: '012345678901' }] },
      { ...base, products: [{ id: product, name: 'Test', ean: '12345' }] },
      { ...base, optionGroups: [{ id: randomUUID(), name: 'G', optionIds: [randomUUID()] }] },
      {
        ...base,
        products: [
          { id: product, name: 'Test' },
          { id: product, name: 'Again' },
        ],
      },
      { item: base.item },
      [],
    ];
    for (const body of cases) expectError(await send('PUT', `${C(DEMO_RESTAURANT_ID)}/items`, body), 400);
    const seededEan = String((await categories())[0]!.items![0]!.ean);
    expectError(await send('PUT', `${C(DEMO_RESTAURANT_ID)}/items`, { ...base, products: [{ id: product, name: 'Test', ean: seededEan }] }), 409);
  });

  it('answers 404 for an unknown item, category or catalog', async () => {
    expectError(await send('GET', `${C(DEMO_RESTAURANT_ID)}/items/${randomUUID()}/flat`), 404);
    expectError(await send('GET', `${C(DEMO_RESTAURANT_ID)}/categories/${randomUUID()}/items`), 404);
    expectError(await send('GET', `${C(DEMO_RESTAURANT_ID)}/catalogs/${randomUUID()}/sellableItems`), 404);
    expectError(await send('GET', `${C(DEMO_RESTAURANT_ID)}/catalogs/${randomUUID()}/unsellableItems`), 404);
    // A catalog of another store is unknown here.
    const grocery = await catalogIds(DEMO_GROCERY_ID);
    expectError(await send('GET', `${C(DEMO_RESTAURANT_ID)}/catalogs/${grocery.DEFAULT}/sellableItems`), 404);
  });

  it('splits items into sellable and unsellable with the restriction reasons', async () => {
    const { DEFAULT } = await catalogIds();
    const yes = await sellable(DEFAULT);
    const no = await unsellable(DEFAULT);
    assert.ok(yes.length > 0);
    const reasons = Object.fromEntries(no.map((u) => [u.name, u.restrictions]));
    assert.deepEqual(reasons['Pudim de leite'], ['ITEM_PAUSED']);
    assert.deepEqual(reasons['Torta do dia'], ['ITEM_PRICE_MISSING']);
    assert.deepEqual(reasons['Vinho tinto (taça)'], ['CATEGORY_PAUSED']);
    const ids = new Set(yes.map((i) => i.id));
    assert.ok(
      no.every((u) => !ids.has(u.id)),
      'the two lists are disjoint',
    );
    const total = (await categories()).flatMap((c) => c.items ?? []).length;
    assert.equal(yes.length + no.length, total);
    // A required group whose options are all paused blocks the item; the paused options are named.
    const pizzeria = await catalogIds(DEMO_PIZZERIA_ID);
    const chef = (await unsellable(pizzeria.DEFAULT, DEMO_PIZZERIA_ID)).find((u) => u.name === 'Pizza do chef');
    assert.deepEqual(chef?.restrictions, ['OPTION_GROUP_WITHOUT_AVAILABLE_OPTIONS', 'OPTION_PAUSED']);
    assert.equal(chef?.optionGroups[0]?.options.length, 2);
    assert.ok(chef?.optionGroups[0]?.options.every((o) => o.restrictions.includes('OPTION_PAUSED')));
  });

  it('follows status changes: pausing an item, a category, or every option of a required group', async () => {
    const { DEFAULT } = await catalogIds();
    const lasagna = await itemNamed('Lasanha à bolonhesa');
    await ok('PATCH', `${C(DEMO_RESTAURANT_ID)}/items/status`, { itemId: lasagna.id, status: 'UNAVAILABLE' });
    assert.deepEqual((await unsellable(DEFAULT)).find((u) => u.id === lasagna.id)?.restrictions, ['ITEM_PAUSED']);
    await ok('PATCH', `${C(DEMO_RESTAURANT_ID)}/items/status`, { itemId: lasagna.id, status: 'AVAILABLE' });
    assert.ok((await sellable(DEFAULT)).some((i) => i.id === lasagna.id));
    const gnocchi = ItemFlat.parse(await ok('GET', `${C(DEMO_RESTAURANT_ID)}/items/${(await itemNamed('Nhoque de batata')).id}/flat`));
    for (const option of gnocchi.options) await ok('PATCH', `${C(DEMO_RESTAURANT_ID)}/options/status`, { optionId: option.id, status: 'UNAVAILABLE' });
    const blocked = (await unsellable(DEFAULT)).find((u) => u.id === gnocchi.item.id);
    assert.deepEqual(blocked?.restrictions, ['OPTION_GROUP_WITHOUT_AVAILABLE_OPTIONS', 'OPTION_PAUSED']);
  });

  it('applies context modifiers: WHITELABEL prices and statuses differ from the marketplace', async () => {
    const { DEFAULT, WHITELABEL } = await catalogIds(DEMO_GROCERY_ID);
    const milk = await itemNamed('Leite integral 1 L', DEMO_GROCERY_ID);
    assert.ok((await sellable(DEFAULT, DEMO_GROCERY_ID)).some((i) => i.id === milk.id));
    assert.deepEqual((await unsellable(WHITELABEL, DEMO_GROCERY_ID)).find((u) => u.id === milk.id)?.restrictions, ['ITEM_PAUSED']);
  });

  it('answers 401 without a token, 403 for a foreign store, 404 for an unknown store', async () => {
    expectError(await sandbox.http.send('GET', `${C(DEMO_RESTAURANT_ID)}/categories`), 401);
    expectError(await send('GET', `${C(OTHER_BAKERY_ID)}/categories`), 403);
    expectError(await send('GET', `${C(randomUUID())}/categories`), 404);
  });

  it('exposes the sellable menu to the order side (world.catalog.menuOf)', () => {
    const menu = sandbox.world.catalog.menuOf(DEMO_RESTAURANT_ID);
    assert.ok(menu.length >= 8);
    assert.ok(menu.every((m) => m.price > 0 && m.name && m.ean && isValidUpcA(m.ean)));
    assert.ok(!menu.some((m) => m.name === 'Pudim de leite'));
    const gnocchi = menu.find((m) => m.name === 'Nhoque de batata');
    assert.deepEqual(
      gnocchi?.options.map((o) => o.name),
      ['Sugo', 'Quatro queijos', 'Pesto'],
    );
  });
});
