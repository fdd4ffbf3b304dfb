import { fail } from '../http/errors';
import type { SeedStore } from '../seed/stores';
import { seedDriverNames } from '../seed/orders-seed';
import { PLATFORM_CANCELLATIONS } from './cancellation-reasons';
import { isPlatformDelivery, type Cancellation, type DriverStep, type OrderRecord, type OrderStatus } from './model';
import { newOrder, type NewOrderOptions } from './order-factory';
import type { OrdersState } from './state';

/**
 * What the platform and the customer do to an order by themselves: place it, cancel it when the
 * 8-minute confirmation deadline passes, assign and move a driver, conclude it, let the customer
 * cancel. Control routes and the scenario generator call these; merchant actions are in lifecycle.ts.
 */
const MINUTE = 60_000;
export const PICKUP_RIDE_MS = 8 * MINUTE;
export const DELIVERY_RIDE_MS = 15 * MINUTE;

export function placeOrder(state: OrdersState, store: SeedStore, options: Omit<NewOrderOptions, 'nowMs' | 'promotionFor'>): OrderRecord {
  const nowMs = state.clock.now();
  const order = newOrder(state.rng, store, { ...options, nowMs, ...(state.promotionFor ? { promotionFor: state.promotionFor } : {}) });
  state.orders.set(order.detail.id, order);
  state.emit(order, 'PLC', {}, nowMs);
  state.timeline.schedule(order.confirmDeadlineMs, (due) => {
    if (order.detail.status === 'PLACED') cancelOrder(state, order, cancellationBy('PLATFORM', PLATFORM_CANCELLATIONS.confirmationTimeout), due);
  });
  if (order.detail.orderTiming === 'SCHEDULED') {
    state.timeline.schedule(order.preparationStartMs, (due) => {
      const waiting = order.detail.status === 'PLACED' || order.detail.status === 'CONFIRMED';
      if (waiting && state.usesSmartPreparation(order.detail.merchant.id)) {
        state.emit(order, 'RPS', { preparationStartDateTime: order.detail.preparationStartDateTime }, due);
      }
    });
  }
  return order;
}

/** A cancellation the store did not ask for, with the platform's code and words. */
export function cancellationBy(origin: Cancellation['origin'], reason: { code: string; description: string }): Cancellation {
  return { origin, cancelCode: reason.code, reason: reason.description };
}

export function setStatus(order: OrderRecord, status: OrderStatus): void {
  order.detail.status = status;
}

export function cancelOrder(state: OrdersState, order: OrderRecord, cancellation: Cancellation, atMs = state.clock.now()): void {
  setStatus(order, 'CANCELLED');
  order.cancellation = cancellation;
  state.emit(order, 'CAN', { ...cancellation }, atMs);
}

const DRIVER_STATUSES: readonly OrderStatus[] = ['CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP'];

export function assignDriver(state: OrdersState, order: OrderRecord, atMs = state.clock.now()): void {
  if (!isPlatformDelivery(order))
    throw fail.conflict('NotPlatformDelivery', 'só um pedido DELIVERY entregue pela plataforma (PLATFORM) recebe entregador da plataforma');
  if (order.driver) throw fail.conflict('DriverAlreadyAssigned', 'já há um entregador designado para este pedido');
  if (!DRIVER_STATUSES.includes(order.detail.status)) {
    throw fail.conflict('InvalidOrderStatus', `um entregador é designado para um pedido confirmado, não para um com status ${order.detail.status}`);
  }
  const { rng } = state;
  const store = order.detail.merchant;
  const address = order.detail.delivery?.deliveryAddress.coordinates;
  order.driver = {
    name: rng.pick(seedDriverNames),
    phone: `11 9${rng.digits(4)}-${rng.digits(4)}`,
    vehicleType: rng.pick(['MOTORCYCLE', 'BICYCLE', 'CAR'] as const),
    step: 'ASSIGNED',
    assignedAtMs: atMs,
    origin: {
      latitude: (address?.latitude ?? 0) + 0.01,
      longitude: (address?.longitude ?? 0) - 0.01,
    },
    pickupEtaMs: atMs + PICKUP_RIDE_MS,
    deliveryEtaMs: atMs + PICKUP_RIDE_MS + DELIVERY_RIDE_MS,
  };
  const { name, phone, vehicleType } = order.driver;
  state.emit(order, 'ADR', { driver: { name, phone, vehicleType }, merchantId: store.id }, atMs);
}

