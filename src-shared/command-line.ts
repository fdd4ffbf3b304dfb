/**
 * The command lines of the project's programs (the terminal, the chain server and its commands, the
 * sandbox): one definition of a program's flags gives both what its parser accepts and the usage its
 * `--help` prints, wrapped for an 80-column terminal. The parsing itself is node:util's parseArgs,
 * called by each program (this module is shared with the renderer, which has no Node).
 */
export interface FlagSpec {
  type: 'string' | 'boolean';
  /** The value's placeholder in the usage (`URL`, `N`); a switch has none. */
  value?: string;
  /** What it does. Absent: accepted but not listed (a flag refused with a reason of its own). */
  help?: string;
  /** Its environment variable as the usage shows it (`STORE_TERMINAL_DEMO=1`). */
  env?: string;
}
export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

/** What a command line asks for: its usage, nothing (refused, and why), or a run with these flags. */
export type CommandLine<Parsed> = { kind: 'help' } | { kind: 'refused'; reason: string } | { kind: 'run'; parsed: Parsed };

export const USAGE_WIDTH = 80;

/** `--help` or `-h` before any `--`: the usage is printed whatever else the line holds. */
export function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/** The options parseArgs takes for these flags. */
export function parserOptions(specs: Readonly<Record<string, Pick<FlagSpec, 'type'>>>): Record<string, { type: 'string' | 'boolean' }> {
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, { type: spec.type }]));
}

/**
 * Reads a command line: the usage when asked for, else what `parse` (parseArgs, strict) makes of it,
 * its refusal said in a line (`unknown flag --x`) rather than parseArgs' paragraph.
 */
export function readCommandLine<Parsed>(argv: readonly string[], parse: () => Parsed): CommandLine<Parsed> {
  if (asksForHelp(argv)) return { kind: 'help' };
  try {
    return { kind: 'run', parsed: parse() };
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    const unknown = /^Unknown option '([^']+)'/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown) return { kind: 'refused', reason: `unknown flag ${unknown}` };
    const positional = /^Unexpected argument '([^']+)'/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && positional) return { kind: 'refused', reason: `unexpected argument ${positional}` };
    return { kind: 'refused', reason: message };
  }
}

/** `text` in lines of at most `width` columns, each indented by `indent` spaces (a longer word stands alone). */
export function wrapText(text: string, indent: number, width: number = USAGE_WIDTH): string[] {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && pad.length + line.length + 1 + word.length > width) {
      lines.push(pad + line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(pad + line);
  return lines;
}

/** A usage's first line, `usage: ` and the synopsis, its continuation lines indented under it. */
export function usageLine(synopsis: string, width: number = USAGE_WIDTH): string[] {
  const [first = '', ...rest] = wrapText(synopsis, 0, width - 'usage: '.length);
  return [`usage: ${first}`, ...wrapText(rest.join(' '), 9, width)];
}

/** One entry of a usage's list: a term (a flag, a variable), what stands beside it, what it means. */
export interface UsageEntry {
  term: string;
  aside?: string;
  help: string;
}

/**
 * Entries one block each: the term, what stands beside it when the line has room (else on the next
 * line), and its meaning wrapped below.
 */
export function usageList(entries: readonly UsageEntry[], width: number = USAGE_WIDTH): string {
  return entries
    .map(({ term, aside, help }) => {
      const first = `  ${term}`;
      const head = !aside ? [first] : first.length + 2 + aside.length <= width ? [`${first}  ${aside}`] : [first, `      ${aside}`];
      return [...head, ...wrapText(help, 6, width)].join('\n');
    })
    .join('\n');
}

/** The listed flags (those with a help), each with its value and, in brackets, its environment variable. */
export function flagListing(specs: FlagSpecs, width: number = USAGE_WIDTH): string {
  const entries = Object.entries(specs).flatMap(([name, spec]) =>
    spec.help === undefined ? [] : [{ term: `--${name}${spec.value ? ` ${spec.value}` : ''}`, aside: spec.env ? `[${spec.env}]` : undefined, help: spec.help }],
  );
  return usageList(entries, width);
}
