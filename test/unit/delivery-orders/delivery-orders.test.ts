import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import {
  checkDeliveryAddress,
  checkDeliveryOrder,
  orderTotal,
  readCoordinates,
  toRegistration,
  type DeliveryOrderDraft,
} from '../../../src-shared/store-rules/delivery-order';
import type { AddressChangeRequest, DeliveryOrderRegistration, DeliveryQuote } from '../../../src-shared/wire/shipping';
import { ManualClock } from '../../../src-main/base/clock';
import { StoreOutboxDb } from '../../../src-main/db/store-outbox/store-outbox-db';
import { deliveryOrderHandlers } from '../../../src-main/features/delivery-orders/handlers';
import { deliveryOrderSenders } from '../../../src-main/features/delivery-orders/senders';
import { StoreOutbox } from '../../../src-main/sync/store-outbox';
import { sqliteDeliveryOrders } from '../../../src-main/sync/delivery-orders-storage';
import { silentLogger } from '../../support/sync/fakes';
import { addressDraftOf, deliveryDraftOf, emptyDeliveryForm } from '../../../src-renderer/delivery-orders/delivery-form';

const STORE = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';
const ORDER = '40d6149c-aae6-4073-81d9-ceb3763b2583';

function draft(over: Partial<DeliveryOrderDraft> = {}): DeliveryOrderDraft {
  const form = emptyDeliveryForm();
  Object.assign(form.address, {
    postalCode: '05433-000',
    streetName: ' Rua Harmonia ',
    streetNumber: '450',
    neighborhood: 'Vila Madalena',
    city: 'São Paulo',
    state: 'sp',
    coordinates: '-23.5588, -46.6876',
  });
  Object.assign(form, { customerName: 'Marina', phoneArea: '11', phoneNumber: '98765-4321', merchantFee: '7,90' });
  form.items = [
    { name: 'Lasanha', quantity: '2', unitPrice: '42,50' },
    { name: '', quantity: '1', unitPrice: '' },
  ];
  return { ...deliveryDraftOf(form), ...over };
}

describe('delivery-only order rules (spec §4.1)', () => {
  it('reads coordinates as a map app copies them, and nothing else', () => {
    assert.deepEqual(readCoordinates('-23.5614, -46.6559'), { latitude: -23.5614, longitude: -46.6559 });
    assert.deepEqual(readCoordinates(' -23.5614 -46.6559 '), { latitude: -23.5614, longitude: -46.6559 });
    assert.equal(readCoordinates('perto do metrô'), null);
    assert.equal(readCoordinates('-123.1, 10'), null, 'latitude beyond 90');
    assert.equal(checkDeliveryAddress({ ...draft().address, latitude: 0, longitude: 0 }).problems.coordinates, 'coordinates', 'the null island is a mistake');
  });

  it('the address: street, number, neighborhood, city, postal code; state and country two letters', () => {
    assert.equal(checkDeliveryAddress(draft().address).ok, true);
    const empty = checkDeliveryAddress(addressDraftOf({ ...emptyDeliveryForm().address, country: 'Brasil' }));
    assert.deepEqual(empty.problems, {
      streetName: 'required',
      streetNumber: 'required',
      neighborhood: 'required',
      city: 'required',
      postalCode: 'required',
      state: 'two-letters',
      country: 'two-letters',
      coordinates: 'coordinates',
    });
    assert.equal(checkDeliveryAddress({ ...draft().address, postalCode: 'abc' }).problems.postalCode, 'postal-code');
    // An address change (spec §4.1): no postal code, the number optional.
    assert.equal(checkDeliveryAddress({ ...draft().address, postalCode: '', streetNumber: '' }, { change: true }).ok, true);
  });

  it('the customer: a name and a phone; a landline is allowed but warned (safe delivery counts it)', () => {
    assert.deepEqual(checkDeliveryOrder(draft()), { ok: true, problems: {}, itemProblems: [null, null], warnings: [] });
    assert.equal(checkDeliveryOrder(draft({ customerName: '  ' })).problems.customerName, 'required');
    assert.equal(checkDeliveryOrder(draft({ phoneArea: '1' })).problems.phone, 'phone-area');
    assert.equal(checkDeliveryOrder(draft({ phoneNumber: '1234' })).problems.phone, 'phone-number');
    assert.equal(checkDeliveryOrder(draft({ phoneCountry: '5555' })).problems.phone, 'phone-country');
    const landline = checkDeliveryOrder(draft({ phoneNumber: '3032-4455' }));
    assert.deepEqual([landline.ok, landline.warnings], [true, ['landline']]);
  });

  it('items: at least one; each named, a whole quantity from 1 to 999 and a price above zero; the fee 0 to 1000', () => {
    assert.equal(checkDeliveryOrder(draft({ items: [{ name: '', quantity: 1, unitPrice: null }] })).problems.items, 'items-missing');
    const lines = checkDeliveryOrder(
      draft({
        items: [
          { name: 'A', quantity: 1.5, unitPrice: 3 },
          { name: '', quantity: 1, unitPrice: 3 },
          { name: 'C', quantity: 1, unitPrice: 0 },
        ],
      }),
    );
    assert.deepEqual(lines.itemProblems, ['item-quantity', 'item-name', 'item-price']);
    assert.equal(lines.problems.items, 'item-quantity');
    assert.equal(checkDeliveryOrder(draft({ merchantFee: -1 })).problems.merchantFee, 'fee');
  });

  it('builds the registration: trimmed, upper-case state, the quote, the lines with totals, one payment of the whole', () => {
    const d = draft({ paymentMethod: 'CREDIT', cardBrand: 'VISA' });
    assert.equal(orderTotal(d), 92.9);
    const body: DeliveryOrderRegistration = toRegistration(d, 'quote-1');
    assert.equal(body.delivery.quoteId, 'quote-1');
    assert.deepEqual(body.delivery.deliveryAddress, {
      postalCode: '05433-000',
      streetNumber: '450',
      streetName: 'Rua Harmonia',
      neighborhood: 'Vila Madalena',
      city: 'São Paulo',
      state: 'SP',
      country: 'BR',
      coordinates: { latitude: -23.5588, longitude: -46.6876 },
    });
    assert.deepEqual(body.customer.phone, { countryCode: '55', areaCode: '11', number: '987654321', type: 'CUSTOMER' });
    assert.deepEqual(body.items, [{ id: '1', name: 'Lasanha', quantity: 2, unitPrice: 42.5, price: 85, optionsPrice: 0, totalPrice: 85 }]);
    assert.equal(body.delivery.merchantFee, 7.9);
    assert.deepEqual(body.payments.methods, [{ method: 'CREDIT', type: 'OFFLINE', value: 92.9, card: { brand: 'VISA' } }]);
    assert.equal(toRegistration(draft({ cardBrand: 'VISA' }), 'q').payments.methods[0]?.card, undefined, 'cash has no card');
  });
});

