import type { ErrorInfo } from '../../src-shared/errors';
import { en, ptBR, type MessageKey, type MessagePrefix, type Messages } from './messages';

export const LOCALES = { 'pt-BR': ptBR, en } as const satisfies Record<string, Messages>;
export type Locale = keyof typeof LOCALES;
export const LOCALE_NAMES: Record<Locale, string> = { 'pt-BR': 'Português (Brasil)', en: 'English' };

const STORAGE_KEY = 'store-terminal.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(LOCALES, value);
}

function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(ptBR, key);
}

/** Where the chosen language is remembered (the browser's storage; none in tests). */
export interface LocaleMemory {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The language of the screen; components read `i18n.t(...)` and re-render when it changes. */
export class I18n {
  #locale = $state<Locale>('pt-BR');

  constructor(private readonly memory?: LocaleMemory) {
    try {
      const saved = memory?.getItem(STORAGE_KEY);
      if (isLocale(saved)) this.#locale = saved;
    } catch {
      // storage can be unavailable; the default is fine
    }
  }

  get locale(): Locale {
    return this.#locale;
  }

  setLocale(locale: Locale): void {
    this.#locale = locale;
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
    try {
      this.memory?.setItem(STORAGE_KEY, locale);
    } catch {
      // not persisted; still switched
    }
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

  error = (error: ErrorInfo): string => this.t(`error.${error.code}`);

  money = (value: number): string => new Intl.NumberFormat(this.#locale, { style: 'currency', currency: 'BRL' }).format(value);

  time = (iso: string): string =>
    new Intl.DateTimeFormat(this.#locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(Date.parse(iso));

  date = (iso: string): string => new Intl.DateTimeFormat(this.#locale, { dateStyle: 'medium' }).format(Date.parse(iso));
}
