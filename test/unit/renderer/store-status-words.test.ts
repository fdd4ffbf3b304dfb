import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StatusValidation } from '../../../src-shared/wire/merchant';
import { I18n } from '../../../src-renderer/i18n/i18n.svelte';
import type { Connectivity } from '../../../src-shared/ipc/contract';
import type { StoreStatusSnapshot } from '../../../src-shared/ipc/channels/stores';
import { offlineWhy } from '../../../src-renderer/alerts/alerts.svelte';
import { platformText, readBeforeOutage, shownSummary, validationSentence } from '../../../src-renderer/stores/status-view';

/**
 * The store status as a Brazilian platform sends it: each validation's code and state, and its own
 * message in Portuguese. The screen says what happened by the code, in its language, and quotes
 * the platform's free text as it came.
 */
const paused: StatusValidation = {
  id: 'v-1',
  code: 'unavailabilities',
  state: 'CLOSED',
  message: { title: 'Pausada', subtitle: 'Pausa aplicada pela plataforma: excesso de cancelamentos', description: 'Reabre às 14:30 (horário da loja).' },
};
const soon: StatusValidation = {
  ...paused,
  state: 'WARNING',
  message: { title: 'Pausa programada', subtitle: 'Há uma pausa programada', description: 'A pausa começa às 15:00 (horário da loja).' },
};
const offline: StatusValidation = {
  id: 'v-2',
  code: 'is-connected',
  state: 'ERROR',
  message: { title: 'Desconectada', subtitle: 'Nenhuma busca de pedidos nos últimos 30 segundos', description: '' },
};

describe('the store status in the screen’s language, by the validation’s code', () => {
  it('words a pause in English on an English screen, and keeps the platform’s Portuguese as a quote', () => {
    const i18n = new I18n();
    i18n.setLocale('en');
    assert.equal(validationSentence(i18n, paused), 'The store is paused. Reopen when you can take orders.');
    assert.equal(validationSentence(i18n, soon), 'A pause starts within the hour.');
    assert.match(validationSentence(i18n, offline), /^This terminal has not fetched orders in the last 30 seconds/);
    assert.equal(platformText(paused.message), 'Pausada — Pausa aplicada pela plataforma: excesso de cancelamentos. Reabre às 14:30 (horário da loja).');
  });

  it('words the same codes in Portuguese on a Portuguese screen', () => {
    const i18n = new I18n();
    assert.equal(validationSentence(i18n, paused), 'A loja está pausada. Reabra quando puder atender.');
    assert.equal(validationSentence(i18n, soon), 'Uma pausa começa em menos de uma hora.');
  });

  it('falls back to the platform’s title for a code the screen does not know', () => {
    const i18n = new I18n();
    i18n.setLocale('en');
    const unknown: StatusValidation = { id: 'v-3', code: 'new-check', state: 'ERROR', message: { title: 'Verificação nova', subtitle: '', description: '' } };
    assert.equal(validationSentence(i18n, unknown), 'Verificação nova');
  });
});

describe('the store as the platform shows it, the same on the top bar and the Store screen', () => {
  const polled = '2026-11-24T15:00:00.000Z';
  const link = (state: Connectivity['state'], code?: 'connection' | 'timeout' | 'server' | 'rate-limit' | 'validation'): Connectivity => ({
    state,
    lastSuccessAt: polled,
    lastPollAt: polled,
    reason: code ? { code, message: code } : null,
  });
  const open: StoreStatusSnapshot = { merchantId: 'm', summary: 'open', entries: [], checkedAt: '2026-11-24T14:59:50.000Z', error: null };

  it('offline (or refused), the last green reading gives way: the platform has closed the store', () => {
    assert.equal(shownSummary(open, link('online')), 'open');
    assert.equal(shownSummary(open, link('degraded', 'server')), 'open', 'struggling, the platform still shows the store');
    assert.equal(shownSummary(open, link('offline', 'server')), 'offline');
    assert.equal(shownSummary(open, link('unauthorized')), 'offline');
    assert.equal(shownSummary({ ...open, summary: 'paused' }, link('offline')), 'offline');
    assert.equal(shownSummary(undefined, link('online')), 'unknown');
  });

  it('offline, the operations read before the platform closed the store are history; a read since then is current', () => {
    assert.equal(readBeforeOutage(open, link('online')), false);
    assert.equal(readBeforeOutage(open, link('offline', 'server')), true, 'read 10 s before the last poll');
    assert.equal(
      readBeforeOutage({ ...open, checkedAt: '2026-11-24T15:00:40.000Z' }, link('offline', 'server')),
      false,
      'read after the 30 s: the platform verdict itself',
    );
    assert.equal(
      readBeforeOutage({ ...open, checkedAt: '2026-11-24T15:00:40.000Z', error: { code: 'server', message: '503' } }, link('offline', 'server')),
      true,
      'the last read failed',
    );
  });

  it('the banner says what a clerk can do: check the internet, wait for the platform, or sign in again', () => {
    assert.equal(offlineWhy(link('offline', 'connection')), 'internet');
    assert.equal(offlineWhy(link('offline', 'timeout')), 'internet');
    assert.equal(offlineWhy(link('offline', 'server')), 'platform');
    assert.equal(offlineWhy(link('offline', 'rate-limit')), 'platform');
    assert.equal(offlineWhy(link('offline', 'validation')), 'platform');
    assert.equal(offlineWhy(link('unauthorized')), 'credentials');
    const chain = (reason: string) => ({ ...link('offline', 'server'), reason: { code: 'server' as const, message: '', reason } });
    assert.equal(offlineWhy(chain('ServerStorage')), 'server', "a chain's server whose database fails");
    assert.equal(
      offlineWhy({ ...chain('NoReplicaPolling'), reason: { code: 'connection' as const, message: '', reason: 'NoReplicaPolling' } }),
      'server',
      'no replica polling',
    );
  });
});
