/** The local calendar day of an instant, `YYYY-MM-DD`, in this machine's time zone (the terminal stands in the store). */
export function dayOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The instants a local day (`YYYY-MM-DD`) starts and ends in this machine's time zone, or undefined
 * for text that is not a day: local midnight to the next (23 or 25 hours on a DST change).
 */
export function dayRange(day: string): { from: Date; to: Date } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const from = new Date(year, month, date);
  if (from.getFullYear() !== year || from.getMonth() !== month || from.getDate() !== date) return undefined;
  return { from, to: new Date(year, month, date + 1) };
}
