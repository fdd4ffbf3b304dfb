import { IntlMessageFormat } from 'intl-messageformat';
import type { Locale } from '../settings';
import type { ParamsArg } from './define';
import { dateTimeFormat, numberFormat, pluralRulesOf } from './format';

/** The cached Intl formatters (src-shared/i18n/format.ts) lent to the messages: one set for everything. */
const formatters = {
  getNumberFormat: (locales?: string | string[], options?: Intl.NumberFormatOptions) => numberFormat(locales, options),
  getDateTimeFormat: (locales?: string | string[], options?: Intl.DateTimeFormatOptions) => dateTimeFormat(locales, options),
  getPluralRules: (locales?: string | string[], options?: Intl.PluralRulesOptions) => pluralRulesOf(locales, options),
};

type Values = Record<string, string | number | Date>;

/**
 * Messages in a language: each compiled once (per language) the first time it is said, then kept.
 * A key the language lacks is said in Portuguese; a key no language has, as itself (a new platform
 * code still shows). A value missing at run time leaves the message as written rather than failing.
 */
export class Translator<M extends Record<string, string>> {
  readonly #compiled = new Map<string, IntlMessageFormat>();

  constructor(private readonly catalogue: { 'pt-BR': M; en: Record<keyof M & string, string> }) {}

  has(key: string): key is keyof M & string {
    return Object.hasOwn(this.catalogue['pt-BR'], key);
  }

  /** The message under `key` in `locale`, with its arguments. */
  format<K extends keyof M & string>(locale: Locale, key: K, ...[params]: ParamsArg<M[K]>): string {
    return this.text(locale, key, params as Values | undefined);
  }

  /** The same, unchecked: for keys built at run time (`label`), checked with `has` first. */
  text(locale: Locale, key: string, params?: Values): string {
    const compiled = this.compiled(locale, key);
    if (!compiled) return key;
    try {
      return String(compiled.format(params));
    } catch {
      return this.source(locale, key) ?? key;
    }
  }

  private source(locale: Locale, key: string): string | undefined {
    const own = (this.catalogue[locale] as Record<string, string | undefined>)[key];
    return own ?? (this.catalogue['pt-BR'] as Record<string, string | undefined>)[key];
  }

  private compiled(locale: Locale, key: string): IntlMessageFormat | undefined {
    const id = `${locale}\u0000${key}`;
    let compiled = this.#compiled.get(id);
    if (!compiled) {
      const source = this.source(locale, key);
      if (source === undefined) return undefined;
      compiled = compileMessage(source, locale);
      this.#compiled.set(id, compiled);
    }
    return compiled;
  }
}

/** A message compiled for a language (throws on a malformed one: the messages test compiles them all). */
export function compileMessage(source: string, locale: Locale): IntlMessageFormat {
  return new IntlMessageFormat(source, locale, undefined, { formatters, ignoreTag: true });
}

/** The kinds of argument a message takes, by name (`n` → `plural`): both languages of a key must agree. */
export function messageArguments(source: string, locale: Locale): Record<string, string> {
  const found: Record<string, string> = {};
  const kinds = ['literal', 'argument', 'number', 'date', 'time', 'select', 'plural', 'pound', 'tag'];
  const walk = (elements: ReturnType<IntlMessageFormat['getAst']>): void => {
    for (const element of elements) {
      if ('value' in element && typeof element.value === 'string' && element.type >= 1 && element.type <= 6) {
        // A count is a count whether written `{n, plural}` or `{n, selectordinal}`.
        found[element.value] = kinds[element.type] ?? 'argument';
      }
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(compileMessage(source, locale).getAst());
  return found;
}
