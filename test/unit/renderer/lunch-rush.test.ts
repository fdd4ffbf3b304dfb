import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BoardRow } from '../../../src-shared/ipc/channels/orders';
import type { Connectivity } from '../../../src-shared/ipc/contract';
import { AlertSettings } from '../../../src-shared/settings';
import { Alerts, TOGETHER_MS, type AlertSources } from '../../../src-renderer/alerts/alerts.svelte';
import type { SoundKind } from '../../../src-renderer/alerts/sounds';
import { Now } from '../../../src-renderer/lib/now.svelte';
import { OrdersState } from '../../../src-renderer/orders/orders-state.svelte';
import { TAP_REPEAT_MS, TAP_SETTLE_MS, TapGuard, type Tap } from '../../../src-renderer/orders/tap-guard';
import { boardRow } from '../../support/app/board-row';
import { fakeBridge } from '../../support/app/fake-bridge';

const T0 = Date.parse('2026-11-24T15:00:00Z');
const row = (id: string, patch: Partial<BoardRow> = {}): BoardRow => boardRow(id, T0, patch);
const dispute = (minutes: number): BoardRow['request'] => ({
  kind: 'dispute',
  expiresAt: new Date(T0 + minutes * 60_000).toISOString(),
  action: 'CANCELLATION',
});

/** A monotonic clock moved by hand (milliseconds). */
function handClock(start = 1_000): { read: () => number; advance: (ms: number) => void } {
  let at = start;
  return { read: () => at, advance: (ms) => (at += ms) };
}

describe('a double tap does one thing (tap-guard.ts)', () => {
  const at = (x: number, y: number): Tap => ({ kind: 'pointer', x, y });
  const key: Tap = { kind: 'keyboard' };

  it('ignores the second tap of a double tap on the same order, taken again half a second later', () => {
    const clock = handClock();
    const guard = new TapGuard(clock.read);
    assert.equal(guard.take('a', at(100, 100)), true);
    clock.advance(130);
    assert.equal(guard.take('a', at(104, 98)), false, 'the second tap of a double tap');
    clock.advance(TAP_SETTLE_MS - 130);
    assert.equal(guard.take('a', at(100, 100)), true, 'a deliberate tap half a second later');
  });

  it('ignores a repeated tap on the order that just slid under the finger; a lone tap, or a key press (the focus moved with its card), is taken', () => {
    const clock = handClock();
    const guard = new TapGuard(clock.read);
    assert.equal(guard.take('a', at(500, 220)), true);
    clock.advance(100);
    guard.moved('b');
    clock.advance(30);
    assert.equal(guard.take('b', at(502, 224)), false, 'B slid into A’s place');
    assert.equal(guard.take('b', key), true, 'a key press has no place: it reaches the button it was meant for');
    const lone = new TapGuard(clock.read);
    lone.moved('c');
    assert.equal(lone.take('c', at(500, 220)), true, 'no tap before it: a tap, whatever moved');
    const elsewhere = new TapGuard(clock.read);
    elsewhere.take('a', at(200, 220));
    elsewhere.moved('d');
    clock.advance(200);
    assert.equal(elsewhere.take('d', at(800, 300)), true, 'another spot: another tap (confirm here, then start preparing there)');
  });

  it('waits for the settle time after the move or change, not after the first tap, while taps repeat', () => {
    const clock = handClock();
    const guard = new TapGuard(clock.read);
    guard.take('a', at(10, 10));
    clock.advance(450);
    guard.moved('b'); // the platform answered late: the list reflows now
    clock.advance(150);
    assert.equal(guard.take('b', at(10, 10)), false, '600 ms after the first tap, 150 ms after the move');
    clock.advance(TAP_SETTLE_MS - 150);
    assert.equal(guard.take('b', at(10, 10)), true, 'settled');
    clock.advance(100);
    guard.changed('b'); // Iniciar preparo became Pronto
    clock.advance(TAP_SETTLE_MS + 50);
    assert.equal(guard.take('b', at(10, 10)), true, 'the change is older than the settle time');
  });

  it('a key pressed twice on a button that changed acts once; after the settle time it acts', () => {
    const clock = handClock();
    const guard = new TapGuard(clock.read);
    assert.equal(guard.take('a', key), true);
    clock.advance(300);
    guard.changed('a');
    clock.advance(200);
    assert.equal(guard.take('a', key), false);
    clock.advance(TAP_SETTLE_MS);
    assert.equal(guard.take('a', key), true);
  });

  it('a rush of marks keeps the live ones', () => {
    const clock = handClock();
    const guard = new TapGuard(clock.read);
    guard.take('x', at(0, 0));
    for (let i = 0; i < 600; i++) guard.moved(`o${i}`);
    assert.equal(guard.take('o599', at(0, 0)), false);
    assert.equal(guard.take('o0', at(0, 0)), false, 'marks still running are kept');
    assert.ok(TAP_REPEAT_MS > TAP_SETTLE_MS);
  });
});

