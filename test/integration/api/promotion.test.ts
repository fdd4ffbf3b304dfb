import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { ApiError } from '../../../src-main/api/errors';
import { ManualClock } from '../../../src-main/base/clock';
import type { OrderDetail } from '../../../src-sandbox/orders/model';
import type { PromotionItemInput, PromotionRequest } from '../../../src-shared/wire/promotion';
import { DEMO_GROCERY_ID, OTHER_BAKERY_ID } from '../../../src-sandbox/index';
import { connectApi, type ConnectedApi } from '../../support/app/api-client';
import { withSandbox } from '../../support/sandbox/sandbox';
import { TEST_INSTANT_MS } from '../../support/clock';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;

const failsWith = (code: string, status: number, title?: string) => (error: unknown) => {
  assert.ok(error instanceof ApiError, String(error));
  assert.equal(error.code, code, error.message);
  assert.equal(error.status, status);
  if (title) assert.equal(error.body?.code, title);
  return true;
};

describe('client ↔ sandbox: promotion module (spec §4.2, §3.2, §7.3)', () => {
  let sandbox: Sandbox;
  let api: ConnectedApi;
  let clock: ManualClock;
  let eans: string[];
  let today: string;
  let inTenDays: string;
  let filtered: string;

  /** Runs a call while the client's clock and the sandbox's move together, half a second a step. */
  async function drive<T>(promise: Promise<T>): Promise<T> {
    let done = false;
    const tracked = promise.finally(() => (done = true));
    tracked.catch(() => {});
    for (let i = 0; i < 400 && !done; i++) {
      await delay(3);
      if (done) break;
      await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 0.5 } });
      await clock.advance(500);
    }
    return tracked;
  }

  const percentage = (ean: string, discountValue = 10): PromotionItemInput => ({
    ean,
    discountValue,
    initialDate: today,
    finalDate: inTenDays,
    promotionType: 'PERCENTAGE',
  });
  const request = (items: PromotionItemInput[], extra: Partial<PromotionRequest> = {}): PromotionRequest => ({
    promotions: [{ promotionName: 'Semana do hortifruti', channels: ['PLATFORM-APP'], items }],
    ...extra,
  });

  before(async () => {
    sandbox = await withSandbox();
    clock = new ManualClock(TEST_INSTANT_MS);
    api = await connectApi(sandbox.url, { clock });
    const now = Date.parse(((await sandbox.http.send('GET', '/_sandbox/clock')).body as { now: string }).now);
    // Promotion dates are read in the store's local time (UTC-03:00).
    const local = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10);
    today = local(now);
    inTenDays = local(now + 10 * 86_400_000);
    const categories = await api.catalog.listCategories(DEMO_GROCERY_ID, { includeItems: true });
    eans = categories
      .filter((c) => c.status === 'AVAILABLE')
      .flatMap((c) => c.items ?? [])
      .filter((i) => i.status === 'AVAILABLE' && typeof i.ean === 'string')
      .map((i) => i.ean as string);
    assert.ok(eans.length >= 6, 'the seeded grocery has products with EANs');
  });
  after(async () => {
    await api.close();
    await sandbox.close();
  });

  it('creates a promotion (202), waits 2-3 s, polls while PROCESSING, and reads it ACTIVE', async () => {
    const outcome = await drive(api.promotion.createAndWait(DEMO_GROCERY_ID, request([percentage(eans[0] as string)])));
    assert.equal(outcome.pending, false);
    assert.deepEqual(
      outcome.items.map((i) => [i.ean, i.status, i.discountValue]),
      [[eans[0], 'ACTIVE', 10]],
    );
  });

  it('reports asynchronous validation errors per item: DISCOUNT_INVALID, ITEM_NOT_FOUND, DUPLICATE', async () => {
    const outcome = await drive(
      api.promotion.createAndWait(
        DEMO_GROCERY_ID,
        request([
          percentage(eans[1] as string, 80),
          percentage('012345678905'),
          percentage(eans[0] as string),
          { ...percentage(eans[2] as string), promotionType: 'LXPY', discountValue: null, progressiveDiscount: { quantityToBuy: 3, quantityToPay: 2 } },
        ]),
      ),
    );
    const byEan = new Map(outcome.items.map((i) => [i.ean, i]));
    assert.equal(byEan.get(eans[1] as string)?.error, 'DISCOUNT_INVALID');
    assert.equal(byEan.get('012345678905')?.error, 'ITEM_NOT_FOUND');
    assert.equal(byEan.get(eans[0] as string)?.status, 'DUPLICATE');
    assert.equal(byEan.get(eans[2] as string)?.status, 'ACTIVE');
    assert.equal(byEan.get(eans[2] as string)?.progressiveDiscount?.quantityToPay, 2);
  });

  it('queries items with every filter and pages through them with offset and limit', async () => {
    const { aggregationId } = await api.promotion.create(
      DEMO_GROCERY_ID,
      request([percentage(eans[3] as string, 5), percentage(eans[4] as string, 70), percentage(eans[5] as string, 71)], { aggregationTag: 'tag-filters' }),
    );
    filtered = aggregationId;
    await drive(api.promotion.waitForProcessing(DEMO_GROCERY_ID, aggregationId, { expectedItems: 3 }));
    const errors = await api.promotion.listItems(DEMO_GROCERY_ID, aggregationId, { status: 'ERROR' });
    assert.deepEqual(
      errors.promotions.map((i) => i.ean),
      [eans[5]],
    );
    assert.equal((await api.promotion.listItems(DEMO_GROCERY_ID, aggregationId, { ean: eans[4] as string })).promotions.length, 1);
    assert.equal((await api.promotion.listItems(DEMO_GROCERY_ID, aggregationId, { promotionType: 'LXPY' })).promotions.length, 0);
    assert.equal((await api.promotion.listItems(DEMO_GROCERY_ID, aggregationId, { promotionName: 'Semana do hortifruti' })).promotions.length, 3);
    const first = await api.promotion.listItems(DEMO_GROCERY_ID, aggregationId, { limit: 1 });
    assert.equal(first.promotions.length, 1);
    assert.equal(first.pagination?.nextOffset, 1);
    const before = api.answers.length;
    assert.equal((await api.promotion.allItems(DEMO_GROCERY_ID, aggregationId, { limit: 1 })).length, 3);
    assert.equal(api.answers.length - before, 3, 'one request a page, stopping at nextOffset null');
    await assert.rejects(api.promotion.listItems(DEMO_GROCERY_ID, aggregationId, { limit: 1001 }), failsWith('validation', 400, 'Business Exception'));
  });

  it('answers the synchronous errors: 412 invalid body, 400 business rules, 404 aggregation, 403 store', async () => {
    const broken = {
      promotions: [{ channels: ['PLATFORM-APP'], items: [{ discountValue: 10, initialDate: today, finalDate: inTenDays, promotionType: 'PERCENTAGE' }] }],
    } as unknown as PromotionRequest;
    await assert.rejects(api.promotion.create(DEMO_GROCERY_ID, broken), failsWith('validation', 412, 'Invalid Request Body'));
    await assert.rejects(
      api.promotion.create(DEMO_GROCERY_ID, request([percentage(eans[3] as string)], { aggregationTag: 'tag-filters' })),
      failsWith('validation', 400, 'Business Exception'),
    );
    await assert.rejects(api.promotion.create(DEMO_GROCERY_ID, { promotions: [] }), failsWith('validation', 400, 'Business Exception'));
    await assert.rejects(api.promotion.listItems(DEMO_GROCERY_ID, 'no-such-aggregation'), failsWith('not-found', 404));
    await assert.rejects(api.promotion.create(OTHER_BAKERY_ID, request([percentage(eans[0] as string)])), failsWith('forbidden', 403));
  });

  it('a promotion reaches new orders: the virtual bag shows the PARTNER discount and the final price', async () => {
    const order = (await sandbox.http.send('POST', '/_sandbox/orders', { json: { merchantId: DEMO_GROCERY_ID, items: [{ ean: eans[0], quantity: 1 }] } }))
      .body as OrderDetail;
    const prices = await api.order.promotionPrices(order.id);
    const promoted = prices.find((p) => p.promoted);
    assert.ok(promoted, JSON.stringify(prices));
    assert.equal(promoted.merchantDiscount, Math.round(promoted.grossValue * 0.1 * 100) / 100);
    assert.equal(promoted.finalPrice, Math.round((promoted.grossValue - promoted.merchantDiscount) * 100) / 100);
  });

  it('reset=true replaces the whole set: items absent from it go FINISHING, then FINISHED', async () => {
    const live = (await api.promotion.allItems(DEMO_GROCERY_ID, filtered)).filter((i) => i.status === 'ACTIVE');
    assert.equal(live.length, 2, 'two items of the filters test are active');
    const reset = await api.promotion.create(DEMO_GROCERY_ID, { promotions: [] }, { reset: true });
    assert.ok(reset.aggregationId);
    const finishing = await api.promotion.allItems(DEMO_GROCERY_ID, filtered, { status: 'FINISHING' });
    assert.deepEqual(finishing.map((i) => i.ean).sort(), live.map((i) => i.ean).sort());
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 3 } });
    const after = await api.promotion.allItems(DEMO_GROCERY_ID, filtered);
    assert.deepEqual(
      after.filter((i) => i.status !== 'ERROR').map((i) => i.status),
      ['FINISHED', 'FINISHED'],
    );
  });
});
