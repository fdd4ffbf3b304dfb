import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CatalogApi } from '../../../src-main/api/catalog';
import { ApiClient } from '../../../src-main/api/client';
import { ApiError } from '../../../src-main/api/errors';
import { MerchantApi } from '../../../src-main/api/merchant';
import { OrderApi } from '../../../src-main/api/order';
import { finalItemPrices } from '../../../src-main/api/promotion-check';
import { PromotionApi } from '../../../src-main/api/promotion';
import { ReviewApi } from '../../../src-main/api/review';
import type { HttpRequest, HttpResponse } from '../../../src-main/api/transport';
import { ManualClock } from '../../../src-main/base/clock';
import { silentLogger } from '../../../src-main/base/log';
import { VirtualBag } from '../../../src-shared/wire/order';
import { fakeTransport, json, settle } from '../../support/app/fake-api';

function setup(answer: (request: HttpRequest, index: number, clock: ManualClock) => HttpResponse) {
  const clock = new ManualClock();
  const transport = fakeTransport((request, index) => answer(request, index, clock));
  const client = new ApiClient({ transport, tokens: { accessToken: async () => 't', rejected: async () => {} }, clock, logger: silentLogger });
  return { clock, transport, client };
}

async function runToEnd<T>(clock: ManualClock, promise: Promise<T>, stepMs = 250): Promise<T> {
  let done = false;
  const tracked = promise.finally(() => (done = true));
  tracked.catch(() => {});
  for (let i = 0; i < 10_000 && !done; i++) {
    await settle(2);
    if (!done) await clock.advance(stepMs);
  }
  return tracked;
}

const review = (n: number) => ({ id: `r${n}`, score: 4, status: 'PUBLISHED', createdAt: '2026-11-01T10:00:00Z' });

