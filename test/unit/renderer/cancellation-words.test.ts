import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { I18n } from '../../../src-renderer/i18n/i18n.svelte';
import { cancellationWords, reasonWords } from '../../../src-renderer/orders/cancellation-words';

describe('cancellation reasons in the screen\'s language', () => {
  it('words a reason by its spec code in English, whatever language the platform wrote it in', () => {
    const i18n = new I18n();
    i18n.setLocale('en');
    const byStore = { origin: 'MERCHANT', reason: 'Item indisponível', code: '503' };
    assert.equal(reasonWords(i18n, byStore), 'Item unavailable');
    assert.match(cancellationWords(i18n, byStore), /: Item unavailable$/);
    i18n.setLocale('pt-BR');
    assert.equal(reasonWords(i18n, byStore), 'Item indisponível');
  });

  it('keeps free text without a code, and an unknown code\'s own words', () => {
    const i18n = new I18n();
    i18n.setLocale('en');
    assert.equal(reasonWords(i18n, { origin: 'CUSTOMER', reason: 'mudei de ideia', code: null }), 'mudei de ideia');
    assert.equal(reasonWords(i18n, { origin: 'PLATFORM', reason: 'Motivo novo', code: '999' }), 'Motivo novo');
    assert.doesNotMatch(cancellationWords(i18n, { origin: 'PLATFORM', reason: null, code: null }), /:/);
  });
});
