import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { transform } from 'receiptline';
import { cancellationSlip, customerTicket, escapeText, kitchenTicket, testTicket } from '../../../src-main/print/tickets/layouts';
import { toEscPos, toText } from '../../../src-main/print/tickets/render';
import { sampleOrder } from '../../../src-main/print/tickets/sample-order';
import { wrapWords } from '../../../src-main/print/tickets/wrap';
import type { Locale } from '../../../src-shared/settings';

const NOW = Date.parse('2026-11-24T15:00:00Z');
const ctx = (locale: Locale) => ({ locale, printedAt: NOW, timeZone: 'America/Sao_Paulo', cancellation: { reason: 'Cliente desistiu', code: null } });
const order = sampleOrder(NOW);

/** How ReceiptLine lays a document out as text, after the word wrapping (trailing blanks dropped). */
const laid = (doc: string, cpl: number): string[] =>
  transform(wrapWords(doc, cpl, 'cp860'), { cpl, command: 'text' })
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''));
/** Double-width text comes out of the text renderer spread ("N Ã O   P R E P"): read it back as printed. */
const squeezed = (line: string): string =>
  line
    .replace(/(\S) (?=\S)/g, '$1')
    .replace(/ {3}/g, ' ')
    .trim();

/** A small seeded generator: the same words every run (no wall clock, no Math.random). */
function words(seed: number, count: number): string[] {
  let x = seed;
  const next = () => ((x = (x * 1103515245 + 12345) % 2 ** 31), x / 2 ** 31);
  const letters = 'abcdeéfghijklmnoóõpqrstuvwxyzçãâ';
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 12) }, () => letters[Math.floor(next() * letters.length)]).join(''));
}

