import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cancellationSlip, customerTicket, escapeText, kitchenTicket } from '../../../src-main/print/tickets/layouts';
import { toEscPos, toSvg, toText } from '../../../src-main/print/tickets/render';
import { saveTicketFiles } from '../../../src-main/print/printers/file';
import { sampleOrder } from '../../../src-main/print/tickets/sample-order';
import type { Locale } from '../../../src-shared/settings';

const NOW = Date.parse('2026-11-24T15:00:00Z');
const GOLDEN = join(import.meta.dirname, '..', '..', 'golden', 'tickets');
const ctx = (locale: Locale) => ({ locale, printedAt: NOW, timeZone: 'America/Sao_Paulo', cancellation: { reason: 'Cliente desistiu', code: null } });
const order = sampleOrder(NOW);
const latin1 = (bytes: Buffer) => bytes.toString('latin1');

describe('tickets', () => {
  it('the kitchen ticket holds the short code, each item, options and notes, no prices, and a paper cut', () => {
    const bytes = toEscPos(kitchenTicket(order, ctx('pt-BR')), { width: 80, encoding: 'cp860' });
    const text = latin1(bytes);
    assert.match(text, /#7F3A/);
    assert.match(text, /Pizza Margherita/);
    assert.match(text, /Guaran/);
    assert.match(text, /\+ 1x Borda de requeij/);
    assert.match(text, /sem cebola, bem assada/);
    assert.doesNotMatch(text, /R\$/, 'no prices on the kitchen ticket');
    assert.ok(bytes.includes(Buffer.from([0x1d, 0x56])), 'GS V: the paper is cut');
  });

  it('prints Portuguese accents in the chosen code page (cp860: ç 0x87, ã 0x84, à 0x85)', () => {
    const bytes = toEscPos(customerTicket(order, ctx('pt-BR')), { width: 58, encoding: 'cp860' });
    assert.ok(bytes.includes(Buffer.from([0x1b, 0x74])), 'ESC t selects a code page');
    assert.ok(bytes.includes(Buffer.from('Concei', 'latin1')));
    assert.ok(bytes.includes(Buffer.from([0x87, 0x84, 0x6f])), '"ção" of Conceição in cp860');
    assert.ok(bytes.includes(Buffer.from([0x85])), 'à of "à padaria"');
    assert.ok(!bytes.includes(Buffer.from('ã', 'utf8')), 'never UTF-8 bytes');
  });

  it('the customer ticket has prices, totals, cash to collect with change, the delivery party and the address', () => {
    const text = latin1(toEscPos(customerTicket(order, ctx('en')), { width: 80, encoding: 'cp858' }));
    for (const part of ['R$89.80', 'R$111.18', 'TO COLLECT', 'Change', 'R$38.82', 'Platform driver', 'Rua Harmonia, 412', 'Em frente'])
      assert.ok(text.includes(part), part);
  });

  it("no ticket holds the pickup code: the bag's copy would let anyone holding the bag say the driver's code at the counter", () => {
    assert.equal(order.delivery?.pickupCode, '4821', 'the sample order has one');
    const takeout = { ...order, orderType: 'TAKEOUT' as const };
    for (const o of [order, takeout])
      for (const locale of ['pt-BR', 'en'] as const)
        for (const width of [58, 80] as const)
          for (const layout of [kitchenTicket, customerTicket, cancellationSlip]) {
            const doc = layout(o, ctx(locale));
            assert.doesNotMatch(doc, /4821|retirada:|pickup code/i, `${layout.name} ${o.orderType} ${locale}`);
            assert.ok(!toEscPos(doc, { width, encoding: 'cp860' }).includes(Buffer.from('4821')), `${layout.name} ${width} ${locale}`);
          }
  });

  it("an own delivery's copy tells the store's courier how to reach the customer: the platform's number and the localizer", () => {
    const own = {
      ...order,
      delivery: { ...order.delivery, deliveredBy: 'MERCHANT' },
      customer: { ...order.customer, phone: { number: '0800 555 1234', localizer: '12345678' } },
    } as typeof order;
    const pt = toText(customerTicket(own, ctx('pt-BR')), { width: 58 });
    assert.match(pt, /Entrega própria/);
    assert.match(pt, /Telefone: 0800 555 1234/);
    assert.match(pt.replace(/ (?=\S)/g, ''), /Códigodocliente:\s*12345678/, 'the localizer, double width');
    assert.doesNotMatch(pt, /4821/, 'and still no pickup code');
    const platform = toText(customerTicket(order, ctx('pt-BR')), { width: 58 });
    assert.doesNotMatch(platform, /0800|12345678/, "a platform delivery's copy has neither: the platform's driver has the app");
  });

  it('says a weighed item by its weight in the language of the ticket: 0,75 kg, not 0.75x', () => {
    const cheese = { ...order.items[0], name: 'Queijo minas (kg)', quantity: 0.75, unit: 'KG', options: [] } as (typeof order.items)[number];
    const weighed = { ...order, items: [cheese, { ...cheese, name: 'Pao', quantity: 2, unit: 'UN' }] };
    const pt = toText(kitchenTicket(weighed, ctx('pt-BR')), { width: 80 });
    assert.match(pt, /0,75 kg Queijo minas/);
    assert.match(pt, /2x Pao/);
    assert.match(toText(customerTicket(weighed, ctx('en')), { width: 80 }), /0\.75 kg Queijo minas/);
  });

  it("the cancellation slip words the platform's reason by its code in the ticket's language, free text as written", () => {
    const timeout = { reason: 'Pedido cancelado automaticamente', code: 'CONFIRMATION_TIMEOUT' };
    const pt = toText(cancellationSlip(order, { ...ctx('pt-BR'), cancellation: timeout }), { width: 80 });
    const en = toText(cancellationSlip(order, { ...ctx('en'), cancellation: timeout }), { width: 80 });
    assert.match(pt, /Não foi confirmado em até 8 minutos/);
    assert.match(en, /Not confirmed within 8 minutes/i);
    assert.doesNotMatch(en, /Pedido cancelado automaticamente/, 'no Portuguese platform text on an English slip when the code says it');
    assert.match(toText(cancellationSlip(order, { ...ctx('en'), cancellation: { reason: 'Acabou o gás', code: null } }), { width: 80 }), /Acabou o gás/);
  });

  it('escapes the markup a customer may type (no forged totals, no paper cut from a note)', () => {
    assert.equal(escapeText('a|b {c} ^^^x ="y" `z` ~_\\'), 'a\\|b \\{c\\} \\^\\^\\^x \\=\\"y\\" \\`z\\` \\~\\_\\\\');
    assert.equal(escapeText('line\nbreak\u0007'), 'line break');
    const tricky = { ...order, items: [{ ...order.items[0], name: '=\n---\n^^^TOTAL | R$ 0,00' } as (typeof order.items)[number]] };
    const cuts = (o: typeof order) =>
      toEscPos(kitchenTicket(o, ctx('pt-BR')), { width: 80, encoding: 'cp860' })
        .toString('latin1')
        .split('\x1dV').length - 1;
    assert.equal(cuts(tricky), cuts(order), 'no cut more than a plain ticket has: the name cannot cut the paper');
  });

  it('match the golden SVG of each layout at both widths, in both languages (UPDATE_GOLDEN=1 rewrites them)', () => {
    for (const locale of ['pt-BR', 'en'] as const)
      for (const width of [58, 80] as const)
        for (const [name, layout] of [
          ['kitchen', kitchenTicket],
          ['customer', customerTicket],
          ['cancellation', cancellationSlip],
        ] as const) {
          const svg = toSvg(layout(order, ctx(locale)), { width, encoding: 'cp860' });
          const file = join(GOLDEN, `${name}-${width}-${locale}.svg`);
          if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, svg);
          assert.equal(svg, readFileSync(file, 'utf8'), file);
        }
  });
});

