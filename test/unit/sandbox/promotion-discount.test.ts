import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lineDiscount } from '../../../src-sandbox/promotions/discount';

const base = { ean: '012345678905', initialDate: '2026-11-01', finalDate: '2026-12-01' };

describe('promotion discount of an order line', () => {
  it('PERCENTAGE takes the percentage of every unit, never above 70 %', () => {
    assert.equal(lineDiscount({ ...base, promotionType: 'PERCENTAGE', discountValue: 10 }, { quantity: 3, unitPrice: 10 }), 3);
    assert.equal(lineDiscount({ ...base, promotionType: 'PERCENTAGE', discountValue: 90 }, { quantity: 1, unitPrice: 10 }), 7);
  });

  it('LXPY makes every complete group of X units cost Y', () => {
    const take3pay2 = { ...base, promotionType: 'LXPY', progressiveDiscount: { quantityToBuy: 3, quantityToPay: 2 } };
    assert.equal(lineDiscount(take3pay2, { quantity: 2, unitPrice: 5 }), 0);
    assert.equal(lineDiscount(take3pay2, { quantity: 3, unitPrice: 5 }), 5);
    assert.equal(lineDiscount(take3pay2, { quantity: 7, unitPrice: 5 }), 10);
  });

  it('PERCENTAGE_PER_X_UNITS discounts every Xth unit', () => {
    const second50 = { ...base, promotionType: 'PERCENTAGE_PER_X_UNITS', discountValue: 50, progressiveDiscount: { quantityToBuy: 2 } };
    assert.equal(lineDiscount(second50, { quantity: 1, unitPrice: 8 }), 0);
    assert.equal(lineDiscount(second50, { quantity: 4, unitPrice: 8 }), 8);
  });
});
