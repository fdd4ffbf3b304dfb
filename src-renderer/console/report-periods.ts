import type { ReportQuery } from '../../src-shared/console/console-api';

/** The reports' periods: today, the last 7 and 30 days (today included), this week. */
export const REPORT_PRESETS = ['today', 'last7', 'last30', 'week'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** A period as instants: from (inclusive) to (exclusive), epoch ms. */
export interface Period {
  from: number;
  to: number;
}

/** The local midnight `days` calendar days from the day of `ms` (by the calendar: a day of 23 or 25 hours stays a day). */
function midnight(ms: number, days = 0): number {
  const day = new Date(ms);
  day.setHours(0, 0, 0, 0);
  day.setDate(day.getDate() + days);
  return day.getTime();
}

/** The same clock time `days` calendar days earlier. */
function daysBefore(ms: number, days: number): number {
  const at = new Date(ms);
  at.setDate(at.getDate() - days);
  return at.getTime();
}

/** A week starts on Monday: a weekend's rush, a store's busiest days, stays in one week. */
function mondayOf(ms: number): number {
  const daysSinceMonday = (new Date(ms).getDay() + 6) % 7;
  return midnight(ms, -daysSinceMonday);
}

/**
 * The period a preset names at `nowMs` (the server's now), on the browser's calendar: from a local
 * midnight to the next whole minute (this minute's orders count, and the same preset asked twice in
 * a minute is the same query: the CSV link matches the table). `back` is how many days the earlier
 * period lies before it: yesterday up to this time, the 7 or 30 days before, last week up to this
 * weekday and time — a period against the same stretch of the one before, never a whole day
 * against part of one.
 */
export function presetPeriod(preset: ReportPreset, nowMs: number): Period & { back: number } {
  const to = Math.floor(nowMs / 60_000) * 60_000 + 60_000;
  switch (preset) {
    case 'today':
      return { from: midnight(nowMs), to, back: 1 };
    case 'last7':
      return { from: midnight(nowMs, -6), to, back: 7 };
    case 'last30':
      return { from: midnight(nowMs, -29), to, back: 30 };
    case 'week':
      return { from: mondayOf(nowMs), to, back: 7 };
  }
}

/** What the report asks of the server for a preset, with the earlier period when compared. */
export function reportQuery(preset: ReportPreset, compare: boolean, nowMs: number): ReportQuery {
  const { from, to, back } = presetPeriod(preset, nowMs);
  const query: ReportQuery = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
  if (!compare) return query;
  return { ...query, compareFrom: new Date(daysBefore(from, back)).toISOString(), compareTo: new Date(daysBefore(to, back)).toISOString() };
}
