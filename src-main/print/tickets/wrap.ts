import { commands } from 'receiptline';
import type { PrinterEncoding } from '../../../src-shared/settings';

/**
 * Word wrapping for ReceiptLine documents.
 *
 * ReceiptLine fills a column character by character and breaks wherever the line is full, so a word
 * is cut in two ("requeij" / "ão", "NÃO ENTRE" / "GAR") — on a kitchen ticket a cut word is a word
 * misread. It has no option to break at spaces, but it keeps a line break written in the text
 * (`\n`): this pass lays out each text column as ReceiptLine will (its widths, its character
 * widths in the printer's code page, double-size text counted double) and writes a `\n` at the last
 * space that fits, so ReceiptLine never needs to break a word. A word longer than a whole line is
 * still broken by ReceiptLine (nothing else can hold it). A `~` (ReceiptLine's hard space) never
 * breaks, and a column that starts with `~`s (an option's indent) keeps that indent on the lines it
 * wraps onto.
 */
export function wrapWords(document: string, cpl: number, encoding: PrinterEncoding | 'cp437'): string {
  const widthOf = (c: string): number => commands.base.measureText(c, encoding);
  // The column widths in force (`{width: * 9}` ... `{width: auto}`); empty: automatic.
  let widths: number[] = [];
  return document
    .split('\n')
    .map((line) => {
      const set = widthProperty(line);
      if (set) widths = set.widths;
      return set ? line : wrapLine(line, cpl, widths, widthOf);
    })
    .join('\n');
}

/** A line that only sets the column widths (`{width: * 9}`, `{w: auto}`), read as ReceiptLine reads it. */
function widthProperty(line: string): { widths: number[] } | undefined {
  const member = /^\s*\{\s*(?:width|w)\s*:\s*([^;{}]*?)\s*\}\s*$/.exec(line)?.[1];
  if (member === undefined) return undefined;
  const values = member.toLowerCase().split(/[\t ]+|,/);
  return { widths: values.includes('auto') ? [] : values.map((v) => (v === '*' ? -1 : /^\d+$/.test(v) ? Number(v) : 0)) };
}

/**
 * Each column's width as ReceiptLine computes it (border of one character): fixed widths as set,
 * the `*` ones sharing what is left; automatic widths share the whole line.
 */
function columnWidths(count: number, set: number[], cpl: number): number[] {
  const widths = set.length === 0 ? Array.from({ length: count }, () => -1) : Array.from({ length: Math.max(count, set.length) }, (_, i) => set[i] ?? 0);
  const shown = widths.filter((w) => w !== 0);
  let free = cpl - shown.filter((w) => w > 0).reduce((a, w) => a + w, 0) - (shown.length - 1);
  const shared = shown.filter((w) => w < 0).length;
  // Fixed widths too wide for the line give way, the widest first, as ReceiptLine does.
  while (shared > free) {
    const widest = widths.reduce((best, w, i) => (w > (widths[best] ?? 0) ? i : best), 0);
    widths[widest] = (widths[widest] ?? 0) - 1;
    free++;
  }
  let k = 0;
  return widths.map((w) => (w < 0 ? Math.floor((free + k++) / shared) : w));
}

/** A line's columns as ReceiptLine reads them: split at each unescaped `|`, a leading or trailing `|` only marking alignment. */
interface Columns {
  prefix: string;
  parts: string[];
  suffix: string;
}

/** Undefined for what is not plain text: an empty line, a rule or cut, a property (`{width: ...}`). */
function columnsOf(line: string): Columns | undefined {
  const trimmed = line.replace(/^[\t ]+|[\t ]+$/g, '');
  if (trimmed === '' || /^(-+|=+)$/.test(trimmed)) return undefined;
  const parts: string[] = [];
  let current = '';
  let pipeLast = false;
  for (let i = 0; i < trimmed.length; i++) {
    const c = trimmed[i] as string;
    pipeLast = false;
    if (c === '\\') current += c + (trimmed[++i] ?? '');
    else if (c === '|') {
      parts.push(current);
      current = '';
      pipeLast = true;
    } else current += c;
  }
  parts.push(current);
  const prefix = trimmed.startsWith('|') ? '|' : '';
  if (prefix) parts.shift();
  const suffix = pipeLast && parts.length > 1 ? '|' : '';
  if (suffix) parts.pop();
  if (parts.some((p) => /[{}]/.test(p.replace(/\\./g, '')))) return undefined;
  return { prefix, parts, suffix };
}

function wrapLine(line: string, cpl: number, set: number[], widthOf: (c: string) => number): string {
  const columns = columnsOf(line);
  if (!columns) return line;
  const widths = columnWidths(columns.parts.length, set, cpl);
  const wrapped = columns.parts.map((part, i) => {
    const [, lead = '', text = '', trail = ''] = /^([\t ]*)([\s\S]*?)([\t ]*)$/.exec(part) ?? [];
    // The whitespace around a column's text sets its alignment: kept as written.
    return lead + wrapColumn(text, widths[i] ?? 0, widthOf) + trail;
  });
  return columns.prefix + wrapped.join('|') + columns.suffix;
}

