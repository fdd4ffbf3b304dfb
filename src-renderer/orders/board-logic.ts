import type { ErrorInfo } from '../../src-shared/errors';
import { QUEUED_ON_SCREEN, type BoardRow, type OrderAction, type OrderStatus } from '../../src-shared/ipc/channels/orders';
import { isDueToStart, waitsToStart } from '../../src-shared/order-rules/preparation-start';

// The preparation-start rules are shared with the main process (the kitchen refuses to bump an order before its start).
export { isDueToStart, waitsToStart };

/** Board columns, in the order the kitchen works them; confirmed scheduled orders wait in the last. */
export const COLUMNS = ['new', 'preparing', 'ready', 'done', 'scheduled'] as const;
export type Column = (typeof COLUMNS)[number];

const COLUMN_OF: Record<OrderStatus, Column> = {
  PLACED: 'new',
  CONFIRMED: 'preparing',
  PREPARATION_STARTED: 'preparing',
  CANCELLATION_REQUESTED: 'preparing',
  READY_TO_PICKUP: 'ready',
  DISPATCHED: 'ready',
  CONCLUDED: 'done',
  CANCELLED: 'done',
};

const parsed = new Map<string, number>();

/**
 * An ISO time in epoch ms (none: never), parsed once: a board of 2,000 orders sorts and counts down
 * on the same instants at every push and every second, and parsing them again was most of its work.
 */
export function instantOf(iso: string | null): number {
  if (!iso) return Number.POSITIVE_INFINITY;
  let at = parsed.get(iso);
  if (at === undefined) {
    // The board's instants are a few per open order: a bound that a day of orders never reaches.
    if (parsed.size >= 50_000) parsed.clear();
    at = Date.parse(iso);
    parsed.set(iso, at);
  }
  return at;
}
const time = instantOf;

/** What calls for staff: an order to confirm, a scheduled one whose time to start has come, a customer's request to answer. */
export function callsForStaff(row: BoardRow, now: number): boolean {
  return row.status === 'PLACED' || isDueToStart(row, now) || row.request !== null;
}

export function columnOf(row: BoardRow, now: number): Column {
  return waitsToStart(row, now) ? 'scheduled' : COLUMN_OF[row.status];
}

/** The store's answers to what the customer asked: once one is on its way, the request is answered. */
const ANSWERS: ReadonlySet<OrderAction> = new Set(['acceptDispute', 'rejectDispute', 'chooseDisputeAlternative', 'acceptAddressChange', 'denyAddressChange']);

/**
 * A customer's request (a dispute, another address) the store has still to answer: open, its
 * deadline not passed, and no answer of the store's on its way (an answer queued offline counts:
 * the store has answered).
 */
export function awaitsAnswer(row: BoardRow, now: number): boolean {
  if (!row.request) return false;
  if (row.request.expiresAt !== null && time(row.request.expiresAt) <= now) return false;
  const answer = row.pendingAction;
  return !(answer && ANSWERS.has(answer.action) && (answer.state === 'queued' || answer.state === 'sent'));
}

/**
 * New orders by confirm deadline (most urgent first); scheduled by start; done newest first; others
 * oldest first. A card whose customer waits for an answer is pinned to the top of its column, the
 * nearest deadline first (without `now`, nothing is pinned).
 */
export function sortForColumn(column: Column, rows: BoardRow[], now?: number): BoardRow[] {
  const key = SORT_KEYS[column];
  // Each row's key once (a comparison that parsed two times made a sort of 2,000 rows 40,000 parses).
  const keyed = rows.map((row) => ({ row, at: key(row) }));
  keyed.sort(column === 'done' ? (a, b) => b.at - a.at : (a, b) => a.at - b.at);
  const sorted = keyed.map((k) => k.row);
  if (now === undefined) return sorted;
  const pinned = sorted.filter((r) => awaitsAnswer(r, now)).sort((a, b) => time(a.request?.expiresAt ?? null) - time(b.request?.expiresAt ?? null));
  if (pinned.length === 0) return sorted;
  const first = new Set(pinned);
  return [...pinned, ...sorted.filter((r) => !first.has(r))];
}

/** What a column sorts by: New by confirm deadline, Scheduled by start, the others by arrival (Done newest first). */
const SORT_KEYS: Record<Column, (row: BoardRow) => number> = {
  new: (row) => time(row.confirmDeadline),
  scheduled: (row) => time(row.preparationStartDateTime),
  preparing: (row) => time(row.createdAt),
  ready: (row) => time(row.createdAt),
  done: (row) => time(row.createdAt),
};

