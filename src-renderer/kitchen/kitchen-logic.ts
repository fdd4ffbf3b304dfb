import { GENERAL_STATION_ID, type KitchenItem, type KitchenSetup, type KitchenTicket } from '../../src-shared/ipc/channels/kitchen';
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

/**
 * The tickets a display shows, oldest first (the one waiting longest is the first a cook sees and
 * the bump bar's 1): orders the kitchen works on now, not finished, with a line still waiting at
 * this station.
 */
export function ticketsFor(tickets: Iterable<KitchenTicket>, view: StationView, now: number): StationTicket[] {
  const shown: StationTicket[] = [];
  for (const ticket of tickets) {
    if (ticket.doneAt !== null || !onKitchen(ticket, now)) continue;
    const lines = ticket.items.filter((i) => inView(i, view));
    if (lines.some((i) => i.bumpedAt === null)) shown.push({ ticket, lines });
  }
  return shown.sort((a, b) => time(a.ticket.since) - time(b.ticket.since) || a.ticket.orderId.localeCompare(b.ticket.orderId));
}

export type AgeLevel = 'fresh' | 'amber' | 'red';

/** How long a ticket has waited, and its colour by the setup's thresholds (green under amber, red from red). */
export function ageOf(since: string | null, now: number, setup: Pick<KitchenSetup, 'amberMinutes' | 'redMinutes'>): { ms: number; level: AgeLevel } {
  const ms = since === null ? 0 : Math.max(0, now - Date.parse(since));
  const minutes = ms / 60_000;
  return { ms, level: minutes >= setup.redMinutes ? 'red' : minutes >= setup.amberMinutes ? 'amber' : 'fresh' };
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
  return rows.sort((a, b) => time(a.ticket.since) - time(b.ticket.since) || a.ticket.orderId.localeCompare(b.ticket.orderId));
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
