import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReviewListInput } from '../../../src-shared/ipc/channels/reviews';
import type { Review } from '../../../src-shared/wire/review';
import {
  answerDeadline,
  answerErrorKey,
  answerLength,
  answerMode,
  dayBound,
  DEFAULT_FILTERS,
  editDeadline,
  hasDates,
  listInput,
  nextFilters,
  localDay,
  periodDays,
  type Period,
  rangeInverted,
  reconcileAnswered,
  refusalHint,
  stars,
  timeLeft,
  urgency,
  withAnswer,
} from '../../../src-renderer/reviews/review-logic';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-11-21T12:00:00Z');
const STORE = '3f6c1f0e-8a51-4c1e-9d52-1b7a2f0c9e01';

function review(over: Partial<Review> = {}): Review {
  return {
    id: 'c0a80101-0000-4000-8000-000000000001',
    score: 2,
    status: 'NOT_REPLIED',
    visibility: 'PUBLIC',
    version: 'v2',
    comment: 'Cold food',
    createdAt: new Date(T0 - DAY).toISOString(),
    replies: [],
    order: { id: 'c0a80101-0000-4000-8000-0000000000aa', shortId: '1037', createdAt: new Date(T0 - DAY - 2 * HOUR).toISOString() },
    ...over,
  };
}
const reply = (from: string, text: string, at: number) => ({ from, text, createdAt: new Date(at).toISOString() });

describe('review deadlines', () => {
  it('a review awaiting an answer is published 5 days after it was created', () => {
    assert.equal(answerDeadline(review()), T0 - DAY + 5 * DAY);
    assert.equal(answerDeadline(review({ status: 'REPLIED' })), null);
    assert.equal(answerDeadline(review({ status: 'PUBLISHED' })), null);
    assert.equal(answerDeadline(review({ createdAt: 'garbage' })), null);
  });

  it("an answer can be edited for 10 minutes: from this terminal's own send time when known, else from the reply", () => {
    const answered = review({ status: 'REPLIED', replies: [reply('CUSTOMER', 'hi', T0 - HOUR), reply('MERCHANT', 'Thanks a lot!', T0 - 3 * MIN)] });
    assert.equal(editDeadline(answered), T0 + 7 * MIN);
    assert.equal(editDeadline(answered, T0 - MIN), T0 + 9 * MIN, 'the local send time wins (platform clock may differ)');
    assert.equal(editDeadline(review()), null, 'nothing to edit while awaiting');
    assert.equal(editDeadline(review({ status: 'REPLIED' })), null, 'no merchant reply, no window');

    assert.equal(answerMode(review(), T0), 'answer');
    assert.equal(answerMode(answered, T0), 'edit');
    assert.equal(answerMode(answered, T0 + 7 * MIN), 'closed', 'the window is over at its last instant');
    assert.equal(answerMode(review({ status: 'PUBLISHED' }), T0), 'closed');
    assert.equal(answerMode(review({ status: 'CREATED' }), T0), 'closed');
  });

  it('splits time left into days and hours, hours and minutes, or minutes and seconds', () => {
    assert.deepEqual(timeLeft(T0 + 4 * DAY + 22 * HOUR + 59 * MIN, T0), { unit: 'days', days: 4, hours: 22 });
    assert.deepEqual(timeLeft(T0 + DAY, T0), { unit: 'days', days: 1, hours: 0 });
    assert.deepEqual(timeLeft(T0 + 3 * HOUR + 10 * MIN + 30_000, T0), { unit: 'hours', hours: 3, minutes: 10 });
    assert.deepEqual(timeLeft(T0 + 9 * MIN + 41_200, T0), { unit: 'minutes', minutes: 9, seconds: 42 }, 'seconds round up: never show 0:00 while time remains');
    assert.deepEqual(timeLeft(T0 + 500, T0), { unit: 'minutes', minutes: 0, seconds: 1 });
    assert.deepEqual(timeLeft(T0, T0), { unit: 'over' });
    assert.deepEqual(timeLeft(T0 - 1, T0), { unit: 'over' });
  });

  it('the last day is urgent, the last 6 hours critical', () => {
    assert.equal(urgency(T0 + 2 * DAY, T0), 'calm');
    assert.equal(urgency(T0 + DAY - 1, T0), 'urgent');
    assert.equal(urgency(T0 + 6 * HOUR - 1, T0), 'critical');
    assert.equal(urgency(T0, T0), 'over');
  });
});

