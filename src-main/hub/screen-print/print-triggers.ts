import type { BoardRow } from '../../../src-shared/ipc/channels/orders';
import { rankOf } from '../../orders/status';
import type { ConfirmedOrder } from '../../print/ticket-queue';

/**
 * A confirm heard this long after it could have been made still prints (the terminal's own catch-up
 * after a stop, print-service.ts): a screen back after a cut, or restarted, prints what was
 * confirmed meanwhile, but a board read after a printer was added does not print the day again.
 */
export const PRINT_CATCH_UP_MS = 30 * 60_000;

/**
 * Whether the row says the store's confirm was accepted, as the terminal's print queue hears it
 * from its outbox (a confirm `sent` or `confirmed`): a screen of a chain's server hears rows, not
 * the server's outbox, so the row tells it — a confirm was made through the server (`confirmedBy`)
 * and either the platform took it (`pendingAction` a confirm `sent`) or the order is confirmed or
 * further along. An order the platform's own tools confirmed names no confirm and prints nothing,
 * as on a terminal.
 */
export function confirmAccepted(row: BoardRow): boolean {
  if (row.confirmedBy === null || row.status === 'CANCELLED') return false;
  if (row.pendingAction?.action === 'confirm' && row.pendingAction.state === 'sent') return true;
  return rankOf(row.status) >= rankOf('CONFIRMED');
}

/** Whether the confirm could have been made within the catch-up window (its deadline, else its creation; unknown: it is news). */
function recent(row: BoardRow, now: number): boolean {
  const at = Date.parse(row.confirmDeadline ?? row.createdAt ?? '');
  return !Number.isFinite(at) || at >= now - PRINT_CATCH_UP_MS;
}

/** What the rows a screen heard print: the tickets of confirms accepted, the slips of cancelled orders (where a ticket came out). */
export function ticketsHeard(rows: readonly BoardRow[], now: number): { confirmed: ConfirmedOrder[]; cancelled: BoardRow[] } {
  return {
    confirmed: rows.filter((r) => confirmAccepted(r) && recent(r, now)).map((r) => ({ orderId: r.id, orderType: r.orderType })),
    cancelled: rows.filter((r) => r.status === 'CANCELLED'),
  };
}
