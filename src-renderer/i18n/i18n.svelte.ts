import type { ErrorInfo } from '../../src-shared/errors';
import { en, ptBR, type MessageKey, type Messages } from './messages';

export const LOCALES = { 'pt-BR': ptBR, en } as const satisfies Record<string, Messages>;
export type Locale = keyof typeof LOCALES;
export const LOCALE_NAMES: Record<Locale, string> = { 'pt-BR': 'Português (Brasil)', en: 'English' };

const STORAGE_KEY = 'store-terminal.locale';

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(LOCALES, value);
}

function initialLocale(): Locale {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (isLocale(saved)) return saved;
  } catch {
    // storage can be unavailable; the default is fine
  }
  return 'pt-BR';
}

/** The language of the screen; components read `i18n.t(...)` and re-render when it changes. */
class I18n {
  locale = $state<Locale>(initialLocale());

  setLocale(locale: Locale): void {
    this.locale = locale;
    document.documentElement.lang = locale;
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // not persisted; still switched
    }
  }

  t = (key: MessageKey, params: Record<string, string | number> = {}): string => {
    const template = LOCALES[this.locale][key] ?? ptBR[key] ?? key;
    return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
  };

  /** A key built at run time (e.g. from an enum the platform sent), with a readable fallback. */
  tDynamic = (key: string, fallback: string): string => {
    const messages: Record<string, string> = LOCALES[this.locale];
    return messages[key] ?? fallback;
  };

  error = (error: ErrorInfo): string => this.t(`error.${error.code}` as MessageKey);

  money = (value: number): string =>
    new Intl.NumberFormat(this.locale, { style: 'currency', currency: 'BRL' }).format(value);

  time = (iso: string): string =>
    new Intl.DateTimeFormat(this.locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(iso));

  date = (iso: string): string => new Intl.DateTimeFormat(this.locale, { dateStyle: 'medium' }).format(new Date(iso));
}

export const i18n = new I18n();