describe('the answer text', () => {
  it('counts 10 to 300 characters without the spaces at the ends, as the API does', () => {
    assert.deepEqual(answerLength(''), { length: 0, state: 'empty', missing: 10, ok: false });
    assert.deepEqual(answerLength('     '), { length: 0, state: 'empty', missing: 10, ok: false });
    assert.deepEqual(answerLength('  Obrigado  '), { length: 8, state: 'short', missing: 2, ok: false });
    assert.deepEqual(answerLength('Obrigado!!'), { length: 10, state: 'ok', missing: 0, ok: true });
    assert.deepEqual(answerLength('x'.repeat(300)), { length: 300, state: 'ok', missing: 0, ok: true });
    assert.deepEqual(answerLength('x'.repeat(303)), { length: 303, state: 'long', missing: 3, ok: false });
    // An emoji is two UTF-16 units, as the server's length check counts it.
    assert.equal(answerLength('Obrigado 😀').length, 11);
  });

  it("marks a review answered locally, and an edit replaces the store's reply instead of adding one", () => {
    const first = withAnswer(review(), { reviewId: 'x', text: 'Sorry, next one is on us.', createdAt: new Date(T0).toISOString() });
    assert.equal(first.status, 'REPLIED');
    assert.deepEqual(
      first.replies.map((r) => [r.from, r.text]),
      [['MERCHANT', 'Sorry, next one is on us.']],
    );
    const edited = withAnswer(first, { reviewId: 'x', text: 'Sorry, we will do better.', createdAt: new Date(T0).toISOString() });
    assert.deepEqual(
      edited.replies.map((r) => r.text),
      ['Sorry, we will do better.'],
    );
    assert.equal(edited.status, 'REPLIED');
  });

  it('keeps a sent answer visible when the platform has not shown it yet, and trusts the platform once it has', () => {
    const sent = { reviewId: 'x', text: 'Sorry about that!', createdAt: new Date(T0).toISOString() };
    const stale = reconcileAnswered(review(), sent);
    assert.equal(stale.status, 'REPLIED');
    assert.equal(stale.replies.at(-1)?.text, 'Sorry about that!');
    const fresh = review({ status: 'REPLIED', replies: [reply('MERCHANT', 'Sorry about that!', T0)] });
    assert.equal(reconcileAnswered(fresh, sent), fresh);
    assert.equal(reconcileAnswered(review(), undefined).status, 'NOT_REPLIED');
    const published = review({ status: 'PUBLISHED' });
    assert.equal(reconcileAnswered(published, sent), published);
  });
});

describe('errors in words', () => {
  it("reads what a refusal points at from the platform's message", () => {
    assert.equal(refusalHint('answer rejected: personal-data'), 'personal-data');
    assert.equal(refusalHint('Text contains a phone number'), 'personal-data');
    assert.equal(refusalHint('answer rejected: link'), 'link');
    assert.equal(refusalHint('answer rejected: promotion'), 'promotion');
    assert.equal(refusalHint('answer rejected: insult'), 'insult');
    assert.equal(refusalHint('INAPPROPRIATE_CONTENT'), null);
  });

  it('maps each answer failure of spec §7.2 to its sentence', () => {
    assert.equal(answerErrorKey({ code: 'validation', message: '', status: 400 }, 'answer'), 'reviews.answer.error.length');
    assert.equal(answerErrorKey({ code: 'bad-input', message: '', field: 'text' }, 'answer'), 'reviews.answer.error.length');
    assert.equal(answerErrorKey({ code: 'conflict', message: '', status: 409 }, 'answer'), 'reviews.answer.error.notAwaiting');
    assert.equal(answerErrorKey({ code: 'conflict', message: '', status: 409 }, 'edit'), 'reviews.answer.error.editOver');
    assert.equal(answerErrorKey({ code: 'forbidden', message: '', status: 403 }, 'answer'), 'reviews.answer.error.forbidden');
    assert.equal(answerErrorKey({ code: 'not-found', message: '', status: 404 }, 'edit'), 'reviews.answer.error.notFound');
    assert.equal(answerErrorKey({ code: 'connection', message: '' }, 'answer'), null, "the app's general wording");
  });
});

