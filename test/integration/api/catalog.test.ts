import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { ApiError } from '../../../src-main/api/errors';
import { ManualClock } from '../../../src-main/base/clock';
import type { Category } from '../../../src-shared/wire/catalog';
import { DEMO_GROCERY_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { connectApi, type ConnectedApi } from '../../support/app/api-client';
import { withSandbox } from '../../support/sandbox/sandbox';
import { TEST_INSTANT_MS } from '../../support/clock';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;

const failsWith = (code: string, status: number) => (error: unknown) => {
  assert.ok(error instanceof ApiError, String(error));
  assert.equal(error.code, code, error.message);
  assert.equal(error.status, status);
  assert.ok(error.body?.code, 'the {code, message} body is parsed');
  return true;
};

describe('client ↔ sandbox: catalog module (spec §4.6)', () => {
  let sandbox: Sandbox;
  let api: ConnectedApi;
  let clock: ManualClock;
  let categories: Category[];

  before(async () => {
    sandbox = await withSandbox();
    clock = new ManualClock(TEST_INSTANT_MS);
    api = await connectApi(sandbox.url, { clock });
    categories = await api.catalog.listCategories(DEMO_GROCERY_ID, { includeItems: true });
  });
  after(async () => {
    await api.close();
    await sandbox.close();
  });

  const firstItem = () => {
    const item = categories.flatMap((c) => c.items ?? []).find((i) => i.status === 'AVAILABLE');
    assert.ok(item, 'the seeded grocery sells something');
    return item;
  };

  it("lists categories with and without items, creates one, reads a category's items and an item flat", async () => {
    assert.ok(categories.length > 0 && categories.every((c) => Array.isArray(c.items)));
    const bare = await api.catalog.listCategories(DEMO_GROCERY_ID);
    assert.ok(bare.every((c) => c.items === undefined));
    const created = await api.catalog.createCategory(DEMO_GROCERY_ID, { name: 'Hortifruti', status: 'AVAILABLE', template: 'DEFAULT' });
    assert.equal(created.name, 'Hortifruti');
    await assert.rejects(api.catalog.createCategory(DEMO_GROCERY_ID, { name: '', status: 'AVAILABLE', template: 'DEFAULT' }), failsWith('validation', 400));
    const category = categories[0] as Category;
    const items = await api.catalog.listCategoryItems(DEMO_GROCERY_ID, category.id);
    assert.ok(items.length > 0 && items.every((i) => i.item.categoryId === category.id));
    const flat = await api.catalog.getItemFlat(DEMO_GROCERY_ID, firstItem().id);
    assert.equal(flat.item.id, firstItem().id);
    assert.ok(flat.products.length > 0);
    await assert.rejects(api.catalog.getItemFlat(DEMO_GROCERY_ID, randomUUID()), failsWith('not-found', 404));
    await assert.rejects(api.catalog.listCategories(OTHER_BAKERY_ID), failsWith('forbidden', 403));
  });

  it('creates a complete item with PUT /items, then updates it with the same ids', async () => {
    const hortifruti = (await api.catalog.listCategories(DEMO_GROCERY_ID)).find((c) => c.name === 'Hortifruti') ?? (categories[0] as Category);
    const itemId = randomUUID();
    const productId = randomUUID();
    const body = {
      item: { id: itemId, type: 'DEFAULT', categoryId: hortifruti.id, status: 'AVAILABLE', price: { value: 7.9 }, externalCode: 'BAN-01', productId },
      products: [{ id: productId, name: 'Banana prata (kg)', externalCode: 'BAN-01' }],
    };
    const created = await api.catalog.upsertItem(DEMO_GROCERY_ID, body);
    const answered = created as { item?: { id?: string }; id?: string };
    assert.equal(answered.item?.id ?? answered.id, itemId);
    await api.catalog.upsertItem(DEMO_GROCERY_ID, { ...body, item: { ...body.item, price: { value: 8.5 } } });
    assert.equal((await api.catalog.getItemFlat(DEMO_GROCERY_ID, itemId)).item.price?.value, 8.5);
    await assert.rejects(api.catalog.upsertItem(DEMO_GROCERY_ID, { item: { id: 'not-a-uuid' }, products: [] }), failsWith('validation', 400));
  });

  it('patches item and option price, status and external code, per catalog context too', async () => {
    const item = firstItem();
    await api.catalog.updateItemPrice(DEMO_GROCERY_ID, {
      itemId: item.id,
      price: { value: 12.34 },
      priceByCatalog: [{ value: 11.11, catalogContext: 'WHITELABEL' }],
    });
    await api.catalog.updateItemStatus(DEMO_GROCERY_ID, { itemId: item.id, status: 'UNAVAILABLE' });
    await api.catalog.updateItemExternalCode(DEMO_GROCERY_ID, { itemId: item.id, externalCode: 'PDV-42' });
    const flat = await api.catalog.getItemFlat(DEMO_GROCERY_ID, item.id);
    assert.equal(flat.item.price?.value, 12.34);
    assert.equal(flat.item.status, 'UNAVAILABLE');
    assert.equal(flat.item.externalCode, 'PDV-42');
    await api.catalog.updateItemStatus(DEMO_GROCERY_ID, { itemId: item.id, status: 'AVAILABLE' });

    const withOptions = (await Promise.all(categories.flatMap((c) => (c.items ?? []).map((i) => api.catalog.getItemFlat(DEMO_GROCERY_ID, i.id))))).find(
      (f) => f.options.length > 0,
    );
    if (withOptions) {
      const optionId = (withOptions.options[0] as { id: string }).id;
      await api.catalog.updateOptionPrice(DEMO_GROCERY_ID, { optionId, price: { value: 2.5 } });
      await api.catalog.updateOptionStatus(DEMO_GROCERY_ID, { optionId, status: 'UNAVAILABLE' });
      await api.catalog.updateOptionExternalCode(DEMO_GROCERY_ID, { optionId, externalCode: 'OPT-1' });
    }
    await assert.rejects(api.catalog.updateOptionPrice(DEMO_GROCERY_ID, { optionId: randomUUID(), price: { value: 1 } }), failsWith('not-found', 404));
    await assert.rejects(api.catalog.updateItemPrice(DEMO_GROCERY_ID, { itemId: item.id, price: { value: -1 } }), failsWith('validation', 400));
  });

  it('lists the catalogs, their sellable items, and the unsellable ones with restriction reasons', async () => {
    const catalogs = await api.catalog.listCatalogs(DEMO_GROCERY_ID);
    assert.ok(catalogs.length > 0);
    const catalogId = catalogs[0]?.catalogId as string;
    const sellable = await api.catalog.sellableItems(DEMO_GROCERY_ID, catalogId);
    assert.ok(sellable.length > 0);
    const paused = firstItem();
    await api.catalog.updateItemStatus(DEMO_GROCERY_ID, { itemId: paused.id, status: 'UNAVAILABLE' });
    const unsellable = await api.catalog.unsellableItems(DEMO_GROCERY_ID, catalogId);
    const entry = unsellable.find((u) => u.id === paused.id) as { restrictions?: string[] } | undefined;
    assert.ok(entry?.restrictions?.includes('ITEM_PAUSED'), JSON.stringify(entry));
    await api.catalog.updateItemStatus(DEMO_GROCERY_ID, { itemId: paused.id, status: 'AVAILABLE' });
    await assert.rejects(api.catalog.sellableItems(DEMO_GROCERY_ID, randomUUID()), failsWith('not-found', 404));
  });

  it('changes prices and statuses by product as batches, polled until COMPLETED', async () => {
    const flat = await api.catalog.getItemFlat(DEMO_GROCERY_ID, firstItem().id);
    const productId = flat.products[0]?.id as string;
    const accepted = await api.catalog.updateProductPrices(DEMO_GROCERY_ID, [{ productId, price: { value: 9.99 }, resources: ['ITEM'] }]);
    assert.ok(accepted.batchId);
    const first = await api.catalog.getBatch(DEMO_GROCERY_ID, accepted.batchId);
    assert.ok(typeof first.batchStatus === 'string');
    // Batches run on the sandbox clock; the client waits on its own, both moved together.
    const waiting = api.catalog.waitForBatch(DEMO_GROCERY_ID, accepted.batchId, { intervalMs: 1_000 });
    let done = false;
    void waiting.finally(() => (done = true)).catch(() => {});
    for (let i = 0; i < 120 && !done; i++) {
      await delay(3);
      await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 1 } });
      await clock.advance(1_000);
    }
    const batch = await waiting;
    assert.equal(batch.batchStatus, 'COMPLETED');
    assert.ok(batch.results.length > 0 && batch.results.every((r) => typeof r.result === 'string'));
    const status = await api.catalog.updateProductStatuses(DEMO_GROCERY_ID, [{ productId, status: 'AVAILABLE', resources: ['ITEM'] }]);
    assert.ok(status.batchId);
    await assert.rejects(api.catalog.updateProductPrices(DEMO_GROCERY_ID, []), failsWith('validation', 400));
    await assert.rejects(api.catalog.getBatch(DEMO_GROCERY_ID, randomUUID()), failsWith('not-found', 404));
  });

  it('sets, reads and removes the inventory limit of a product', async () => {
    const productId = (await api.catalog.getItemFlat(DEMO_GROCERY_ID, firstItem().id)).products[0]?.id as string;
    await api.catalog.setInventory(DEMO_GROCERY_ID, { productId, quantity: 12 });
    assert.deepEqual(await api.catalog.getInventory(DEMO_GROCERY_ID, productId), { productId, quantity: 12 });
    await api.catalog.deleteInventory(DEMO_GROCERY_ID, [productId]);
    await assert.rejects(api.catalog.getInventory(DEMO_GROCERY_ID, productId), failsWith('not-found', 404));
    await assert.rejects(api.catalog.setInventory(DEMO_GROCERY_ID, { productId, quantity: -1 }), failsWith('validation', 400));
  });
});
