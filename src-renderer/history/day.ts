import { dayOf } from '../../src-shared/local-day';

/**
 * Days as the store lives them: in the screen's time zone (the terminal stands in the store). A day
 * is `YYYY-MM-DD`; its range runs from local midnight to the next (23 or 25 hours on a DST change).
 */
export { dayOf };

/** The instants a local day starts and ends, or undefined for text that is not a day. */
export function dayRange(day: string): { from: Date; to: Date } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const from = new Date(year, month, date);
  if (from.getFullYear() !== year || from.getMonth() !== month || from.getDate() !== date) return undefined;
  return { from, to: new Date(year, month, date + 1) };
}
