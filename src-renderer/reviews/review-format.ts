import type { I18n } from '../i18n/i18n.svelte';
import { timeLeft } from './review-logic';

/** Words for the numbers of the reviews screen, in the screen's language. */

/** "4 d 22 h", "3 h 10 min", "9:05"; empty when the time is over. */
export function formatTimeLeft(i18n: I18n, deadlineMs: number, nowMs: number): string {
  const left = timeLeft(deadlineMs, nowMs);
  switch (left.unit) {
    case 'over':
      return '';
    case 'days':
      return i18n.t('reviews.left.days', { days: left.days, hours: left.hours });
    case 'hours':
      return i18n.t('reviews.left.hours', { hours: left.hours, minutes: left.minutes });
    case 'minutes':
      return i18n.t('reviews.left.minutes', { minutes: left.minutes, seconds: String(left.seconds).padStart(2, '0') });
  }
}

/** A 1.0–5.0 score as the platform gives it (up to two decimals), in the locale's digits. */
export function formatScore(i18n: I18n, score: number): string {
  return i18n.score(score);
}

/** Day and hour of a platform timestamp ("21 de nov. de 2026, 14:05"). */
export function formatDateTime(i18n: I18n, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return i18n.dateTime(date.getTime());
}
