/**
 * Numbers, money, quantities and dates as a language writes them, for the screens and the tickets.
 * Building an Intl formatter costs far more than using one (a board of 2000 cards formats money and
 * times on every paint), so each is built once per language and options, then kept.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

/** One key per language and options (the options' own order: every call site writes them one way). */
const keyOf = (locales: string | readonly string[] | undefined, options: object | undefined): string =>
  `${Array.isArray(locales) ? locales.join(',') : (locales ?? '')}\u0000${options ? JSON.stringify(options) : ''}`;

function cached<F, O extends object>(cache: Map<string, F>, build: (locales: string | string[] | undefined, options?: O) => F) {
  return (locales?: string | readonly string[], options?: O): F => {
    const key = keyOf(locales, options);
    let formatter = cache.get(key);
    if (!formatter) {
      formatter = build(locales as string | string[] | undefined, options);
      cache.set(key, formatter);
    }
    return formatter;
  };
}

export const numberFormat = cached<Intl.NumberFormat, Intl.NumberFormatOptions>(numberFormats, (l, o) => new Intl.NumberFormat(l, o));
export const dateTimeFormat = cached<Intl.DateTimeFormat, Intl.DateTimeFormatOptions>(dateTimeFormats, (l, o) => new Intl.DateTimeFormat(l, o));
export const pluralRulesOf = cached<Intl.PluralRules, Intl.PluralRulesOptions>(pluralRules, (l, o) => new Intl.PluralRules(l, o));

/**
 * An amount in a currency (the order's, when it names one; BRL, the platform's, otherwise). A code
 * that is not a currency falls back to BRL rather than failing the screen or the ticket.
 */
export function formatMoney(locale: string, value: number, currency: string | null | undefined = 'BRL'): string {
  const code = currency && /^[A-Z]{3}$/.test(currency) ? currency : 'BRL';
  try {
    return numberFormat(locale, { style: 'currency', currency: code }).format(value);
  } catch {
    return numberFormat(locale, { style: 'currency', currency: 'BRL' }).format(value);
  }
}

/** The units an order's item is sold by (`unit` on the wire) that are a measure, not a count. */
const MEASURES: Record<string, string> = { KG: 'kilogram', G: 'gram', L: 'liter', ML: 'milliliter' };

/**
 * How much of an item: a count as "2×" (`times` may be "x" where the sign cannot be printed), a
 * weighed or measured item in its unit, "0,75 kg" in Portuguese. A missing quantity is one.
 */
export function formatQuantity(locale: string, quantity: number | null | undefined, unit?: string | null, times = '×'): string {
  const amount = quantity ?? 1;
  const measure = unit ? MEASURES[unit.trim().toUpperCase()] : undefined;
  if (measure) return numberFormat(locale, { style: 'unit', unit: measure, unitDisplay: 'short', maximumFractionDigits: 3 }).format(amount);
  return `${numberFormat(locale, { maximumFractionDigits: 3 }).format(amount)}${times}`;
}

/** A calendar day's parts in the order the language writes them, and what goes between them. */
export interface DayPattern {
  order: ('day' | 'month' | 'year')[];
  separator: string;
}

/** How the language writes a day in digits: day/month/year in Portuguese, month/day/year in English. */
export function dayPattern(locale: string): DayPattern {
  const parts = dateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).formatToParts(Date.UTC(2001, 1, 3));
  const order = parts.map((p) => p.type).filter((t): t is 'day' | 'month' | 'year' => t === 'day' || t === 'month' || t === 'year');
  return { order, separator: parts.find((p) => p.type === 'literal')?.value ?? '/' };
}