describe('word wrapping of tickets', () => {
  it('breaks at the spaces: "requeijão", "Vila Madalena" and "NÃO ENTREGAR" are never cut, at 58 and 80 mm, in both languages', () => {
    for (const width of [58, 80] as const)
      for (const locale of ['pt-BR', 'en'] as const) {
        const customer = toText(customerTicket(order, ctx(locale)), { width });
        const kitchen = toText(kitchenTicket(order, ctx(locale)), { width });
        for (const text of [customer, kitchen]) {
          assert.match(text, /requeijão/, `${width} ${locale}`);
          assert.doesNotMatch(text, /requeij\s*\n/, `${width} ${locale}`);
        }
        assert.match(customer, /Madalena/, `${width} ${locale}`);
        assert.match(customer, /São Paulo - SP|São\s*\n\s*Paulo - SP/, `"- SP" stays with its city (${width} ${locale})`);
        const slip = toText(cancellationSlip(order, ctx(locale)), { width })
          .split('\n')
          .map(squeezed);
        const [prepare, handOver] = locale === 'pt-BR' ? ['NÃO PREPARAR', 'NÃO ENTREGAR'] : ['DO NOT PREPARE', 'DO NOT HAND OVER'];
        assert.ok(slip.includes(prepare), `${prepare} on a line of its own: ${slip.join('|')}`);
        assert.ok(slip.includes(handOver), `${handOver} on a line of its own: ${slip.join('|')}`);
      }
  });

  it('never leaves a word cut when it fits a line, and fills each line as far as the next word allows (seeded texts, both widths)', () => {
    for (let seed = 1; seed <= 60; seed++)
      for (const cpl of [32, 48]) {
        const source = words(seed, 5 + (seed % 25));
        const lines = laid(`|${source.join(' ')}`, cpl).filter((l) => l !== '');
        assert.deepEqual(lines.join(' ').split(' '), source, `seed ${seed}: the words, whole and in order`);
        for (const [i, line] of lines.entries()) {
          assert.ok(line.length <= cpl, `seed ${seed}: ${line}`);
          const nextWord = lines[i + 1]?.split(' ')[0];
          if (nextWord !== undefined) assert.ok(line.length + 1 + nextWord.length > cpl, `seed ${seed}: "${nextWord}" fitted after "${line}"`);
        }
      }
  });

  it('a line exactly full breaks by itself: no empty line, no space starting the next', () => {
    assert.deepEqual(laid('|abcd efgh ijkl', 9), ['abcd efgh', 'ijkl', '']);
    assert.deepEqual(laid('|abcd efghi jk', 10), ['abcd efghi', 'jk', '']);
  });

  it('a word longer than the line is still broken (nothing else can hold it), and the words after it go on', () => {
    assert.deepEqual(laid('|ab Pneumoultramicroscopicossilicovulcanoconiótico cd', 20), [
      'ab',
      'Pneumoultramicroscop',
      'icossilicovulcanocon',
      'iótico cd',
      '',
    ]);
  });

  it('counts double-width text (^) double, and a hard space (~) never breaks', () => {
    // "NÃO ENTREGAR" double width is 24 columns: it does not fit in 20 after "X ".
    assert.deepEqual(laid('|^X NÃO ENTREGAR', 20).map(squeezed), ['X NÃO', 'ENTREGAR', '']);
    assert.deepEqual(laid('|aaaa bbbb cc~dd', 12), ['aaaa bbbb', 'cc dd', '']);
  });

  it("keeps an option's indent on the lines it wraps onto, and wraps each column of a priced line in its own width", () => {
    const line = `|~~+ 1x Borda de requeijão cremoso | R$ 9,90|`;
    assert.deepEqual(laid(line, 32), ['  + 1x Borda de          R$ 9,90', '  requeijão', '  cremoso', '']);
    assert.deepEqual(laid(line, 48), ['  + 1x Borda de                          R$ 9,90', '  requeijão cremoso', '']);
  });

  it('follows a width property: the name of a priced line wraps in the columns its amount leaves', () => {
    const doc = '{width: * 8}\n|2x Pizza Margherita grande com borda | R$ 89,80|\n{width: auto}\n|Dinheiro e mais palavras que ocupam a linha';
    assert.deepEqual(laid(doc, 32), ['2x Pizza Margherita     R$ 89,80', 'grande com borda', 'Dinheiro e mais palavras que', 'ocupam a linha', '']);
  });

  it('reads escaped markup as the characters it prints: an escaped | is no column, an escaped - _ or ~ is one character', () => {
    const name = escapeText('Pizza | meia-meia ~ calabresa_e_queijo');
    // Two columns would be 7 and 8 wide; one column of 16 holds "meia-meia ~" (11) whole.
    assert.deepEqual(laid(`|${name}`, 16), ['Pizza |', 'meia-meia ~', 'calabresa_e_quei', 'jo', '']);
  });

  it('leaves rules, cuts, empty lines and properties as written', () => {
    assert.equal(wrapWords('---\n===\n\n{width: * 10}', 8, 'cp860'), '---\n===\n\n{width: * 10}');
  });
});

describe('the paper cut', () => {
  const cuts = (bytes: Buffer) => bytes.toString('latin1').split('\x1dV').length - 1;

  it('each ticket is cut once, at its end, at both widths in every code page', () => {
    for (const width of [58, 80] as const)
      for (const encoding of ['cp860', 'cp858', 'cp1252', 'multilingual'] as const) {
        const docs = [
          kitchenTicket(order, ctx('pt-BR')),
          customerTicket(order, ctx('en')),
          cancellationSlip(order, ctx('pt-BR')),
          testTicket({ name: 'Cozinha', width, encoding }, ctx('en')),
        ];
        for (const doc of docs) {
          const bytes = toEscPos(doc, { width, encoding });
          assert.equal(cuts(bytes), 1, `${width} ${encoding}: ${doc.split('\n')[0]}`);
          const after = bytes.subarray(bytes.lastIndexOf(Buffer.from('\x1dV', 'latin1')));
          assert.doesNotMatch(after.toString('latin1'), /[A-Za-z]{3}/, 'nothing printed after the cut');
        }
      }
  });
});
