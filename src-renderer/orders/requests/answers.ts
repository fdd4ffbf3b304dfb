import type { OrderAction, OutboxEntry } from '../../../src-shared/ipc/channels/orders';

/** The store's last answer of these kinds (for this dispute, when one is named), as the outbox has it. */
export function lastAnswer(actions: readonly OutboxEntry[], kinds: readonly OrderAction[], disputeId?: string): OutboxEntry | undefined {
  return actions.findLast((a) => kinds.includes(a.action) && (disputeId === undefined || a.payload?.disputeId === disputeId));
}

/** An answer on its way (queued offline, or sent and waiting for the platform's event). */
export function isOnItsWay(entry: OutboxEntry | undefined): boolean {
  return entry !== undefined && (entry.state === 'queued' || entry.state === 'sent');
}

/** Milliseconds until an ISO deadline (negative once past); undefined without one. */
export function msUntil(iso: string | null, now: number): number | undefined {
  if (!iso) return undefined;
  const at = Date.parse(iso);
  return Number.isFinite(at) ? at - now : undefined;
}
