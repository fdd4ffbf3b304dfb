import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { JoinPairInput, LinkView } from '../../../src-shared/ipc/channels/join';
import { LinkState } from '../../../src-renderer/join/link-state.svelte';
import { JoinState } from '../../../src-renderer/join/join-state.svelte';
import { fakeBridge } from '../../support/app/fake-bridge';

/**
 * The screen role's states in the renderer: the join step (the code typed on the keypad, what is
 * sent, where a refusal is said) and the link (stale while the hub is away, the board read again
 * when it is back).
 */
describe("the join step's state", () => {
  const found = { target: { via: 'found' as const, hubId: 'hub-1' }, label: 'Balcão' };

  it('takes six digits from the keypad or a paste, and sends the pairing as chosen', async () => {
    const bridge = fakeBridge({ 'join:pair': () => ({ outcome: 'refused', reason: 'wrong-code', attemptsLeft: 3 }) });
    const join = new JoinState(bridge);
    join.choose(found);
    assert.equal(join.page, 'screen');
    join.chooseKind('kitchen', 'Cozinha 1');
    assert.equal(join.name, 'Cozinha 1');
    join.chooseKind('expo', 'Expedição');
    assert.equal(join.name, 'Expedição', 'the suggested name follows the kind');
    join.setName('Expo do fundo');
    join.chooseKind('pickup', 'Painel de retirada');
    assert.equal(join.name, 'Expo do fundo', 'a name staff typed stays');
    for (const key of ['1', 'x', '2', '3', 'Backspace', '3', '4', '5', '6', '7', '8']) join.press(key);
    assert.equal(join.code, '123456', 'digits only, six at most, the eraser erases');
    join.setCode(' 98-76 54 3');
    assert.equal(join.code, '987654');
    assert.equal(join.ready, true);
    join.go('code');
    assert.equal(await join.pair(), false);
    const sent = bridge.calls.find((c) => c.channel === 'join:pair')?.input as JoinPairInput;
    assert.deepEqual(sent, { target: { via: 'found', hubId: 'hub-1' }, kind: 'pickup', name: 'Expo do fundo', code: '987654' });
    assert.deepEqual(join.refusal, { outcome: 'refused', reason: 'wrong-code', attemptsLeft: 3 });
    assert.equal(join.code, '', 'typed afresh');
    assert.equal(join.page, 'code', 'a wrong code is said where the code is typed');
  });

  it('a pairing link needs no code; a refusal about the hub goes back to where the hub is chosen', async () => {
    const bridge = fakeBridge({ 'join:pair': () => ({ outcome: 'refused', reason: 'not-the-hub', attemptsLeft: null }) });
    const join = new JoinState(bridge);
    join.choose({ target: { via: 'uri', uri: 'store-terminal://pair?x' }, label: 'link' });
    join.chooseKind('counter', 'Balcão 2');
    assert.equal(join.needsCode, false);
    assert.equal(join.ready, true);
    await join.pair();
    assert.equal((bridge.calls.at(-1)?.input as JoinPairInput).code, undefined);
    assert.equal(join.page, 'hub');
    assert.equal(join.refusal?.reason, 'not-the-hub');
  });

  it('follows the hubs heard as they are pushed', () => {
    const bridge = fakeBridge();
    const join = new JoinState(bridge);
    bridge.push('join:hubs', {
      hubs: [{ hubId: 'h', name: 'Balcão', fingerprintPrefix: '0123456789abcdef', address: '10.0.0.2:47110' }],
      problem: null,
      browsing: true,
    });
    assert.equal(join.hubs.hubs[0]?.name, 'Balcão');
  });
});

describe("a screen's link in the window", () => {
  const at = (state: LinkView['state'], reason: LinkView['reason'] = null): LinkView => ({ state, since: '2026-11-24T15:03:00.000Z', reason });

  it('is stale while the hub is away (not while it is first reached), and reads again when it is back', async () => {
    const bridge = fakeBridge({ 'join:link': () => at('lost', 'starting') });
    const link = new LinkState(bridge);
    let reloads = 0;
    link.onReconnected(() => reloads++);
    await link.load();
    assert.equal(link.stale, false, 'reaching the hub at start is no stale board');
    bridge.push('join:link', at('connected'));
    assert.equal(reloads, 1);
    bridge.push('join:link', at('lost', 'dropped'));
    assert.equal(link.stale, true);
    assert.equal(link.refused, false);
    bridge.push('join:link', at('lost', 'unreachable'));
    bridge.push('join:link', at('connected'));
    assert.equal(link.stale, false);
    assert.equal(reloads, 2, 'once per return');
    bridge.push('join:link', at('refused', 'revoked'));
    assert.equal(link.stale, true);
    assert.equal(link.refused, true);
  });

  it('is nothing on a hub', async () => {
    const link = new LinkState(fakeBridge({ 'join:link': () => null }));
    await link.load();
    assert.equal(link.view, null);
    assert.equal(link.stale, false);
  });
});
