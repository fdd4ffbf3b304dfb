/** Disputes (docs/merchant-api.md): what the customer asks, and how it was settled. */
export const DISPUTE_ACTIONS = ['CANCELLATION', 'PARTIAL_CANCELLATION', 'PROPOSED_AMOUNT_REFUND'] as const;
export type DisputeAction = (typeof DISPUTE_ACTIONS)[number];

export const TIMEOUT_ACTIONS = ['ACCEPT_CANCELLATION', 'REJECT_CANCELLATION'] as const;
export type TimeoutAction = (typeof TIMEOUT_ACTIONS)[number];

export interface DisputeAlternative {
  id: string;
  type: 'REFUND';
  /** Money in the store's currency. */
  amount: number;
}

export type DisputeOutcome = 'ACCEPTED' | 'REJECTED' | 'ALTERNATIVE_ACCEPTED';

export interface Dispute {
  id: string;
  orderId: string;
  merchantId: string;
  action: DisputeAction;
  message: string;
  alternatives: DisputeAlternative[];
  createdAt: string;
  expiresAt: string;
  expiresAtMs: number;
  timeoutAction: TimeoutAction;
  status: 'OPEN' | DisputeOutcome;
  settledAt?: string;
  settledBy?: 'MERCHANT' | 'TIMEOUT';
  rejectReason?: string;
  alternativeId?: string;
}

/** The HSD event's metadata. */
export function disputeMetadata(d: Dispute): Record<string, unknown> {
  return {
    disputeId: d.id,
    action: d.action,
    message: d.message,
    alternatives: d.alternatives,
    expiresAt: d.expiresAt,
    timeoutAction: d.timeoutAction,
  };
}

/** The dispute as the control surface shows it (without internal bookkeeping). */
export function publicDispute(d: Dispute): Omit<Dispute, 'expiresAtMs'> {
  const { expiresAtMs: _internal, ...rest } = d;
  return rest;
}
