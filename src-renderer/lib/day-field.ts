import { dayPattern } from '../../src-shared/i18n/format';

/**
 * A calendar day typed as the screen's language writes it: 05/01/2026 in Portuguese, 01/05/2026 in
 * English. The browser's own date box follows the machine's language, not the screen's (a pt-BR
 * screen on an English system reads mm/dd/yyyy), so the terminal writes and reads days itself. The
 * value is always `YYYY-MM-DD`, as `<input type="date">` gives it.
 */

const DIGITS = { day: 2, month: 2, year: 4 } as const;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day (no 31/02), or null. */
function realDay(year: number, month: number, day: number): string | null {
  const at = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` in the language's digits ("05/01/2026"); anything else as it is. */
export function writeDay(ymd: string, locale: string): string {
  const match = ISO_DAY.exec(ymd);
  if (!match) return ymd;
  const parts = { year: match[1], month: match[2], day: match[3] };
  const { order, separator } = dayPattern(locale);
  return order.map((part) => parts[part]).join(separator);
}

/**
 * What was typed, as `YYYY-MM-DD`; '' for an empty box; null for text that is not a day (yet). A day
 * written as `YYYY-MM-DD` (pasted) is read too.
 */
export function readDay(text: string, locale: string): string | null {
  const typed = text.trim();
  if (!typed) return '';
  const iso = ISO_DAY.exec(typed);
  if (iso) return realDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const { order } = dayPattern(locale);
  const groups = typed.split(/\D+/).filter(Boolean);
  const digits = typed.replace(/\D/g, '');
  const values: Partial<Record<'day' | 'month' | 'year', number>> = {};
  if (groups.length === 3) {
    order.forEach((part, i) => (values[part] = Number(groups[i])));
    if (String(groups[order.indexOf('year')]).length !== 4) return null;
  } else if (groups.length === 1 && digits.length === 8) {
    let at = 0;
    for (const part of order) {
      values[part] = Number(digits.slice(at, at + DIGITS[part]));
      at += DIGITS[part];
    }
  } else {
    return null;
  }
  return realDay(values.year ?? 0, values.month ?? 0, values.day ?? 0);
}

/** The digits typed so far with the separators put in as each part fills ("0501" → "05/01/"). */
export function maskDay(text: string, locale: string): string {
  const { order, separator } = dayPattern(locale);
  const digits = text.replace(/\D/g, '').slice(0, 8);
  let out = '';
  let at = 0;
  for (const [i, part] of order.entries()) {
    const chunk = digits.slice(at, at + DIGITS[part]);
    out += chunk;
    at += DIGITS[part];
    if (chunk.length < DIGITS[part]) break;
    if (i < order.length - 1 && digits.length >= at) out += separator;
  }
  return out;
}