/** A piece of a column's text: a character (with its markup), a breakable space, a style switch or a written line break. */
type Token = { kind: 'char'; raw: string; char: string } | { kind: 'space'; raw: string } | { kind: 'style'; raw: string } | { kind: 'break'; raw: string };

function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '\\') {
      const next = text[i + 1] ?? '';
      const hex = /^x[\dA-Fa-f]{2}/.exec(text.slice(i + 1, i + 4));
      if (next === 'n') tokens.push({ kind: 'break', raw: '\\n' });
      else if (hex) tokens.push({ kind: 'char', raw: `\\${hex[0]}`, char: String.fromCharCode(parseInt(hex[0].slice(1), 16)) });
      else tokens.push({ kind: 'char', raw: c + next, char: next });
      i += hex ? 3 : 1;
    } else if (c === '^') {
      let run = c;
      while (text[i + 1] === '^') run += text[++i];
      tokens.push({ kind: 'style', raw: run });
    } else if (c === '_' || c === '"' || c === '`') tokens.push({ kind: 'style', raw: c });
    else if (c === ' ' || c === '\t') tokens.push({ kind: 'space', raw: c });
    else if (c === '~') tokens.push({ kind: 'char', raw: c, char: ' ' });
    else tokens.push({ kind: 'char', raw: c, char: c });
  }
  return tokens;
}

/** ReceiptLine's size after a `^` run: `^` double width, `^^` double height, `^^^` both, up to `^^^^^^^` (the same run again: normal). */
function nextScale(scale: number, raw: string): number {
  if (!raw.startsWith('^')) return scale;
  const d = Math.min(raw.length, 7);
  return scale === d ? 0 : d;
}

/** How many columns a character takes at a size (ReceiptLine's own rule). */
const factorOf = (scale: number): number => (scale < 2 ? scale + 1 : scale - 1);

/** A word: the tokens between two breakable spaces. */
type Word = { kind: 'word'; tokens: Token[] } | { kind: 'space'; tokens: Token[] } | { kind: 'break'; tokens: Token[] };

function wordsOf(tokens: Token[]): Word[] {
  const words: Word[] = [];
  for (const token of tokens) {
    const kind = token.kind === 'space' ? 'space' : token.kind === 'break' ? 'break' : 'word';
    const last = words.at(-1);
    if (last && last.kind === kind && kind !== 'break') last.tokens.push(token);
    else words.push({ kind, tokens: [token] });
  }
  return words;
}

/**
 * The column's text with `\n` where ReceiptLine should break it, simulating its layout: the space
 * left on the line, a character that does not fit going to the next line, and a line exactly full
 * breaking by itself (a `\n` written there would leave an empty line).
 */
function wrapColumn(text: string, width: number, widthOf: (c: string) => number): string {
  if (width <= 0) return text;
  const tokens = tokensOf(text);
  const indent = /^~+/.exec(text)?.[0] ?? '';
  const hangingIndent = indent.length * 2 <= width ? indent : '';
  let scale = 0;
  let space = width;
  let fresh = true;
  let out = '';
  let pending = '';
  let pendingWidth = 0;
  // Places tokens as ReceiptLine does: a character that does not fit goes to the next line, and a line
  // exactly full breaks by itself (`fresh`: the next word starts a new line without a `\n`).
  const place = (list: Token[]) => {
    for (const token of list) {
      out += token.raw;
      if (token.kind === 'style') scale = nextScale(scale, token.raw);
      if (token.kind !== 'char' && token.kind !== 'space') continue;
      const w = widthOf(token.kind === 'char' ? token.char : ' ') * factorOf(scale);
      if (w > space) space = width;
      space -= w;
      fresh = space === 0;
      if (fresh) space = width;
    }
  };
  // The width tokens take from here (a size switch among them changes what follows).
  const measure = (list: Token[]): number => {
    let s = scale;
    let total = 0;
    for (const token of list) {
      if (token.kind === 'style') s = nextScale(s, token.raw);
      else if (token.kind === 'char' || token.kind === 'space') total += widthOf(token.kind === 'char' ? token.char : ' ') * factorOf(s);
    }
    return total;
  };
  const newLine = () => {
    out += '\\n';
    space = width;
    fresh = true;
    if (hangingIndent) place(tokensOf(hangingIndent));
  };

  // At the column's start or after a written line break: the word goes first on the line, with no indent.
  let atStart = true;
  for (const word of wordsOf(tokens)) {
    if (word.kind === 'break') {
      out += word.tokens.map((t) => t.raw).join('');
      [space, fresh, atStart, pending, pendingWidth] = [width, true, true, '', 0];
      continue;
    }
    if (word.kind === 'space') {
      pending = word.tokens.map((t) => t.raw).join('');
      pendingWidth = measure(word.tokens);
      continue;
    }
    const w = measure(word.tokens);
    if (atStart) place(word.tokens);
    else if (fresh) {
      // The line before filled exactly and broke by itself: the word starts the next one, after the indent.
      if (hangingIndent) place(tokensOf(hangingIndent));
      place(word.tokens);
    } else if (pendingWidth + w <= space) {
      place(tokensOf(pending));
      place(word.tokens);
    } else {
      newLine();
      place(word.tokens);
    }
    [atStart, pending, pendingWidth] = [false, '', 0];
  }
  return out;
}
