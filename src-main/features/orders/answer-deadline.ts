import { AppError } from '../../../src-shared/errors';
import type { ActInput } from '../../../src-shared/ipc/channels/orders';
import { addressChangesOf, openDisputeOf, type RequestEvent } from '../../orders/requests';

/**
 * The deadline of the request an answer is for, checked against the order's events: a dispute or
 * alternative the order does not have, or an address change nobody asked for, is refused here
 * rather than sent. Null when the platform gave no deadline.
 */
export function answerDeadline(input: ActInput, events: readonly RequestEvent[]): number | null {
  if (input.action === 'acceptAddressChange' || input.action === 'denyAddressChange') {
    const pending = addressChangesOf(events).findLast((c) => c.outcome === null && c.requestedBy !== 'MERCHANT');
    if (!pending) throw new AppError('conflict', 'No address change is waiting for an answer on this order.');
    return pending.expiresAt ? Date.parse(pending.expiresAt) || null : null;
  }
  const payload = 'payload' in input ? (input.payload as { disputeId?: string; alternativeId?: string }) : {};
  const dispute = openDisputeOf(events, payload.disputeId ?? '');
  if (!dispute) throw new AppError('conflict', 'This dispute is not open on this order (settled already, or unknown).');
  if (payload.alternativeId !== undefined && !dispute.alternatives.some((a) => a.id === payload.alternativeId)) {
    throw new AppError('bad-input', 'The dispute does not offer this alternative.', { field: 'payload.alternativeId' });
  }
  return Date.parse(dispute.expiresAt) || null;
}
