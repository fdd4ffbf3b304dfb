import { numberFormat } from '../../src-shared/i18n/format';
import type { I18n } from '../i18n/i18n.svelte';
import { columnValue, minutesSeconds, type Delta, type FigureColumn, type ReportFigures } from './report-view';

/** A share (0 to 1) as the language writes a percentage: "12,5%", "12.5%". */
export function percentWords(i18n: I18n, share: number): string {
  return numberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** A figure of the leaderboard as a manager reads it; null when the period has none (no order reached that step). */
export function figureWords(i18n: I18n, column: FigureColumn, row: ReportFigures): string | null {
  const value = columnValue(row, column);
  if (value === null) return null;
  switch (column) {
    case 'orders':
    case 'cancelled':
      return i18n.number(value, 0);
    case 'sales':
      return i18n.money(value);
    case 'late':
      return percentWords(i18n, value);
    case 'rating':
      return numberFormat(i18n.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
    default:
      return minutesSeconds(value);
  }
}

/** The arrow a change is drawn with (beside its words, never alone). */
export const DELTA_ARROW: Record<Delta['trend'], string> = { up: '▲', down: '▼', same: '=', 'from-zero': '▲' };

/** A change against the earlier period in words: "24% a mais", "3 p.p. a menos", "igual", "antes nenhum". */
export function deltaWords(i18n: I18n, delta: Delta): string {
  if (delta.trend === 'same' || delta.trend === 'from-zero') return i18n.t(`console.reports.delta.${delta.trend}`);
  const change = delta.points
    ? i18n.t('console.reports.points', { n: i18n.number(delta.change, 1) })
    : numberFormat(i18n.locale, { style: 'percent', maximumSignificantDigits: 2 }).format(delta.change);
  return i18n.t(`console.reports.delta.${delta.trend}`, { change });
}

/** A cancellation's code in the board's words ("Não foi confirmado em até 8 minutos"); one the screen does not know, as the platform sent it. */
export function reasonWords(i18n: I18n, code: string): string {
  return code === 'unknown' ? i18n.t('console.reports.reason.unknown') : i18n.label('orders.reason', code);
}