const NEXT_STEP: Partial<Record<DriverStep, DriverStep>> = {
  ASSIGNED: 'GOING_TO_ORIGIN',
  GOING_TO_ORIGIN: 'ARRIVED_AT_ORIGIN',
  ARRIVED_AT_ORIGIN: 'COLLECTED',
  COLLECTED: 'ARRIVED_AT_DESTINATION',
};

/** Moves the platform driver one step; collecting the order dispatches it. */
export function advanceDriver(state: OrdersState, order: OrderRecord, atMs = state.clock.now()): DriverStep {
  const driver = order.driver;
  if (!driver) throw fail.conflict('NoDriverAssigned', 'nenhum entregador designado para este pedido');
  if (order.detail.status === 'CANCELLED' || order.detail.status === 'CONCLUDED') {
    throw fail.conflict('InvalidOrderStatus', `o pedido já está ${order.detail.status}`);
  }
  const next = NEXT_STEP[driver.step];
  if (!next) throw fail.conflict('DriverAtDestination', 'o entregador está no destino; conclua o pedido');
  if (next === 'COLLECTED' && order.detail.status === 'CANCELLATION_REQUESTED') {
    throw fail.conflict('InvalidOrderStatus', 'o pedido tem um pedido de cancelamento pendente');
  }
  driver.step = next;
  if (next === 'GOING_TO_ORIGIN') state.emit(order, 'GTO', {}, atMs);
  if (next === 'ARRIVED_AT_ORIGIN') state.emit(order, 'AAO', {}, atMs);
  if (next === 'COLLECTED') collect(state, order, atMs);
  if (next === 'ARRIVED_AT_DESTINATION') state.emit(order, 'AAD', {}, atMs);
  return next;
}

function collect(state: OrdersState, order: OrderRecord, atMs: number): void {
  const driver = order.driver;
  if (!driver) return;
  driver.step = 'COLLECTED';
  driver.collectedAtMs = atMs;
  driver.deliveryEtaMs = atMs + DELIVERY_RIDE_MS;
  state.emit(order, 'CLT', {}, atMs);
  setStatus(order, 'DISPATCHED');
  state.emit(order, 'DSP', { deliveredBy: 'PLATFORM' }, atMs);
}

/**
 * The order reached the customer (or was picked up). TAKEOUT and DINE_IN must be ready first,
 * a merchant delivery dispatched, a platform delivery needs its driver (who collects it if he
 * had not yet).
 */
export function concludeOrder(state: OrdersState, order: OrderRecord, atMs = state.clock.now()): void {
  const { status, orderType } = order.detail;
  const conflict = (code: string, message: string) => fail.conflict(code, message);
  if (orderType !== 'DELIVERY') {
    if (status !== 'READY_TO_PICKUP') throw conflict('InvalidOrderStatus', `um pedido ${orderType} é concluído quando READY_TO_PICKUP, não ${status}`);
  } else if (isPlatformDelivery(order)) {
    if (!['CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP', 'DISPATCHED'].includes(status)) {
      throw conflict('InvalidOrderStatus', `não é possível concluir um pedido com status ${status}`);
    }
    if (!order.driver) throw conflict('NoDriverAssigned', 'uma entrega da plataforma é concluída pelo entregador: designe um antes');
    if (status !== 'DISPATCHED') collect(state, order, atMs);
  } else if (status !== 'DISPATCHED') {
    throw conflict('InvalidOrderStatus', `uma entrega da loja é concluída quando DISPATCHED, não ${status}`);
  }
  setStatus(order, 'CONCLUDED');
  state.emit(order, 'CON', {}, atMs);
}

const CUSTOMER_CANCELLABLE: readonly OrderStatus[] = ['PLACED', 'CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP', 'CANCELLATION_REQUESTED'];

export function customerCancel(state: OrdersState, order: OrderRecord, atMs = state.clock.now()): void {
  if (!CUSTOMER_CANCELLABLE.includes(order.detail.status)) {
    throw fail.conflict('InvalidOrderStatus', `o cliente não pode cancelar um pedido com status ${order.detail.status}`);
  }
  cancelOrder(state, order, cancellationBy('CUSTOMER', PLATFORM_CANCELLATIONS.customerGaveUp), atMs);
}
