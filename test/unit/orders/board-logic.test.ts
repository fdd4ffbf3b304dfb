import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BoardRow } from '../../../src-shared/ipc/channels/orders';
import { boardRow } from '../../support/app/board-row';
import {
  availableActions,
  awaitsAnswer,
  callsForStaff,
  confirmExpired,
  confirmMsLeft,
  countAwaitingAnswer,
  formatCountdown,
  groupByColumn,
  primaryAction,
} from '../../../src-renderer/orders/board-logic';

const T0 = Date.parse('2026-11-21T12:01:00.000Z');
const row = (overrides: Partial<BoardRow>): BoardRow =>
  boardRow('o1', T0, { displayId: '1234', customerName: 'Ana', itemsCount: 2, total: 50, merchantId: 'm1', ...overrides });

describe('orders board logic', () => {
  it('offers only the actions the spec allows in each status', () => {
    assert.deepEqual(availableActions(row({ status: 'PLACED' })), ['confirm', 'requestCancellation']);
    assert.deepEqual(availableActions(row({ status: 'PREPARATION_STARTED' })), ['readyToPickup', 'requestCancellation'], 'no dispatch for a platform delivery');
    assert.deepEqual(availableActions(row({ status: 'PREPARATION_STARTED', deliveredBy: 'MERCHANT' })), ['readyToPickup', 'dispatch', 'requestCancellation']);
    assert.deepEqual(availableActions(row({ status: 'READY_TO_PICKUP', orderType: 'TAKEOUT', deliveredBy: null })), []);
    assert.deepEqual(availableActions(row({ status: 'CANCELLED' })), []);
  });

  it('offers nothing while an action is on its way, so a double tap sends nothing twice', () => {
    const pending = { id: 1, action: 'confirm' as const, state: 'sent' as const, reason: null };
    assert.deepEqual(availableActions(row({ pendingAction: pending })), []);
    assert.deepEqual(availableActions(row({ pendingAction: { ...pending, state: 'failed' } })), ['confirm', 'requestCancellation']);
  });

  it('puts the next usual step on the card: confirm, then start preparing, then ready', () => {
    assert.equal(primaryAction(row({ status: 'PLACED' })), 'confirm');
    assert.equal(primaryAction(row({ status: 'CONFIRMED' })), 'startPreparation');
    assert.equal(primaryAction(row({ status: 'PREPARATION_STARTED' })), 'readyToPickup');
    assert.equal(primaryAction(row({ status: 'READY_TO_PICKUP', deliveredBy: 'MERCHANT' })), 'dispatch');
  });

  it('counts down the 8 minutes and sorts new orders by urgency', () => {
    const now = Date.parse('2026-11-21T12:05:30.000Z');
    assert.equal(confirmMsLeft(row({}), now), 150_000);
    assert.equal(formatCountdown(150_000), '2:30');
    assert.equal(formatCountdown(-5_000), '0:00');
    assert.equal(confirmMsLeft(row({ status: 'CONFIRMED' }), now), undefined);
    const columns = groupByColumn(
      [
        row({ id: 'late', confirmDeadline: '2026-11-21T12:09:00.000Z' }),
        row({ id: 'urgent', confirmDeadline: '2026-11-21T12:06:00.000Z' }),
        row({ id: 'prep', status: 'CONFIRMED' }),
        row({ id: 'gone', status: 'CANCELLED' }),
      ],
      now,
    );
    assert.deepEqual(
      columns.new.map((r) => r.id),
      ['urgent', 'late'],
    );
    assert.deepEqual(
      columns.preparing.map((r) => r.id),
      ['prep'],
    );
    assert.deepEqual(
      columns.done.map((r) => r.id),
      ['gone'],
    );
  });

  it('a confirmed scheduled order waits in the Scheduled lane until its start, then calls for staff in Preparing', () => {
    const start = '2026-11-21T14:00:00.000Z';
    const scheduled = row({ id: 's', timing: 'SCHEDULED', preparationStartDateTime: start });
    const before = Date.parse(start) - 1;
    assert.deepEqual(
      groupByColumn([scheduled], before).new.map((r) => r.id),
      ['s'],
      'PLACED: to confirm now, whenever it is for',
    );
    const confirmed = { ...scheduled, status: 'CONFIRMED' as const };
    assert.deepEqual(
      groupByColumn([confirmed], before).scheduled.map((r) => r.id),
      ['s'],
    );
    assert.equal(callsForStaff(confirmed, before), false);
    assert.deepEqual(
      groupByColumn([confirmed], Date.parse(start)).preparing.map((r) => r.id),
      ['s'],
    );
    assert.equal(callsForStaff(confirmed, Date.parse(start)), true);
    assert.equal(callsForStaff({ ...confirmed, status: 'PREPARATION_STARTED' }, Date.parse(start)), false);
    assert.deepEqual(availableActions(confirmed, before), ['requestCancellation'], 'no start before its time: the platform refuses it');
    assert.equal(primaryAction(confirmed, Date.parse(start)), 'startPreparation');
  });

  it('gives back the columns a change left alone, and the whole when none changed (a board of 2,000 redraws only what moved)', () => {
    const now = Date.parse('2026-11-21T12:05:30.000Z');
    const rows = [
      row({ id: 'late', confirmDeadline: '2026-11-21T12:09:00.000Z' }),
      row({ id: 'urgent', confirmDeadline: '2026-11-21T12:06:00.000Z' }),
      row({ id: 'prep', status: 'CONFIRMED' }),
      row({ id: 'gone', status: 'CANCELLED' }),
    ];
    const first = groupByColumn(rows, now);
    assert.equal(groupByColumn([...rows].reverse(), now, first), first, 'the same rows in the same columns: the same grouping');
    const ready = rows.map((r) => (r.id === 'prep' ? { ...r, status: 'READY_TO_PICKUP' as const } : r));
    const next = groupByColumn(ready, now, first);
    assert.notEqual(next, first);
    assert.equal(next.new, first.new, 'New is the array it was');
    assert.equal(next.done, first.done);
    assert.deepEqual(next.preparing, []);
    assert.deepEqual(
      next.ready.map((r) => r.id),
      ['prep'],
    );
    const renamed = ready.map((r) => (r.id === 'late' ? { ...r, customerName: 'Bia' } : r));
    assert.notEqual(groupByColumn(renamed, now, next).new, next.new, 'a changed row is drawn anew in its column');
  });

  it('a card whose customer waits for an answer is pinned to the top of its column, the nearest deadline first', () => {
    const now = T0;
    const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    const asked = (id: string, minutes: number, createdAt: string) =>
      row({ id, status: 'CONFIRMED', createdAt, request: { kind: 'dispute', expiresAt: at(minutes), action: 'CANCELLATION' } });
    const columns = groupByColumn(
      [
        row({ id: 'old', status: 'CONFIRMED', createdAt: '2026-11-21T11:00:00.000Z' }),
        asked('later', 9, '2026-11-21T11:50:00.000Z'),
        row({ id: 'mid', status: 'PREPARATION_STARTED', createdAt: '2026-11-21T11:30:00.000Z' }),
        asked('sooner', 3, '2026-11-21T11:55:00.000Z'),
        asked('too-late', -1, '2026-11-21T10:00:00.000Z'),
      ],
      now,
    );
    assert.deepEqual(
      columns.preparing.map((r) => r.id),
      ['sooner', 'later', 'too-late', 'old', 'mid'],
      'pinned by deadline; an expired request is not pinned (nothing to answer)',
    );
    assert.equal(countAwaitingAnswer(columns.preparing, now), 2);
    // Done orders are complained about too (customers complain after delivery): pinned there as well.
    const done = groupByColumn([row({ id: 'a', status: 'CONCLUDED', createdAt: at(-5) }), { ...asked('b', 5, at(-60)), status: 'CONCLUDED' }], now).done;
    assert.deepEqual(
      done.map((r) => r.id),
      ['b', 'a'],
    );
  });

  it("a request is answered once the store's answer is on its way (offline: queued), or when its deadline passed", () => {
    const request = { kind: 'addressChange' as const, expiresAt: new Date(T0 + 60_000).toISOString(), action: null };
    const asked = row({ status: 'CONFIRMED', request });
    assert.equal(awaitsAnswer(asked, T0), true);
    assert.equal(awaitsAnswer({ ...asked, pendingAction: { id: 1, action: 'acceptAddressChange', state: 'queued', reason: null } }, T0), false);
    assert.equal(
      awaitsAnswer({ ...asked, pendingAction: { id: 1, action: 'denyAddressChange', state: 'failed', reason: null } }, T0),
      true,
      'a refused answer: still to answer',
    );
    assert.equal(
      awaitsAnswer({ ...asked, pendingAction: { id: 1, action: 'startPreparation', state: 'sent', reason: null } }, T0),
      true,
      'another action is no answer',
    );
    assert.equal(awaitsAnswer(asked, T0 + 60_000), false);
    assert.equal(awaitsAnswer({ ...asked, request: { ...request, expiresAt: null } }, T0 + 3_600_000), true, 'no deadline given: it waits');
    assert.equal(awaitsAnswer(row({ status: 'CONFIRMED' }), T0), false);
  });

  it('a new order past its 8 minutes offers nothing to send: the platform cancels it', () => {
    const placed = row({ status: 'PLACED' });
    const deadline = Date.parse(placed.confirmDeadline ?? '');
    assert.equal(confirmExpired(placed, deadline - 1), false);
    assert.equal(primaryAction(placed, deadline - 1), 'confirm');
    assert.equal(confirmExpired(placed, deadline), true);
    assert.deepEqual(availableActions(placed, deadline), []);
    assert.equal(primaryAction(placed, deadline), undefined);
    assert.equal(confirmExpired({ ...placed, status: 'CONFIRMED' }, deadline + 1), false);
  });
});
