import { fail } from '../http/errors';
import { FINAL_STATUSES, type OrderRecord } from '../orders/model';
import type { OrdersState } from '../orders/state';
import type { AddressChangeBody } from './bodies';
import type { AddressChange, SafeDeliveryRules, ShippingRecord } from './model';

/**
 * Delivery address changes (DAR / DAA / DAD). The customer asks (control route) and the merchant
 * accepts or denies; or the merchant asks (deliveryAddressChangeRequest) and the customer accepts
 * CUSTOMER_ANSWER_MS later. One change at a time.
 */
export const CUSTOMER_ANSWER_MS = 30_000;
/**
 * How long the store has to answer the customer's request (the docs leave it open; the platform
 * must not leave a driver waiting on an unanswered address): past it the change is denied (DAD,
 * answeredBy TIMEOUT) and a late answer is refused with 409.
 */
export const MERCHANT_ANSWER_MS = 10 * 60_000;

export function deliveryOf(order: OrderRecord) {
  const delivery = order.detail.delivery;
  if (!delivery) throw fail.conflict('NotDelivery', `um pedido ${order.detail.orderType} não tem endereço de entrega`);
  if (FINAL_STATUSES.includes(order.detail.status)) throw fail.conflict('InvalidOrderStatus', `o pedido está ${order.detail.status}`);
  return delivery;
}

function apply(order: OrderRecord, change: AddressChange): void {
  const delivery = order.detail.delivery;
  if (!delivery) return;
  const a = change.address as AddressChangeBody;
  delivery.deliveryAddress = {
    streetName: a.streetName,
    streetNumber: a.streetNumber ?? '',
    formattedAddress: `${a.streetName}${a.streetNumber ? `, ${a.streetNumber}` : ''}${a.complement ? ` - ${a.complement}` : ''}`,
    neighborhood: a.neighborhood,
    ...(a.complement ? { complement: a.complement } : {}),
    ...(a.reference ? { reference: a.reference } : {}),
    postalCode: delivery.deliveryAddress.postalCode,
    city: a.city,
    state: a.state.toUpperCase(),
    country: a.country.toUpperCase(),
    coordinates: a.coordinates,
  };
}

function open(orders: OrdersState, order: OrderRecord, record: ShippingRecord, change: AddressChange): void {
  deliveryOf(order);
  if (record.addressChange?.status === 'PENDING') throw fail.conflict('AddressChangePending', 'já há uma mudança de endereço pendente para este pedido');
  record.addressChange = change;
  orders.emit(order, 'DAR', {
    requestedBy: change.requestedBy,
    address: change.address,
    ...(change.expiresAtMs === undefined ? {} : { expiresAt: new Date(change.expiresAtMs).toISOString() }),
  });
}

export function customerRequestsChange(orders: OrdersState, order: OrderRecord, record: ShippingRecord, address: AddressChangeBody): void {
  const change: AddressChange = { requestedBy: 'CUSTOMER', address, status: 'PENDING', expiresAtMs: orders.clock.now() + MERCHANT_ANSWER_MS };
  open(orders, order, record, change);
  record.rules.customer_address_change_requested = true;
  orders.timeline.schedule(change.expiresAtMs as number, (due) => {
    if (change.status !== 'PENDING' || FINAL_STATUSES.includes(order.detail.status)) return;
    change.status = 'DENIED';
    orders.emit(order, 'DAD', { requestedBy: 'CUSTOMER', answeredBy: 'TIMEOUT', address: change.address }, due);
  });
}

export function merchantRequestsChange(orders: OrdersState, order: OrderRecord, record: ShippingRecord, address: AddressChangeBody): void {
  const change: AddressChange = { requestedBy: 'MERCHANT', address, status: 'PENDING' };
  open(orders, order, record, change);
  orders.timeline.schedule(orders.clock.now() + CUSTOMER_ANSWER_MS, (due) => {
    if (change.status !== 'PENDING' || FINAL_STATUSES.includes(order.detail.status)) return;
    change.status = 'ACCEPTED';
    apply(order, change);
    record.rules.customer_address_confirmed = true;
    orders.emit(order, 'DAA', { requestedBy: 'MERCHANT', answeredBy: 'CUSTOMER', address: change.address }, due);
  });
}

/** The merchant's answer to the customer's request. */
export function answerChange(orders: OrdersState, order: OrderRecord, record: ShippingRecord, accept: boolean): void {
  deliveryOf(order);
  const change = record.addressChange;
  if (change?.status !== 'PENDING') throw fail.conflict('NoAddressChangePending', 'nenhuma mudança de endereço pendente para este pedido');
  if (change.requestedBy !== 'CUSTOMER') throw fail.conflict('AwaitingCustomer', 'a loja pediu esta mudança: quem responde é o cliente');
  if (change.expiresAtMs !== undefined && orders.clock.now() >= change.expiresAtMs) {
    throw fail.conflict('AddressChangeExpired', `o prazo para responder terminou em ${new Date(change.expiresAtMs).toISOString()}`);
  }
  change.status = accept ? 'ACCEPTED' : 'DENIED';
  if (accept) {
    apply(order, change);
    record.rules.merchant_address_change_approved = true;
  } else {
    record.rules.merchant_address_change_denied = true;
  }
  orders.emit(order, accept ? 'DAA' : 'DAD', { requestedBy: 'CUSTOMER', answeredBy: 'MERCHANT', address: change.address });
}

/** Safe-delivery score: VERY_HIGH unless the address moved or the phone looks doubtful. */
export function safeDeliveryScore(r: SafeDeliveryRules): 'VERY_HIGH' | 'HIGH' | 'MODERATE' | 'LOW' {
  let risk = 0;
  if (r.customer_address_change_requested && !r.merchant_address_change_denied) risk += 1;
  if (r.customer_phone_is_fixed) risk += 1;
  if (!r.customer_phone_valid) risk += 2;
  if (r.customer_address_confirmed) risk -= 1;
  return risk <= 0 ? 'VERY_HIGH' : risk === 1 ? 'HIGH' : risk === 2 ? 'MODERATE' : 'LOW';
}