function setup() {
  const clock = new ManualClock(Date.parse('2026-11-24T12:00:00-03:00'));
  const db = StoreOutboxDb.open(':memory:');
  const queue = new StoreOutbox({ db, clock, logger: silentLogger, random: () => 0.5 });
  const state = { offline: false, cancelled: false, loseNextAnswer: false };
  const calls: string[] = [];
  const changes: AddressChangeRequest[] = [];
  const quote: DeliveryQuote = {
    id: 'q1',
    expirationAt: '2026-11-24T15:05:00Z',
    distance: 400,
    preparationTime: 12,
    quote: { grossValue: 8, discount: 1, netValue: 7, raise: 0 },
    deliveryTime: { min: 16, max: 31 },
  };
  const up = () => {
    if (state.offline) throw new AppError('connection', 'no route to host');
  };
  const shipping = {
    quoteForMerchant: async () => quote,
    registerOrder: async (_m: string, body: DeliveryOrderRegistration) => {
      calls.push(`register ${body.delivery.quoteId}`);
      return { id: ORDER, trackingUrl: 'https://track/1' };
    },
    safeDelivery: async () => ({ score: 'VERY_HIGH', rules: { customer_address_confirmed: true, customer_phone_is_fixed: false } }),
    userConfirmAddress: async () => {
      up();
      calls.push('confirm');
      return 'ok';
    },
    requestAddressChange: async (_o: string, address: AddressChangeRequest) => {
      up();
      changes.push(address);
      return 'ok';
    },
    cancellationReasons: async () => [
      { cancelCodeId: '801', description: 'Cliente desistiu' },
      { cancelCodeId: 'x', description: 'unreadable code' },
    ],
    cancel: async (_o: string, c: { reason: string; cancellationCode: number }) => {
      up();
      if (state.cancelled) throw new AppError('conflict', 'already cancelled');
      state.cancelled = true;
      calls.push(`cancel ${c.cancellationCode} ${c.reason}`);
      if (state.loseNextAnswer) {
        state.loseNextAnswer = false;
        throw new AppError('connection', 'reset after the request was applied');
      }
      return 'ok';
    },
  };
  queue.register(deliveryOrderSenders(shipping, { getOrder: async () => ({ status: state.cancelled ? 'CANCELLED' : 'CONFIRMED' }) as never }));
  const tick = () => queue.tick(new AbortController().signal);
  return {
    clock,
    db,
    queue,
    calls,
    changes,
    state,
    tick,
    handlers: deliveryOrderHandlers({ shipping, registered: sqliteDeliveryOrders(db), actions: queue, clock }),
  };
}