describe('the board and the guard (orders-state)', () => {
  function board(rows: BoardRow[]) {
    const clock = handClock();
    const bridge = fakeBridge({
      'orders:board': () => ({ rows, closedLeftOut: 0, generatedAt: new Date(T0).toISOString() }),
      'orders:act': ({ orderId, action }) => ({
        id: 1,
        orderId,
        action,
        payload: null,
        state: 'queued',
        attempts: 0,
        createdAt: new Date(T0).toISOString(),
        updatedAt: new Date(T0).toISOString(),
        nextAttemptAt: null,
        reason: null,
        actor: 'staff',
        origin: null,
      }),
    });
    const alerts = { arrived: () => {}, cancelled: () => {}, disputed: () => {} };
    const state = new OrdersState(bridge, new Now(() => T0), alerts, new TapGuard(clock.read));
    const acts = () => bridge.calls.filter((c) => c.channel === 'orders:act').map((c) => (c.input as { action: string }).action);
    return { bridge, state, clock, acts };
  }

  it('two taps on Iniciar preparo send it once, and no Pronto when the button changes under the second', async () => {
    const { bridge, state, clock, acts } = board([row('a', { status: 'CONFIRMED' })]);
    const finger: Tap = { kind: 'pointer', x: 700, y: 240 };
    await state.load();
    assert.equal(await state.tap({ orderId: 'a', action: 'startPreparation' }, finger), true);
    clock.advance(130);
    assert.equal(await state.tap({ orderId: 'a', action: 'startPreparation' }, finger), false, 'the repeat of the same tap');
    // The platform answers after the first tap's own wait ran out: the button that changed waits anew.
    clock.advance(TAP_SETTLE_MS);
    bridge.push('orders:changed', { rows: [row('a', { status: 'PREPARATION_STARTED' })], actions: [] });
    clock.advance(120);
    assert.equal(await state.tap({ orderId: 'a', action: 'readyToPickup' }, finger), false, 'Pronto, under a repeated tap');
    clock.advance(TAP_SETTLE_MS);
    bridge.push('orders:changed', { rows: [row('a', { status: 'PREPARATION_STARTED', lastEventCode: 'RPS', printed: true })], actions: [] });
    assert.equal(await state.tap({ orderId: 'a', action: 'readyToPickup' }, finger), true, 'a change elsewhere on the card does not make the button wait');
    assert.deepEqual(acts(), ['startPreparation', 'readyToPickup']);
  });

  it('a card that moved under the finger ignores a tap; a key press is taken', async () => {
    const { state, acts } = board([row('a'), row('b')]);
    const finger: Tap = { kind: 'pointer', x: 480, y: 230 };
    await state.load();
    assert.equal(await state.tap({ orderId: 'a', action: 'confirm' }, finger), true);
    state.cardMoved('b');
    assert.equal(await state.tap({ orderId: 'b', action: 'confirm' }, finger), false);
    assert.equal(await state.tap({ orderId: 'b', action: 'confirm' }, { kind: 'keyboard' }), true);
    assert.deepEqual(acts(), ['confirm', 'confirm']);
  });

  it('counts the orders waiting for confirmation and the customers waiting for an answer, in every store, the nearest deadline first', async () => {
    const OTHER = 'e5d41f63-5e7c-4b8a-8f30-4b5c6d7e8f94';
    const { state } = board([
      row('new-1'),
      row('new-2', { merchantId: OTHER }),
      row('cooking', { status: 'CONFIRMED', request: dispute(9) }),
      row('done', { status: 'CONCLUDED', request: dispute(3), merchantId: OTHER }),
      row('answered', { status: 'CONFIRMED', request: dispute(2), pendingAction: { id: 4, action: 'acceptDispute', state: 'queued', reason: null } }),
    ]);
    await state.load();
    state.toggleStore(OTHER);
    assert.equal(state.waitingCount, 2, 'the filter hides cards, never the count');
    assert.deepEqual(
      state.requests.map((r) => r.id),
      ['done', 'cooking'],
      'an answer on its way is an answer',
    );
    const before = state.openings;
    await state.open('cooking');
    assert.equal(state.openings, before + 1, 'the drawer is told to bring the request into view');
    assert.deepEqual(
      state.requests.map((r) => r.id),
      ['done', 'cooking'],
      'opening is not answering',
    );
  });

  it('a push that cancels many orders is one call to the alerts, and one tap dismisses every notice', async () => {
    const calls: number[] = [];
    const bridge = fakeBridge({
      'orders:board': () => ({ rows: Array.from({ length: 18 }, (_, i) => row(`o${i}`)), closedLeftOut: 0, generatedAt: new Date(T0).toISOString() }),
    });
    const state = new OrdersState(bridge, new Now(() => T0), { arrived: () => {}, cancelled: (rows) => calls.push(rows.length), disputed: () => {} });
    await state.load();
    const cancelled = { origin: 'PLATFORM', reason: null, code: null };
    bridge.push('orders:changed', { rows: Array.from({ length: 18 }, (_, i) => row(`o${i}`, { status: 'CANCELLED', cancellation: cancelled })), actions: [] });
    assert.deepEqual(calls, [18]);
    assert.equal(state.cancelNotices.length, 18);
    assert.deepEqual(state.columns.done.length, 18, 'the cards go to the done column');
    state.dismissAllCancels();
    assert.equal(state.cancelNotices.length, 0);
  });
});

