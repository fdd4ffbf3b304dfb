import type { KitchenItem, KitchenSetup, KitchenTicket } from '../../../src-shared/ipc/channels/kitchen';
import type { BoardRow } from '../../../src-shared/ipc/channels/orders';
import type { OrderDetail } from '../../../src-shared/wire/order';
import { targetMinutes } from '../../../src-shared/order-rules/preparation-targets';
import type { BumpRecord, DoneRecord } from '../../db/orders/kitchen-repo';
import type { MarkRecord } from '../../db/orders/kitchen-timing-repo';
import { defaultStationOf, linesOf, stationOfCategory, WHOLE_ORDER_KEY } from './stations';

/** What a ticket is made of, read in one go from the order database. */
export interface TicketSource {
  row: BoardRow;
  detail: OrderDetail | undefined;
  bumps: readonly BumpRecord[];
  done: DoneRecord | undefined;
  /** A cook's priority or hold, if any. */
  mark?: MarkRecord | undefined;
  /** When the platform said it was confirmed, if it did. */
  confirmedMs: number | null;
  /** The category of a store's item (by id, else external code), when the menu is known. */
  categoryOf: (merchantId: string, itemId: string | null, externalCode: string | null) => string | null;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/**
 * When a ticket's age starts: the confirmation (else the order's arrival); a scheduled order's
 * preparation start when that is later, since it reaches the kitchen only then (a dinner confirmed
 * at noon is not three hours late at its start).
 */
export function kitchenSince(row: BoardRow, confirmedMs: number | null): string | null {
  const confirmed = confirmedMs ?? (row.createdAt ? Date.parse(row.createdAt) : null);
  const start = row.timing === 'SCHEDULED' && row.preparationStartDateTime ? Date.parse(row.preparationStartDateTime) : null;
  const since = [confirmed, start].filter((t): t is number => t !== null && Number.isFinite(t));
  return since.length === 0 ? null : iso(Math.max(...since));
}

/** The first word of the customer's name: all the pickup board may ever show of them. */
export function firstName(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first.slice(0, 24) : null;
}

/** An order's lines by station, with their bumps. An order without its detail yet is one line, the whole order. */
export function kitchenItems(source: TicketSource, setup: KitchenSetup): KitchenItem[] {
  const bumped = new Map(source.bumps.filter((b) => b.state === 'bumped').map((b) => [b.item_key, iso(b.changed_ms)]));
  const lines = linesOf(source.detail);
  const merchantId = source.row.merchantId;
  if (lines.length === 0) {
    return [
      {
        key: WHOLE_ORDER_KEY,
        name: '',
        quantity: 1,
        unit: null,
        observations: null,
        options: [],
        stationId: defaultStationOf(setup),
        bumpedAt: bumped.get(WHOLE_ORDER_KEY) ?? null,
        targetMinutes: setup.targets.defaultMinutes,
      },
    ];
  }
  return lines.map((line) => {
    const categoryId = merchantId === null ? null : source.categoryOf(merchantId, line.itemId, line.externalCode);
    return {
      key: line.key,
      name: line.name,
      quantity: line.quantity,
      unit: line.unit,
      observations: line.observations,
      options: line.options,
      stationId: stationOfCategory(setup, categoryId),
      bumpedAt: bumped.get(line.key) ?? null,
      targetMinutes: targetMinutes(setup.targets, line.itemId, categoryId),
    };
  });
}

/** The ticket the kitchen's screens show of an order: no money, no phone, no address. */
export function ticketOf(source: TicketSource, setup: KitchenSetup): KitchenTicket {
  const { row } = source;
  return {
    orderId: row.id,
    displayId: row.displayId,
    status: row.status,
    orderType: row.orderType,
    timing: row.timing,
    preparationStartDateTime: row.preparationStartDateTime,
    since: kitchenSince(row, source.confirmedMs),
    customerFirstName: firstName(row.customerName),
    items: kitchenItems(source, setup),
    doneAt: iso(source.done?.done_ms ?? null),
    mark: source.mark?.mark ?? null,
    heldAt: iso(source.mark?.held_since_ms ?? null),
    heldMs: source.mark?.held_ms ?? 0,
  };
}
