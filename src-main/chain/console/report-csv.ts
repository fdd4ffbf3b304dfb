import type { Report } from '../../../src-shared/console/console-api';

const HEADER = [
  'period_from',
  'period_to',
  'store_id',
  'store',
  'orders',
  'sales',
  'confirm_p50_s',
  'confirm_p90_s',
  'ready_p50_s',
  'late_pct',
  'cancelled',
  'cancelled_by',
  'rating',
  'rated_reviews',
];

/** A cell as a spreadsheet reads it: quoted when needed, and never a formula (a store's name is the chain's, not to be trusted). */
function cell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const seconds = (ms: number | null): number | null => (ms === null ? null : Math.round(ms / 100) / 10);

/** The report as CSV (RFC 4180, a header row, one row per store and period). */
export function reportCsv(report: Report): string {
  const lines = [HEADER.join(',')];
  for (const period of report.periods) {
    for (const row of period.stores) {
      const reasons = Object.entries(row.cancelledBy)
        .map(([code, n]) => `${code}:${n}`)
        .join(' ');
      lines.push(
        [
          period.from,
          period.to,
          row.storeId,
          row.name,
          row.orders,
          row.sales,
          seconds(row.confirmP50Ms),
          seconds(row.confirmP90Ms),
          seconds(row.readyP50Ms),
          Math.round(row.lateShare * 1000) / 10,
          row.cancelled,
          reasons,
          row.rating,
          row.ratedReviews,
        ]
          .map(cell)
          .join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
