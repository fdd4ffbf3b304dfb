import type { OrderAction, OutboxEntry } from '../../../src-shared/ipc/channels/orders';

/** The store's last answer of these kinds (for this dispute, when one is named), as the outbox has it. */
export function lastAnswer(actions: readonly OutboxEntry[], kinds: readonly OrderAction[], disputeId?: string): OutboxEntry | undefined {
  return actions.findLast((a) => kinds.includes(a.action) && (disputeId === undefined || a.payload?.disputeId === disputeId));
}

/** An answer on its way (queued offline, or sent and waiting for the platform's event). */
export function isOnItsWay(entry: OutboxEntry | undefined): boolean {
  return entry !== undefined && (entry.state === 'queued' || entry.state === 'sent');
}
