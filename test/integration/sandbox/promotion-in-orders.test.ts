import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_GROCERY_ID } from '../../../src-sandbox/index';
import { withSandbox } from '../../support/sandbox/sandbox';

type Sandbox = Awaited<ReturnType<typeof withSandbox>>;

describe('a running promotion reaches new orders and their virtual bag', () => {
  let sandbox: Sandbox;
  let token: string;
  before(async () => {
    sandbox = await withSandbox();
    token = await sandbox.http.token();
  });
  after(() => sandbox.close());

  it('discounts the promoted line as a PARTNER sponsorship; final price = gross - sponsorship', async () => {
    const menu = sandbox.world.catalog.menuOf(DEMO_GROCERY_ID);
    const product = menu.find((m) => m.ean);
    assert.ok(product?.ean, 'the grocery sells something with an ean');
    const today = new Date(sandbox.world.clock.now()).toISOString().slice(0, 10);
    const created = await sandbox.http.send('POST', `/promotion/v1.0/merchants/${DEMO_GROCERY_ID}/promotions`, {
      token,
      json: {
        promotions: [
          {
            promotionName: 'Semana do cliente',
            channels: ['PLATFORM-APP'],
            items: [
              {
                ean: product.ean,
                discountValue: 20,
                initialDate: '2026-01-01',
                finalDate: `${Number(today.slice(0, 4)) + 1}-12-31`,
                promotionType: 'PERCENTAGE',
              },
            ],
          },
        ],
      },
    });
    assert.equal(created.status, 202);
    await sandbox.http.send('POST', '/_sandbox/clock', { json: { advanceSeconds: 5 } });
    const items = await sandbox.http.send(
      'GET',
      `/promotion/v1.0/merchants/${DEMO_GROCERY_ID}/promotions/${(created.body as { aggregationId: string }).aggregationId}/items`,
      { token },
    );
    assert.equal((items.body as { promotions: { status: string }[] }).promotions[0]?.status, 'ACTIVE');

    const order = await sandbox.http.send('POST', '/_sandbox/orders', { json: { merchantId: DEMO_GROCERY_ID, items: [{ ean: product.ean, quantity: 2 }] } });
    assert.equal(order.status, 201);
    const orderId = (order.body as { id: string }).id;
    const bag = (await sandbox.http.send('GET', `/order/v1.0/orders/${orderId}/virtual-bag`, { token })).body as {
      bag: {
        items: { uniqueId: string; prices: { grossValue: { value: number } } }[];
        benefits: { benefits: { target: string; targetId: string; sponsorships: { liability: string; amount: { value: number } }[] }[] };
      };
    };
    const line = bag.bag.items[0];
    assert.ok(line);
    const benefit = bag.bag.benefits.benefits.find((b) => b.target === 'ITEM' && b.targetId === line.uniqueId);
    const partner = benefit?.sponsorships.find((s) => s.liability === 'PARTNER');
    assert.ok(partner, 'the promotion is paid by the store');
    assert.equal(partner.amount.value, Math.round(line.prices.grossValue.value * 0.2 * 100) / 100);
  });
});
