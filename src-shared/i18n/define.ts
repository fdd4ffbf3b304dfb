/**
 * Messages are ICU MessageFormat strings: `{code}` puts a value in, `{n, plural, one {# pedido}
 * other {# pedidos}}` says a count as the language does. Each feature keeps its own (`messages.ts`,
 * `defineMessages`): Portuguese (Brazil) first, the default, and English with exactly the same keys.
 *
 * The arguments a message takes are read from its Portuguese text by the types below, so
 * `t('orders.items', { n: 2 })` is checked (a missing or misspelled argument does not compile), and
 * a count (`plural`, `number`) must be a number. The English text must take the same arguments:
 * test/unit/renderer/messages.test.ts compiles every message in both languages and compares them.
 */

type Trim<S extends string> = S extends ` ${infer R}` | `\n${infer R}` ? Trim<R> : S extends `${infer R} ` | `${infer R}\n` ? Trim<R> : S;
/** A name an argument may have: no blank, no `#`, no brace (`{# pedidos}` is a plural's branch, not an argument). */
type IsName<N extends string> = N extends '' ? false : N extends `${string}${' ' | '#' | '{' | '}' | "'" | '\n'}${string}` ? false : true;
/** What an argument of this kind takes: a count or a number is a number; a `select`, a string. */
type KindValue<Kind extends string> =
  Trim<Kind> extends `${'plural' | 'selectordinal' | 'number'}${string}`
    ? number
    : Trim<Kind> extends `${'date' | 'time'}${string}`
      ? Date | number
      : Trim<Kind> extends `select${string}`
        ? string
        : string | number;
/** The argument opened at the start of `Body` (the text after a `{`), as [name, value], or never. */
type ArgumentAt<Body extends string> = Body extends `${infer Head}}${string}`
  ? Head extends `${infer Name},${infer Kind}`
    ? IsName<Trim<Name>> extends true
      ? [Trim<Name>, KindValue<Kind>]
      : never
    : IsName<Trim<Head>> extends true
      ? [Trim<Head>, string | number]
      : never
  : never;
type Arguments<S extends string> = S extends `${string}{${infer Body}` ? ArgumentAt<Body> | Arguments<Body> : never;

/** The values a message's text asks for, by name. */
export type MessageParams<S extends string> = { [A in Arguments<S> as A[0]]: A[1] };
/** `t(key)` for a message without arguments, `t(key, { ... })` for one with. */
export type ParamsArg<S extends string> = [Arguments<S>] extends [never] ? [params?: Record<string, never>] : [params: MessageParams<S>];

/** A feature's messages: the Portuguese texts typed as written (their arguments are read from them), English beside. */
export interface MessageSet<P extends Record<string, string>> {
  'pt-BR': P;
  en: Record<keyof P & string, string>;
}

export function defineMessages<const P extends Record<string, string>>(ptBR: P, en: { [K in keyof P]: string }): MessageSet<P> {
  return { 'pt-BR': ptBR, en } as MessageSet<P>;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** Several features' messages as one catalogue type: every key with its Portuguese text. */
export type CatalogueOf<Sets extends readonly MessageSet<Record<string, string>>[]> = UnionToIntersection<Sets[number]['pt-BR']>;

/** Merges features' messages per language. A key two features define is a mistake, refused at once (every test that loads the screens fails). */
export function mergeMessages<const Sets extends readonly MessageSet<Record<string, string>>[]>(
  sets: Sets,
): { 'pt-BR': CatalogueOf<Sets>; en: Record<keyof CatalogueOf<Sets> & string, string> } {
  const seen = new Set<string>();
  for (const key of sets.flatMap((set) => Object.keys(set['pt-BR']))) {
    if (seen.has(key)) throw new Error(`message key ${key} is defined twice`);
    seen.add(key);
  }
  const merge = (locale: 'pt-BR' | 'en') => Object.assign({}, ...sets.map((set) => set[locale]));
  return { 'pt-BR': merge('pt-BR'), en: merge('en') };
}
