import type { Report, ReportRow } from '../../src-shared/console/console-api';

/** The leaderboard's columns, each sortable. */
export const REPORT_COLUMNS = ['store', 'orders', 'sales', 'confirmP50', 'confirmP90', 'readyP50', 'late', 'cancelled', 'rating'] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];
export type SortDirection = 'ascending' | 'descending';
export interface ReportSort {
  column: ReportColumn;
  direction: SortDirection;
}

/** What the leaderboard shows of a store (or the chain) over a period. */
export type ReportFigures = Pick<
  ReportRow,
  'orders' | 'sales' | 'confirmP50Ms' | 'confirmP90Ms' | 'readyP50Ms' | 'lateShare' | 'cancelled' | 'cancelledBy' | 'rating' | 'ratedReviews'
>;

/** One store on the leaderboard: its figures over the period asked and, when compared, the earlier one. */
export interface LeaderRow {
  storeId: string;
  name: string;
  now: ReportFigures;
  /** Null when the report is not compared; a store with no order then has figures of zero. */
  before: ReportFigures | null;
}

const names = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** A period without an order. */
function noFigures(): ReportFigures {
  return {
    orders: 0,
    sales: 0,
    confirmP50Ms: null,
    confirmP90Ms: null,
    readyP50Ms: null,
    lateShare: 0,
    cancelled: 0,
    cancelledBy: {},
    rating: null,
    ratedReviews: null,
  };
}

/**
 * The report as one row per store (the server lists only the stores with orders in a period): the
 * stores of the period asked, and, when compared, those that had orders only before (their drop is
 * news). Empty when the period asked has no order.
 */
export function leaderboard(report: Report | null): LeaderRow[] {
  const [asked, earlier] = report?.periods ?? [];
  if (!asked || asked.stores.length === 0) return [];
  const before = new Map((earlier?.stores ?? []).map((r) => [r.storeId, r]));
  const rows: LeaderRow[] = asked.stores.map((now) => ({
    storeId: now.storeId,
    name: now.name,
    now,
    before: earlier ? (before.get(now.storeId) ?? noFigures()) : null,
  }));
  const seen = new Set(asked.stores.map((r) => r.storeId));
  for (const then of earlier?.stores ?? []) {
    if (!seen.has(then.storeId)) rows.push({ storeId: then.storeId, name: then.name, now: noFigures(), before: then });
  }
  return rows;
}

/** The columns of figures (all but the store's name). */
export type FigureColumn = Exclude<ReportColumn, 'store'>;

/** A figure of a period (null: no order of the period reached that step). */
export function columnValue(row: ReportFigures, column: FigureColumn): number | null {
  switch (column) {
    case 'orders':
      return row.orders;
    case 'sales':
      return row.sales;
    case 'confirmP50':
      return row.confirmP50Ms;
    case 'confirmP90':
      return row.confirmP90Ms;
    case 'readyP50':
      return row.readyP50Ms;
    case 'late':
      return row.lateShare;
    case 'cancelled':
      return row.cancelled;
    case 'rating':
      return row.rating;
  }
}

/** The leaderboard by a column, either way; a store with no value there goes last either way, ties by name. */
export function sortRows(rows: readonly LeaderRow[], sort: ReportSort): LeaderRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.column === 'store') return sign * names.compare(a.name, b.name);
    const x = columnValue(a.now, sort.column);
    const y = columnValue(b.now, sort.column);
    if (x === null || y === null) return x === y ? names.compare(a.name, b.name) : x === null ? 1 : -1;
    return sign * (x - y) || names.compare(a.name, b.name);
  });
}

/** A header pressed: the same column turns around; another starts with the most first (a name from A). */
export function nextSort(current: ReportSort, column: ReportColumn): ReportSort {
  if (current.column === column) return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: column === 'store' ? 'ascending' : 'descending' };
}

/**
 * The chain's figures over the stores: orders, sales and cancellations summed, the late share over
 * every order; its times null (a percentile of the chain is not a sum of the stores' percentiles),
 * and its rating (the platform scores stores, not chains).
 */
export function totalRow(rows: readonly ReportFigures[]): ReportFigures {
  const total = noFigures();
  let late = 0;
  for (const row of rows) {
    total.orders += row.orders;
    total.sales += row.sales;
    total.cancelled += row.cancelled;
    late += row.lateShare * row.orders;
    for (const [code, n] of Object.entries(row.cancelledBy)) total.cancelledBy[code] = (total.cancelledBy[code] ?? 0) + n;
  }
  total.lateShare = total.orders === 0 ? 0 : late / total.orders;
  return total;
}

/**
 * How a figure moved against the earlier period: up, down or the same, and by how much — a share
 * of the earlier figure (0.24 for 24 % more), or for the late share the difference in points;
 * `from-zero` when there was none before. Null when either period has no value there.
 */
export type Delta = { trend: 'same' } | { trend: 'up' | 'down'; change: number; points: boolean } | { trend: 'from-zero' };

export function delta(column: FigureColumn, now: ReportFigures, before: ReportFigures): Delta | null {
  // The platform's score is now, the same for either period: it has no change to tell.
  if (column === 'rating') return null;
  const x = columnValue(now, column);
  const y = columnValue(before, column);
  if (x === null || y === null) return null;
  if (x === y) return { trend: 'same' };
  if (column === 'late') return { trend: x > y ? 'up' : 'down', change: Math.abs(x - y) * 100, points: true };
  if (y === 0) return { trend: 'from-zero' };
  return { trend: x > y ? 'up' : 'down', change: Math.abs(x - y) / y, points: false };
}

/** Whether more of a figure is better (orders, sales, rating) or worse (times, lateness, cancellations). */
export function moreIsBetter(column: FigureColumn): boolean {
  return column === 'orders' || column === 'sales' || column === 'rating';
}

/** The most frequent cancellation codes, most first (ties by code), at most `n`. */
export function topReasons(cancelledBy: Record<string, number>, n = 2): [code: string, count: number][] {
  return Object.entries(cancelledBy)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n);
}

/** A time as minutes and seconds ("4:05", "72:30"), rounded to the second. */
export function minutesSeconds(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The stores with the most orders in the period asked, most first (the chart's bars). */
export function topByOrders(rows: readonly LeaderRow[], n = 10): LeaderRow[] {
  return sortRows(
    rows.filter((r) => r.now.orders > 0),
    { column: 'orders', direction: 'descending' },
  ).slice(0, n);
}
