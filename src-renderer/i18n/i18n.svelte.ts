import type { ErrorInfo } from '../../src-shared/errors';
import { en, ptBR, type MessageKey, type MessagePrefix, type Messages } from './messages';

export const LOCALES = { 'pt-BR': ptBR, en } as const satisfies Record<string, Messages>;
export type Locale = keyof typeof LOCALES;
export const LOCALE_NAMES: Record<Locale, string> = { 'pt-BR': 'Português (Brasil)', en: 'English' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(LOCALES, value);
}

function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(ptBR, key);
}

/**
 * The language of the screen; components read `i18n.t(...)` and re-render when it changes. The
 * choice is a setting the main process keeps (the renderer follows `settings:changed`).
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

  t = (key: MessageKey, params: Record<string, string | number> = {}): string => {
    const template = LOCALES[this.#locale][key] ?? ptBR[key] ?? key;
    return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
  };

  /**
   * An open value the platform sends (a status, a type, a code) in words: the message under
   * `prefix` when the screen knows the value, else `fallback` (the value itself by default), so a
   * new value is shown, never hidden. The prefix is checked against the messages by the type.
   */
  label = (prefix: MessagePrefix, value: string | null | undefined, fallback: string = value ?? ''): string => {
    const key = `${prefix}.${value}`;
    return value && isMessageKey(key) ? this.t(key) : fallback;
  };

  /** A failure in words: the platform's own reason when the screen knows it, else its kind. */
  error = (error: ErrorInfo): string => {
    const specific = `error.reason.${error.reason ?? ''}`;
    return error.reason && isMessageKey(specific) ? this.t(specific) : this.t(`error.${error.code}`);
  };

  /**
   * An amount in a currency (the order's, when it names one; BRL, the platform's, otherwise). A code
   * that is not a currency the screen knows falls back to BRL rather than failing the screen.
   */
  money = (value: number, currency: string | null | undefined = 'BRL'): string => {
    const code = currency && /^[A-Z]{3}$/.test(currency) ? currency : 'BRL';
    try {
      return new Intl.NumberFormat(this.#locale, { style: 'currency', currency: code }).format(value);
    } catch {
      return new Intl.NumberFormat(this.#locale, { style: 'currency', currency: 'BRL' }).format(value);
    }
  };

  time = (iso: string): string =>
    new Intl.DateTimeFormat(this.#locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(Date.parse(iso));

  /**
   * Hours and minutes as the language says them: 14:05 in pt-BR, 2:05 PM in English. With a zone
   * (a store in another zone than the terminal), in that zone and named: "13:05 GMT-4".
   */
  clock = (iso: string, zone?: string): string =>
    new Intl.DateTimeFormat(this.#locale, { hour: 'numeric', minute: '2-digit', ...(zone ? { timeZone: zone, timeZoneName: 'shortOffset' as const } : {}) }).format(Date.parse(iso));

  /** Day and time, short (a list of orders of several days). */
  dayTime = (iso: string): string =>
    new Intl.DateTimeFormat(this.#locale, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }).format(Date.parse(iso));

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
    return new Intl.DateTimeFormat(this.#locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  };

  date = (iso: string): string => new Intl.DateTimeFormat(this.#locale, { dateStyle: 'medium' }).format(Date.parse(iso));
}
