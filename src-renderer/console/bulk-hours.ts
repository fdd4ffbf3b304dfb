import type { BulkHoursInput, WallStore } from '../../src-shared/console/console-api';
import { checkOpeningHours, minutesBetween, parseClock, toWireStart, type ShiftProblem } from '../../src-shared/store-rules/opening-hours';
import { DAYS_OF_WEEK } from '../../src-shared/wire/merchant';

export type Weekday = (typeof DAYS_OF_WEEK)[number];

/** One day of the week as the hours dialog edits it: open or not, from one clock time to another (past midnight is the next day). */
export interface DayHours {
  open: boolean;
  start: string;
  end: string;
}
export type WeekHours = Record<Weekday, DayHours>;

/** Every day open from 11:00 to 23:00: a start to change, not a rule. */
export function defaultWeek(): WeekHours {
  return Object.fromEntries(DAYS_OF_WEEK.map((day) => [day, { open: true, start: '11:00', end: '23:00' }])) as WeekHours;
}

/** Why the week cannot go, in the Store page's words (`store.hours.empty`, `store.hoursRule.*`), on the first day that breaks a rule. */
export type WeekProblem = { kind: 'empty' } | { kind: 'shift'; day: Weekday; problem: ShiftProblem | 'bad-end'; other: Weekday | null };

/** The days open, each as one shift of the wire (`HH:MM:SS`, minutes). */
function shiftsOf(week: WeekHours): { day: Weekday; start: string; duration: number | null }[] {
  return DAYS_OF_WEEK.filter((day) => week[day].open).map((day) => ({
    day,
    start: toWireStart(week[day].start),
    duration: minutesBetween(week[day].start, week[day].end),
  }));
}

/**
 * The week to send to every store chosen, or why not: checked with the Store page's rules
 * (`checkOpeningHours`: no overlap across the week, a shift past midnight included) before it goes.
 */
export function hoursInput(stores: readonly WallStore[], week: WeekHours): BulkHoursInput | WeekProblem {
  const shifts = shiftsOf(week);
  if (shifts.length === 0) return { kind: 'empty' };
  const badEnd = shifts.find((s) => parseClock(s.start) !== null && s.duration === null);
  if (badEnd) return { kind: 'shift', day: badEnd.day, problem: 'bad-end', other: null };
  const check = checkOpeningHours(shifts.map((s) => ({ dayOfWeek: s.day, start: s.start, duration: s.duration ?? 0 })));
  const at = check.problems.findIndex((p) => p !== null);
  const problem = check.problems[at];
  const shift = shifts[at];
  if (problem && shift) {
    const other = check.overlapsWith[at];
    return { kind: 'shift', day: shift.day, problem, other: other === null || other === undefined ? null : (shifts[other]?.day ?? null) };
  }
  return { stores: stores.map((s) => s.storeId), shifts: shifts.map((s) => ({ dayOfWeek: s.day, start: s.start, duration: s.duration ?? 0 })) };
}
