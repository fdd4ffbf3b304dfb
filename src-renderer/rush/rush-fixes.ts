import type { BoardRow } from '../../src-shared/ipc/channels/orders';
import type { ClosureWarning } from '../../src-shared/store-rules/closure-rules';
import { DECLARED_PREPARATION_MINUTES } from '../../src-shared/store-rules/closure-rules';
import { availableActions } from '../orders/board-logic';

/**
 * What one tap can do about a store's warnings, besides pausing it: confirm every order still on
 * time (the timeouts rule), and mark ready, order by order, what the kitchen may have finished — the
 * orders a driver waits for (the driver rule), then those past the store's declared preparation time
 * (the late-share rule). Only the cook knows what is ready: each of those is its own tap, never all.
 */
export interface RushFixes {
  /** New orders the platform still lets the store confirm, the nearest deadline first. */
  confirm: BoardRow[];
  /** Orders in preparation worth a look, the driver's first, then the oldest; at most READY_SHOWN. */
  ready: { row: BoardRow; why: 'driver' | 'late' }[];
}

/** A dialog, not a board: the few that matter most. */
export const READY_SHOWN = 5;

const DUE_AFTER_MS = DECLARED_PREPARATION_MINUTES * 60_000;
const time = (iso: string | null): number => (iso ? Date.parse(iso) : Number.POSITIVE_INFINITY);
/** When the kitchen's clock started: the scheduled start, or the order's arrival. */
const preparingSince = (row: BoardRow): number => (row.preparationStartDateTime ? time(row.preparationStartDateTime) : time(row.createdAt));

export function rushFixes(rows: readonly BoardRow[], merchantId: string, warnings: readonly ClosureWarning[], now: number): RushFixes {
  const rules = new Set(warnings.map((w) => w.rule));
  const store = rows.filter((r) => r.merchantId === merchantId);
  const confirm = rules.has('timeouts')
    ? store.filter((r) => availableActions(r, now).includes('confirm')).sort((a, b) => time(a.confirmDeadline) - time(b.confirmDeadline))
    : [];
  // A scheduled order before its start offers no ready (board-logic): nothing to mark.
  const canBeReady = store.filter((r) => availableActions(r, now).includes('readyToPickup'));
  const waitedFor = rules.has('driver-wait') ? canBeReady.filter((r) => r.driver?.state === 'atStore') : [];
  const late = rules.has('late-share') ? canBeReady.filter((r) => !waitedFor.includes(r) && now - preparingSince(r) >= DUE_AFTER_MS) : [];
  const oldestFirst = (a: BoardRow, b: BoardRow): number => preparingSince(a) - preparingSince(b);
  const ready = [
    ...waitedFor.sort(oldestFirst).map((row) => ({ row, why: 'driver' as const })),
    ...late.sort(oldestFirst).map((row) => ({ row, why: 'late' as const })),
  ].slice(0, READY_SHOWN);
  return { confirm, ready };
}
