import { GENERAL_STATION_ID, type KitchenOption, type KitchenSetup } from '../../../src-shared/ipc/channels/kitchen';
import type { OrderDetail } from '../../../src-shared/wire/order';

/** One line of an order as the kitchen splits it: what it is, and what names it in the menu. */
export interface OrderLine {
  key: string;
  name: string;
  quantity: number;
  unit: string | null;
  observations: string | null;
  options: KitchenOption[];
  itemId: string | null;
  externalCode: string | null;
}

/**
 * The key of a line whose order's detail has not arrived: the whole order is one part, at the
 * default station, so a cook can still bump it (and the order still finishes once).
 */
export const WHOLE_ORDER_KEY = '*';

const words = (text: string | null | undefined): string | null => {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
};

/**
 * The lines of an order's detail. A line's key is its `uniqueId` (stable across reads), else its
 * position: a bump names a line, and must name the same line after the detail is read again.
 */
export function linesOf(detail: OrderDetail | undefined): OrderLine[] {
  return (detail?.items ?? []).map((item, position) => ({
    key: words(item.uniqueId) ?? `#${item.index ?? position + 1}`,
    name: words(item.name) ?? words(item.externalCode) ?? '?',
    quantity: item.quantity ?? 1,
    unit: words(item.unit),
    observations: words(item.observations),
    options: item.options.flatMap((o) => (words(o.name) ? [{ name: words(o.name) as string, quantity: o.quantity ?? null }] : [])),
    itemId: words(item.id),
    externalCode: words(item.externalCode),
  }));
}

/** Where an item of no station's categories goes: the chosen default station, else the general one. */
export function defaultStationOf(setup: KitchenSetup): string {
  return setup.defaultStationId ?? GENERAL_STATION_ID;
}

/** The station that makes an item of this category: the first that lists it, else the default one. */
export function stationOfCategory(setup: KitchenSetup, categoryId: string | null): string {
  const station = categoryId === null ? undefined : setup.stations.find((s) => s.categories.includes(categoryId));
  return station?.id ?? defaultStationOf(setup);
}
