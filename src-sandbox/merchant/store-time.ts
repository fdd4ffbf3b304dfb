/**
 * Store-local time. Every demo store is in São Paulo, which keeps UTC-03:00 all year (no daylight
 * saving since 2019), so a fixed offset is exact and keeps the rules deterministic. Opening hours
 * and promotion dates are read in this local time.
 */
export const STORE_UTC_OFFSET_MINUTES = -180;

export const DAYS_OF_WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export const SECONDS_PER_DAY = 86_400;
export const SECONDS_PER_WEEK = 7 * SECONDS_PER_DAY;

export interface LocalMoment {
  /** 0 = Monday ... 6 = Sunday. */
  dayIndex: number;
  /** Seconds since local midnight. */
  secondOfDay: number;
  /** Seconds since local Monday 00:00:00. */
  secondOfWeek: number;
  /** Local calendar date `YYYY-MM-DD`. */
  date: string;
}

export function localMoment(epochMs: number): LocalMoment {
  const shifted = new Date(epochMs + STORE_UTC_OFFSET_MINUTES * 60_000);
  const dayIndex = (shifted.getUTCDay() + 6) % 7;
  const secondOfDay = shifted.getUTCHours() * 3600 + shifted.getUTCMinutes() * 60 + shifted.getUTCSeconds();
  return {
    dayIndex,
    secondOfDay,
    secondOfWeek: dayIndex * SECONDS_PER_DAY + secondOfDay,
    date: shifted.toISOString().slice(0, 10),
  };
}

/** `HH:MM:SS` of a second of the day. */
export function clockText(secondOfDay: number): string {
  const h = Math.floor(secondOfDay / 3600);
  const m = Math.floor((secondOfDay % 3600) / 60);
  const s = secondOfDay % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}
