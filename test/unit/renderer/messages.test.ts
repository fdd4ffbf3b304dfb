import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dateTimeFormat, formatQuantity, numberFormat } from '../../../src-shared/i18n/format';
import { ticketMessages } from '../../../src-shared/i18n/ticket-messages';
import { messageArguments } from '../../../src-shared/i18n/translator';
import { I18n } from '../../../src-renderer/i18n/i18n.svelte';
import { en, ptBR } from '../../../src-renderer/i18n/messages';
import { maskDay, readDay, writeDay } from '../../../src-renderer/lib/day-field';

const inLocale = (locale: 'pt-BR' | 'en'): I18n => {
  const i18n = new I18n();
  i18n.setLocale(locale);
  return i18n;
};
const COUNTS = new Set(['plural', 'selectordinal', 'number']);

describe('one message layer for screens and tickets', () => {
  it('every key is in both languages, each compiles in its language, with the same arguments', () => {
    const keys = Object.keys(ptBR);
    assert.deepEqual(Object.keys(en).sort(), [...keys].sort());
    assert.ok(keys.length > 900, `${keys.length} keys`);
    const mismatched: string[] = [];
    for (const key of keys) {
      const pt = messageArguments(ptBR[key as keyof typeof ptBR], 'pt-BR');
      const english = messageArguments(en[key as keyof typeof en], 'en');
      if (JSON.stringify(Object.keys(pt).sort()) !== JSON.stringify(Object.keys(english).sort()))
        mismatched.push(`${key}: ${Object.keys(pt)} ≠ ${Object.keys(english)}`);
      // The type of an argument is read from the Portuguese text: a count in English is a count there too.
      for (const [name, kind] of Object.entries(english))
        if (COUNTS.has(kind) && !COUNTS.has(pt[name] ?? '')) mismatched.push(`${key}: ${name} is a ${kind} in English only`);
    }
    assert.deepEqual(mismatched, []);
  });

  it('the tickets words are part of the same catalogue', () => {
    for (const key of Object.keys(ticketMessages['pt-BR'])) assert.ok(Object.hasOwn(ptBR, key), key);
    assert.equal(inLocale('pt-BR').t('ticket.placedAt', { time: '14:05' }), 'Pedido às 14:05');
  });

  it('says counts as Portuguese does: 1 novo, 2 novos; 1 item, 2 itens; 1 pedido', () => {
    const pt = inLocale('pt-BR');
    assert.equal(pt.t('orders.stores.newCount', { n: 1 }), '1 novo');
    assert.equal(pt.t('orders.stores.newCount', { n: 2 }), '2 novos');
    assert.equal(pt.t('orders.items', { n: 1 }), '1 item');
    assert.equal(pt.t('orders.items', { n: 2 }), '2 itens');
    assert.equal(pt.t('history.count', { n: 1 }), '1 pedido');
    assert.equal(pt.t('history.count', { n: 1500 }), '1.500 pedidos');
    assert.equal(pt.t('orders.deliveryCode.wrongCount', { n: 1 }), '1 código errado neste pedido');
  });

  it('and as English does: 1 order at this store, 3 orders at this store', () => {
    const english = inLocale('en');
    assert.equal(english.t('orders.detail.ordersOnStore', { n: 1 }), '1 order at this store');
    assert.equal(english.t('orders.detail.ordersOnStore', { n: 3 }), '3 orders at this store');
    assert.equal(english.t('orders.items', { n: 1 }), '1 item');
    assert.equal(english.t('alerts.notify.newOrders', { n: 1 }), '1 new order');
  });

  it('follows the screen language when it changes', () => {
    const i18n = inLocale('pt-BR');
    assert.equal(i18n.t('menu.items', { n: 2 }), '2 itens');
    i18n.setLocale('en');
    assert.equal(i18n.t('menu.items', { n: 2 }), '2 items');
  });

  it('a weighed item reads 0,75 kg on a Portuguese screen, a counted one 2×', () => {
    assert.equal(inLocale('pt-BR').quantity(0.75, 'KG').replace(/\s/g, ' '), '0,75 kg');
    assert.equal(inLocale('en').quantity(0.75, 'KG').replace(/\s/g, ' '), '0.75 kg');
    assert.equal(inLocale('pt-BR').quantity(2, 'UN'), '2×');
    assert.equal(inLocale('pt-BR').quantity(null), '1×');
    assert.equal(formatQuantity('pt-BR', 2, null, 'x'), '2x');
  });

  it('writes and reads a day as the language does: dd/mm/aaaa in Portuguese, mm/dd/yyyy in English', () => {
    assert.equal(writeDay('2026-01-05', 'pt-BR'), '05/01/2026');
    assert.equal(writeDay('2026-01-05', 'en'), '01/05/2026');
    assert.equal(inLocale('pt-BR').t('day.placeholder'), 'dd/mm/aaaa');
    assert.equal(readDay('05/01/2026', 'pt-BR'), '2026-01-05');
    assert.equal(readDay('05012026', 'pt-BR'), '2026-01-05');
    assert.equal(readDay('01/05/2026', 'en'), '2026-01-05');
    assert.equal(readDay('2026-01-05', 'pt-BR'), '2026-01-05', 'a pasted ISO day');
    assert.equal(readDay('31/02/2026', 'pt-BR'), null, 'no 31st of February');
    assert.equal(readDay('05/01', 'pt-BR'), null, 'not a whole day yet');
    assert.equal(readDay('  ', 'pt-BR'), '');
    assert.equal(maskDay('0501', 'pt-BR'), '05/01/');
    assert.equal(maskDay('05012026', 'pt-BR'), '05/01/2026');
    assert.equal(maskDay('0', 'en'), '0');
  });

  it('builds each formatter once per language and options', () => {
    assert.equal(numberFormat('pt-BR', { style: 'currency', currency: 'BRL' }), numberFormat('pt-BR', { style: 'currency', currency: 'BRL' }));
    assert.notEqual(numberFormat('pt-BR', { style: 'currency', currency: 'BRL' }), numberFormat('en', { style: 'currency', currency: 'BRL' }));
    assert.equal(dateTimeFormat('en', { hour: '2-digit' }), dateTimeFormat('en', { hour: '2-digit' }));
    assert.equal(inLocale('pt-BR').money(12.9).replace(/\s/g, ' '), 'R$ 12,90');
  });
});

describe('defineMessages', () => {
  it('a plain key is written as before; two features defining one key are refused', async () => {
    const { defineMessages, mergeMessages } = await import('../../../src-shared/i18n/define');
    const a = defineMessages({ 'platform.code.X': 'Código X' }, { 'platform.code.X': 'Code X' });
    const b = defineMessages({ 'platform.code.X': 'Outro' }, { 'platform.code.X': 'Other' });
    assert.equal(mergeMessages([a]).en['platform.code.X'], 'Code X');
    assert.throws(() => mergeMessages([a, b]), /platform\.code\.X is defined twice/);
  });
});
