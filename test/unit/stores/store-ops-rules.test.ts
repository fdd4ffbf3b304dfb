import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkOpeningHours,
  minutesBetween,
  parseClock,
  secondsUntilClosing,
  shiftEnd,
  tidyClockInput,
  toWireStart,
  weekMomentOf,
  type ShiftLike,
} from '../../../src-shared/store-rules/opening-hours';
import { activePause, checkPause, overlappingPause } from '../../../src-shared/store-rules/pauses';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const MIN = 60_000;

describe('pause rules (spec §4.4: 1 minute to 7 days, start before end, no overlap, 255 chars)', () => {
  const draft = (minutes: number, startOffset = 0, description = 'Cozinha sobrecarregada') => ({
    description,
    startMs: NOW + startOffset * MIN,
    endMs: NOW + (startOffset + minutes) * MIN,
  });

  it('accepts the quick choices and the limits themselves', () => {
    for (const minutes of [1, 15, 30, 60, 120, 7 * 24 * 60]) assert.equal(checkPause(draft(minutes), NOW), null, `${minutes} min`);
  });

  it('refuses under a minute, over 7 days, an end not after the start, an end already past', () => {
    assert.equal(checkPause({ ...draft(1), endMs: NOW + MIN - 1 }, NOW), 'too-short');
    assert.equal(checkPause({ ...draft(1), endMs: NOW + 7 * 24 * 60 * MIN + 1 }, NOW), 'too-long');
    assert.equal(checkPause(draft(0), NOW), 'end-before-start');
    assert.equal(checkPause({ description: 'x', startMs: NOW, endMs: NOW - MIN }, NOW), 'end-before-start');
    assert.equal(checkPause(draft(10, -30), NOW), 'already-ended');
    assert.equal(checkPause(draft(60, -30), NOW), null, 'a pause that started a little earlier is fine');
    assert.equal(checkPause({ description: 'x', startMs: Number.NaN, endMs: NOW }, NOW), 'invalid-date');
  });

  it('needs a description of at most 255 characters (spaces do not count as one)', () => {
    assert.equal(checkPause(draft(30, 0, '   '), NOW), 'description-empty');
    assert.equal(checkPause(draft(30, 0, 'x'.repeat(255)), NOW), null);
    assert.equal(checkPause(draft(30, 0, 'x'.repeat(256)), NOW), 'description-too-long');
  });

  it('refuses overlapping an existing pause; touching is fine', () => {
    const existing = [{ id: 'p1', start: new Date(NOW + 60 * MIN).toISOString(), end: new Date(NOW + 120 * MIN).toISOString() }];
    assert.equal(checkPause(draft(61), NOW, existing), 'overlap');
    assert.equal(overlappingPause(draft(61), existing)?.id, 'p1');
    assert.equal(checkPause(draft(60), NOW, existing), null, 'ends when the next starts');
    assert.equal(checkPause(draft(30, 120), NOW, existing), null, 'starts when the other ends');
    assert.equal(checkPause(draft(10, 70), NOW, existing), 'overlap', 'inside');
  });

  it('finds the pause in force', () => {
    const pauses = [
      { id: 'future', start: new Date(NOW + MIN).toISOString(), end: new Date(NOW + 2 * MIN).toISOString() },
      { id: 'now', start: new Date(NOW - MIN).toISOString(), end: new Date(NOW + MIN).toISOString() },
    ];
    assert.equal(activePause(pauses, NOW)?.id, 'now');
    assert.equal(activePause(pauses, NOW + MIN)?.id, 'future');
    assert.equal(activePause(pauses, NOW + 2 * MIN), undefined);
  });
});

