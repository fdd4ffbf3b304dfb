import type { I18n } from '../i18n/i18n.svelte';

/** Times and lengths as the store screens say them, in the screen's language. */

const sameDay = (a: Date, b: Date): boolean => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** `14:30` today, `sáb., 22/11 14:30` on another day (local time: the terminal stands in the store). */
export function when(i18n: I18n, iso: string | number, nowMs: number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  const time = i18n.hourMinute(date.getTime());
  if (sameDay(date, new Date(nowMs))) return time;
  const day = i18n.weekdayDay(date.getTime());
  return `${day} ${time}`;
}

/** `45 min`, `2 h`, `1 h 30 min`. */
export function duration(i18n: I18n, minutes: number): string {
  const total = Math.round(minutes);
  if (total < 60) return i18n.t('store.duration.minutes', { n: total });
  const h = Math.floor(total / 60);
  const m = total % 60;
  return m === 0 ? i18n.t('store.duration.hours', { h }) : i18n.t('store.duration.hoursMinutes', { h, m });
}

/** A quick pause's length on its button: `15 min`, `2 h` (the Store page's and the chain console's). */
export function quickPauseLabel(i18n: I18n, minutes: number): string {
  return minutes < 60 ? i18n.t('store.pauseDialog.minutes', { n: minutes }) : i18n.t('store.pauseDialog.hours', { n: minutes / 60 });
}

/** An epoch-ms instant as the ISO time the contract takes. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** `YYYY-MM-DDTHH:MM` in local time (a custom pause: its day and its 24-hour clock). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `YYYY-MM-DDTHH:MM` value read as local time; NaN when empty or broken. */
export function fromLocalInput(value: string): number {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? new Date(value).getTime() : Number.NaN;
}
