import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BoardRow } from '../../src-shared/ipc/channels/orders';
import { boardRow } from '../support/board-row';
import { availableActions, callsForStaff, confirmMsLeft, formatCountdown, groupByColumn, primaryAction } from '../../src-renderer/orders/board-logic';

const T0 = Date.parse('2026-11-21T12:01:00.000Z');
const row = (overrides: Partial<BoardRow>): BoardRow => boardRow('o1', T0, { displayId: '1234', customerName: 'Ana', itemsCount: 2, total: 50, merchantId: 'm1', ...overrides });

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
    const columns = groupByColumn([
      row({ id: 'late', confirmDeadline: '2026-11-21T12:09:00.000Z' }),
      row({ id: 'urgent', confirmDeadline: '2026-11-21T12:06:00.000Z' }),
      row({ id: 'prep', status: 'CONFIRMED' }),
      row({ id: 'gone', status: 'CANCELLED' }),
    ], now);
    assert.deepEqual(columns.new.map((r) => r.id), ['urgent', 'late']);
    assert.deepEqual(columns.preparing.map((r) => r.id), ['prep']);
    assert.deepEqual(columns.done.map((r) => r.id), ['gone']);
  });

  it('a confirmed scheduled order waits in the Scheduled lane until its start, then calls for staff in Preparing', () => {
    const start = '2026-11-21T14:00:00.000Z';
    const scheduled = row({ id: 's', timing: 'SCHEDULED', preparationStartDateTime: start });
    const before = Date.parse(start) - 1;
    assert.deepEqual(groupByColumn([scheduled], before).new.map((r) => r.id), ['s'], 'PLACED: to confirm now, whenever it is for');
    const confirmed = { ...scheduled, status: 'CONFIRMED' as const };
    assert.deepEqual(groupByColumn([confirmed], before).scheduled.map((r) => r.id), ['s']);
    assert.equal(callsForStaff(confirmed, before), false);
    assert.deepEqual(groupByColumn([confirmed], Date.parse(start)).preparing.map((r) => r.id), ['s']);
    assert.equal(callsForStaff(confirmed, Date.parse(start)), true);
    assert.equal(callsForStaff({ ...confirmed, status: 'PREPARATION_STARTED' }, Date.parse(start)), false);
    assert.deepEqual(availableActions(confirmed, before), ['requestCancellation'], 'no start before its time: the platform refuses it');
    assert.equal(primaryAction(confirmed, Date.parse(start)), 'startPreparation');
  });
});