describe('delivery-only order channels', () => {
  it('quotes with the preparation time, registers and remembers the order', async () => {
    const { handlers, calls } = setup();
    const quote = await handlers['deliveryOrders:quote']({ merchantId: STORE, latitude: -23.55, longitude: -46.68 });
    assert.deepEqual([quote.quoteId, quote.netValue, quote.deliveryMin, quote.preparationTime], ['q1', 7, 16, 12]);
    const view = await handlers['deliveryOrders:register']({ merchantId: STORE, draft: draft(), quoteId: 'q1' });
    assert.deepEqual([view.orderId, view.trackingUrl, view.customerName, view.registeredAt], [ORDER, 'https://track/1', 'Marina', '2026-11-24T15:00:00.000Z']);
    assert.deepEqual(calls, ['register q1']);
    assert.deepEqual(await handlers['deliveryOrders:get']({ orderId: ORDER }), view);
    assert.equal(await handlers['deliveryOrders:get']({ orderId: STORE }), null, 'an order not registered here');
  });

  it('refuses a draft that breaks the rules before anything is sent, and an order not registered here', async () => {
    const { handlers, calls } = setup();
    await assert.rejects(
      async () => handlers['deliveryOrders:register']({ merchantId: STORE, draft: draft({ phoneArea: '' }), quoteId: 'q1' }),
      (e: unknown) => e instanceof AppError && e.code === 'bad-input' && e.field === 'phone',
    );
    await handlers['deliveryOrders:register']({ merchantId: STORE, draft: draft(), quoteId: 'q1' });
    await assert.rejects(
      async () => handlers['deliveryOrders:changeAddress']({ orderId: ORDER, address: { ...draft().address, city: '' } }),
      (e: unknown) => e instanceof AppError && e.field === 'city',
    );
    await assert.rejects(
      async () => handlers['deliveryOrders:confirmAddress']({ orderId: STORE }),
      (e: unknown) => e instanceof AppError && e.code === 'not-found',
    );
    assert.deepEqual(calls, ['register q1']);
  });

  it('safety in rules, an address change without the postal code, reasons with readable codes, a cancellation', async () => {
    const { handlers, calls, changes } = setup();
    await handlers['deliveryOrders:register']({ merchantId: STORE, draft: draft(), quoteId: 'q1' });
    assert.deepEqual(await handlers['deliveryOrders:safety']({ orderId: ORDER }), {
      score: 'VERY_HIGH',
      rules: [
        { rule: 'customer_address_confirmed', holds: true },
        { rule: 'customer_phone_is_fixed', holds: false },
      ],
    });
    const change = await handlers['deliveryOrders:changeAddress']({ orderId: ORDER, address: { ...draft().address, postalCode: '', streetNumber: ' ' } });
    assert.deepEqual([change.state, change.kind, change.merchantId, change.subject], ['done', 'deliveryAddressChange', STORE, ORDER]);
    assert.equal(changes[0]?.streetName, 'Rua Harmonia');
    assert.equal('postalCode' in (changes[0] ?? {}), false);
    assert.equal('streetNumber' in (changes[0] ?? {}), false, 'the number is optional in a change');
    assert.deepEqual(await handlers['deliveryOrders:cancellationReasons']({ orderId: ORDER }), [{ code: 801, description: 'Cliente desistiu' }]);
    assert.equal((await handlers['deliveryOrders:cancel']({ orderId: ORDER, code: 801, reason: 'Cliente desistiu por telefone' })).state, 'done');
    assert.deepEqual(calls, ['register q1', 'cancel 801 Cliente desistiu por telefone']);
  });

  it('offline, the confirmation and the cancellation wait in the store outbox and are sent once; a lost answer is found done', async () => {
    const { handlers, calls, state, tick, clock, queue } = setup();
    await handlers['deliveryOrders:register']({ merchantId: STORE, draft: draft(), quoteId: 'q1' });
    state.offline = true;
    assert.equal((await handlers['deliveryOrders:confirmAddress']({ orderId: ORDER })).state, 'queued');
    assert.equal((await handlers['deliveryOrders:cancel']({ orderId: ORDER, code: 801, reason: 'Desistiu' })).state, 'queued');
    state.offline = false;
    state.loseNextAnswer = true;
    for (let round = 0; round < 3; round++) {
      clock.advance(120_000);
      await tick();
    }
    assert.deepEqual(calls, ['register q1', 'confirm', 'cancel 801 Desistiu'], 'each once, in the order made');
    assert.deepEqual(
      (await queue.list(STORE)).map((e) => [e.kind, e.state]),
      [
        ['deliveryCancel', 'done'],
        ['deliveryConfirmAddress', 'done'],
      ],
      'the cancellation whose answer was lost is found done (the order is cancelled), not refused',
    );
  });
});
