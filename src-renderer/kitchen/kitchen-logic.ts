import { GENERAL_STATION_ID, type AgeLimits, type KitchenItem, type KitchenSetup, type KitchenTicket } from '../../src-shared/ipc/channels/kitchen';
import { finishTogether } from '../../src-shared/order-rules/finish-together';
import { waitsToStart } from '../../src-shared/order-rules/preparation-start';

/** What a display shows: one station, or every station (null). */
export type StationView = string | null;

const time = (iso: string | null): number => (iso ? Date.parse(iso) : Number.POSITIVE_INFINITY);

/**
 * Whether the kitchen works on an order now: confirmed or in preparation, and a scheduled one only
 * once its preparation start has come (the board's rule, shared with the main process, which
 * refuses a bump before it).
 */
export function onKitchen(ticket: KitchenTicket, now: number): boolean {
  return (ticket.status === 'CONFIRMED' || ticket.status === 'PREPARATION_STARTED') && !waitsToStart(ticket, now);
}

const inView = (item: KitchenItem, view: StationView): boolean => view === null || item.stationId === view;

/** A ticket as one display shows it: its lines of the station (bumped ones too, struck through). */
export interface StationTicket {
  ticket: KitchenTicket;
  lines: KitchenItem[];
}

/** Priority first, held last, the others between: a cook's marks order the tickets before their age does. */
const markRank = (ticket: KitchenTicket): number => (ticket.mark === 'priority' ? 0 : ticket.mark === 'hold' ? 2 : 1);

/** Marks first, then oldest first, then by id (one order on every screen). */
const byMarkThenAge = (a: KitchenTicket, b: KitchenTicket): number =>
  markRank(a) - markRank(b) || time(a.since) - time(b.since) || a.orderId.localeCompare(b.orderId);

/**
 * The tickets a display shows, priority first and held last, else oldest first (the one waiting
 * longest is the first a cook sees and the bump bar's 1): orders the kitchen works on now, not
 * finished, with a line still waiting at this station.
 */
export function ticketsFor(tickets: Iterable<KitchenTicket>, view: StationView, now: number): StationTicket[] {
  const shown: StationTicket[] = [];
  for (const ticket of tickets) {
    if (ticket.doneAt !== null || !onKitchen(ticket, now)) continue;
    const lines = ticket.items.filter((i) => inView(i, view));
    if (lines.some((i) => i.bumpedAt === null)) shown.push({ ticket, lines });
  }
  return shown.sort((a, b) => byMarkThenAge(a.ticket, b.ticket));
}

export type AgeLevel = 'fresh' | 'amber' | 'red';

/** A type's own colours (a delivery's, a takeout's), else the setup's general pair (dine-in, a type not known). */
export function ageLimitsFor(setup: Pick<KitchenSetup, 'amberMinutes' | 'redMinutes' | 'agesByType'>, orderType: string | null): AgeLimits {
  const own = orderType === 'DELIVERY' || orderType === 'TAKEOUT' ? setup.agesByType[orderType] : undefined;
  return own ?? { amberMinutes: setup.amberMinutes, redMinutes: setup.redMinutes };
}

/** How long a ticket's holds took so far, the current one included: its timing leaves them out. */
export function heldFor(ticket: Pick<KitchenTicket, 'heldAt' | 'heldMs'>, now: number): number {
  return ticket.heldMs + (ticket.heldAt === null ? 0 : Math.max(0, now - Date.parse(ticket.heldAt)));
}

/**
 * How long a ticket has waited (its holds left out: a held ticket's clock stands still), and its
 * colour by its order type's thresholds (green under amber, red from red).
 */
export function ageOf(
  ticket: Pick<KitchenTicket, 'since' | 'orderType' | 'heldAt' | 'heldMs'>,
  now: number,
  setup: Pick<KitchenSetup, 'amberMinutes' | 'redMinutes' | 'agesByType'>,
): { ms: number; level: AgeLevel } {
  const limits = ageLimitsFor(setup, ticket.orderType);
  const ms = ticket.since === null ? 0 : Math.max(0, now - Date.parse(ticket.since) - heldFor(ticket, now));
  const minutes = ms / 60_000;
  return { ms, level: minutes >= limits.redMinutes ? 'red' : minutes >= limits.amberMinutes ? 'amber' : 'fresh' };
}

/** What a line says of its start: wait until a time, start now (its time has just come), or nothing. */
export type LineStart = { kind: 'at'; atMs: number } | { kind: 'now' } | null;

/** How long a line says "start now" once its start has come: long enough to be seen, then the ticket is calm again. */
export const START_NOW_MS = 3 * 60_000;

/**
 * When each waiting line of a ticket starts so every line of the order is ready together
 * (finish-together.ts over every station's lines, from the order's start, its holds added): the
 * longest start with the order and say nothing; one whose start is to come says its time; one whose
 * start has come says "now" for START_NOW_MS, then nothing (the cook has been told); a bumped one
 * says nothing. A held ticket says nothing: its clock stands still.
 */
