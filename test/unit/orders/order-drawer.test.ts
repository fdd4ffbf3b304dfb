import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cashChange } from '../../../src-shared/cash-change';
import { OrderView } from '../../../src-shared/ipc/channels/orders';
import { PaymentMethod, readOrderDetail } from '../../../src-shared/wire/order';
import { customerPhone } from '../../../src-main/orders/customer-phone';
import { toOrderView } from '../../../src-main/orders/order-view';

/** A payment method as the detail reader reads it (so every field the wire may leave out is null). */
const method = (fields: Record<string, unknown>) => PaymentMethod.parse({ method: 'CASH', type: 'OFFLINE', ...fields });
const phoneOf = (phone: unknown) => readOrderDetail({ customer: { phone } })?.customer?.phone ?? null;

describe('the change to take along for a cash payment', () => {
  it('is the note the customer pays with minus what is due, to the cent', () => {
    const cash = method({ value: 451, cash: { changeFor: 500 } });
    assert.deepEqual(cashChange(cash, { pending: 451, methods: [cash] }), { paysWith: 500, due: 451, change: 49 });
    const odd = method({ value: 450.9, cash: { changeFor: 500 } });
    assert.equal(cashChange(odd, { pending: 450.9, methods: [odd] })?.change, 49.1, 'not 49.100000000000023');
  });

  it('is zero for the exact amount, and unknown for a note smaller than what is due', () => {
    const exact = method({ value: 50, cash: { changeFor: 50 } });
    assert.equal(cashChange(exact, { pending: 50, methods: [exact] })?.change, 0);
    const short = method({ value: 80, cash: { changeFor: 50 } });
    assert.deepEqual(cashChange(short, { pending: 80, methods: [short] }), { paysWith: 50, due: 80, change: null });
  });

  it('takes what is due from the amount to collect when the method has no value and is the only one collected', () => {
    const cash = method({ cash: { changeFor: 100 } });
    assert.equal(cashChange(cash, { pending: 62.5, methods: [cash, method({ method: 'CREDIT', type: 'ONLINE', value: 10 })] })?.change, 37.5);
    const card = method({ method: 'DEBIT', type: 'OFFLINE', value: 20 });
    assert.deepEqual(cashChange(cash, { pending: 82.5, methods: [cash, card] }), { paysWith: 100, due: null, change: null }, 'which part is cash is not known');
  });

  it('is nothing for a payment with no note to change (or an odd one)', () => {
    for (const fields of [
      { value: 30 },
      { value: 30, cash: null },
      { value: 30, cash: { changeFor: 0 } },
      { value: 30, cash: { changeFor: 'cem' } },
      { method: 'CREDIT', type: 'ONLINE', value: 30 },
    ]) {
      const m = method(fields);
      assert.equal(cashChange(m, { pending: 30, methods: [m] }), null, JSON.stringify(fields));
    }
  });
});

describe("the customer's phone in the drawer", () => {
  it('reads the number, the localizer and its expiry', () => {
    assert.deepEqual(customerPhone(phoneOf({ number: ' 0800 123  4567 ', localizer: '12345678', localizerExpiration: '2026-11-24T21:00:00-03:00' })), {
      number: '0800 123 4567',
      localizer: '12345678',
      localizerExpiresAt: '2026-11-25T00:00:00.000Z',
    });
  });

  it('reads each part alone: a missing or odd part is null and the others still show', () => {
    assert.deepEqual(customerPhone(phoneOf({ localizer: '12345678' })), { number: null, localizer: '12345678', localizerExpiresAt: null });
    assert.deepEqual(customerPhone(phoneOf({ number: '11 98765-4321' })), { number: '11 98765-4321', localizer: null, localizerExpiresAt: null });
    assert.deepEqual(
      customerPhone(phoneOf({ number: 'ligar depois', localizer: 87654321, localizerExpiration: 'amanhã' })),
      null,
      'no digits; a localizer that is not text',
    );
    assert.deepEqual(customerPhone(phoneOf({ number: '0800 123 4567', localizer: '', localizerExpiration: 'amanhã' })), {
      number: '0800 123 4567',
      localizer: null,
      localizerExpiresAt: null,
    });
    assert.deepEqual(customerPhone(phoneOf({ number: '0800 123 4567', localizer: '1', localizerExpiration: 'not a time' })), {
      number: '0800 123 4567',
      localizer: '1',
      localizerExpiresAt: null,
    });
    assert.equal(customerPhone(phoneOf({ number: '9'.repeat(41) })), null, 'longer than any number');
    assert.equal(customerPhone(phoneOf('0800 123 4567')), null, 'not an object');
    assert.equal(customerPhone(phoneOf(undefined)), null);
  });

  it("reaches the drawer's view of every order, whoever delivers it", () => {
    for (const deliveredBy of ['PLATFORM', 'MERCHANT']) {
      const view = toOrderView({
        customer: { name: 'Ana', phone: { number: '0800 123 4567', localizer: '12345678' } },
        delivery: { deliveredBy, pickupCode: '1234' },
      });
      assert.ok(OrderView.safeParse(view).success);
      assert.deepEqual(view?.customer?.phone, { number: '0800 123 4567', localizer: '12345678', localizerExpiresAt: null });
      assert.doesNotMatch(JSON.stringify(view), /"1234"/, 'the pickup code stays in the main process');
    }
    assert.equal(toOrderView({ customer: { name: 'Ana' } })?.customer?.phone, null);
  });
});
