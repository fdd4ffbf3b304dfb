import type { MarkInput } from '../../../src-shared/ipc/channels/kitchen';
import type { MarkRecord } from '../../db/orders/kitchen-timing-repo';

/**
 * A ticket's mark after a cook's tap: priority and hold exclude each other; a hold keeps since when,
 * and whatever ends it (a release, or priority) adds its length to the ticket's past holds, so its
 * timing on the display leaves the hold out. A hold on a held ticket changes nothing.
 */
export function nextMark(current: MarkRecord | undefined, input: MarkInput, now: number): MarkRecord {
  const heldSince = current?.held_since_ms ?? null;
  const heldMs = current?.held_ms ?? 0;
  if (input.mark === 'hold') {
    if (heldSince !== null && current) return current;
    return { order_id: input.orderId, mark: 'hold', held_since_ms: now, held_ms: heldMs, changed_ms: now };
  }
  return {
    order_id: input.orderId,
    mark: input.mark === 'priority' ? 'priority' : null,
    held_since_ms: null,
    held_ms: heldMs + (heldSince === null ? 0 : Math.max(0, now - heldSince)),
    changed_ms: now,
  };
}
