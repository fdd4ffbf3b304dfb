import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Batch, BatchAccepted, Category, ItemFlat } from '../../../src-shared/wire/catalog';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { withSandbox } from '../../support/sandbox/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const C = `/catalog/v2.0/merchants/${DEMO_RESTAURANT_ID}`;
const G = `/catalog/v2.0/merchants/${DEMO_GROCERY_ID}`;

interface Record_ {
  id: string;
  status: string;
  price?: { value: number };
  externalCode?: string;
  contextModifiers: { catalogContext: string; price?: { value: number }; status?: string; externalCode?: string }[];
}

describe('sandbox catalog: prices, status, codes, batches, inventory, limits (spec §4.6, §8)', () => {
  let sandbox: Sandbox;
  let demo: string;
  const send = (method: string, path: string, json?: unknown) => sandbox.http.send(method, path, { token: demo, json });
  const ok = async (method: string, path: string, json?: unknown) => {
    const response = await send(method, path, json);
    assert.equal(response.status, 200, `${method} ${path}: ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const expectError = (response: { status: number; body: unknown }, status: number) => {
    assert.equal(response.status, status, JSON.stringify(response.body));
    assert.deepEqual(Object.keys(response.body as object).sort(), ['code', 'message']);
  };
  const flatOf = async (name: string, base = C) => {
    const items = Category.array()
      .parse(await ok('GET', `${base}/categories?include_items=true`))
      .flatMap((c) => c.items ?? []);
    const item = items.find((i) => (i as { name?: string }).name === name);
    assert.ok(item, name);
    return ItemFlat.parse(await ok('GET', `${base}/items/${item.id}/flat`));
  };
  const catalogId = async (context: string, base = C) =>
    ((await ok('GET', `${base}/catalogs`)) as { catalogId: string; context: string[] }[]).find((c) => c.context.includes(context))!.catalogId;
  const sellablePrice = async (context: string, itemId: string, base = C) =>
    (
      (await ok('GET', `${base}/catalogs/${await catalogId(context, base)}/sellableItems`)) as { id: string; price: { value: number }; externalCode?: string }[]
    ).find((i) => i.id === itemId);
  const advance = (advanceSeconds: number) => sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds } });

  before(async () => (sandbox = await withSandbox()));
  beforeEach(async () => {
    await sandbox.http.send('POST', '/_sandbox/reset');
    demo = await sandbox.http.token();
  });
  after(() => sandbox.close());

  describe('item and option patches', () => {
    it('PATCH items/price sets the base price and per-catalog prices (200 with the item)', async () => {
      const { item } = await flatOf('Lasanha à bolonhesa');
      const updated = (await ok('PATCH', `${C}/items/price`, {
        itemId: item.id,
        price: { value: 52 },
        priceByCatalog: [{ value: 50, catalogContext: 'WHITELABEL' }],
      })) as Record_;
      assert.equal(updated.price?.value, 52);
      assert.equal(updated.contextModifiers.find((m) => m.catalogContext === 'WHITELABEL')?.price?.value, 50);
      assert.equal((await sellablePrice('DEFAULT', item.id))?.price.value, 52);
      assert.equal((await sellablePrice('WHITELABEL', item.id))?.price.value, 50);
      // Per-catalog only: the base price stays.
      await ok('PATCH', `${C}/items/price`, { itemId: item.id, priceByCatalog: [{ value: 48, catalogContext: 'WHITELABEL' }] });
      assert.equal((await sellablePrice('DEFAULT', item.id))?.price.value, 52);
      assert.equal((await sellablePrice('WHITELABEL', item.id))?.price.value, 48);
    });

    it('PATCH items/status and items/externalCode, with per-catalog variants', async () => {
      const { item } = await flatOf('Espaguete ao sugo');
      await ok('PATCH', `${C}/items/status`, { itemId: item.id, statusByCatalog: [{ status: 'UNAVAILABLE', catalogContext: 'WHITELABEL' }] });
      assert.ok(await sellablePrice('DEFAULT', item.id));
      assert.equal(await sellablePrice('WHITELABEL', item.id), undefined);
      const coded = (await ok('PATCH', `${C}/items/externalCode`, {
        itemId: item.id,
        externalCode: 'PDV-777',
        externalCodeByCatalog: [{ externalCode: 'WL-777', catalogContext: 'WHITELABEL' }],
      })) as Record_;
      assert.equal(coded.externalCode, 'PDV-777');
      assert.equal((await sellablePrice('DEFAULT', item.id))?.externalCode, 'PDV-777');
    });

    it('PATCH options/price, options/status and options/externalCode', async () => {
      const flat = await flatOf('Nhoque de batata');
      const option = flat.options[1] as unknown as Record_;
      const priced = (await ok('PATCH', `${C}/options/price`, {
        optionId: option.id,
        price: { value: 7.5 },
        priceByCatalog: [{ value: 7, catalogContext: 'WHITELABEL' }],
      })) as Record_;
      assert.equal(priced.price?.value, 7.5);
      assert.equal(priced.contextModifiers[0]?.price?.value, 7);
      const paused = (await ok('PATCH', `${C}/options/status`, { optionId: option.id, status: 'UNAVAILABLE' })) as Record_;
      assert.equal(paused.status, 'UNAVAILABLE');
      const coded = (await ok('PATCH', `${C}/options/externalCode`, { optionId: option.id, externalCode: 'OPT-9' })) as Record_;
      assert.equal(coded.externalCode, 'OPT-9');
      const after = await flatOf('Nhoque de batata');
      assert.equal((after.options[1] as unknown as Record_).status, 'UNAVAILABLE');
    });

    it('answers 404 for an unknown item or option and 400 for bad bodies', async () => {
      expectError(await send('PATCH', `${C}/items/price`, { itemId: randomUUID(), price: { value: 5 } }), 404);
      expectError(await send('PATCH', `${C}/options/status`, { optionId: randomUUID(), status: 'AVAILABLE' }), 404);
      const { item } = await flatOf('Lasanha à bolonhesa');
      for (const [path, body] of [
        ['items/price', { itemId: item.id }],
        ['items/price', { itemId: item.id, price: { value: 0 } }],
        ['items/price', { itemId: item.id, price: { value: '5' } }],
        ['items/price', { itemId: item.id, priceByCatalog: [{ value: 5, catalogContext: 'MOON' }] }],
        ['items/status', { itemId: item.id, status: 'PAUSED' }],
        ['items/status', { status: 'AVAILABLE' }],
        ['items/externalCode', { itemId: item.id, externalCode: '' }],
        ['options/price', { optionId: 'x', price: { value: -1 } }],
      ] as const) {
        expectError(await send('PATCH', `${C}/${path}`, body), 400);
      }
      expectError(await sandbox.http.send('PATCH', `${C}/items/price`, { token: demo, raw: '{"itemId":' }), 400);
    });
  });

  describe('product batches', () => {
    it('PATCH products/price answers {batchId, url}; the batch is PROCESSING, then COMPLETED with results, and prices change', async () => {
      const lasagna = await flatOf('Lasanha à bolonhesa');
      const product = lasagna.products[0]!;
      const accepted = BatchAccepted.parse(
        await ok('PATCH', `${C}/products/price`, [
          { productId: product.id, price: { value: 55 }, resources: ['ITEM'] },
          { externalCode: 'CV-MAS-02', price: { value: 41 }, resources: ['ITEM'], catalogContext: 'WHITELABEL' },
          { productId: randomUUID(), price: { value: 1 }, resources: ['ITEM'] },
        ]),
      );
      assert.equal(accepted.url, `/catalog/v2.0/merchants/${DEMO_RESTAURANT_ID}/batch/${accepted.batchId}`);
      let batch = Batch.parse(await ok('GET', accepted.url!));
      assert.equal(batch.batchStatus, 'PROCESSING');
      assert.deepEqual(batch.results, []);
      assert.equal((await sellablePrice('DEFAULT', lasagna.item.id))?.price.value, 49.9, 'not applied while processing');
      await advance(3);
      batch = Batch.parse(await ok('GET', accepted.url!));
      assert.equal(batch.batchStatus, 'COMPLETED');
      assert.deepEqual(
        batch.results.map((r) => r.result),
        ['SUCCESS', 'SUCCESS', 'NOT_FOUND'],
      );
      assert.equal(batch.results[1]?.resourceId, 'CV-MAS-02');
      assert.equal((await sellablePrice('DEFAULT', lasagna.item.id))?.price.value, 55);
      const spaghetti = await flatOf('Espaguete ao sugo');
      assert.equal((await sellablePrice('WHITELABEL', spaghetti.item.id))?.price.value, 41);
      assert.equal((await sellablePrice('DEFAULT', spaghetti.item.id))?.price.value, 39.9);
    });

    it('PATCH products/status pauses the items and options made of a product once the batch completes', async () => {
      const gnocchi = await flatOf('Nhoque de batata');
      const pesto = gnocchi.options.find((o) => (o as unknown as Record_).externalCode === 'CV-MOL-PEST') as unknown as Record_ & { productId: string };
      const accepted = BatchAccepted.parse(
        await ok('PATCH', `${C}/products/status`, [
          { externalCode: 'CV-MAS-01', status: 'UNAVAILABLE', resources: ['ITEM'] },
          { productId: pesto.productId, status: 'UNAVAILABLE', resources: ['OPTION'] },
        ]),
      );
      await advance(3);
      const batch = Batch.parse(await ok('GET', `${C}/batch/${accepted.batchId}`));
      assert.equal(batch.batchStatus, 'COMPLETED');
      const lasagna = await flatOf('Lasanha à bolonhesa');
      assert.equal(lasagna.item.status, 'UNAVAILABLE');
      const after = await flatOf('Nhoque de batata');
      assert.equal((after.options.find((o) => o.id === pesto.id) as unknown as Record_).status, 'UNAVAILABLE');
    });

    it('answers 400 for bad batches and 404 for an unknown batch or another store’s batch', async () => {
      for (const body of [
        [],
        {},
        [{ price: { value: 5 }, resources: ['ITEM'] }],
        [{ productId: 'a', externalCode: 'b', price: { value: 5 }, resources: ['ITEM'] }],
        [{ productId: 'a', price: { value: 5 }, resources: [] }],
        [{ productId: 'a', price: { value: 5 }, resources: ['CATEGORY'] }],
        [{ productId: 'a', price: { value: 0 }, resources: ['ITEM'] }],
        Array.from({ length: 1001 }, () => ({ productId: 'a', price: { value: 5 }, resources: ['ITEM'] })),
      ]) {
        expectError(await send('PATCH', `${C}/products/price`, body), 400);
      }
      expectError(await send('PATCH', `${C}/products/status`, [{ productId: 'a', status: 'OFF', resources: ['ITEM'] }]), 400);
      expectError(await send('GET', `${C}/batch/${randomUUID()}`), 404);
      const accepted = BatchAccepted.parse(
        await ok('PATCH', `${G}/products/status`, [{ externalCode: 'BP-HOR-01', status: 'AVAILABLE', resources: ['ITEM'] }]),
      );
      expectError(await send('GET', `${C}/batch/${accepted.batchId}`), 404);
      assert.equal((await send('GET', `${G}/batch/${accepted.batchId}`)).status, 200);
    });
  });

  describe('inventory', () => {
    it('sets, reads and removes the maximum sellable quantity', async () => {
      const product = (await flatOf('Tomate italiano (kg)', G)).products[0]!;
      expectError(await send('GET', `${G}/inventory/${product.id}`), 404);
      assert.deepEqual(await ok('POST', `${G}/inventory`, { productId: product.id, quantity: 12 }), { productId: product.id, quantity: 12 });
      assert.deepEqual(await ok('GET', `${G}/inventory/${product.id}`), { productId: product.id, quantity: 12 });
      const removed = (await ok('POST', `${G}/inventory/batchDelete`, { productIds: [product.id, randomUUID()] })) as { productIds: string[] };
      assert.deepEqual(removed.productIds, [product.id]);
      expectError(await send('GET', `${G}/inventory/${product.id}`), 404);
    });

    it('answers 404 for an unknown product and 400 for bad quantities or bodies', async () => {
      expectError(await send('POST', `${G}/inventory`, { productId: randomUUID(), quantity: 1 }), 404);
      expectError(await send('GET', `${G}/inventory/${randomUUID()}`), 404);
      const product = (await flatOf('Tomate italiano (kg)', G)).products[0]!;
      for (const body of [{ productId: product.id }, { productId: product.id, quantity: -1 }, { productId: product.id, quantity: 1.5 }, { quantity: 3 }]) {
        expectError(await send('POST', `${G}/inventory`, body), 400);
      }
      expectError(await send('POST', `${G}/inventory/batchDelete`, { productIds: [] }), 400);
      expectError(await send('POST', `${G}/inventory/batchDelete`, {}), 400);
    });

    it('answers 403 on another application’s store', async () => {
      expectError(await send('POST', `/catalog/v2.0/merchants/${OTHER_BAKERY_ID}/inventory`, { productId: 'x', quantity: 1 }), 403);
    });
  });

  describe('rate limits', () => {
    it('uses 5000/min on the listed routes and 3000/min on the others', async () => {
      const limit = async (method: string, path: string, json?: unknown) => (await send(method, path, json)).headers['x-ratelimit-limit'];
      assert.equal(await limit('GET', `${C}/categories`), '3000');
      assert.equal(await limit('PATCH', `${C}/items/externalCode`, {}), '3000');
      assert.equal(await limit('PATCH', `${C}/items/price`, {}), '5000');
      assert.equal(await limit('PATCH', `${C}/options/status`, {}), '5000');
      assert.equal(await limit('GET', `${C}/batch/x`), '5000');
      assert.equal(await limit('POST', `${C}/inventory`, {}), '5000');
    });

    it('limits all catalog routes together (15000/min, scaled) besides each route', async () => {
      const small = await withSandbox({ rateLimitFactor: 0.001 }); // per route 5 or 3, all together 15
      try {
        const token = await small.http.token();
        // Five routes three times each: every route stays within its own limit of 3, and the total reaches 15.
        const routes = ['categories', 'catalogs', `inventory/${randomUUID()}`, `batch/${randomUUID()}`, `items/${randomUUID()}/flat`];
        const statuses: number[] = [];
        for (let round = 0; round < 3; round++) for (const r of routes) statuses.push((await small.http.send('GET', `${C}/${r}`, { token })).status);
        assert.ok(
          statuses.every((s) => s !== 429),
          statuses.join(','),
        );
        // A sixth route, fresh for its own limit, is refused by the total.
        const last = await small.http.send('GET', `${C}/categories/${randomUUID()}/items`, { token });
        assert.equal(last.status, 429);
        assert.match((last.body as { message: string }).message, /no conjunto das rotas de catálogo/);
        assert.equal(last.headers['x-ratelimit-limit'], '15');
        assert.equal(last.headers['x-ratelimit-remaining'], '0');
      } finally {
        await small.close();
      }
    });
  });
});
