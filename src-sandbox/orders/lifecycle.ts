import { fail } from '../http/errors';
import { isCancellationCode, ORDER_CANCELLATION_REASONS, PLATFORM_CANCELLATIONS } from './cancellation-reasons';
import { isMerchantDelivery, type OrderRecord, type OrderStatus } from './model';
import { PENALTY_CANCELLATIONS } from './penalties';
import { cancelOrder, setStatus } from './platform';
import type { OrdersState } from './state';

/**
 * The merchant's order actions (spec §4.5). Each is accepted (the route answers 202) and its
 * outcome is an event seen on a later poll; an action that makes no sense in the order's current
 * status is refused with 409, so a resent confirm of a confirmed order is recognisable.
 */
export const CANCELLATION_REVIEW_MS = 5_000;

/**
 * Why a cancellation request failed (CARF metadata, docs/merchant-api.md's gap filled): a code a
 * terminal can word, and the platform's text in Portuguese.
 */
export const CARF_REASONS = {
  merchantConfirmed: { failureCode: 'MERCHANT_CONFIRMED', reason: 'A loja confirmou o pedido e retirou o pedido de cancelamento' },
  driverOnTheWay: { failureCode: 'DRIVER_ON_THE_WAY', reason: 'Um entregador da plataforma já está a caminho' },
} as const;

export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['PLACED', 'CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP'];

/** The merchant's actions in the platform's words (Portuguese), for the refusal's message. */
type Action = 'confirm' | 'startPreparation' | 'readyToPickup' | 'dispatch' | 'requestCancellation';
const ACTION_WORDS: Record<Action, string> = {
  confirm: 'confirmar',
  startPreparation: 'iniciar o preparo de',
  readyToPickup: 'marcar como pronto',
  dispatch: 'despachar',
  requestCancellation: 'pedir o cancelamento de',
};

function statusConflict(order: OrderRecord, action: Action): Error {
  const { status } = order.detail;
  if (status === 'CANCELLED' && order.cancellation?.cancelCode === PLATFORM_CANCELLATIONS.confirmationTimeout.code) {
    return fail.conflict(
      'ConfirmationDeadlinePassed',
      `não é possível ${ACTION_WORDS[action]} o pedido: ele foi cancelado por não ter sido confirmado em até 8 minutos`,
    );
  }
  return fail.conflict('InvalidOrderStatus', `não é possível ${ACTION_WORDS[action]} um pedido com status ${status}`);
}

/**
 * PLACED → CONFIRMED (CFM). Spec §6 has CANCELLATION_REQUEST_FAILED follow "confirm or
 * requestCancellation being rejected": a merchant that asked to cancel a PLACED order and then
 * confirms it within the platform's decision window withdraws the request: CARF, then CFM.
 */
export function confirmOrder(state: OrdersState, order: OrderRecord): void {
  const withdrawing = order.detail.status === 'CANCELLATION_REQUESTED' && order.statusBeforeCancellationRequest === 'PLACED';
  if (order.detail.status !== 'PLACED' && !withdrawing) throw statusConflict(order, 'confirm');
  if (withdrawing) state.emit(order, 'CARF', { reasonCode: order.pendingCancellationCode, ...CARF_REASONS.merchantConfirmed });
  setStatus(order, 'CONFIRMED');
  state.emit(order, 'CFM');
}

export function startPreparation(state: OrdersState, order: OrderRecord): void {
  if (order.detail.status !== 'CONFIRMED') throw statusConflict(order, 'startPreparation');
  if (state.clock.now() < order.preparationStartMs) {
    throw fail.conflict('PreparationNotDue', `um pedido agendado começa o preparo em ${order.detail.preparationStartDateTime}`);
  }
  setStatus(order, 'PREPARATION_STARTED');
  state.emit(order, 'PRS');
}

export function readyToPickup(state: OrdersState, order: OrderRecord): void {
  if (order.detail.status !== 'CONFIRMED' && order.detail.status !== 'PREPARATION_STARTED') throw statusConflict(order, 'readyToPickup');
  setStatus(order, 'READY_TO_PICKUP');
  state.emit(order, 'RTP');
}

export function dispatchOrder(state: OrdersState, order: OrderRecord): void {
  if (!isMerchantDelivery(order)) {
    throw fail.conflict('NotMerchantDelivery', 'despachar é só para um pedido DELIVERY entregue pela loja (MERCHANT)');
  }
  if (!['CONFIRMED', 'PREPARATION_STARTED', 'READY_TO_PICKUP'].includes(order.detail.status)) throw statusConflict(order, 'dispatch');
  setStatus(order, 'DISPATCHED');
  state.emit(order, 'DSP', { deliveredBy: 'MERCHANT' });
}

/** Reasons offered for this order: the common list while it can be cancelled, none after. */
export function cancellationReasonsFor(order: OrderRecord) {
  return CANCELLABLE_STATUSES.includes(order.detail.status) ? ORDER_CANCELLATION_REASONS : [];
}

/**
 * Accepted as CANCELLATION_REQUESTED; the platform decides a few seconds later: CANCELLED, or
 * CANCELLATION_REQUEST_FAILED when a platform driver is already on the way (the order goes back
 * to where it was).
 */
export function requestCancellation(state: OrdersState, order: OrderRecord, reasonCode: string): void {
  if (!isCancellationCode(reasonCode)) {
    throw fail.badRequest(`reason deve ser um código de cancellationReasons (${ORDER_CANCELLATION_REASONS.map((r) => r.code).join(', ')})`);
  }
  const previous = order.detail.status;
  if (!CANCELLABLE_STATUSES.includes(previous)) throw statusConflict(order, 'requestCancellation');
  order.statusBeforeCancellationRequest = previous;
  order.pendingCancellationCode = reasonCode;
  setStatus(order, 'CANCELLATION_REQUESTED');
  state.emit(order, 'CAR', { reasonCode });
  state.timeline.schedule(state.clock.now() + CANCELLATION_REVIEW_MS, (due) => {
    if (order.detail.status !== 'CANCELLATION_REQUESTED') return; // the customer cancelled meanwhile
    if (order.driver) {
      setStatus(order, order.statusBeforeCancellationRequest ?? previous);
      state.emit(order, 'CARF', { reasonCode, ...CARF_REASONS.driverOnTheWay }, due);
      return;
    }
    const description = ORDER_CANCELLATION_REASONS.find((r) => r.code === reasonCode)?.description ?? reasonCode;
    cancelOrder(state, order, { origin: 'MERCHANT', cancelCode: reasonCode, reason: description }, due);
    const merchantId = order.detail.merchant.id;
    if (state.merchantCancellations.record(merchantId, due) >= PENALTY_CANCELLATIONS) state.penalize(merchantId, due);
  });
}