export function lineStarts(ticket: KitchenTicket, now: number): Map<string, LineStart> {
  const starts = new Map<string, LineStart>();
  if (ticket.since === null || ticket.mark === 'hold') return starts;
  const items = ticket.items.map((i) => ({ key: i.key, targetMs: i.targetMinutes * 60_000 }));
  const schedule = finishTogether(items, Date.parse(ticket.since) + heldFor(ticket, now));
  // The longest lines start first, with the order (rounded to its minute): theirs is no wait to tell.
  const first = Math.min(...schedule.map((s) => s.startMs));
  for (const { key, startMs } of schedule) {
    const line = ticket.items.find((i) => i.key === key);
    if (!line || line.bumpedAt !== null || startMs <= first || now >= startMs + START_NOW_MS) starts.set(key, null);
    else starts.set(key, now < startMs ? { kind: 'at', atMs: startMs } : { kind: 'now' });
  }
  return starts;
}

/** "7:05", "1:02:30": a ticket's wait as the kitchen reads it at a glance. */
export function formatAge(ms: number): string {
  const total = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

export interface AllDayCount {
  name: string;
  unit: string | null;
  quantity: number;
  /** On how many tickets it waits. */
  tickets: number;
}

/**
 * The all-day counts: how many of each dish wait at this station across the tickets shown (a cook
 * starts six burgers at once, not one per ticket). Counted by name and unit; choices and notes stay
 * on the tickets. The most wanted first.
 */
export function allDayCounts(shown: readonly StationTicket[]): AllDayCount[] {
  const counts = new Map<string, AllDayCount>();
  for (const { lines } of shown) {
    const seen = new Set<string>();
    for (const line of lines) {
      if (line.bumpedAt !== null || line.name === '') continue;
      const key = `${line.name}\u0000${line.unit ?? ''}`;
      const count = counts.get(key) ?? { name: line.name, unit: line.unit, quantity: 0, tickets: 0 };
      count.quantity += line.quantity;
      if (!seen.has(key)) count.tickets++;
      seen.add(key);
      counts.set(key, count);
    }
  }
  return [...counts.values()].sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
}

/** The stations of the setup in order, with the general one where items of no station go (when it is used). */
export function stationIds(setup: KitchenSetup, tickets: Iterable<KitchenTicket> = []): string[] {
  const ids = setup.stations.map((s) => s.id);
  const general = setup.defaultStationId === null && (ids.length === 0 || [...tickets].some((t) => t.items.some((i) => i.stationId === GENERAL_STATION_ID)));
  return general ? [...ids, GENERAL_STATION_ID] : ids;
}

/** A station's name as the setup says it; null for the general station (the screen words it). */
export function stationName(setup: KitchenSetup, id: string): string | null {
  return setup.stations.find((s) => s.id === id)?.name ?? null;
}

export interface ExpoRow {
  ticket: KitchenTicket;
  /** Each station the order has lines at, in the setup's order, and whether it is done. */
  stations: { id: string; done: boolean }[];
}

/** The expo's rows: every order the kitchen works on (finished ones too, until the platform has them ready), oldest first. */
export function expoRows(tickets: Iterable<KitchenTicket>, setup: KitchenSetup, now: number): ExpoRow[] {
  const order = stationIds(setup, []);
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  const rows: ExpoRow[] = [];
  for (const ticket of tickets) {
    if (!onKitchen(ticket, now)) continue;
    const ids = [...new Set(ticket.items.map((i) => i.stationId))].sort((a, b) => rank(a) - rank(b));
    const stations = ids.map((id) => ({ id, done: ticket.doneAt !== null || ticket.items.every((i) => i.stationId !== id || i.bumpedAt !== null) }));
    rows.push({ ticket, stations });
  }
  return rows.sort((a, b) => byMarkThenAge(a.ticket, b.ticket));
}

/**
 * The pickup board's two columns: "Preparando" (the kitchen works on it), "Pronto" (the kitchen
 * finished it, or the counter marked it ready), the newest ready first (the name just called is on top).
 */
export function pickupColumns(tickets: Iterable<KitchenTicket>, now: number): { preparing: KitchenTicket[]; ready: KitchenTicket[] } {
  const preparing: KitchenTicket[] = [];
  const ready: KitchenTicket[] = [];
  for (const ticket of tickets) {
    if (ticket.displayId === null) continue;
    if (ticket.status === 'READY_TO_PICKUP' || (ticket.doneAt !== null && onKitchen(ticket, now))) ready.push(ticket);
    else if (onKitchen(ticket, now)) preparing.push(ticket);
  }
  preparing.sort((a, b) => time(a.since) - time(b.since));
  ready.sort((a, b) => time(b.doneAt ?? b.since) - time(a.doneAt ?? a.since));
  return { preparing, ready };
}