describe('alerts in a rush (alerts.svelte.ts)', () => {
  function alertsWith(options: { attention?: BoardRow[]; requests?: BoardRow[]; connectivity?: Connectivity | null; settings?: Partial<AlertSettings> } = {}) {
    const sounds: SoundKind[] = [];
    const clock = handClock();
    const sources = {
      attention: options.attention ?? [],
      requests: options.requests ?? [],
      connectivity: options.connectivity ?? null,
    };
    const settings: AlertSettings = { ...AlertSettings.parse({}), notifications: false, ...options.settings };
    const source: AlertSources = {
      settings: () => settings,
      attention: () => sources.attention,
      requests: () => sources.requests,
      connectivity: () => sources.connectivity,
      words: {
        newOrders: () => '',
        newOrder: () => '',
        cancelled: () => '',
        cancelledMany: () => '',
        cancelReason: () => '',
        disputed: () => '',
        disputedMany: () => '',
        offline: () => '',
      },
    };
    const alerts = new Alerts(source, (kind) => sounds.push(kind), { notify: () => {} }, clock.read);
    return { alerts, sounds, clock, sources };
  }
  const count = (sounds: SoundKind[], kind: SoundKind) => sounds.filter((k) => k === kind).length;

  it('sounds of one kind that land together play once: 18 cancellations, then 308 a few seconds later', () => {
    const { alerts, sounds, clock } = alertsWith();
    alerts.tick(T0);
    const many = (n: number) => Array.from({ length: n }, (_, i) => row(`c${i}`, { status: 'CANCELLED' }));
    alerts.cancelled(many(18));
    clock.advance(2);
    alerts.cancelled(many(3));
    clock.advance(TOGETHER_MS - 3);
    alerts.cancelled(many(1));
    assert.deepEqual(sounds, ['cancelled'], 'pushes a few milliseconds apart are one sound');
    clock.advance(1_000);
    alerts.tick(T0 + 3_000);
    alerts.cancelled(many(308));
    assert.deepEqual(sounds, ['cancelled', 'cancelled']);
  });

  it('15 deadlines crossed in one second beep once', () => {
    const rows = Array.from({ length: 15 }, (_, i) => row(`d${i}`, { confirmDeadline: new Date(T0 + 119_000 + i * 50).toISOString() }));
    const { alerts, sounds } = alertsWith({ attention: rows, settings: { repeatSeconds: 120 } });
    alerts.tick(T0);
    alerts.tick(T0 + 1_000);
    assert.equal(count(sounds, 'deadline'), 1);
    assert.equal(count(sounds, 'new'), 1, 'and the chime once');
  });

  it('a mute silences the new-order chime only: never a customer request, a deadline under 2 minutes or the offline alarm', () => {
    const waiting = row('w', { confirmDeadline: new Date(T0 + 90_000).toISOString() });
    const asked = row('r', { status: 'CONFIRMED', request: dispute(5) });
    const offline: Connectivity = {
      state: 'offline',
      lastSuccessAt: new Date(T0 - 5 * 60_000).toISOString(),
      lastPollAt: new Date(T0 - 5 * 60_000).toISOString(),
      reason: null,
    };
    const { alerts, sounds } = alertsWith({ attention: [waiting, asked], requests: [asked], connectivity: offline });
    alerts.mute(T0);
    for (let s = 0; s <= 30; s++) alerts.tick(T0 + s * 1000);
    alerts.arrived([row('x')]);
    assert.equal(count(sounds, 'new'), 0);
    assert.equal(count(sounds, 'deadline'), 1);
    assert.ok(count(sounds, 'dispute') >= 3, 'the siren, every repeat');
    assert.ok(count(sounds, 'offline') >= 3, 'the offline alarm, every repeat');
    alerts.cancelled([row('c', { status: 'CANCELLED' })]);
    assert.equal(count(sounds, 'cancelled'), 1);
  });

  it('the siren repeats until the store answers (opening the order is not answering), and never starts with the chime', () => {
    const asked = row('r', { status: 'CONFIRMED', request: dispute(5) });
    const waiting = row('w');
    const { alerts, sounds, sources } = alertsWith({ attention: [waiting], requests: [] });
    alerts.tick(T0);
    sources.requests = [asked];
    alerts.disputed([asked]);
    const at: { s: number; kind: SoundKind }[] = [];
    for (let s = 1; s <= 35; s++) {
      const before = sounds.length;
      alerts.tick(T0 + s * 1000);
      for (const kind of sounds.slice(before)) at.push({ s, kind });
    }
    assert.deepEqual(
      at.filter((a) => a.kind === 'dispute').map((a) => a.s),
      [10, 20, 30],
      'every repeat (10 s) after the first',
    );
    const seconds = at.map((a) => a.s);
    assert.equal(new Set(seconds).size, seconds.length, 'never two sounds in one second');
    sources.requests = [];
    const heard = count(sounds, 'dispute');
    for (let s = 36; s <= 80; s++) alerts.tick(T0 + s * 1000);
    assert.equal(count(sounds, 'dispute'), heard, 'answered: silent');
  });
});
