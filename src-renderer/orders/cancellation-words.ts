import type { BoardRow } from '../../src-shared/ipc/channels/orders';
import type { I18n } from '../i18n/i18n.svelte';

/**
 * Who cancelled and why, in the screen's language: a reason with one of the spec's codes is worded
 * from the code (the platform writes its text in Portuguese); free text without a code stays as the
 * platform wrote it (nothing else can be said of it).
 */
export function cancellationWords(i18n: I18n, cancellation: BoardRow['cancellation']): string {
  const who = i18n.label('orders.cancelledBy', cancellation?.origin ?? 'unknown', i18n.t('orders.cancelledBy.unknown'));
  return cancellation?.reason || cancellation?.code ? `${who}: ${reasonWords(i18n, cancellation)}` : who;
}

export function reasonWords(i18n: I18n, cancellation: BoardRow['cancellation']): string {
  const text = cancellation?.reason ?? '';
  return cancellation?.code ? i18n.label('orders.reason', cancellation.code, text || cancellation.code) : text;
}
