import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { render } from 'svelte/server';
import type { ErrorInfo } from '../../../src-shared/errors';
import type { OutboxEntry } from '../../../src-shared/ipc/channels/orders';
import type { StaffState as StaffView, TrailEntry } from '../../../src-shared/ipc/channels/staff';
import { createTerminal, terminalContext } from '../../../src-renderer/app/terminal';
import WhoIsWorking from '../../../src-renderer/staff/WhoIsWorking.svelte';
import { lastActLine, trailLine } from '../../../src-renderer/staff/trail-words';
import { fakeBridge } from '../../support/app/fake-bridge';

const ORDER = 'f0b7c1d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const ANA = { id: '0a6b1d2e-0000-4000-8000-0000000000a1', name: 'Ana', role: 'staff' as const };
const MARCOS = { id: '0a6b1d2e-0000-4000-8000-0000000000a2', name: 'Marcos', role: 'manager' as const };
const AT = '2026-11-24T15:03:00.000Z';
const NEEDS_MANAGER: ErrorInfo = { code: 'approval-needed', message: "this needs a manager's PIN (cancelOrder)", field: 'cancelOrder' };
const NOBODY: ErrorInfo = { code: 'sign-in-needed', message: 'nobody is signed in on this device' };
const CANCEL = { orderId: ORDER, action: 'requestCancellation' as const, payload: { reason: 'x' } };

const view = (current: StaffView['current'], signIn = true): StaffView => ({ signIn, idleMinutes: 5, people: [ANA, MARCOS], current });
const entry = (input: { action: string }): OutboxEntry => ({
  id: 7,
  orderId: ORDER,
  action: input.action as OutboxEntry['action'],
  payload: null,
  state: 'queued',
  attempts: 0,
  createdAt: AT,
  updatedAt: AT,
  nextAttemptAt: null,
  reason: null,
  actor: 'staff',
  origin: null,
});

/** A terminal whose orders:act answers the refusals given, in turn, then the outbox's entry. */
function terminalRefusing(...refusals: ErrorInfo[]) {
  const left = [...refusals];
  let current: StaffView['current'] = null;
  const bridge = fakeBridge({
    'orders:act': (input) => {
      const refusal = left.shift();
      return refusal ? { error: refusal } : entry(input);
    },
    'staff:state': () => view(current),
    'staff:signIn': () => view((current = ANA)),
    'staff:approve': (input) =>
      input.pin === '907311' ? { approvedBy: MARCOS, action: input.action, until: AT } : { error: { code: 'wrong-pin', message: 'wrong PIN' } },
    'staff:trail': () => ({ entries: [] }),
  });
  const terminal = createTerminal(bridge, { systemNow: () => Date.parse(AT), sounds: () => {}, notifier: { notify: () => {} } });
  const acts = () => bridge.calls.filter((c) => c.channel === 'orders:act').length;
  return { terminal, bridge, acts };
}

/** Waits until the screen shows a dialog (the gate asks once the refusal came back). */
async function asked(terminal: ReturnType<typeof createTerminal>): Promise<NonNullable<typeof terminal.staffState.asking>> {
  for (let i = 0; i < 50 && !terminal.staffState.asking; i++) await new Promise((r) => setImmediate(r));
  assert.ok(terminal.staffState.asking, 'a dialog asks');
  return terminal.staffState.asking;
}

describe('staff on screen: the one gate over the bridge', () => {
  it('a cancel refused for want of a manager asks for one; a wrong PIN is refused, the right one sends the cancel again once and the caller hears it went', async () => {
    const { terminal, acts } = terminalRefusing(NEEDS_MANAGER);
    const cancelled = terminal.ordersState.act(CANCEL);
    assert.deepEqual(await asked(terminal), { kind: 'approval', action: 'cancelOrder' });
    assert.equal((await terminal.staffState.approve(MARCOS.id, '1111', 'cancelOrder'))?.code, 'wrong-pin');
    assert.equal(await terminal.staffState.approve(MARCOS.id, '907311', 'cancelOrder'), null);
    terminal.staffState.done(true);
    assert.equal(await cancelled, true, 'the cancel dialog hears the second answer');
    assert.equal(acts(), 2, 'sent again once');
    assert.equal(terminal.staffState.asking, null);
  });

  it('closing the dialog gives the caller the refusal as it came, and nothing is sent again', async () => {
    const { terminal, acts } = terminalRefusing(NEEDS_MANAGER);
    const cancelled = terminal.ordersState.act(CANCEL);
    await asked(terminal);
    terminal.staffState.done(false);
    assert.equal(await cancelled, false);
    assert.equal(terminal.ordersState.actionErrorOf(ORDER)?.code, 'approval-needed');
    assert.equal(acts(), 1);
  });

  it('nobody at the device: the name and PIN first, then the manager’s, each asked once, then the call goes', async () => {
    const { terminal, acts } = terminalRefusing(NOBODY, NEEDS_MANAGER, NEEDS_MANAGER);
    const cancelled = terminal.ordersState.act(CANCEL);
    assert.deepEqual(await asked(terminal), { kind: 'signIn' });
    assert.equal(await terminal.staffState.signInAs(ANA.id, '4821'), null);
    terminal.staffState.done(true);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(await asked(terminal), { kind: 'approval', action: 'cancelOrder' });
    terminal.staffState.done(true);
    assert.equal(await cancelled, false, 'refused again after both were given: the caller hears it, no third ask');
    assert.equal(acts(), 3);
    assert.equal(terminal.staffState.current?.name, 'Ana');
  });

  it("the cook's confirm is sent once and never asks", async () => {
    const { terminal, acts } = terminalRefusing();
    assert.equal(await terminal.ordersState.act({ orderId: ORDER, action: 'confirm' }), true);
    assert.equal(acts(), 1);
    assert.equal(terminal.staffState.asking, null);
  });
});