/**
 * The board's columns, each sorted (sortForColumn). A column holding the same rows in the same order
 * as in `before` is `before`'s own array, and so is the whole when no column changed: what shows an
 * unchanged column need not look at it again when one order of another changes.
 */
export function groupByColumn(rows: Iterable<BoardRow>, now: number, before?: Readonly<Record<Column, BoardRow[]>>): Record<Column, BoardRow[]> {
  const groups: Record<Column, BoardRow[]> = { new: [], preparing: [], ready: [], done: [], scheduled: [] };
  for (const row of rows) groups[columnOf(row, now)].push(row);
  let changed = before === undefined;
  for (const column of COLUMNS) {
    const sorted = sortForColumn(column, groups[column], now);
    const kept = before?.[column];
    if (kept && sameRows(kept, sorted)) groups[column] = kept;
    else {
      groups[column] = sorted;
      changed = true;
    }
  }
  return changed || !before ? groups : before;
}

/** The same rows (the same objects) in the same order. */
export function sameRows(a: readonly BoardRow[], b: readonly BoardRow[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** How many of `rows` wait for the store to answer their customer (a column's tab, the Orders item). */
export function countAwaitingAnswer(rows: readonly BoardRow[], now: number): number {
  let n = 0;
  for (const row of rows) if (awaitsAnswer(row, now)) n++;
  return n;
}

/**
 * A new order whose 8 minutes to confirm are over: the platform cancels it (offline, the terminal
 * has not heard yet), and a confirm would expire unsent. Nothing is to be done with it but not cook it.
 */
export function confirmExpired(row: BoardRow, now: number): boolean {
  return row.status === 'PLACED' && row.confirmDeadline !== null && time(row.confirmDeadline) <= now;
}

const isMerchantDelivery = (row: BoardRow): boolean => row.orderType === 'DELIVERY' && row.deliveredBy === 'MERCHANT';

/**
 * An action staff made on a screen of a chain's server while it could not reach the server: it waits
 * on that screen (main's hub/screen-queue, reason `QueuedOnScreen`) and goes when the link is back.
 */
export function waitsHere(action: { reason: ErrorInfo | null }): boolean {
  return action.reason?.reason === QUEUED_ON_SCREEN;
}

/** The steps of the usual flow, sent with no more than the order id. */
export type StepAction = Extract<OrderAction, 'confirm' | 'startPreparation' | 'readyToPickup' | 'dispatch'>;
export type BoardAction = StepAction | 'requestCancellation';

/**
 * The actions that make sense for an order now (spec §4.5): dispatch only for merchant delivery,
 * readyToPickup required for takeout and dine-in and optional for delivery, no second action while
 * one is on its way.
 */
export function availableActions(row: BoardRow, now?: number): BoardAction[] {
  const busy = row.pendingAction && (row.pendingAction.state === 'queued' || row.pendingAction.state === 'sent');
  if (busy) return [];
  // The platform refuses to start a scheduled order before its preparation start (spec §4.5).
  if (now !== undefined && waitsToStart(row, now)) return ['requestCancellation'];
  // Past its 8 minutes the platform cancels a new order itself: there is nothing left to send.
  if (now !== undefined && confirmExpired(row, now)) return [];
  switch (row.status) {
    case 'PLACED':
      return ['confirm', 'requestCancellation'];
    case 'CONFIRMED':
      return ['startPreparation', 'readyToPickup', ...(isMerchantDelivery(row) ? (['dispatch'] as const) : []), 'requestCancellation'];
    case 'PREPARATION_STARTED':
      return ['readyToPickup', ...(isMerchantDelivery(row) ? (['dispatch'] as const) : []), 'requestCancellation'];
    case 'READY_TO_PICKUP':
      return isMerchantDelivery(row) ? ['dispatch'] : [];
    default:
      return [];
  }
}

/** The one action a card offers as its big button: the next step of the usual flow. */
export function primaryAction(row: BoardRow, now?: number): StepAction | undefined {
  return availableActions(row, now).find((a): a is StepAction => a !== 'requestCancellation' && !(a === 'readyToPickup' && row.status === 'CONFIRMED'));
}

/** Milliseconds left to confirm; negative once the 8 minutes are over; undefined when not PLACED. */
export function confirmMsLeft(row: BoardRow, now: number): number | undefined {
  if (row.status !== 'PLACED' || !row.confirmDeadline) return undefined;
  return time(row.confirmDeadline) - now;
}

export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
