import { knownEventName, readOrderEvent, type EventName, type OrderEvent } from '../../src-shared/wire/events';
import { parseTime } from './detail-columns';
import { settledByEvent, settledByStatus, settlesActions, type EventSettlement, type OpenAction } from './outcomes';
import { applyEvent, orderStub, type OrderProgress } from './progress';

/**
 * The ingest's pure steps: what a poll's events do to the orders and their open actions, whatever
 * database holds them. The terminal's SQLite ingest (src-main/sync/ingest.ts) and the chain's
 * PostgreSQL one (src-main/chain/db/order-ingest.ts) read, dedupe and apply a batch through these,
 * and only read and write their own tables around them.
 */

/** A polled event as read: its known name (if any), its time, and its place in the batch. */
export interface ParsedEvent {
  event: OrderEvent;
  name: EventName | undefined;
  ms: number | null;
  index: number;
}

/**
 * A poll's events read leniently (`readOrderEvent`) and sorted oldest first; events without a
 * readable time keep their place after the dated ones. `rejected`: those without an id.
 */
export function readBatch(raw: readonly unknown[]): { parsed: ParsedEvent[]; rejected: number } {
  const parsed: ParsedEvent[] = [];
  let rejected = 0;
  raw.forEach((value, index) => {
    const event = readOrderEvent(value);
    if (!event) {
      rejected++;
      return;
    }
    parsed.push({ event, name: knownEventName(event.code ?? '', event.fullCode ?? ''), ms: parseTime(event.createdAt), index });
  });
  parsed.sort((a, b) => (a.ms ?? Infinity) - (b.ms ?? Infinity) || a.index - b.index);
  return { parsed, rejected };
}

/** The events of a batch not stored before nor repeated within it, and the orders they touch. */
export function freshEvents(batch: readonly ParsedEvent[], storedBefore: ReadonlySet<string>): { fresh: ParsedEvent[]; orderIds: Set<string> } {
  const fresh: ParsedEvent[] = [];
  const seen = new Set<string>();
  const orderIds = new Set<string>();
  for (const p of batch) {
    if (storedBefore.has(p.event.id) || seen.has(p.event.id)) continue;
    seen.add(p.event.id);
    fresh.push(p);
    if (p.event.orderId !== undefined) orderIds.add(p.event.orderId);
  }
  return { fresh, orderIds };
}

/** What applying a batch works on: the orders moved so far, as they were read, and those it creates. */
export interface BatchProgress {
  /** Every order the batch moved, as it leaves it: each is written once. */
  progress: Map<string, OrderProgress>;
  /** The stored progression of the batch's orders, read in the same transaction. */
  asRead: ReadonlyMap<string, OrderProgress>;
  /** Orders the batch made (none stored before): inserted rather than updated. */
  created: Set<string>;
}

/** A batch's fresh events, to be applied: nothing moved yet, the orders as read in its transaction. */
export function batchProgress(asRead: ReadonlyMap<string, OrderProgress>): BatchProgress {
  return { progress: new Map(), asRead, created: new Set() };
}

/**
 * The progression an event of order `orderId` moves: already in `progress` (this batch), else a copy
 * of the stored one, else a new order's stub (its creation time from a PLACED), noted in `created`.
 */
function progressFor(p: ParsedEvent, orderId: string, state: BatchProgress, now: number): OrderProgress {
  let order = state.progress.get(orderId);
  if (order) return order;
  const read = state.asRead.get(orderId);
  if (read) {
    order = { ...read };
  } else {
    const placed = p.name === 'PLACED';
    order = orderStub({
      id: orderId,
      merchantId: p.event.merchantId ?? null,
      createdAt: placed ? (p.event.createdAt ?? null) : null,
      createdMs: placed ? p.ms : null,
      now,
    });
    state.created.add(orderId);
  }
  state.progress.set(orderId, order);
  return order;
}

/** An open action settled by the batch, and by what: `event:<id>` for its outcome event, `status` for the order visibly there. */
export interface ActionSettlement extends EventSettlement {
  settledBy: string;
}

/**
 * Moves each order by its fresh events, in order (`applyEvent`: forward only), and settles the open
 * actions of those orders (`open`, per order, oldest first, as read in the same transaction): each
 * outcome event right after it moved its order (`settledByEvent`), then whatever the orders' new
 * statuses answer (`settledByStatus`). Returns the settlements, in that order, for the caller to write.
 */
export function applyEvents(
  fresh: readonly ParsedEvent[],
  state: BatchProgress,
  now: number,
  open: ReadonlyMap<string, readonly OpenAction[]> = new Map(),
): ActionSettlement[] {
  const settlements: ActionSettlement[] = [];
  const stillOpen = new Map(open);
  const settle = (orderId: string, settled: EventSettlement, settledBy: string): void => {
    settlements.push({ ...settled, settledBy });
    stillOpen.set(
      orderId,
      (stillOpen.get(orderId) ?? []).filter((a) => a.id !== settled.id),
    );
  };
  for (const p of fresh) {
    const orderId = p.event.orderId;
    if (orderId === undefined) continue;
    const order = progressFor(p, orderId, state, now);
    applyEvent(order, p.event, p.name, p.ms ?? now, now);
    const actions = stillOpen.get(orderId);
    if (!p.name || !settlesActions(p.name) || !actions?.length) continue;
    const settled = settledByEvent(actions, p.name, p.event.id, p.event.metadata);
    if (settled) settle(orderId, settled, `event:${p.event.id}`);
  }
  for (const [orderId, order] of state.progress) {
    for (const action of stillOpen.get(orderId) ?? []) {
      const outcome = settledByStatus(action.action, order.status);
      if (outcome) settle(orderId, { id: action.id, ...outcome }, 'status');
    }
  }
  return settlements;
}