describe('staff on screen: who is working and the trail in words', () => {
  it('the top bar says the person or "Ninguém" only with sign-in on', async () => {
    const answers = [view(null, false), view(null), view(ANA)];
    const bridge = fakeBridge({ 'staff:state': () => answers.shift() ?? view(ANA) });
    const terminal = createTerminal(bridge, { systemNow: () => Date.parse(AT), sounds: () => {}, notifier: { notify: () => {} } });
    const shown = () => render(WhoIsWorking, { context: terminalContext(terminal) }).body;
    await terminal.staffState.load();
    assert.doesNotMatch(shown(), /who-is-working/, 'sign-in off: nothing in the top bar');
    await terminal.staffState.load();
    assert.match(shown(), /data-testid="who-is-working"[^]*>Ninguém</);
    bridge.push('staff:changed', {});
    await new Promise((r) => setImmediate(r));
    assert.match(shown(), />Ana</);
    terminal.i18n.setLocale('en');
    assert.match(shown(), /aria-label="Who is working: Ana\. Tap to change\."/);
  });

  it('says who did it, where, and the manager who approved it', () => {
    const { terminal } = terminalRefusing();
    const { i18n } = terminal;
    const line = (patch: Partial<TrailEntry>): string =>
      trailLine(i18n, {
        at: AT,
        person: { id: ANA.id, name: 'Ana' },
        device: 'Balcão 2',
        channel: 'orders:act',
        action: 'confirm',
        orderId: ORDER,
        merchantId: null,
        approvedBy: null,
        outcome: 'queued',
        error: null,
        ...patch,
      });
    const time = i18n.clock(AT);
    assert.equal(line({}), `Confirmado por Ana às ${time} na tela Balcão 2`);
    assert.equal(line({ device: null, person: null }), `Confirmado às ${time} neste terminal`);
    assert.equal(
      line({ device: null, action: 'requestCancellation', approvedBy: 'Marcos' }),
      `Cancelamento pedido por Ana às ${time} neste terminal, aprovado por Marcos`,
    );
    assert.equal(
      line({ outcome: 'refused', error: { code: 'conflict', message: 'x' } }),
      `Confirmado por Ana às ${time} na tela Balcão 2 — recusado: Isso não pode ser feito agora: o pedido ou a loja mudou de estado.`,
    );
    i18n.setLocale('en');
    assert.equal(
      line({ approvedBy: 'Marcos', action: 'requestCancellation' }),
      `Cancellation requested by Ana at ${i18n.clock(AT)} on Balcão 2, approved by Marcos`,
    );
  });

  it("History's row says in short who last acted on the order", () => {
    const { terminal } = terminalRefusing();
    const { i18n } = terminal;
    const act: TrailEntry = {
      at: AT,
      person: { id: ANA.id, name: 'Ana' },
      device: null,
      channel: 'orders:act',
      action: 'requestCancellation',
      orderId: ORDER,
      merchantId: null,
      approvedBy: 'Marcos',
      outcome: 'queued',
      error: null,
    };
    assert.equal(lastActLine(i18n, act), 'Cancelamento pedido por Ana, aprovado por Marcos');
    assert.equal(lastActLine(i18n, { ...act, person: null }), 'Cancelamento pedido, aprovado por Marcos', 'nobody signed in, a manager approved');
    i18n.setLocale('en');
    assert.equal(lastActLine(i18n, { ...act, action: 'confirm', approvedBy: null }), 'Confirmed by Ana');
  });
});
