import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { render } from 'svelte/server';
import type { JoinOutcome } from '../../../src-shared/ipc/channels/join';
import { createTerminal, terminalContext } from '../../../src-renderer/app/terminal';
import JoinStep from '../../../src-renderer/join/JoinStep.svelte';
import { fakeBridge } from '../../support/app/fake-bridge';

const T0 = Date.parse('2026-11-24T15:00:00Z');

/** The join step once the main process answered a typed code with `outcome`. */
async function joinStepAfter(outcome: JoinOutcome, locale: 'pt-BR' | 'en'): Promise<{ page: string; reason: string | undefined; text: string }> {
  const bridge = fakeBridge({ 'join:pair': () => outcome });
  const terminal = createTerminal(bridge, { systemNow: () => T0, sounds: () => {}, notifier: { notify: () => {} } });
  terminal.i18n.setLocale(locale);
  const { joinState } = terminal;
  joinState.choose({ target: { via: 'address', address: '192.168.0.10:47110' }, label: '192.168.0.10:47110' });
  joinState.chooseKind('kitchen', 'Cozinha');
  joinState.go('code');
  joinState.setCode('123456');
  assert.equal(await joinState.pair(), false);
  const { body } = render(JoinStep, { context: terminalContext(terminal) });
  const refusal = /data-testid="join-refusal" data-reason="([^"]+)">([^<]*)</.exec(body);
  return { page: /data-page="([^"]+)"/.exec(body)?.[1] ?? '', reason: refusal?.[1], text: refusal?.[2] ?? '' };
}

describe('the join step says why a code did not pair', () => {
  it("a code that ended (its fifth wrong try, or any try after it) says so and asks the main terminal for a new one, on the code's page, in both languages", async () => {
    const ended: JoinOutcome = { outcome: 'refused', reason: 'code-ended', attemptsLeft: 0 };
    const ptBR = await joinStepAfter(ended, 'pt-BR');
    assert.deepEqual([ptBR.page, ptBR.reason], ['code', 'code-ended']);
    assert.match(ptBR.text, /Este código acabou.*Peça um novo no terminal principal/);
    assert.doesNotMatch(ptBR.text, /Nenhum terminal respondeu/);
    const en = await joinStepAfter(ended, 'en');
    assert.deepEqual([en.page, en.reason], ['code', 'code-ended']);
    assert.match(en.text, /This code ended.*Ask the main terminal for a new one/);
  });

  it("nothing at the address is said on the hub's page, as the address's fault", async () => {
    const unreachable = await joinStepAfter({ outcome: 'refused', reason: 'unreachable', attemptsLeft: null }, 'pt-BR');
    assert.deepEqual([unreachable.page, unreachable.reason], ['hub', 'unreachable']);
    assert.match(unreachable.text, /Nenhum terminal respondeu nesse endereço/);
  });
});
