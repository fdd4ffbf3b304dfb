import { knownEventName } from '../../src-shared/wire/events';
import type { I18n } from '../i18n/i18n.svelte';

/** One of a store's events in the board's words ("Pronto para retirada"); one the terminal does not know, as its code. */
export function eventWords(i18n: I18n, code: string): string {
  return i18n.label('orders.event', knownEventName(code, code), code);
}

/** An event's time: the clock time on the server's day, day and time before it. */
export function eventTime(i18n: I18n, at: string | null, nowMs: number): string {
  if (at === null) return '—';
  const day = (ms: number): string => new Date(ms).toDateString();
  return day(Date.parse(at)) === day(nowMs) ? i18n.time(at) : i18n.dayTime(at);
}

/** An order as its store calls it: its display id, else the end of its id. */
export function orderName(order: { orderId: string; displayId: string | null }): string {
  return order.displayId ?? order.orderId.slice(-6);
}