describe('opening-hours rules (spec §4.4)', () => {
  const s = (dayOfWeek: string, start: string, duration: number): ShiftLike => ({ dayOfWeek, start, duration });

  it('accepts a normal week, including a shift past midnight and touching shifts', () => {
    const week = [s('MONDAY', '11:00:00', 240), s('MONDAY', '15:00', 120), s('FRIDAY', '18:00:00', 420), s('SATURDAY', '01:00:00', 60)];
    const check = checkOpeningHours(week);
    assert.equal(check.ok, true, JSON.stringify(check));
  });

  it('refuses an empty list', () => {
    const check = checkOpeningHours([]);
    assert.equal(check.ok, false);
    assert.equal(check.empty, true);
  });

  it('marks each broken shift: day, start, duration 0 or fractional, over a day', () => {
    const check = checkOpeningHours([
      s('monday', '10:00:00', 60),
      s('TUESDAY', '24:00:00', 60),
      s('WEDNESDAY', '10:00:00', 0),
      s('THURSDAY', '10:00:00', 1.5),
      s('FRIDAY', '10:00:00', 1441),
      s('SATURDAY', '00:00:00', 1440),
    ]);
    assert.equal(check.ok, false);
    assert.deepEqual(check.problems, ['bad-day', 'bad-start', 'bad-duration', 'bad-duration', 'too-long', null]);
  });

  it('finds overlaps on the same day and across midnight, Sunday into Monday included', () => {
    const sameDay = checkOpeningHours([s('MONDAY', '11:00:00', 240), s('MONDAY', '14:00:00', 120), s('TUESDAY', '14:00:00', 60)]);
    assert.deepEqual(sameDay.problems, ['overlap', 'overlap', null]);
    assert.deepEqual(sameDay.overlapsWith, [1, 0, null]);
    const pastMidnight = checkOpeningHours([s('FRIDAY', '18:00:00', 420), s('SATURDAY', '00:30:00', 60)]);
    assert.deepEqual(pastMidnight.problems, ['overlap', 'overlap']);
    const weekWrap = checkOpeningHours([s('SUNDAY', '22:00:00', 180), s('MONDAY', '00:00:00', 60)]);
    assert.deepEqual(weekWrap.problems, ['overlap', 'overlap']);
    const sameShiftTwice = checkOpeningHours([s('MONDAY', '00:00:00', 1440), s('MONDAY', '00:00', 1440)]);
    assert.equal(sameShiftTwice.ok, false);
  });

  it('reads and writes clock times; end times before the start are the next day', () => {
    assert.equal(parseClock('06:30'), 6 * 3600 + 30 * 60);
    assert.equal(parseClock('23:59:59'), 86_399);
    assert.equal(parseClock('7:00'), null);
    assert.equal(parseClock('12:60'), null);
    assert.equal(toWireStart('06:30'), '06:30:00');
    assert.equal(minutesBetween('11:00', '15:00'), 240);
    assert.equal(minutesBetween('18:00', '01:00'), 420);
    assert.equal(minutesBetween('00:00', '00:00'), 1440);
    assert.equal(minutesBetween('xx', '01:00'), null);
    assert.deepEqual(shiftEnd({ start: '18:00:00', duration: 420 }), { clock: '01:00', nextDay: true });
    assert.deepEqual(shiftEnd({ start: '00:00:00', duration: 1440 }), { clock: '00:00', nextDay: false });
    assert.deepEqual(shiftEnd({ start: '06:00:00', duration: 1020 }), { clock: '23:00', nextDay: false });
  });

  it('tidies what a clerk types as a time', () => {
    const cases: [string, string][] = [
      ['930', '09:30'],
      ['0930', '09:30'],
      ['18', '18:00'],
      ['7', '07:00'],
      ['7h15', '07:15'],
      ['18.30', '18:30'],
      [' 18:05 ', '18:05'],
      ['00:00', '00:00'],
      ['2400', '2400'],
      ['12:75', '12:75'],
      ['abc', 'abc'],
      ['', ''],
    ];
    for (const [typed, tidy] of cases) assert.equal(tidyClockInput(typed), tidy, typed);
  });

  it('says how long until closing, following touching shifts, or that the store never closes', () => {
    const week = [s('SATURDAY', '11:00:00', 240), s('SATURDAY', '15:00:00', 120), s('SATURDAY', '18:00:00', 420)];
    const saturday = (hh: number, mm = 0) => ({ dayIndex: 5, secondOfDay: hh * 3600 + mm * 60 });
    assert.equal(secondsUntilClosing(week, saturday(12)), 5 * 3600, 'lunch runs into the afternoon shift until 17:00');
    assert.equal(secondsUntilClosing(week, saturday(17, 30)), null, 'closed between shifts');
    assert.equal(secondsUntilClosing(week, saturday(23)), 2 * 3600, 'until 01:00 Sunday');
    const aroundTheClock = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map((d) => s(d, '00:00:00', 1440));
    assert.equal(secondsUntilClosing(aroundTheClock, saturday(12)), 'always');
    const sundayNight = [s('SUNDAY', '22:00:00', 240)];
    assert.equal(secondsUntilClosing(sundayNight, { dayIndex: 0, secondOfDay: 3600 }), 3600, 'Sunday 22:00 + 4 h wraps to Monday 02:00');
  });

  it('takes the weekday of a local date with Monday first', () => {
    const saturdayNoon = new Date(2026, 10, 21, 12, 30, 15);
    assert.deepEqual(weekMomentOf(saturdayNoon), { dayIndex: 5, secondOfDay: 12 * 3600 + 30 * 60 + 15 });
    assert.equal(weekMomentOf(new Date(2026, 10, 22, 0, 0, 0)).dayIndex, 6);
    assert.equal(weekMomentOf(new Date(2026, 10, 23, 0, 0, 0)).dayIndex, 0);
  });
});
