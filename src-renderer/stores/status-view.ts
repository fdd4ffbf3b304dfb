import type { StoreStatusSnapshot, StoreSummary } from '../../src-shared/ipc/channels/stores';
import { PLATFORM_DISCONNECTS_AFTER_MS, type Connectivity } from '../../src-shared/ipc/contract';
import type { OperationStatus, StatusMessage, StatusValidation } from '../../src-shared/wire/merchant';
import { isOffline, offlineSince } from '../alerts/alerts.svelte';
import type { I18n } from '../i18n/i18n.svelte';

/** How the Store page words the platform's status entries (spec §2.4, §3.3). */

/** The validations that are not OK: what the clerk must read. */
export function problems(entry: OperationStatus): StatusValidation[] {
  return entry.validations.filter((v) => v.state !== 'OK');
}

/** Our sentence for the five known codes (per state where it differs), else the platform's title. */
export function validationSentence(i18n: I18n, validation: StatusValidation): string {
  const fallback = validation.message?.title || validation.code;
  return i18n.label('store.validation', `${validation.code}.${validation.state}`, i18n.label('store.validation', validation.code, fallback));
}

/** The platform's title, subtitle and description in one line, or '' when it said nothing. */
export function platformText(message: StatusMessage | null | undefined): string {
  if (!message) return '';
  const [title, ...rest] = [message.title, message.subtitle, message.description].filter((part): part is string => !!part && part.trim() !== '');
  if (!title) return '';
  return rest.length > 0 ? `${title} — ${rest.join('. ')}` : title;
}

export function entryName(i18n: I18n, entry: OperationStatus): string {
  const operation = i18n.label('operation', entry.operation);
  return entry.salesChannel ? `${operation} · ${i18n.label('channel', entry.salesChannel)}` : operation;
}

/** Entries in a stable order: the store's operations first (DELIVERY, TAKEOUT), then channels. */
export function sortedEntries(entries: readonly OperationStatus[]): OperationStatus[] {
  const rank = (op: string): number => ['DELIVERY', 'TAKEOUT', 'INDOOR'].indexOf(op) >>> 0;
  return [...entries].sort((a, b) => rank(a.operation) - rank(b.operation) || (a.salesChannel ?? '').localeCompare(b.salesChannel ?? ''));
}

/** A store's state in one word as the screens show it: the platform's reading, or offline. */
export type ShownSummary = StoreSummary | 'offline';

/**
 * What the platform shows of the store now, the one answer of the top bar's badge and the Store
 * screen: while the terminal is offline the platform has closed the store (no poll for 30 s), so the
 * last reading, however green, is out of date; otherwise that reading.
 */
export function shownSummary(snapshot: StoreStatusSnapshot | undefined, connectivity: Connectivity | null): ShownSummary {
  return isOffline(connectivity) ? 'offline' : (snapshot?.summary ?? 'unknown');
}

/**
 * Offline, whether the entries on screen were read before the platform closed the store (the read
 * since failed, or came before the 30 s were up): they are then history, not what customers see.
 * A read that still works while the polls fail shows the platform's own verdict, and is current.
 */
export function readBeforeOutage(snapshot: StoreStatusSnapshot | undefined, connectivity: Connectivity | null): boolean {
  if (!snapshot || !isOffline(connectivity)) return false;
  if (snapshot.error) return true;
  const since = offlineSince(connectivity);
  return snapshot.checkedAt === null || since === null || Date.parse(snapshot.checkedAt) < since + PLATFORM_DISCONNECTS_AFTER_MS;
}