describe('conveniences the spec asks for', () => {
  it('virtual bag: final price = gross value minus PARTNER and CHAIN sponsorships of ITEM benefits', () => {
    const bag = VirtualBag.parse({
      bag: {
        items: [
          { uniqueId: 'u-a', name: 'Coffee', prices: { grossValue: { value: 10 } } },
          { uniqueId: 'u-b', name: 'Bread', prices: { grossValue: { value: 20 } } },
          { uniqueId: 'u-c', name: 'Milk', prices: { grossValue: { value: 5.3 } } },
        ],
        benefits: {
          benefits: [
            {
              target: 'ITEM',
              targetId: 'u-a',
              sponsorships: [
                { liability: 'PARTNER', amount: { value: 2 } },
                { liability: 'PLATFORM', amount: { value: 1 } },
                { liability: 'CHAIN', amount: { value: 0.5 } },
              ],
            },
            { target: 'ITEM', targetId: 'u-b', sponsorships: [{ liability: 'PLATFORM', amount: { value: 3 } }] },
            { target: 'CART', sponsorships: [{ liability: 'PARTNER', amount: { value: 4 } }] },
            { target: 'ITEM', targetId: 'u-c', sponsorships: [{ liability: 'PARTNER', amount: { value: 0.1 } }] },
            { target: 'ITEM', targetId: 'u-c', sponsorships: [{ liability: 'CHAIN', amount: { value: 0.2 } }] },
          ],
        },
      },
    });
    assert.deepEqual(
      finalItemPrices(bag).map((p) => [p.uniqueId, p.finalPrice, p.merchantDiscount, p.promoted]),
      [
        ['u-a', 7.5, 2.5, true],
        ['u-b', 20, 0, false],
        ['u-c', 5, 0.3, true],
      ],
    );
    assert.deepEqual(finalItemPrices(VirtualBag.parse({ bag: { items: [{ uniqueId: 'x', prices: { grossValue: { value: 1 } } }] } }))[0]?.finalPrice, 1);
  });

  it('order tracking: at most one request per 30 s per order; the answer (or 404) is shared meanwhile', async () => {
    const { clock, transport, client } = setup((request) =>
      request.path.includes('o-early') ? json(404, { code: 'NotFound', message: 'no driver yet' }) : json(200, { latitude: -23.5, longitude: -46.6 }),
    );
    const orders = new OrderApi(client, clock);
    for (let i = 0; i < 5; i++) assert.equal((await orders.trackOrder('o-1')).latitude, -23.5);
    await orders.trackOrder('o-2');
    for (let i = 0; i < 3; i++) await assert.rejects(orders.trackOrder('o-early'), (e: unknown) => e instanceof ApiError && e.code === 'not-found');
    assert.equal(transport.requests.length, 3);
    await clock.advance(29_999);
    await orders.trackOrder('o-1');
    assert.equal(transport.requests.length, 3);
    await clock.advance(1);
    await orders.trackOrder('o-1');
    assert.equal(transport.requests.length, 4);
  });

  it('review pagination: pages one by one until a short page, with every query parameter passed on', async () => {
    const all = Array.from({ length: 23 }, (_, i) => review(i));
    const { client, transport } = setup((request) => {
      const page = Number(request.query?.page);
      const size = Number(request.query?.pageSize);
      return json(200, { page, size, reviews: all.slice((page - 1) * size, page * size), total: 23, pageCount: 3 });
    });
    const reviews = new ReviewApi(client);
    const seen: string[] = [];
    for await (const r of reviews.reviews('m1', {
      pageSize: 10,
      addCount: true,
      sort: 'ASC',
      sortBy: 'ORDER_DATE',
      dateFrom: '2026-01-01T00:00:00Z',
      dateTo: '2026-12-31T00:00:00Z',
    }))
      seen.push(r.id);
    assert.equal(seen.length, 23);
    assert.equal(transport.requests.length, 3);
    assert.deepEqual(transport.requests[0]?.query, {
      pageSize: 10,
      addCount: true,
      sort: 'ASC',
      sortBy: 'ORDER_DATE',
      dateFrom: '2026-01-01T00:00:00Z',
      dateTo: '2026-12-31T00:00:00Z',
      page: 1,
    });
    // Consumers may stop early: only the pages they read are fetched.
    const early = setup(() => json(200, { page: 1, size: 50, reviews: all.slice(0, 50) }));
    for await (const page of new ReviewApi(early.client).pages('m1')) {
      assert.equal(page.reviews.length, 23);
      break;
    }
    assert.equal(early.transport.requests.length, 1);
    assert.equal(early.transport.requests[0]?.query?.pageSize, 50, 'the helper reads the largest page the spec allows');
  });

  it('promotion status: first query 2-3 s after creation, then again while PROCESSING', async () => {
    const rounds: number[] = [];
    let created = 0;
    const { clock, transport, client } = setup((request, _i, clock) => {
      if (request.method === 'POST') {
        created = clock.now();
        return json(202, { aggregationId: 'agg-1', message: 'queued' });
      }
      const offset = Number(request.query?.offset ?? 0);
      if (offset === 0) rounds.push(clock.now() - created);
      // Validation takes 8 s on this fake server.
      const status = clock.now() - created < 8_000 ? 'PROCESSING' : 'ACTIVE';
      const items =
        offset === 0
          ? [
              {
                promotionItemId: 'p1',
                ean: '012345678905',
                status,
                initialDate: '2026-11-21',
                finalDate: '2026-11-30',
                promotionType: 'PERCENTAGE',
                discountValue: 10,
              },
            ]
          : [];
      return json(200, { promotions: items, pagination: { currentOffset: offset, nextOffset: offset + 1 } });
    });
    const promotions = new PromotionApi(client, clock);
    const outcome = await runToEnd(
      clock,
      promotions.createAndWait(
        'm1',
        {
          promotions: [
            {
              channels: ['PLATFORM-APP'],
              items: [{ ean: '012345678905', discountValue: 10, initialDate: '2026-11-21', finalDate: '2026-11-30', promotionType: 'PERCENTAGE' }],
            },
          ],
        },
        { reset: true },
      ),
    );
    assert.equal(outcome.pending, false);
    assert.equal(outcome.items[0]?.status, 'ACTIVE');
    assert.equal(transport.requests[0]?.query?.reset, true);
    assert.ok((rounds[0] as number) >= 2_000 && (rounds[0] as number) <= 3_000, `first query after ${rounds[0]} ms`);
    assert.ok(rounds.length >= 3, 'queried again while PROCESSING');
    assert.ok((rounds.at(-2) as number) < 8_000 && (rounds.at(-1) as number) >= 8_000, 'and stopped at the first answer without PROCESSING');
  });

  it('promotion status: gives the items back as pending when processing outlasts the wait', async () => {
    const { clock, client } = setup(() =>
      json(200, {
        promotions: [{ promotionItemId: 'p1', ean: '1', status: 'PROCESSING', initialDate: 'a', finalDate: 'b', promotionType: 'LXPY' }],
        pagination: null,
      }),
    );
    const outcome = await runToEnd(clock, new PromotionApi(client, clock).waitForProcessing('m1', 'agg', { timeoutMs: 20_000 }));
    assert.equal(outcome.pending, true);
  });

  it('catalog batches: polled until COMPLETED; a batch that never ends is a timeout', async () => {
    let reads = 0;
    const { clock, client } = setup(() => {
      reads++;
      return json(200, {
        batchId: 'b1',
        batchStatus: reads < 3 ? 'PROCESSING' : 'COMPLETED',
        results: reads < 3 ? [] : [{ resourceId: 'p1', result: 'SUCCESS' }],
      });
    });
    const catalog = new CatalogApi(client, clock);
    const batch = await runToEnd(clock, catalog.waitForBatch('m1', 'b1', { intervalMs: 1_000 }));
    assert.equal(batch.results[0]?.result, 'SUCCESS');
    assert.equal(reads, 3);
    const stuck = setup(() => json(200, { batchStatus: 'PROCESSING' }));
    await assert.rejects(
      runToEnd(stuck.clock, new CatalogApi(stuck.client, stuck.clock).waitForBatch('m1', 'b1', { timeoutMs: 10_000 })),
      (e: unknown) => e instanceof ApiError && e.code === 'timeout',
    );
  });

  it('event polling: the events come as the platform sent them (each read by the ingest); no content means no events', async () => {
    const { client, clock } = setup((_r, index) =>
      index === 0
        ? json(200, {
            events: [
              { id: 'e1', code: 'PLC', fullCode: 'PLACED', orderId: 'o1', createdAt: '2026-11-21T12:00:00Z' },
              { id: 'e2', code: 'XYZ', orderId: 'o1' },
              { id: 'e3', code: 'NEW', fullCode: 'SOMETHING_NEW', orderId: 'o2', merchantId: 'm1', createdAt: '2026-11-21T12:00:01Z', metadata: { a: 1 } },
            ],
          })
        : { status: 204, headers: {}, body: undefined },
    );
    const orders = new OrderApi(client, clock);
    const polled = await orders.pollEvents({ limit: 50 });
    assert.deepEqual(
      polled.map((e) => (e as { id: string }).id),
      ['e1', 'e2', 'e3'],
      'an unknown code and a missing time are kept',
    );
    assert.deepEqual(await orders.pollEvents(), []);
  });

  it('acknowledgment: ids go in chunks of 1000 a request; nothing to acknowledge sends nothing', async () => {
    const { client, clock, transport } = setup(() => json(202, { status: 'ACCEPTED' }));
    const orders = new OrderApi(client, clock);
    await orders.acknowledgeEvents([]);
    assert.equal(transport.requests.length, 0);
    await orders.acknowledgeEvents(Array.from({ length: 2500 }, (_, i) => `e${i}`));
    assert.deepEqual(
      transport.requests.map((r) => (r.json as { acknowledgedEventIds: string[] }).acknowledgedEventIds.length),
      [1000, 1000, 500],
    );
    assert.ok(transport.requests.every((r) => r.path === '/order/v1.0/orders:acknowledgment'));
  });

  it('check-in QR codes come back as PDF bytes; anything else is an unreadable answer', async () => {
    const pdf = Buffer.from('%PDF-1.4\n...');
    const good = setup(() => ({ status: 200, headers: { 'content-type': 'application/pdf' }, body: pdf }));
    const bytes = await new MerchantApi(good.client).checkinQrCodes(['m1']);
    assert.ok(Buffer.isBuffer(bytes) && bytes.equals(pdf));
    assert.equal(good.transport.requests[0]?.binary, true);
    assert.deepEqual(good.transport.requests[0]?.json, { merchantIds: ['m1'] });
    const bad = setup(() => ({ status: 200, headers: {}, body: Buffer.from('<html>') }));
    await assert.rejects(new MerchantApi(bad.client).checkinQrCodes(['m1']), (e: unknown) => e instanceof ApiError && e.code === 'validation');
  });
});
