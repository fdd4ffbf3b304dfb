import { randomUUID } from 'node:crypto';
import { fail } from '../http/errors';
import { disputeMetadata, type Dispute, type DisputeAction, type DisputeOutcome, type TimeoutAction } from './dispute-model';
import { money, type OrderRecord } from './model';
import { PLATFORM_CANCELLATIONS } from './cancellation-reasons';
import { cancelOrder, cancellationBy } from './platform';
import type { OrdersState } from './state';

/**
 * Handshake disputes: the customer asks (HSD), the merchant accepts, rejects or picks an
 * alternative before `expiresAt`, or the dispute settles by its `timeoutAction` (HSS). An accepted
 * CANCELLATION cancels the order; refunds leave its status alone.
 */
export const DEFAULT_DISPUTE_SECONDS = 300;

const MESSAGES: Record<DisputeAction, string> = {
  CANCELLATION: 'O cliente pediu o cancelamento do pedido: está demorando mais que o previsto.',
  PARTIAL_CANCELLATION: 'O cliente informa que um item não veio e pede o cancelamento dele.',
  PROPOSED_AMOUNT_REFUND: 'O cliente pede reembolso parcial: um item chegou danificado.',
};

export interface OpenDisputeOptions {
  action: DisputeAction;
  expiresInSeconds: number;
  timeoutAction: TimeoutAction;
}

export function openDispute(state: OrdersState, order: OrderRecord, options: OpenDisputeOptions): Dispute {
  if (order.detail.status === 'CANCELLED') throw fail.conflict('InvalidOrderStatus', 'o pedido já está cancelado');
  for (const d of state.disputes.values()) {
    if (d.orderId === order.detail.id && d.status === 'OPEN') throw fail.conflict('DisputeOpen', `a disputa ${d.id} ainda está aberta para este pedido`);
  }
  const nowMs = state.clock.now();
  const expiresAtMs = nowMs + options.expiresInSeconds * 1000;
  const amount = order.detail.total.orderAmount;
  const dispute: Dispute = {
    id: randomUUID(),
    orderId: order.detail.id,
    merchantId: order.detail.merchant.id,
    action: options.action,
    message: MESSAGES[options.action],
    alternatives: [0.25, 0.5].map((share) => ({ id: randomUUID(), type: 'REFUND' as const, amount: money(amount * share) })),
    createdAt: new Date(nowMs).toISOString(),
    expiresAt: new Date(expiresAtMs).toISOString(),
    expiresAtMs,
    timeoutAction: options.timeoutAction,
    status: 'OPEN',
  };
  state.disputes.set(dispute.id, dispute);
  state.emit(order, 'HSD', disputeMetadata(dispute), nowMs);
  state.timeline.schedule(expiresAtMs, (due) => {
    if (dispute.status !== 'OPEN') return;
    settle(state, dispute, dispute.timeoutAction === 'ACCEPT_CANCELLATION' ? 'ACCEPTED' : 'REJECTED', 'TIMEOUT', due);
  });
  return dispute;
}

export type DisputeAnswer = { kind: 'accept' } | { kind: 'reject'; reason: string } | { kind: 'alternative'; alternativeId: string };

/** The merchant's answer; refused with 409 once the dispute expired or was already settled. */
export function answerDispute(state: OrdersState, dispute: Dispute, answer: DisputeAnswer): void {
  if (dispute.status !== 'OPEN') throw fail.conflict('DisputeSettled', `a disputa já foi resolvida (${dispute.status})`);
  if (state.clock.now() >= dispute.expiresAtMs) throw fail.conflict('DisputeExpired', `a disputa expirou em ${dispute.expiresAt}`);
  if (answer.kind === 'alternative') {
    if (!dispute.alternatives.some((a) => a.id === answer.alternativeId)) {
      throw fail.notFound(`a alternativa ${answer.alternativeId} não é oferecida pela disputa ${dispute.id}`);
    }
    dispute.alternativeId = answer.alternativeId;
    settle(state, dispute, 'ALTERNATIVE_ACCEPTED', 'MERCHANT');
    return;
  }
  if (answer.kind === 'reject') dispute.rejectReason = answer.reason;
  settle(state, dispute, answer.kind === 'accept' ? 'ACCEPTED' : 'REJECTED', 'MERCHANT');
}

function settle(state: OrdersState, dispute: Dispute, outcome: DisputeOutcome, by: 'MERCHANT' | 'TIMEOUT', atMs = state.clock.now()): void {
  const order = state.get(dispute.orderId);
  dispute.status = outcome;
  dispute.settledBy = by;
  dispute.settledAt = new Date(atMs).toISOString();
  if (!order) return;
  const alternative = dispute.alternatives.find((a) => a.id === dispute.alternativeId);
  state.emit(
    order,
    'HSS',
    {
      disputeId: dispute.id,
      action: dispute.action,
      outcome,
      settledBy: by,
      ...(dispute.rejectReason ? { reason: dispute.rejectReason } : {}),
      ...(alternative ? { alternative } : {}),
    },
    atMs,
  );
  if (outcome === 'ACCEPTED' && dispute.action === 'CANCELLATION' && order.detail.status !== 'CANCELLED') {
    cancelOrder(
      state,
      order,
      cancellationBy('CUSTOMER', by === 'TIMEOUT' ? PLATFORM_CANCELLATIONS.disputeUnanswered : PLATFORM_CANCELLATIONS.disputeAccepted),
      atMs,
    );
  }
}
