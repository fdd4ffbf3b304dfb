import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findOverlap, isOpenAt, secondsUntilNextOpening, type ShiftInput } from '../../../src-sandbox/merchant/opening-hours';
import { localMoment } from '../../../src-sandbox/merchant/store-time';

/** 2025-06-02 is a Monday; store time is UTC-03:00, so local 00:00 Monday is 03:00Z. */
const localMs = (day: number, hhmm: string) => Date.parse(`2025-06-0${2 + day}T${hhmm}:00-03:00`);

describe('store time', () => {
  it('reads the local day, second and date at UTC-03:00', () => {
    const m = localMoment(Date.parse('2025-06-03T02:30:00Z'));
    assert.equal(m.dayIndex, 0, 'still Monday in São Paulo');
    assert.equal(m.secondOfDay, 23 * 3600 + 30 * 60);
    assert.equal(m.date, '2025-06-02');
  });
});

describe('opening hours', () => {
  const shift = (dayOfWeek: ShiftInput['dayOfWeek'], start: string, duration: number): ShiftInput => ({ dayOfWeek, start, duration });

  it('finds overlaps on the same day and none for touching shifts', () => {
    assert.deepEqual(findOverlap([shift('MONDAY', '08:00:00', 60), shift('MONDAY', '08:30:00', 60)]), [0, 1]);
    assert.equal(findOverlap([shift('MONDAY', '08:00:00', 60), shift('MONDAY', '09:00:00', 60)]), undefined);
    assert.equal(findOverlap([shift('MONDAY', '08:00:00', 60), shift('TUESDAY', '08:00:00', 60)]), undefined);
  });

  it('finds overlaps through midnight and across the week end (Sunday into Monday)', () => {
    assert.deepEqual(findOverlap([shift('TUESDAY', '06:00:00', 60), shift('MONDAY', '23:00:00', 480)]), [0, 1]);
    assert.deepEqual(findOverlap([shift('MONDAY', '00:10:00', 10), shift('SUNDAY', '23:30:00', 60)]), [0, 1]);
    assert.equal(findOverlap([shift('MONDAY', '00:30:00', 10), shift('SUNDAY', '23:30:00', 60)]), undefined);
  });

  it('reports the first overlap among many shifts without comparing every pair', () => {
    const week = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
    const many = week.flatMap((d) => [shift(d, '08:00:00', 120), shift(d, '12:00:00', 120), shift(d, '18:00:00', 300)]);
    assert.equal(findOverlap(many), undefined);
    assert.ok(findOverlap([...many, shift('WEDNESDAY', '13:00:00', 10)]));
  });

  it('is open inside a shift, closed at its end, and open after midnight for a crossing shift', () => {
    const shifts = [shift('MONDAY', '18:00:00', 420)];
    assert.equal(isOpenAt(shifts, localMs(0, '17:59')), false);
    assert.equal(isOpenAt(shifts, localMs(0, '18:00')), true);
    assert.equal(isOpenAt(shifts, localMs(1, '00:30')), true);
    assert.equal(isOpenAt(shifts, localMs(1, '01:00')), false);
    assert.equal(isOpenAt([{ ...shifts[0]!, enabled: false }], localMs(0, '19:00')), false);
    assert.equal(isOpenAt([shift('SUNDAY', '23:00:00', 120)], localMs(0, '00:30')), true, 'Sunday night runs into Monday');
  });

  it('counts the wait until the next opening', () => {
    const shifts = [shift('MONDAY', '10:00:00', 60), shift('WEDNESDAY', '10:00:00', 60)];
    assert.equal(secondsUntilNextOpening(shifts, localMs(0, '09:00')), 3600);
    assert.equal(secondsUntilNextOpening(shifts, localMs(0, '12:00')), 46 * 3600);
    assert.equal(secondsUntilNextOpening([], localMs(0, '12:00')), undefined);
  });
});