describe('filters → reviews:list input', () => {
  const today = new Date(2026, 10, 21, 15, 30); // a local afternoon

  it('maps local days to the instants that bound them, inclusive', () => {
    assert.equal(dayBound('2026-11-03', false), new Date(2026, 10, 3, 0, 0, 0, 0).toISOString());
    assert.equal(dayBound('2026-11-03', true), new Date(2026, 10, 3, 23, 59, 59, 999).toISOString());
    assert.equal(dayBound('', false), undefined);
    assert.equal(dayBound('03/11/2026', false), undefined);
    assert.equal(localDay(today), '2026-11-21');
  });

  it('counts presets back from today, in local days', () => {
    const at = (period: Period) => periodDays({ period, fromDay: '2026-01-01', toDay: '2026-01-31' }, today);
    assert.deepEqual(at('any'), { fromDay: '', toDay: '' });
    assert.deepEqual(at('today'), { fromDay: '2026-11-21', toDay: '' });
    assert.deepEqual(at('7d'), { fromDay: '2026-11-15', toDay: '' }, 'today and the 6 days before');
    assert.deepEqual(at('30d'), { fromDay: '2026-10-23', toDay: '' });
    assert.deepEqual(at('custom'), { fromDay: '2026-01-01', toDay: '2026-01-31' }, 'custom days only count in the custom period');
    assert.deepEqual(periodDays({ period: '7d', fromDay: '', toDay: '' }, new Date(2026, 2, 3)), { fromDay: '2026-02-25', toDay: '' }, 'across a month end');
  });

  it('builds an input the contract accepts, for every filter, period and sort', () => {
    const plain = listInput(STORE, DEFAULT_FILTERS, 1, 20, today.getTime());
    assert.deepEqual(plain, { merchantId: STORE, filter: 'awaiting', page: 1, pageSize: 20, sort: 'ASC' }, 'awaiting: least time left first');
    const custom = listInput(STORE, { filter: 'all', period: 'custom', fromDay: '2026-11-01', toDay: '2026-11-20', sort: 'ASC' }, 3, 50, today.getTime());
    assert.equal(custom.filter, 'all');
    assert.equal(custom.page, 3);
    assert.equal(custom.sort, 'ASC');
    assert.equal(custom.dateFrom, dayBound('2026-11-01', false));
    assert.equal(custom.dateTo, dayBound('2026-11-20', true));
    const week = listInput(STORE, { ...DEFAULT_FILTERS, period: '7d' }, 1, 20, today.getTime());
    assert.equal(week.dateFrom, new Date(2026, 10, 15).toISOString());
    assert.equal(week.dateTo, undefined);
    const presetIgnoresDays = listInput(STORE, { ...DEFAULT_FILTERS, period: 'any', fromDay: '2026-11-01' }, 1, 20, today.getTime());
    assert.equal(presetIgnoresDays.dateFrom, undefined);
    for (const input of [plain, custom, week, listInput(STORE, { ...DEFAULT_FILTERS, period: 'custom', toDay: '2026-11-20' }, 1, 20, today.getTime())]) {
      assert.ok(ReviewListInput.safeParse(input).success, JSON.stringify(input));
    }
  });

  it('an inverted custom range is recognised before asking (the contract would refuse it)', () => {
    const inverted = { period: 'custom' as const, fromDay: '2026-11-20', toDay: '2026-11-01' };
    assert.ok(rangeInverted(inverted));
    assert.ok(!ReviewListInput.safeParse(listInput(STORE, { ...DEFAULT_FILTERS, ...inverted }, 1, 20, today.getTime())).success);
    assert.ok(!rangeInverted({ ...inverted, period: '7d' }), 'a preset ignores the custom days');
    assert.ok(!rangeInverted({ period: 'custom', fromDay: '2026-11-01', toDay: '2026-11-01' }), 'one day is a range');
    assert.ok(!rangeInverted({ period: 'custom', fromDay: '2026-11-20', toDay: '' }));
    assert.ok(hasDates({ period: 'custom', fromDay: '', toDay: '2026-11-01' }, today.getTime()));
    assert.ok(hasDates({ period: 'today', fromDay: '', toDay: '' }, today.getTime()));
    assert.ok(!hasDates({ period: 'custom', fromDay: '', toDay: '' }, today.getTime()));
    assert.ok(!hasDates({ period: 'any', fromDay: '2026-11-01', toDay: '' }, today.getTime()));
  });
});

describe('filter changes', () => {
  it('each list keeps its natural order: awaiting oldest (most urgent) first, all newest first', () => {
    assert.equal(DEFAULT_FILTERS.sort, 'ASC');
    const all = nextFilters(DEFAULT_FILTERS, { filter: 'all' });
    assert.equal(all.sort, 'DESC');
    const oldestAll = nextFilters(all, { sort: 'ASC' });
    assert.equal(nextFilters(oldestAll, { period: '7d' }).sort, 'ASC', 'other changes keep the chosen order');
    assert.equal(nextFilters(oldestAll, { filter: 'all' }).sort, 'ASC', 'pressing the current list again changes nothing');
    assert.equal(nextFilters(oldestAll, { filter: 'awaiting' }).sort, 'ASC');
    assert.equal(nextFilters(all, { filter: 'awaiting', sort: 'DESC' }).sort, 'DESC', 'an explicit order wins');
    assert.equal(nextFilters(DEFAULT_FILTERS, { filter: 'all' }).period, 'any');
  });
});

describe('stars', () => {
  it('draws a score in half stars', () => {
    assert.deepEqual(stars(5), { full: 5, half: 0, empty: 0 });
    assert.deepEqual(stars(4.67), { full: 4, half: 1, empty: 0 });
    assert.deepEqual(stars(4.2), { full: 4, half: 0, empty: 1 });
    assert.deepEqual(stars(1), { full: 1, half: 0, empty: 4 });
    assert.deepEqual(stars(3.5), { full: 3, half: 1, empty: 1 });
  });
});
