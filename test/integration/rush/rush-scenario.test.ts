import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { runRush, type RushOutcome } from '../../support/rush/rush-scenario';

const minutesBetween = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / 60_000;

/**
 * The rush guard's issue, measured: the same 25-order rush with a slow kitchen (test/support/rush/)
 * run twice on a ManualClock — the guard only warning, then busy mode on for the store. Without busy
 * mode the platform's own rule closes the store, minutes after the terminal first warned; with it the
 * terminal pauses the store once, the platform opens it again by itself, and never closes it.
 */
describe('a 25-order rush with a slow kitchen, against the platform’s automatic closure', () => {
  let warnedOnly: RushOutcome;
  let busyMode: RushOutcome;
  before(async () => {
    warnedOnly = await runRush({ busyMinutes: null });
    busyMode = await runRush({ busyMinutes: 15 });
  });

  it('busy mode off: the platform closes the store once, minutes after the terminal warned', () => {
    assert.equal(warnedOnly.placed, 25);
    assert.equal(warnedOnly.closures.length, 1, JSON.stringify(warnedOnly.closures));
    assert.equal(warnedOnly.pauses, 0, 'nobody paused it');
    const [closure] = warnedOnly.closures;
    assert.ok(closure && warnedOnly.firstWarning, 'a warning and a closure');
    assert.ok(warnedOnly.leadMinutes !== null && warnedOnly.leadMinutes >= 5, `warned ${warnedOnly.leadMinutes} minutes before the closure`);
    assert.equal(warnedOnly.firstWarning.rule, closure.rule, 'the warning named the rule that closed the store');
    assert.deepEqual(
      warnedOnly.unavailable.map(({ from }) => from),
      [closure.at],
      'the store stopped taking orders only when the platform closed it',
    );
  });

  it('busy mode on: one pause when the gauge said swamped, open again by itself when it ended, never closed', () => {
    assert.equal(busyMode.placed, 25);
    assert.deepEqual(busyMode.closures, [], 'the platform never closed it');
    assert.equal(busyMode.pauses, 1, 'paused once');
    assert.equal(busyMode.resumes, 0, 'no resume is ever sent: the pause ends by itself');
    assert.equal(busyMode.unavailable.length, 1, `unavailable once, reopened once: ${JSON.stringify(busyMode.unavailable)}`);
    const [pause] = busyMode.unavailable;
    assert.ok(pause?.to, 'open again');
    assert.ok(busyMode.firstSwampedAt && pause.from >= busyMode.firstSwampedAt, 'paused once the gauge said swamped, not before');
    // The customers look every 15 s; the pause's 15 minutes run from the moment the terminal made it.
    assert.ok(Math.abs(minutesBetween(pause.from, pause.to) - 15) <= 0.25, `paused for its 15 minutes: ${JSON.stringify(pause)}`);
    const [closure] = warnedOnly.closures;
    assert.ok(closure && pause.from < closure.at, 'paused before the moment the same rush got the store closed without it');
  });

  it('the two runs are the same rush until the pause: the same warning at the same moment', () => {
    assert.deepEqual(busyMode.firstWarning, warnedOnly.firstWarning);
    assert.equal(busyMode.firstSwampedAt, warnedOnly.firstSwampedAt);
  });
});
