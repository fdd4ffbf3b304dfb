import { DAYS_OF_WEEK } from '../wire/merchant';

/**
 * The rules of a week of opening hours (spec §2.4, §4.4), checked before the complete replacement
 * is sent: the list is not empty, each day is MONDAY..SUNDAY, each start is a clock time, each
 * duration is a whole number of minutes above 0 and at most a day, and no two shifts overlap.
 * A shift may run past midnight into the next day (Sunday into Monday); overlap is judged on the
 * whole week, so a Friday shift until 01:00 and a Saturday shift from 00:30 overlap. Touching
 * shifts (one ends when the next starts) do not overlap.
 */

export const SHIFT_MAX_MINUTES = 24 * 60;
export const MAX_SHIFTS = 200;
const DAY_S = 24 * 3600;
const WEEK_S = 7 * DAY_S;

export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export interface ShiftLike {
  dayOfWeek: string;
  /** `HH:MM` or `HH:MM:SS`, store time. */
  start: string;
  /** Minutes. */
  duration: number;
}

export type ShiftProblem = 'bad-day' | 'bad-start' | 'bad-duration' | 'too-long' | 'overlap';

export interface HoursCheck {
  ok: boolean;
  empty: boolean;
  tooMany: boolean;
  /** Per shift, in the order given: its first problem or null. */
  problems: (ShiftProblem | null)[];
  /** Per shift: the index of a shift it overlaps, or null. */
  overlapsWith: (number | null)[];
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Seconds since midnight of `HH:MM` or `HH:MM:SS`, or null when it is not a clock time. */
export function parseClock(text: string): number | null {
  const match = CLOCK.exec(text);
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
}

/**
 * What a clerk typed as a time, tidied to `HH:MM` when it can be read: `930` → `09:30`, `18` →
 * `18:00`, `7h15` → `07:15`, `18.30` → `18:30`. Anything else is returned as typed (the editor
 * then says the time is invalid).
 */
export function tidyClockInput(text: string): string {
  const trimmed = text.trim();
  const parts = /^(\d{1,2})\s*[:.hH]\s*(\d{1,2})?$/.exec(trimmed);
  const digits = /^\d{1,4}$/.test(trimmed) ? trimmed : null;
  let hours: number;
  let minutes: number;
  if (parts) {
    hours = Number(parts[1]);
    minutes = Number(parts[2] ?? 0);
  } else if (digits) {
    hours = Number(digits.length <= 2 ? digits : digits.slice(0, digits.length - 2));
    minutes = digits.length <= 2 ? 0 : Number(digits.slice(-2));
  } else {
    return text;
  }
  if (hours > 23 || minutes > 59) return text;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** The wire's `HH:MM:SS`. */
export function toWireStart(text: string): string {
  const seconds = parseClock(text);
  if (seconds === null) return text;
  return formatClock(seconds, true);
}

export function formatClock(secondOfDay: number, withSeconds = false): string {
  const s = ((secondOfDay % DAY_S) + DAY_S) % DAY_S;
  const hh = String(Math.floor(s / 3600)).padStart(2, '0');
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  return withSeconds ? `${hh}:${mm}:${String(s % 60).padStart(2, '0')}` : `${hh}:${mm}`;
}

/**
 * Minutes from `start` to `end` as a clerk means them: an end at or before the start is on the
 * next day (18:00 → 01:00 is 420 minutes; 00:00 → 00:00 is a whole day).
 */
export function minutesBetween(start: string, end: string): number | null {
  const a = parseClock(start);
  const b = parseClock(end);
  if (a === null || b === null) return null;
  const diff = b - a;
  return Math.round((diff > 0 ? diff : diff + DAY_S) / 60);
}

/** Where a shift ends: the clock time and whether that is on a later day. */
export function shiftEnd(shift: Pick<ShiftLike, 'start' | 'duration'>): { clock: string; nextDay: boolean } | null {
  const start = parseClock(shift.start);
  if (start === null || !Number.isFinite(shift.duration)) return null;
  const end = start + shift.duration * 60;
  return { clock: formatClock(end), nextDay: end > DAY_S };
}

function dayIndex(day: string): number {
  return DAYS_OF_WEEK.indexOf(day as DayOfWeek);
}

/** The shift as [start, end) seconds of the week; `end` may pass the week's end. */
function weekRange(shift: ShiftLike): { start: number; end: number } | null {
  const day = dayIndex(shift.dayOfWeek);
  const start = parseClock(shift.start);
  if (day < 0 || start === null) return null;
  const begin = day * DAY_S + start;
  return { start: begin, end: begin + shift.duration * 60 };
}

function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  // Compare b in this week and moved a week either way, so a shift spilling into Monday is seen.
  return [-WEEK_S, 0, WEEK_S].some((shift) => a.start < b.end + shift && b.start + shift < a.end);
}

function problemOf(shift: ShiftLike): ShiftProblem | null {
  if (dayIndex(shift.dayOfWeek) < 0) return 'bad-day';
  if (parseClock(shift.start) === null) return 'bad-start';
  if (!Number.isInteger(shift.duration) || shift.duration <= 0) return 'bad-duration';
  if (shift.duration > SHIFT_MAX_MINUTES) return 'too-long';
  return null;
}

/** Every problem of the week at once, so the editor can mark each shift. */
export function checkOpeningHours(shifts: readonly ShiftLike[]): HoursCheck {
  const problems = shifts.map(problemOf);
  const overlapsWith: (number | null)[] = shifts.map(() => null);
  const ranges = shifts.map((s, i) => (problems[i] === null ? weekRange(s) : null));
  // A week holds at most a few dozen shifts: pairwise is clear and fast enough.
  for (let i = 0; i < shifts.length; i++) {
    const a = ranges[i];
    if (!a) continue;
    for (let j = i + 1; j < shifts.length; j++) {
      const b = ranges[j];
      if (!b || !overlaps(a, b)) continue;
      overlapsWith[i] ??= j;
      overlapsWith[j] ??= i;
      problems[i] ??= 'overlap';
      problems[j] ??= 'overlap';
    }
  }
  const empty = shifts.length === 0;
  const tooMany = shifts.length > MAX_SHIFTS;
  return { ok: !empty && !tooMany && problems.every((p) => p === null), empty, tooMany, problems, overlapsWith };
}

/** A local moment in store time: day 0 is Monday. */
export interface WeekMoment {
  dayIndex: number;
  secondOfDay: number;
}

export function weekMomentOf(date: Date): WeekMoment {
  return { dayIndex: (date.getDay() + 6) % 7, secondOfDay: date.getHours() * 3600 + date.getMinutes() * 60 + date.getSeconds() };
}

/**
 * Seconds from `now` until the store closes by its hours, following shifts that touch or overlap;
 * null when it is closed now; 'always' when the shifts never end (open around the clock).
 */
export function secondsUntilClosing(shifts: readonly ShiftLike[], now: WeekMoment): number | null | 'always' {
  const ranges = shifts
    .filter((s) => problemOf(s) === null)
    .map(weekRange)
    .filter((r) => r !== null)
    .flatMap((r) => [-1, 0, 1, 2].map((k) => ({ start: r.start + k * WEEK_S, end: r.end + k * WEEK_S })));
  const at = now.dayIndex * DAY_S + now.secondOfDay;
  const open = ranges.filter((r) => r.start <= at && at < r.end);
  if (open.length === 0) return null;
  let end = Math.max(...open.map((r) => r.end));
  for (;;) {
    if (end - at >= WEEK_S) return 'always';
    const reach = end;
    const next = ranges.filter((r) => r.start <= reach && reach < r.end).reduce((far, r) => Math.max(far, r.end), reach);
    if (next === end) return end - at;
    end = next;
  }
}

/**
 * Seconds from `now` until the store's first shift that starts tomorrow or later (store time): when
 * a dish sold out "until tomorrow" comes back. Null when the hours hold no valid shift.
 */
export function secondsUntilOpeningTomorrow(shifts: readonly ShiftLike[], now: WeekMoment): number | null {
  const at = now.dayIndex * DAY_S + now.secondOfDay;
  const tomorrow = (now.dayIndex + 1) * DAY_S;
  const starts = shifts
    .filter((s) => problemOf(s) === null)
    .map(weekRange)
    .filter((r) => r !== null)
    .flatMap((r) => [0, 1, 2].map((k) => r.start + k * WEEK_S))
    .filter((start) => start >= tomorrow);
  return starts.length === 0 ? null : Math.min(...starts) - at;
}
