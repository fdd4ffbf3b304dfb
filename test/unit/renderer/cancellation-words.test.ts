import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { I18n } from '../../../src-renderer/i18n/i18n.svelte';
import { cancellationWords, reasonWords } from '../../../src-renderer/orders/cancellation-words';

describe("cancellation reasons in the screen's language", () => {
  it('words a reason by its spec code in English, whatever language the platform wrote it in', () => {
    const i18n = new I18n();
    i18n.setLocale('en');
    const byStore = { origin: 'MERCHANT', reason: 'Item indisponível', code: '503' };
    assert.equal(reasonWords(i18n, byStore), 'Item unavailable');
    assert.match(cancellationWords(i18n, byStore), /: Item unavailable$/);
    i18n.setLocale('pt-BR');
    assert.equal(reasonWords(i18n, byStore), 'Item indisponível');
  });

  it("keeps free text without a code, and an unknown code's own words", () => {
    const i18n = new I18n();
    i18n.setLocale('en');
    assert.equal(reasonWords(i18n, { origin: 'CUSTOMER', reason: 'mudei de ideia', code: null }), 'mudei de ideia');
    assert.equal(reasonWords(i18n, { origin: 'PLATFORM', reason: 'Motivo novo', code: '999' }), 'Motivo novo');
    assert.doesNotMatch(cancellationWords(i18n, { origin: 'PLATFORM', reason: null, code: null }), /:/);
  });
});

describe('cancellations the store did not ask for, as the platform sends them (Portuguese, with its code)', () => {
  // What the platform sends when nobody confirmed an order within 8 minutes (docs/merchant-api.md).
  const deadline = { origin: 'PLATFORM', reason: 'Pedido não confirmado pela loja em até 8 minutos', code: 'CONFIRMATION_TIMEOUT' };

  it('reads the 8-minute timeout in English on an English screen, with no Portuguese left', () => {
    const i18n = new I18n();
    i18n.setLocale('en');
    assert.equal(cancellationWords(i18n, deadline), 'Cancelled by the platform: Not confirmed within 8 minutes');
    assert.doesNotMatch(cancellationWords(i18n, deadline), /[ãçéí]|Pedido|pela/);
  });

  it('reads it in Portuguese on a Portuguese screen', () => {
    const i18n = new I18n();
    assert.equal(i18n.locale, 'pt-BR');
    assert.equal(cancellationWords(i18n, deadline), 'Cancelado pela plataforma: Não foi confirmado em até 8 minutos');
  });

  it('words the customer’s cancellations by their codes in both languages', () => {
    const i18n = new I18n();
    const cases: [code: string, pt: string, en: string][] = [
      ['CUSTOMER_GAVE_UP', 'Cancelado pelo cliente: O cliente desistiu do pedido', 'Cancelled by the customer: The customer gave up on the order'],
      [
        'DISPUTE_ACCEPTED',
        'Cancelado pelo cliente: A loja aceitou o pedido de cancelamento do cliente',
        'Cancelled by the customer: The store accepted the customer’s cancellation request',
      ],
      [
        'DISPUTE_UNANSWERED',
        'Cancelado pelo cliente: O pedido de cancelamento do cliente ficou sem resposta e foi aceito',
        'Cancelled by the customer: The customer’s cancellation request went unanswered and was accepted',
      ],
    ];
    for (const [code, pt, en] of cases) {
      const row = { origin: 'CUSTOMER', reason: 'texto da plataforma', code };
      i18n.setLocale('pt-BR');
      assert.equal(cancellationWords(i18n, row), pt, code);
      i18n.setLocale('en');
      assert.equal(cancellationWords(i18n, row), en, code);
    }
  });

  it('says why an action met the deadline, by the refusal’s code', () => {
    const i18n = new I18n();
    i18n.setLocale('en');
    const refusal = {
      code: 'conflict' as const,
      status: 409,
      reason: 'ConfirmationDeadlinePassed',
      message: 'POST /orders/{id}/confirm answered 409: não é possível confirmar o pedido',
    };
    assert.equal(i18n.error(refusal), 'The 8 minutes to confirm are over: the platform already cancelled the order.');
    i18n.setLocale('pt-BR');
    assert.equal(i18n.error(refusal), 'Passaram os 8 minutos para confirmar: a plataforma já cancelou o pedido.');
  });
});
