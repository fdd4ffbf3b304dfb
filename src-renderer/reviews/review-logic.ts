import type { ErrorInfo } from '../../src-shared/errors';
import {
  ANSWER_MAX_CHARS,
  ANSWER_MIN_CHARS,
  ANSWER_WINDOW_MS,
  EDIT_WINDOW_MS,
  type ReviewFilter,
  type ReviewListInput,
} from '../../src-shared/ipc/channels/reviews';
import type { Review, ReviewAnswer } from '../../src-shared/wire/review';

/** The pure rules of the reviews screen: deadlines, the answer's length, filters, error wording. */

const HOUR = 3600_000;
const DAY = 24 * HOUR;

// ---- deadlines ----------------------------------------------------------------------------------

/**
 * When a review awaiting an answer is published without one: 5 days (spec §3.1). The API does not
 * say when the review entered NOT_REPLIED; triage takes minutes, so its creation time is the
 * honest reference (the estimate errs on the early side, never promising time that is not there).
 */
export function answerDeadline(review: Pick<Review, 'status' | 'createdAt'>): number | null {
  if (review.status !== 'NOT_REPLIED') return null;
  const created = Date.parse(review.createdAt);
  return Number.isFinite(created) ? created + ANSWER_WINDOW_MS : null;
}

/** The store's own answer (the newest reply from the merchant), if any. */
export function merchantReply(review: Pick<Review, 'replies'>): Review['replies'][number] | undefined {
  return review.replies.filter((r) => r.from === 'MERCHANT').at(-1);
}

/**
 * Until when an answered review can still be edited (10 minutes after the answer was first sent).
 * `sentHere` is the terminal's own record of when it sent the answer (its clock, immune to a
 * platform clock that disagrees); otherwise the reply's time from the API is used.
 */
export function editDeadline(review: Pick<Review, 'status' | 'replies'>, sentHere?: number): number | null {
  if (review.status !== 'REPLIED') return null;
  if (sentHere !== undefined) return sentHere + EDIT_WINDOW_MS;
  const reply = merchantReply(review);
  const at = reply ? Date.parse(reply.createdAt) : NaN;
  return Number.isFinite(at) ? at + EDIT_WINDOW_MS : null;
}

export type AnswerMode = 'answer' | 'edit' | 'closed';

/** What the store can do with a review now. */
export function answerMode(review: Pick<Review, 'status' | 'replies'>, nowMs: number, sentHere?: number): AnswerMode {
  if (review.status === 'NOT_REPLIED') return 'answer';
  const edit = editDeadline(review, sentHere);
  return edit !== null && nowMs < edit ? 'edit' : 'closed';
}

/** Time left, split for display: days and hours when far, hours and minutes, then minutes and seconds. */
export type TimeLeft =
  | { unit: 'over' }
  | { unit: 'days'; days: number; hours: number }
  | { unit: 'hours'; hours: number; minutes: number }
  | { unit: 'minutes'; minutes: number; seconds: number };

export function timeLeft(deadlineMs: number, nowMs: number): TimeLeft {
  const ms = deadlineMs - nowMs;
  if (ms <= 0) return { unit: 'over' };
  if (ms >= DAY) return { unit: 'days', days: Math.floor(ms / DAY), hours: Math.floor((ms % DAY) / HOUR) };
  if (ms >= HOUR) return { unit: 'hours', hours: Math.floor(ms / HOUR), minutes: Math.floor((ms % HOUR) / 60_000) };
  const seconds = Math.ceil(ms / 1000);
  return { unit: 'minutes', minutes: Math.floor(seconds / 60), seconds: seconds % 60 };
}

/** How pressing an answer deadline is: the last day is urgent, the last 6 hours critical. */
export function urgency(deadlineMs: number, nowMs: number): 'over' | 'critical' | 'urgent' | 'calm' {
  const ms = deadlineMs - nowMs;
  if (ms <= 0) return 'over';
  if (ms < 6 * HOUR) return 'critical';
  if (ms < DAY) return 'urgent';
  return 'calm';
}

// ---- the customer's survey ----------------------------------------------------------------------

/** A rating question's scale (spec §2.3 `RATING`: the same 1 to 5 as the review's score). */
export const RATING_STEPS = 5;

/**
 * One question of the survey as the screen shows it. A question's `answers` are what the customer
 * answered (spec §2.3), never the whole questionnaire: a rating is drawn on its 1–5 scale with the
 * customer's step lit; any other answer (a choice, yes or no) shows as the customer's own words.
 */