describe('the "save as file" printer', () => {
  it('saves each ticket as an owner-only PDF (text with its accents) and SVG', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-tickets-'));
    const doc = kitchenTicket(order, ctx('pt-BR'));
    await saveTicketFiles(dir, 'order-1/kitchen', { text: toText(doc, { width: 80 }), svg: toSvg(doc, { width: 80, encoding: 'cp860' }), columns: 48 });
    const files = readdirSync(dir).sort();
    assert.deepEqual(files, ['order-1_kitchen.pdf', 'order-1_kitchen.svg'], 'a name never makes a path');
    for (const f of files) assert.equal(statSync(join(dir, f)).mode & 0o777, 0o600);
    const pdf = readFileSync(join(dir, 'order-1_kitchen.pdf'));
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'order-1_kitchen.pdf'), '-'], { encoding: 'utf8' });
    assert.match(text, /COZINHA/);
    assert.match(text, /Conceição Araújo/);
    assert.match(text, /Guaraná/);
  });

  it('a long ticket is one page as long as the ticket: its last line is not on a second page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'st-tickets-'));
    const item = order.items[0] as (typeof order.items)[number];
    const long = { ...order, items: Array.from({ length: 12 }, (_, i) => ({ ...item, name: `Prato ${i + 1} com um nome bem comprido para quebrar a linha` })) };
    const doc = customerTicket(long, ctx('pt-BR'));
    const text = toText(doc, { width: 58 });
    assert.ok(text.split('\n').length > 60, 'a ticket of many lines');
    await saveTicketFiles(dir, 'long', { text, svg: toSvg(doc, { width: 58, encoding: 'cp860' }), columns: 32 });
    const info = execFileSync('pdfinfo', [join(dir, 'long.pdf')], { encoding: 'utf8' });
    assert.match(info, /^Pages:\s+1$/m);
    assert.match(execFileSync('pdftotext', ['-layout', join(dir, 'long.pdf'), '-'], { encoding: 'utf8' }), /Impresso em/);
  });
});
