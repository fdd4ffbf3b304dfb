import type { DaySummary, StoreSummary } from '../../src-shared/ipc/channels/history';

/**
 * A cell as spreadsheets read it: quoted when it holds a separator, a quote or a line break; text
 * that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with a quote.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (cells: (string | number | null)[]): string => cells.map(csvCell).join(',');

/** The day's summary as CSV: a line per store and the total, then orders per hour. */
export function summaryCsv(summary: DaySummary, storeName: (merchantId: string | null) => string, hourLabel: (index: number) => string): string {
  const header = [
    'store',
    'orders',
    'open',
    'concluded',
    'cancelled',
    'gross',
    'confirm_avg_s',
    'confirm_worst_s',
    'ready_avg_s',
    'ready_worst_s',
    'delivery',
    'takeout',
    'dine_in',
    'scheduled',
  ];
  const row = (s: StoreSummary) =>
    line([
      storeName(s.merchantId),
      s.orders,
      s.open,
      s.concluded,
      s.cancelled,
      s.gross.toFixed(2),
      s.toConfirm?.averageSeconds ?? null,
      s.toConfirm?.worstSeconds ?? null,
      s.toReady?.averageSeconds ?? null,
      s.toReady?.worstSeconds ?? null,
      s.byType.DELIVERY ?? 0,
      s.byType.TAKEOUT ?? 0,
      s.byType.DINE_IN ?? 0,
      s.scheduled,
    ]);
  const lines = [line(header), ...summary.stores.map(row), row(summary.total), '', line(['hour', 'orders'])];
  summary.total.perHour.forEach((n, i) => lines.push(line([hourLabel(i), n])));
  return `${lines.join('\r\n')}\r\n`;
}
