import { z } from 'zod';
import { DAYS_OF_WEEK, SECONDS_PER_DAY, SECONDS_PER_WEEK, localMoment, type DayOfWeek } from './store-time';

/**
 * Opening hours (spec §2.4, §4.4): weekly shifts in store-local time. A shift may cross midnight
 * into the next day (Sunday wraps to Monday); a shift lasts at most 24 hours. Two shifts overlap
 * when their time ranges intersect anywhere in the week, including the part of a shift that spills
 * past midnight; touching ranges (one ends when the next starts) do not overlap.
 */

export const MAX_SHIFT_MINUTES = 24 * 60;
export const MAX_SHIFTS = 200;

const HH_MM_SS = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

export const ShiftInput = z.object({
  dayOfWeek: z.enum(DAYS_OF_WEEK),
  start: z.string().regex(HH_MM_SS, 'start deve ser HH:MM:SS de 00:00:00 a 23:59:59'),
  duration: z.number().int().positive('duration deve ser maior que 0').max(MAX_SHIFT_MINUTES, 'um turno dura no máximo 1440 minutos'),
});
export type ShiftInput = z.infer<typeof ShiftInput>;

export const OpeningHoursReplace = z.object({
  storeId: z.string(),
  shifts: z.array(ShiftInput).min(1, 'a lista de turnos não pode ser vazia').max(MAX_SHIFTS),
});

export interface Shift extends ShiftInput {
  id: string;
  enabled: boolean;
  createdAt: string;
}

function startSeconds(start: string): number {
  const [h = 0, m = 0, s = 0] = start.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

/** The shift's range in seconds of the week; `end` may pass the week's end (wraps to Monday). */
function weekRange(shift: ShiftInput): { start: number; end: number } {
  const start = DAYS_OF_WEEK.indexOf(shift.dayOfWeek as DayOfWeek) * SECONDS_PER_DAY + startSeconds(shift.start);
  return { start, end: start + shift.duration * 60 };
}

/** The ranges of a shift cut at the week's end, so every range lies inside [0, WEEK). */
function flatRanges(shift: ShiftInput): { start: number; end: number }[] {
  const { start, end } = weekRange(shift);
  if (end <= SECONDS_PER_WEEK) return [{ start, end }];
  return [
    { start, end: SECONDS_PER_WEEK },
    { start: 0, end: end - SECONDS_PER_WEEK },
  ];
}

/** The indexes of two overlapping shifts, or undefined. Sorting keeps this O(n log n). */
export function findOverlap(shifts: readonly ShiftInput[]): [number, number] | undefined {
  const ranges = shifts.flatMap((shift, index) => flatRanges(shift).map((r) => ({ ...r, index })));
  ranges.sort((a, b) => a.start - b.start || a.end - b.end);
  let widest: (typeof ranges)[number] | undefined;
  for (const range of ranges) {
    if (widest && range.start < widest.end) return [widest.index, range.index].sort((a, b) => a - b) as [number, number];
    if (!widest || range.end > widest.end) widest = range;
  }
  return undefined;
}

/** True when the moment falls inside an enabled shift. */
export function isOpenAt(shifts: readonly (ShiftInput & { enabled?: boolean })[], epochMs: number): boolean {
  const t = localMoment(epochMs).secondOfWeek;
  return shifts.some((shift) => shift.enabled !== false && flatRanges(shift).some((r) => r.start <= t && t < r.end));
}

/** Seconds from the moment until the next enabled shift starts, or undefined without shifts. */
export function secondsUntilNextOpening(shifts: readonly (ShiftInput & { enabled?: boolean })[], epochMs: number): number | undefined {
  const t = localMoment(epochMs).secondOfWeek;
  let best: number | undefined;
  for (const shift of shifts) {
    if (shift.enabled === false) continue;
    const wait = (weekRange(shift).start - t + SECONDS_PER_WEEK) % SECONDS_PER_WEEK;
    if (best === undefined || wait < best) best = wait;
  }
  return best;
}
