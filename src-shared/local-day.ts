/** The local calendar day of an instant, `YYYY-MM-DD`, in this machine's time zone (the terminal stands in the store). */
export function dayOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
