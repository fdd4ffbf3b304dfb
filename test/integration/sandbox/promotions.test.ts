import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { PromotionAccepted, PromotionItemsPage } from '../../../src-shared/wire/promotion';
import { localMoment } from '../../../src-sandbox/merchant/store-time';
import { DEMO_GROCERY_ID, DEMO_RESTAURANT_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { withSandbox } from '../../support/sandbox/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;
const P = (id = DEMO_GROCERY_ID) => `/promotion/v1.0/merchants/${id}/promotions`;
const DAY_MS = 24 * 3600_000;

describe('sandbox promotions (spec §2.2, §3.2, §4.2, §7.3)', () => {
  let sandbox: Sandbox;
  let demo: string;
  let eans: Record<string, string>;
  /** A store-local date `days` from today on the sandbox clock. */
  const day = (days: number) => localMoment(sandbox.world.clock.now() + days * DAY_MS).date;
  const percentage = (ean: string, over: Record<string, unknown> = {}) => ({
    ean,
    discountValue: 10,
    initialDate: day(0),
    finalDate: day(7),
    promotionType: 'PERCENTAGE',
    ...over,
  });
  const body = (items: unknown[], over: Record<string, unknown> = {}) => ({
    promotions: [{ promotionName: 'Semana', channels: ['PLATFORM-APP'], items }],
    ...over,
  });
  const post = (json: unknown, query = '', merchantId = DEMO_GROCERY_ID) => sandbox.http.send('POST', `${P(merchantId)}${query}`, { token: demo, json });
  const create = async (json: unknown, query = '') => {
    const response = await post(json, query);
    assert.equal(response.status, 202, JSON.stringify(response.body));
    return PromotionAccepted.parse(response.body).aggregationId;
  };
  const items = async (aggregationId: string, query = '') => {
    const response = await sandbox.http.send('GET', `${P()}/${aggregationId}/items${query}`, { token: demo });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return PromotionItemsPage.parse(response.body);
  };
  const statuses = async (aggregationId: string) => (await items(aggregationId)).promotions.map((p) => (p.error ? `${p.status}:${p.error}` : p.status));
  const advance = async (advanceSeconds: number) => {
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds } });
    demo = await sandbox.http.token();
  };
  const expectProblem = (response: { status: number; body: unknown }, status: number, title: string) => {
    assert.equal(response.status, status, JSON.stringify(response.body));
    const b = response.body as Record<string, unknown>;
    assert.equal(b.title, title);
    assert.equal(b.status, status);
    assert.equal(typeof b.type, 'string');
    assert.equal(typeof b.detail, 'string');
    assert.equal(typeof b.instance, 'string');
    if (status === 412) assert.equal(b.type, 'Invalid Argument');
  };

  before(async () => (sandbox = await withSandbox()));
  beforeEach(async () => {
    await sandbox.http.send('POST', '/_sandbox/reset');
    demo = await sandbox.http.token();
    const menu = sandbox.world.catalog.menuOf(DEMO_GROCERY_ID);
    const ean = (name: string) => menu.find((m) => m.name === name)?.ean ?? '';
    eans = { banana: ean('Banana prata (kg)'), tomato: ean('Tomate italiano (kg)'), rice: ean('Arroz branco 5 kg'), soap: ean('Detergente 500 ml') };
    const catalog = sandbox.world.catalog.of(DEMO_GROCERY_ID);
    const productEan = (name: string) => [...catalog.products.values()].find((p) => p.name === name)?.ean ?? '';
    eans.coffee = productEan('Café torrado e moído 500 g'); // stock 0
    eans.beer = productEan('Cerveja lata 350 ml'); // item paused
    eans.bread = productEan('Pão francês (un)'); // category paused
  });
  after(() => sandbox.close());

  it('answers 202 {aggregationId, message}; items are PROCESSING, then ACTIVE or SCHEDULED', async () => {
    const id = await create(body([percentage(eans.banana!), percentage(eans.tomato!, { initialDate: day(3), finalDate: day(10) })]));
    assert.deepEqual(await statuses(id), ['PROCESSING', 'PROCESSING']);
    await advance(1);
    assert.deepEqual(await statuses(id), ['PROCESSING', 'PROCESSING']);
    await advance(2);
    const page = await items(id);
    assert.deepEqual(
      page.promotions.map((p) => p.status),
      ['ACTIVE', 'SCHEDULED'],
    );
    const first = page.promotions[0]!;
    assert.equal(first.ean, eans.banana);
    assert.equal(first.promotionName, 'Semana');
    assert.equal(first.promotionType, 'PERCENTAGE');
    assert.equal(first.discountValue, 10);
    assert.equal(first.error, null);
    assert.match(first.promotionItemId, /^[0-9a-f-]{36}$/);
    // SCHEDULED becomes ACTIVE when initialDate arrives, and both finish after finalDate.
    await advance(3 * 24 * 3600);
    assert.deepEqual(await statuses(id), ['ACTIVE', 'ACTIVE']);
    await advance(5 * 24 * 3600);
    assert.deepEqual(await statuses(id), ['FINISHED', 'ACTIVE']);
  });

  it('accepts a past initialDate (a promotion already running) and every type with its fields', async () => {
    const id = await create(
      body([
        percentage(eans.banana!, { initialDate: day(-5) }),
        {
          ean: eans.tomato,
          discountValue: null,
          initialDate: day(0),
          finalDate: day(3),
          promotionType: 'LXPY',
          progressiveDiscount: { quantityToBuy: 3, quantityToPay: 2 },
        },
        {
          ean: eans.rice,
          discountValue: 50,
          initialDate: day(0),
          finalDate: day(3),
          promotionType: 'PERCENTAGE_PER_X_UNITS',
          progressiveDiscount: { quantityToBuy: 2 },
        },
        percentage(eans.soap!, { discountValue: 70 }),
      ]),
    );
    await advance(3);
    const page = await items(id);
    assert.deepEqual(
      page.promotions.map((p) => p.status),
      ['ACTIVE', 'ACTIVE', 'ACTIVE', 'ACTIVE'],
    );
    assert.deepEqual(page.promotions[1]?.progressiveDiscount, { quantityToBuy: 3, quantityToPay: 2 });
    assert.equal(page.promotions[1]?.discountValue, undefined, 'LXPY carries no discountValue');
  });

  it('marks ERROR with DATE_INVALID, PROMOTION_TYPE_INVALID, DISCOUNT_INVALID and ITEM_NOT_FOUND', async () => {
    const b = eans.banana!;
    const id = await create(
      body([
        percentage(b, { initialDate: '2025-13-01' }),
        percentage(b, { initialDate: '01/02/2025' }),
        percentage(b, { initialDate: day(5), finalDate: day(5) }),
        percentage(b, { initialDate: day(5), finalDate: day(2) }),
        percentage(b, { initialDate: day(-9), finalDate: day(-2) }),
        percentage(b, { promotionType: 'DE-POR' }),
        percentage(b, { discountValue: 71 }),
        percentage(b, { discountValue: -1 }),
        percentage(b, { discountValue: null }),
        { ean: b, initialDate: day(0), finalDate: day(3), promotionType: 'LXPY', progressiveDiscount: { quantityToBuy: 1, quantityToPay: 1 } },
        { ean: b, initialDate: day(0), finalDate: day(3), promotionType: 'LXPY', progressiveDiscount: { quantityToBuy: 3 } },
        { ean: b, initialDate: day(0), finalDate: day(3), promotionType: 'LXPY', progressiveDiscount: { quantityToBuy: 4, quantityToPay: 1 } },
        { ean: b, initialDate: day(0), finalDate: day(3), promotionType: 'LXPY' },
        { ean: b, discountValue: 20, initialDate: day(0), finalDate: day(3), promotionType: 'PERCENTAGE_PER_X_UNITS' },
        percentage('123456789012'),
        percentage('999999999993'),
        percentage('12345'),
        percentage(eans.coffee!),
        percentage(eans.beer!),
        percentage(eans.bread!),
      ]),
    );
    await advance(3);
    assert.deepEqual(await statuses(id), [
      'ERROR:DATE_INVALID',
      'ERROR:DATE_INVALID',
      'ERROR:DATE_INVALID',
      'ERROR:DATE_INVALID',
      'ERROR:DATE_INVALID',
      'ERROR:PROMOTION_TYPE_INVALID',
      'ERROR:DISCOUNT_INVALID',
      'ERROR:DISCOUNT_INVALID',
      'ERROR:DISCOUNT_INVALID',
      'ERROR:DISCOUNT_INVALID',
      'ERROR:DISCOUNT_INVALID',
      'ERROR:DISCOUNT_INVALID',
      'ERROR:DISCOUNT_INVALID',
      'ERROR:DISCOUNT_INVALID',
      'ERROR:ITEM_NOT_FOUND',
      'ERROR:ITEM_NOT_FOUND',
      'ERROR:ITEM_NOT_FOUND',
      'ERROR:ITEM_NOT_FOUND',
      'ERROR:ITEM_NOT_FOUND',
      'ERROR:ITEM_NOT_FOUND',
    ]);
  });

  it('marks ERROR with INTERNAL_ERROR when the platform fails inside (fault injection promotionErrorRate)', async () => {
    const faults = await sandbox.http.send('PUT', '/_sandbox/faults', { json: { promotionErrorRate: 1 } });
    assert.equal(faults.status, 200);
    const failing = await create(body([percentage(eans.banana!), percentage(eans.tomato!)]));
    await advance(3);
    assert.deepEqual(await statuses(failing), ['ERROR:INTERNAL_ERROR', 'ERROR:INTERNAL_ERROR']);
    const item = (await items(failing)).promotions[0]!;
    assert.equal(item.status, 'ERROR');
    assert.equal(item.error, 'INTERNAL_ERROR');
    // Back to normal: the same items pass (the failed ones are not live, so no DUPLICATE).
    assert.equal((await sandbox.http.send('PUT', '/_sandbox/faults', { json: {} })).status, 200);
    const retried = await create(body([percentage(eans.banana!), percentage(eans.tomato!)]));
    await advance(3);
    assert.deepEqual(await statuses(retried), ['ACTIVE', 'ACTIVE']);
  });

  it('adds a new request to the promotions already running (without reset nothing is removed)', async () => {
    const first = await create(body([percentage(eans.banana!)]));
    await advance(3);
    const second = await create(body([percentage(eans.tomato!)]));
    await advance(3);
    assert.deepEqual(await statuses(first), ['ACTIVE']);
    assert.deepEqual(await statuses(second), ['ACTIVE']);
  });

  it('marks DUPLICATE an item with the same EAN and an overlapping period, within one request or across requests', async () => {
    const first = await create(
      body([percentage(eans.banana!), percentage(eans.banana!, { discountValue: 20 }), percentage(eans.tomato!, { initialDate: day(0), finalDate: day(2) })]),
    );
    await advance(3);
    assert.deepEqual(await statuses(first), ['ACTIVE', 'DUPLICATE', 'ACTIVE']);
    // Non-overlapping period for the same EAN is fine; overlapping is a duplicate.
    const second = await create(
      body([percentage(eans.tomato!, { initialDate: day(3), finalDate: day(6) }), percentage(eans.banana!, { initialDate: day(7), finalDate: day(9) })]),
    );
    await advance(3);
    assert.deepEqual(await statuses(second), ['SCHEDULED', 'DUPLICATE']);
  });

  it('reset=true replaces the set: absent items go FINISHING then FINISHED, present ones keep running, new ones are created', async () => {
    const before = await create(body([percentage(eans.banana!), percentage(eans.tomato!)]));
    await advance(3);
    assert.deepEqual(await statuses(before), ['ACTIVE', 'ACTIVE']);
    const after = await create(body([percentage(eans.banana!, { discountValue: 25 }), percentage(eans.rice!)]), '?reset=true');
    assert.deepEqual(await statuses(before), ['ACTIVE', 'FINISHING']);
    await advance(3);
    assert.deepEqual(await statuses(before), ['FINISHED', 'FINISHED'], 'banana taken over by the new item, tomato removed');
    const page = await items(after);
    assert.deepEqual(
      page.promotions.map((p) => p.status),
      ['ACTIVE', 'ACTIVE'],
      'no DUPLICATE against the item it replaces',
    );
    assert.equal(page.promotions[0]?.discountValue, 25);
  });

  it('reset=true with an empty set removes every promotion', async () => {
    const before = await create(body([percentage(eans.banana!), percentage(eans.tomato!, { initialDate: day(2), finalDate: day(5) })]));
    await advance(3);
    const empty = await create({ promotions: [] }, '?reset=true');
    assert.deepEqual(await statuses(before), ['FINISHING', 'FINISHING']);
    await advance(3);
    assert.deepEqual(await statuses(before), ['FINISHED', 'FINISHED']);
    assert.deepEqual((await items(empty)).promotions, []);
    // Afterwards the same EAN may be promoted again.
    const again = await create(body([percentage(eans.banana!)]));
    await advance(3);
    assert.deepEqual(await statuses(again), ['ACTIVE']);
  });

  it('answers 412 Invalid Request Body for missing fields, wrong types, long names, bad JSON, and >10,000 items on reset', async () => {
    const item = percentage(eans.banana!);
    for (const json of [
      {},
      { promotions: 'x' },
      { promotions: [{ channels: ['PLATFORM-APP'] }] },
      { promotions: [{ items: [item] }] },
      body([{ ...item, ean: undefined }]),
      body([{ ...item, ean: 12345678901 }]),
      body([{ ...item, initialDate: undefined }]),
      body([{ ...item, promotionType: undefined }]),
      body([{ ...item, discountValue: '10' }]),
      body([{ ...item, progressiveDiscount: { quantityToBuy: 'two' } }]),
      { promotions: [{ promotionName: 'x'.repeat(256), channels: ['PLATFORM-APP'], items: [item] }] },
      { aggregationTag: 5, promotions: [] },
      [],
    ]) {
      expectProblem(await post(json), 412, 'Invalid Request Body');
    }
    expectProblem(await sandbox.http.send('POST', P(), { token: demo, raw: '{"promotions":[' }), 412, 'Invalid Request Body');
    const many = Array.from({ length: 10_001 }, () => item);
    expectProblem(await post(body(many), '?reset=true'), 412, 'Invalid Request Body');
    assert.equal((await post({ promotions: [{ promotionName: 'x'.repeat(255), channels: ['PLATFORM-APP'], items: [item] }] })).status, 202);
  });

  it('accepts exactly 10,000 items on reset', async () => {
    const response = await post(body(Array.from({ length: 10_000 }, () => percentage(eans.banana!))), '?reset=true');
    assert.equal(response.status, 202);
    const id = PromotionAccepted.parse(response.body).aggregationId;
    await advance(3);
    const page = await items(id, '?limit=1000&status=DUPLICATE');
    assert.equal(page.promotions.length, 1000);
    assert.equal(page.pagination?.nextOffset, 1000);
  });

  it('answers 400 Business Exception for a reused aggregationTag, an empty set without reset, no channel, a bad reset flag', async () => {
    await create(body([percentage(eans.banana!)], { aggregationTag: 'weekly-1' }));
    expectProblem(await post(body([percentage(eans.tomato!)], { aggregationTag: 'weekly-1' })), 400, 'Business Exception');
    expectProblem(await post({ promotions: [] }), 400, 'Business Exception');
    expectProblem(await post(body([])), 400, 'Business Exception');
    expectProblem(await post({ promotions: [{ channels: [], items: [percentage(eans.tomato!)] }] }), 400, 'Business Exception');
    expectProblem(await post(body([percentage(eans.tomato!)]), '?reset=yes'), 400, 'Business Exception');
    // The same tag is free for another store.
    const otherStore = await post(
      body([percentage(sandbox.world.catalog.menuOf(DEMO_RESTAURANT_ID)[0]!.ean!)], { aggregationTag: 'weekly-1' }),
      '',
      DEMO_RESTAURANT_ID,
    );
    assert.equal(otherStore.status, 202);
  });

  it('filters items by ean, promotionName, promotionType and status, and pages with offset and limit', async () => {
    const id = await create({
      promotions: [
        { promotionName: 'Frutas', channels: ['PLATFORM-APP'], items: [percentage(eans.banana!), percentage(eans.tomato!)] },
        {
          promotionName: 'Mercearia',
          channels: ['PLATFORM-APP'],
          items: [
            { ean: eans.rice, initialDate: day(0), finalDate: day(3), promotionType: 'LXPY', progressiveDiscount: { quantityToBuy: 2, quantityToPay: 1 } },
            percentage('123456789012'),
          ],
        },
      ],
    });
    await advance(3);
    assert.deepEqual(
      (await items(id, `?ean=${eans.tomato}`)).promotions.map((p) => p.ean),
      [eans.tomato],
    );
    assert.equal((await items(id, '?promotionName=Frutas')).promotions.length, 2);
    assert.equal((await items(id, '?promotionType=LXPY')).promotions.length, 1);
    assert.equal((await items(id, '?status=ERROR')).promotions.length, 1);
    assert.equal((await items(id, '?status=ACTIVE')).promotions.length, 3);
    const first = await items(id, '?limit=3');
    assert.equal(first.promotions.length, 3);
    assert.deepEqual(first.pagination, { nextOffset: 3, currentOffset: 0 });
    const second = await items(id, '?limit=3&offset=3');
    assert.equal(second.promotions.length, 1);
    assert.deepEqual(second.pagination, { nextOffset: null, currentOffset: 3 });
    assert.equal((await items(id)).promotions.length, 4, 'limit defaults to 100');
  });

  it('answers 400 for a limit above 1000 or bad numbers, 404 for an unknown aggregation or one of another store', async () => {
    const id = await create(body([percentage(eans.banana!)]));
    for (const query of ['?limit=1001', '?limit=0', '?limit=x', '?offset=-1', '?offset=1.5']) {
      expectProblem(await sandbox.http.send('GET', `${P()}/${id}/items${query}`, { token: demo }), 400, 'Business Exception');
    }
    assert.equal((await sandbox.http.send('GET', `${P()}/${id}/items?limit=1000`, { token: demo })).status, 200);
    assert.equal((await sandbox.http.send('GET', `${P()}/00000000-0000-4000-8000-000000000000/items`, { token: demo })).status, 404);
    assert.equal((await sandbox.http.send('GET', `${P(DEMO_RESTAURANT_ID)}/${id}/items`, { token: demo })).status, 404);
  });

  it('answers 401, 403 and 404 for the store; the POST route is limited at 1000/min, the query is not limited', async () => {
    assert.equal((await sandbox.http.send('POST', P(), { json: body([]) })).status, 401);
    assert.equal((await post(body([percentage(eans.banana!)]), '', OTHER_BAKERY_ID)).status, 403);
    assert.equal((await post(body([percentage(eans.banana!)]), '', '00000000-0000-4000-8000-000000000000')).status, 404);
    const created = await post(body([percentage(eans.banana!)]));
    assert.equal(created.headers['x-ratelimit-limit'], '1000');
    const query = await sandbox.http.send('GET', `${P()}/${PromotionAccepted.parse(created.body).aggregationId}/items`, { token: demo });
    assert.equal(query.headers['x-ratelimit-limit'], undefined);
  });
});
