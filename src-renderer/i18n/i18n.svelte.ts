import type { ErrorInfo } from '../../src-shared/errors';
import type { ParamsArg } from '../../src-shared/i18n/define';
import { dateTimeFormat, formatMoney, formatQuantity, numberFormat } from '../../src-shared/i18n/format';
import { Translator } from '../../src-shared/i18n/translator';
import { en, ptBR, type Catalogue, type MessageKey, type MessagePrefix } from './messages';

export const LOCALES = { 'pt-BR': ptBR, en } as const;
export type Locale = keyof typeof LOCALES;
export const LOCALE_NAMES: Record<Locale, string> = { 'pt-BR': 'Português (Brasil)', en: 'English' };

/** Every message of the screens and the tickets, each compiled once per language when first said. */
const messages = new Translator<Catalogue>({ 'pt-BR': ptBR, en });

/**
 * The language of the screen; components read `i18n.t(...)` and re-render when it changes. The
 * choice is a setting the main process keeps (the renderer follows `settings:changed`). Numbers,
 * money and dates come from the shared formatters (src-shared/i18n/format.ts), built once each.
 */
export class I18n {
  #locale = $state<Locale>('pt-BR');

  get locale(): Locale {
    return this.#locale;
  }

  /** Shows the screen in `locale` (the setting itself is changed through SettingsState). */
  setLocale(locale: Locale): void {
    this.#locale = locale;
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
  }

  /** The message under `key`, with the arguments its text names (checked: `{ n: 2 }` for `{n, plural, ...}`). */
  t = <K extends MessageKey>(key: K, ...params: ParamsArg<Catalogue[K]>): string => messages.format(this.#locale, key, ...params);

  /**
   * An open value the platform sends (a status, a type, a code) in words: the message under
   * `prefix` when the screen knows the value, else `fallback` (the value itself by default), so a
   * new value is shown, never hidden. The prefix is checked against the messages by the type.
   */
  label = (prefix: MessagePrefix, value: string | null | undefined, fallback: string = value ?? ''): string => {
    const key = `${prefix}.${value}`;
    return value && messages.has(key) ? messages.text(this.#locale, key) : fallback;
  };

  /** A failure in words: the platform's own reason when the screen knows it, else its kind. */
  error = (error: ErrorInfo): string => {
    const specific = `error.reason.${error.reason ?? ''}`;
    return messages.text(this.#locale, error.reason && messages.has(specific) ? specific : `error.${error.code}`);
  };

  /**
   * An amount in a currency (the order's, when it names one; BRL, the platform's, otherwise). A code
   * that is not a currency the screen knows falls back to BRL rather than failing the screen.
   */
  money = (value: number, currency: string | null | undefined = 'BRL'): string => formatMoney(this.#locale, value, currency);

  /** How much of an item: "2×", or "0,75 kg" for one sold by weight (the order's `unit`). */
  quantity = (quantity: number | null | undefined, unit?: string | null): string => formatQuantity(this.#locale, quantity, unit);

  /** A number as the language writes it ("1.234,5"), with at most `digits` decimals. */
  number = (value: number, digits = 2): string => numberFormat(this.#locale, { maximumFractionDigits: digits }).format(value);

  /** A 1.0–5.0 score as the platform gives it (one or two decimals: "4,5", "4,75"). */
  score = (value: number): string => numberFormat(this.#locale, { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(value);

  time = (iso: string): string => dateTimeFormat(this.#locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(Date.parse(iso));

  /**
   * Hours and minutes as the language says them: 14:05 in pt-BR, 2:05 PM in English. With a zone
   * (a store in another zone than the terminal), in that zone and named: "13:05 GMT-4".
   */
  clock = (iso: string, zone?: string): string =>
    dateTimeFormat(this.#locale, { hour: 'numeric', minute: '2-digit', ...(zone ? { timeZone: zone, timeZoneName: 'shortOffset' as const } : {}) }).format(
      Date.parse(iso),
    );

  /** Day and time, short (a list of orders of several days). */
  dayTime = (iso: string): string =>
    dateTimeFormat(this.#locale, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }).format(Date.parse(iso));

  /** A duration as a kitchen says it: "45 s", "4 min 05 s". */
  duration = (seconds: number): string => {
    const s = Math.max(0, Math.round(seconds));
    return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  };

  /** A calendar day (`YYYY-MM-DD`, no time zone) as the language writes it; text that is not one stays as it is. */
  day = (ymd: string): string => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
    if (!match) return ymd;
    // A day has no zone: written from its UTC midnight, read in UTC.
    return dateTimeFormat(this.#locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
    );
  };

  date = (iso: string): string => dateTimeFormat(this.#locale, { dateStyle: 'medium' }).format(Date.parse(iso));

  /** A day and time, medium ("5 de jan. de 2026 14:05"). */
  dateTime = (ms: number): string => dateTimeFormat(this.#locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);

  /** Hours and minutes, two digits each (14:05; 02:05 PM). */
  hourMinute = (ms: number): string => dateTimeFormat(this.#locale, { hour: '2-digit', minute: '2-digit' }).format(ms);

  /** Weekday, day and month, short ("seg., 05/01"). */
  weekdayDay = (ms: number): string => dateTimeFormat(this.#locale, { weekday: 'short', day: '2-digit', month: '2-digit' }).format(ms);
}
