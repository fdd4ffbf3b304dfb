import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ClosureWarning } from '../../../src-shared/store-rules/closure-rules';
import { READY_SHOWN, rushFixes } from '../../../src-renderer/rush/rush-fixes';
import { boardRow, ROW_STORE } from '../../support/app/board-row';

const T0 = Date.parse('2026-11-24T15:00:00Z');
const MIN = 60_000;
const iso = (ms: number): string => new Date(ms).toISOString();
const TIMEOUTS: ClosureWarning = { rule: 'timeouts', timedOut: 2, limit: 3, aboutToTimeOut: 0 };
const DRIVERS: ClosureWarning = { rule: 'driver-wait', waiting: 1, longestMs: 7 * MIN, limitMs: 10 * MIN, expected: 0 };
const LATE: ClosureWarning = { rule: 'late-share', late: 4, orders: 8, limit: 0.5 };
const atStore = { state: 'atStore' as const, pickupEtaSeconds: null, deliveryEtaSeconds: null, checkedAt: null };
/** An order in preparation since `minutes` ago. */
const preparing = (id: string, minutes: number, patch = {}) =>
  boardRow(id, T0, { status: 'PREPARATION_STARTED', createdAt: iso(T0 - minutes * MIN), confirmDeadline: iso(T0 - (minutes - 8) * MIN), ...patch });

describe('the one-tap fixes under a store’s warnings', () => {
  it('confirms every new order still on time, the nearest deadline first — never one past its deadline, one being sent, or another store’s', () => {
    const rows = [
      boardRow('late-deadline', T0, { confirmDeadline: iso(T0 + 6 * MIN) }),
      boardRow('near-deadline', T0, { confirmDeadline: iso(T0 + MIN) }),
      boardRow('expired', T0, { confirmDeadline: iso(T0 - 1000) }),
      boardRow('sending', T0, { pendingAction: { id: 4, action: 'confirm', state: 'sent', reason: null } }),
      boardRow('other-store', T0, { merchantId: 'another' }),
    ];
    assert.deepEqual(
      rushFixes(rows, ROW_STORE, [TIMEOUTS], T0).confirm.map((r) => r.id),
      ['near-deadline', 'late-deadline'],
    );
    assert.deepEqual(rushFixes(rows, ROW_STORE, [DRIVERS], T0).confirm, [], 'no timeouts warning, no confirm offer');
  });

  it('offers ready for the orders a driver waits for, then those past the declared preparation time, oldest first, a few at most', () => {
    const rows = [
      preparing('fresh', 5),
      preparing('old', 30),
      preparing('older', 40),
      preparing('driver', 3, { driver: atStore }),
      preparing('ready-already', 35, { status: 'READY_TO_PICKUP' }),
      preparing('scheduled-later', 25, { status: 'CONFIRMED', timing: 'SCHEDULED', preparationStartDateTime: iso(T0 + 10 * MIN) }),
    ];
    const fixes = rushFixes(rows, ROW_STORE, [DRIVERS, LATE], T0);
    assert.deepEqual(
      fixes.ready.map(({ row, why }) => `${row.id}:${why}`),
      ['driver:driver', 'older:late', 'old:late'],
    );
    assert.deepEqual(
      rushFixes(rows, ROW_STORE, [DRIVERS], T0).ready.map(({ row }) => row.id),
      ['driver'],
      'without the late-share warning only the driver’s order',
    );
    const many = Array.from({ length: 9 }, (_, i) => preparing(`o${i}`, 21 + i));
    assert.equal(rushFixes(many, ROW_STORE, [LATE], T0).ready.length, READY_SHOWN);
  });
});
