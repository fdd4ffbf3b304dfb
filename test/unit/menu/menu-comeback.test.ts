import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src-shared/errors';
import { secondsUntilOpeningTomorrow } from '../../../src-shared/store-rules/opening-hours';
import type { StoreActionEntry } from '../../../src-shared/ipc/channels/store-actions';
import { ManualClock } from '../../../src-main/base/clock';
import { StoreOutboxDb } from '../../../src-main/db/store-outbox/store-outbox-db';
import { tomorrowsOpening } from '../../../src-main/features/menu/comeback';
import { ScheduledStoreActions } from '../../../src-main/sync/scheduled-store-actions';
import { silentLogger } from '../../support/sync/fakes';

const STORE = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';
const HOUR = 3600;
/** The pizzeria's week: lunch 11:00–15:00 except Mondays, dinner 17:00–01:00 every day. */
const PIZZERIA = [
  ...['TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map((dayOfWeek) => ({ dayOfWeek, start: '11:00:00', duration: 240 })),
  ...['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map((dayOfWeek) => ({ dayOfWeek, start: '17:00:00', duration: 480 })),
];

describe('sold out until tomorrow: when it comes back', () => {
  it('the first shift that starts tomorrow or later, whatever runs past midnight today', () => {
    // Tuesday 20:00 → Wednesday 11:00.
    assert.equal(secondsUntilOpeningTomorrow(PIZZERIA, { dayIndex: 1, secondOfDay: 20 * HOUR }), 15 * HOUR);
    // Sunday 12:00 → Monday 17:00 (no lunch on Mondays): the week wraps.
    assert.equal(secondsUntilOpeningTomorrow(PIZZERIA, { dayIndex: 6, secondOfDay: 12 * HOUR }), 29 * HOUR);
    // Monday 00:30, inside Sunday's dinner shift: tomorrow is Tuesday, lunch at 11:00.
    assert.equal(secondsUntilOpeningTomorrow(PIZZERIA, { dayIndex: 0, secondOfDay: HOUR / 2 }), 34.5 * HOUR);
    assert.equal(secondsUntilOpeningTomorrow([], { dayIndex: 0, secondOfDay: 0 }), null);
    assert.equal(secondsUntilOpeningTomorrow([{ dayOfWeek: 'FUNDAY', start: '10:00', duration: 60 }], { dayIndex: 0, secondOfDay: 0 }), null);
  });

  it("reads the store's hours, and falls back to midnight when they cannot be read", async () => {
    const tuesdayEvening = new Date(2026, 10, 24, 20, 0).getTime();
    const byHours = await tomorrowsOpening({ getOpeningHours: async () => [{ shifts: PIZZERIA }] }, STORE, tuesdayEvening);
    assert.deepEqual(byHours, { at: new Date(2026, 10, 25, 11, 0).getTime(), byHours: true });
    const offline = await tomorrowsOpening({ getOpeningHours: async () => Promise.reject(new AppError('connection', 'down')) }, STORE, tuesdayEvening);
    assert.deepEqual(offline, { at: new Date(2026, 10, 25).getTime(), byHours: false });
  });

  it('waits outside the outbox and is submitted at its time; one withdrawn by hand never is', async () => {
    const clock = new ManualClock(Date.parse('2026-11-24T23:00:00Z'));
    const db = StoreOutboxDb.open(':memory:');
    const submitted: Record<string, unknown>[] = [];
    const queue = {
      submit: async (input: { merchantId: string; kind: string; subject?: string | null; payload: Record<string, unknown> }) => {
        submitted.push({ subject: input.subject, ...input.payload });
        return { id: submitted.length, state: 'done' } as StoreActionEntry;
      },
    };
    const scheduler = new ScheduledStoreActions({ db, outbox: queue, clock, logger: silentLogger });
    const tick = () => (scheduler as unknown as { tick(signal: AbortSignal): Promise<number> }).tick(new AbortController().signal);
    scheduler.schedule({
      merchantId: STORE,
      kind: 'itemStatus',
      subject: 'lasanha',
      payload: { itemId: 'lasanha', status: 'AVAILABLE' },
      dueMs: clock.now() + 2 * 3_600_000,
    });
    scheduler.schedule({
      merchantId: STORE,
      kind: 'itemStatus',
      subject: 'pudim',
      payload: { itemId: 'pudim', status: 'AVAILABLE' },
      dueMs: clock.now() + 2 * 3_600_000,
    });
    assert.equal(db.scheduled.waiting(STORE).length, 2);
    assert.equal(await tick(), 60_000, 'looks again within a minute');
    assert.deepEqual(submitted, []);
    assert.equal(db.scheduled.cancelFor(STORE, 'itemStatus', 'pudim'), 1, 'put back on sale by hand');
    await clock.advance(2 * 3_600_000);
    assert.equal(await tick(), 60_000);
    assert.deepEqual(submitted, [{ subject: 'lasanha', itemId: 'lasanha', status: 'AVAILABLE' }]);
    assert.deepEqual(db.scheduled.waiting(STORE), []);
    await tick();
    assert.equal(submitted.length, 1, 'submitted once');
  });
});