export type SurveyLine =
  { kind: 'scale'; id: string; question: string; chosen: number; steps: number } | { kind: 'choices'; id: string; question: string; chosen: string[] };

export function surveyLines(questions: Review['questions']): SurveyLine[] {
  return (questions ?? []).map((q): SurveyLine => {
    const step = q.type === 'RATING' && q.answers.length === 1 ? ratingStep(q.answers[0]?.title ?? '') : null;
    if (step !== null) return { kind: 'scale', id: q.id, question: q.title, chosen: step, steps: RATING_STEPS };
    return { kind: 'choices', id: q.id, question: q.title, chosen: q.answers.map((a) => a.title.trim()).filter((t) => t !== '') };
  });
}

/** A rating's answer as a step of the scale, or null when it is not one (the screen then shows the words). */
function ratingStep(title: string): number | null {
  const value = Number(title.trim());
  return Number.isInteger(value) && value >= 1 && value <= RATING_STEPS ? value : null;
}

// ---- the answer's text --------------------------------------------------------------------------

export interface AnswerLength {
  /** Characters that count: the text without spaces at its ends (what is sent). */
  length: number;
  state: 'empty' | 'short' | 'ok' | 'long';
  /** Characters still needed (short) or to remove (long); 0 when ok. */
  missing: number;
  ok: boolean;
}

/** Spec §4.3: 10 to 300 characters. Counted as the API counts (UTF-16 units, like `String.length`). */
export function answerLength(text: string): AnswerLength {
  const length = text.trim().length;
  if (length === 0) return { length, state: 'empty', missing: ANSWER_MIN_CHARS, ok: false };
  if (length < ANSWER_MIN_CHARS) return { length, state: 'short', missing: ANSWER_MIN_CHARS - length, ok: false };
  if (length > ANSWER_MAX_CHARS) return { length, state: 'long', missing: length - ANSWER_MAX_CHARS, ok: false };
  return { length, state: 'ok', missing: 0, ok: true };
}

/** The review as it stands after the platform took an answer (or an edit) from this terminal. */
export function withAnswer(review: Review, answer: ReviewAnswer): Review {
  const replies = [...review.replies];
  const own = replies.findLastIndex((r) => r.from === 'MERCHANT');
  const reply = { text: answer.text, from: 'MERCHANT', createdAt: answer.createdAt };
  if (own >= 0 && review.status === 'REPLIED') replies[own] = reply;
  else replies.push(reply);
  return { ...review, status: review.status === 'NOT_REPLIED' ? 'REPLIED' : review.status, replies };
}

/**
 * A review read again after this terminal answered it: the platform may not show the answer yet (a
 * slow replica); then keep what the terminal knows, so the clerk never sees the answer vanish.
 */
export function reconcileAnswered(fresh: Review, sent: ReviewAnswer | undefined): Review {
  if (!sent || fresh.status !== 'NOT_REPLIED') return fresh;
  return withAnswer(fresh, sent);
}

// ---- errors in words ----------------------------------------------------------------------------

export type RefusalHint = 'insult' | 'personal-data' | 'link' | 'promotion';

/** What the platform's words about a refused text point at, when they say it in terms we know. */
export function refusalHint(message: string): RefusalHint | null {
  const m = message.toLowerCase();
  if (/personal|phone|telefone|e-?mail|cpf|dados pessoais/.test(m)) return 'personal-data';
  if (/link|url|site/.test(m)) return 'link';
  if (/promo|coupon|cupom|voucher|discount|desconto/.test(m)) return 'promotion';
  if (/insult|offens|ofens|discrimin|profan|palavr/.test(m)) return 'insult';
  return null;
}

export type AnswerErrorKey =
  | 'reviews.answer.error.length'
  | 'reviews.answer.error.notAwaiting'
  | 'reviews.answer.error.editOver'
  | 'reviews.answer.error.forbidden'
  | 'reviews.answer.error.notFound';

/** The sentence for a failed answer (spec §7.2), or null to use the app's general wording. */
export function answerErrorKey(error: ErrorInfo, mode: AnswerMode): AnswerErrorKey | null {
  if (error.code === 'bad-input' && error.field === 'text') return 'reviews.answer.error.length';
  if (error.code === 'validation' && error.status === 400) return 'reviews.answer.error.length';
  if (error.code === 'conflict') return mode === 'edit' ? 'reviews.answer.error.editOver' : 'reviews.answer.error.notAwaiting';
  if (error.code === 'forbidden') return 'reviews.answer.error.forbidden';
  if (error.code === 'not-found') return 'reviews.answer.error.notFound';
  return null;
}

