import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ItemInput } from '../../../src-sandbox/promotions/model';
import { pageOf, ItemsQuery } from '../../../src-sandbox/promotions/query';
import { businessProblem, PromotionRequest } from '../../../src-sandbox/promotions/request';
import { checkItem, periodsOverlap } from '../../../src-sandbox/promotions/validation';
import { isCalendarDate } from '../../../src-shared/store-rules/promotion';

const TODAY = '2025-06-10';
const EAN = '012345678905';
const found = () => 'ok' as const;
const item = (over: Partial<ItemInput> = {}): ItemInput => ({
  ean: EAN,
  discountValue: 10,
  initialDate: '2025-06-10',
  finalDate: '2025-06-20',
  promotionType: 'PERCENTAGE',
  ...over,
});
const code = (input: ItemInput, lookup: (ean: string) => 'ok' | 'not-found' | 'inactive' | 'no-stock' = found) => {
  const r = checkItem(input, TODAY, lookup);
  return r.ok ? 'OK' : r.code;
};

describe('promotion item validation', () => {
  it('reads calendar dates strictly', () => {
    assert.equal(isCalendarDate('2024-02-29'), true);
    assert.equal(isCalendarDate('2025-02-29'), false);
    assert.equal(isCalendarDate('2025-6-1'), false);
    assert.equal(isCalendarDate('2025-06-10T00:00:00Z'), false);
  });

  it('checks type, dates, discount and product in that order', () => {
    assert.equal(code(item()), 'OK');
    assert.equal(code(item({ promotionType: 'ATACAREJO', initialDate: 'bad' })), 'PROMOTION_TYPE_INVALID');
    assert.equal(code(item({ initialDate: 'bad', discountValue: 99 })), 'DATE_INVALID');
    assert.equal(code(item({ finalDate: '2025-06-09', initialDate: '2025-06-01' })), 'DATE_INVALID');
    assert.equal(code(item({ initialDate: '2025-06-01', finalDate: '2025-06-10' })), 'OK', 'ends today: still running');
    assert.equal(code(item({ discountValue: 70.01 })), 'DISCOUNT_INVALID');
    assert.equal(code(item({ discountValue: 0 })), 'OK');
    assert.equal(code(item({ ean: '012345678901' })), 'ITEM_NOT_FOUND');
    assert.equal(
      code(item(), () => 'no-stock'),
      'ITEM_NOT_FOUND',
    );
  });

  it('checks the fields of each type', () => {
    const lxpy = (buy?: number, pay?: number | null) =>
      item({ promotionType: 'LXPY', discountValue: null, progressiveDiscount: { quantityToBuy: buy, quantityToPay: pay } });
    assert.equal(code(lxpy(3, 2)), 'OK');
    assert.equal(code(lxpy(10, 3)), 'OK', '70% exactly');
    assert.equal(code(lxpy(10, 2)), 'DISCOUNT_INVALID', '80% is above the cap');
    assert.equal(code(lxpy(2, 2)), 'DISCOUNT_INVALID');
    assert.equal(code(lxpy(2.5, 1)), 'DISCOUNT_INVALID');
    assert.equal(code(lxpy(3, null)), 'DISCOUNT_INVALID');
    const perX = (buy: number | undefined, value: number | null) =>
      item({ promotionType: 'PERCENTAGE_PER_X_UNITS', discountValue: value, progressiveDiscount: buy === undefined ? null : { quantityToBuy: buy } });
    assert.equal(code(perX(2, 50)), 'OK');
    assert.equal(code(perX(1, 50)), 'DISCOUNT_INVALID');
    assert.equal(code(perX(undefined, 50)), 'DISCOUNT_INVALID');
    assert.equal(code(perX(2, null)), 'DISCOUNT_INVALID');
  });

  it('overlaps inclusive date ranges', () => {
    assert.equal(
      periodsOverlap(item({ initialDate: '2025-06-01', finalDate: '2025-06-10' }), item({ initialDate: '2025-06-10', finalDate: '2025-06-12' })),
      true,
    );
    assert.equal(
      periodsOverlap(item({ initialDate: '2025-06-01', finalDate: '2025-06-09' }), item({ initialDate: '2025-06-10', finalDate: '2025-06-12' })),
      false,
    );
  });
});

describe('promotion request', () => {
  it('leaves values to the async check and finds business problems', () => {
    const parsed = PromotionRequest.parse({ promotions: [{ channels: ['PLATFORM-APP'], items: [{ ...item(), promotionType: 'WHATEVER' }] }] });
    assert.equal(businessProblem(parsed, false, false), undefined);
    assert.match(businessProblem(parsed, false, true) ?? '', /aggregationTag/);
    assert.match(businessProblem(PromotionRequest.parse({ promotions: [] }), false, false) ?? '', /não tem item de promoção/);
    assert.equal(businessProblem(PromotionRequest.parse({ promotions: [] }), true, false), undefined);
  });

  it('pages items with nextOffset null on the last page', () => {
    const records = Array.from({ length: 5 }, (_, i) => ({ input: item(), promotionName: null, status: i < 2 ? 'ERROR' : 'ACTIVE' })) as never[];
    assert.deepEqual(pageOf(records, ItemsQuery.parse({ limit: '2' })).pagination, { nextOffset: 2, currentOffset: 0 });
    assert.deepEqual(pageOf(records, ItemsQuery.parse({ limit: '2', offset: '4' })).pagination, { nextOffset: null, currentOffset: 4 });
    assert.equal(pageOf(records, ItemsQuery.parse({ status: 'ACTIVE' })).page.length, 3);
  });
});