// ---- filters ------------------------------------------------------------------------------------

/**
 * Which days to show: a preset counted back from today (the terminal's local days), or two days
 * picked by hand. Presets keep the common case to one touch, whatever the system's date format.
 */
export const PERIODS = ['any', 'today', '7d', '30d', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

export interface ReviewFilters {
  filter: ReviewFilter;
  period: Period;
  /** Custom period only: days as an `<input type="date">` gives them (`YYYY-MM-DD`, local) or ''. */
  fromDay: string;
  toDay: string;
  sort: 'DESC' | 'ASC';
}

/**
 * Each list's natural order: awaiting answers oldest first (the least time left on top), all
 * reviews newest first.
 */
export const DEFAULT_SORT: Record<ReviewFilter, ReviewFilters['sort']> = { awaiting: 'ASC', all: 'DESC' };

export const DEFAULT_FILTERS: ReviewFilters = { filter: 'awaiting', period: 'any', fromDay: '', toDay: '', sort: DEFAULT_SORT.awaiting };

/** The filters after a change; moving to the other list brings back that list's own order. */
export function nextFilters(current: ReviewFilters, patch: Partial<ReviewFilters>): ReviewFilters {
  const next = { ...current, ...patch };
  if (patch.filter && patch.filter !== current.filter && patch.sort === undefined) next.sort = DEFAULT_SORT[patch.filter];
  return next;
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A local day as `YYYY-MM-DD`. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The first and last day the filters cover ('' for no bound). */
export function periodDays(filters: Pick<ReviewFilters, 'period' | 'fromDay' | 'toDay'>, today: Date): { fromDay: string; toDay: string } {
  const back = (days: number) => localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - days));
  switch (filters.period) {
    case 'any':
      return { fromDay: '', toDay: '' };
    case 'today':
      return { fromDay: back(0), toDay: '' };
    case '7d':
      return { fromDay: back(6), toDay: '' };
    case '30d':
      return { fromDay: back(29), toDay: '' };
    case 'custom':
      return { fromDay: filters.fromDay, toDay: filters.toDay };
  }
}

/** The instant a local day starts (`end` false) or its last millisecond (`end` true), as ISO (UTC). */
export function dayBound(day: string, end: boolean): string | undefined {
  const match = DAY_RE.exec(day);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = end ? new Date(y, m, d, 23, 59, 59, 999) : new Date(y, m, d, 0, 0, 0, 0);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Both custom days given and the first after the second: an empty period, said instead of asked. */
export function rangeInverted(filters: Pick<ReviewFilters, 'period' | 'fromDay' | 'toDay'>): boolean {
  return filters.period === 'custom' && DAY_RE.test(filters.fromDay) && DAY_RE.test(filters.toDay) && filters.fromDay > filters.toDay;
}

/** The `reviews:list` input for the screen's filters and one page. */
export function listInput(merchantId: string, filters: ReviewFilters, page: number, pageSize: number, nowMs: number): ReviewListInput {
  const days = periodDays(filters, new Date(nowMs));
  const dateFrom = dayBound(days.fromDay, false);
  const dateTo = dayBound(days.toDay, true);
  return {
    merchantId,
    filter: filters.filter,
    page,
    pageSize,
    sort: filters.sort,
    ...(dateFrom ? { dateFrom } : {}),
    ...(dateTo ? { dateTo } : {}),
  };
}

/** True when the filters narrow by date (then the awaiting count is not the store's whole count). */
export function hasDates(filters: Pick<ReviewFilters, 'period' | 'fromDay' | 'toDay'>, nowMs: number): boolean {
  const days = periodDays(filters, new Date(nowMs));
  return DAY_RE.test(days.fromDay) || DAY_RE.test(days.toDay);
}

/** A `YYYY-MM-DD` local day as an ISO instant (its start), for formatting in the screen's language. */
export function dayIso(day: string): string | undefined {
  return dayBound(day, false);
}

// ---- score --------------------------------------------------------------------------------------

/** Five stars for a 1.0–5.0 score, in halves: how many full, half and empty. */
export function stars(score: number): { full: number; half: number; empty: number } {
  const halves = Math.round(Math.min(5, Math.max(0, score)) * 2);
  const full = Math.floor(halves / 2);
  const half = halves % 2;
  return { full, half, empty: 5 - full - half };
}
