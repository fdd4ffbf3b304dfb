import type { I18n } from '../i18n/i18n.svelte';
import type { ConsoleFailure } from './console-client';
import type { WeekProblem } from './bulk-hours';
import type { BulkPauseProblem } from './pause-end';

/** A wait as a person says it: "45 s" under a minute, else whole minutes rounded up ("15 min"). */
export function waitWords(i18n: I18n, seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  return s < 60 ? i18n.t('console.wait.seconds', { n: s }) : i18n.t('console.wait.minutes', { n: Math.ceil(s / 60) });
}

/**
 * A refusal in the page's words, by its kind (the server's message is a detail, never the
 * sentence). At sign-in, `unauthenticated` is a wrong login or password; anywhere else it is a
 * session that ended.
 */
export function failureWords(i18n: I18n, failure: ConsoleFailure, during: 'sign-in' | 'work' = 'work'): string {
  switch (failure.kind) {
    case 'unauthenticated':
      return i18n.t(during === 'sign-in' ? 'console.signIn.wrong' : 'console.error.unauthenticated');
    case 'locked':
      return failure.retryAfterSeconds
        ? i18n.t('console.error.locked', { wait: waitWords(i18n, failure.retryAfterSeconds) })
        : i18n.t('console.error.lockedPlain');
    case 'rate-limited':
      return failure.retryAfterSeconds
        ? i18n.t('console.error.rate-limited', { wait: waitWords(i18n, failure.retryAfterSeconds) })
        : i18n.t('console.error.rate-limitedPlain');
    default:
      return i18n.t(`console.error.${failure.kind}`);
  }
}

/** How long ago, on the server's clock: "há 12 s", "há 4 min", and the clock time past an hour. */
export function agoWords(i18n: I18n, iso: string, nowMs: number): string {
  const at = Date.parse(iso);
  const seconds = Math.max(0, Math.floor((nowMs - at) / 1000));
  if (seconds < 60) return i18n.t('console.ago.seconds', { n: seconds });
  if (seconds < 3600) return i18n.t('console.ago.minutes', { n: Math.floor(seconds / 60) });
  return i18n.t('console.ago.at', { time: i18n.hourMinute(at) });
}

/** Why a bulk pause cannot go, in the Store page's words for the same rules. */
export function pauseProblemWords(i18n: I18n, problem: BulkPauseProblem): string {
  return problem === 'clock-invalid' ? i18n.t('console.bulk.clockInvalid') : i18n.t(`store.pauseRule.${problem}`);
}

/** Why a week of hours cannot go, in the Store page's words, on the day that breaks the rule ("Sexta: Este turno se sobrepõe a outro (Sábado)."). */
export function hoursProblemWords(i18n: I18n, problem: WeekProblem): string {
  if (problem.kind === 'empty') return i18n.t('store.hours.empty');
  const rule =
    problem.problem === 'overlap'
      ? i18n.t('store.hoursRule.overlap', { other: problem.other ? i18n.t(`store.day.${problem.other}`) : '' })
      : i18n.t(`store.hoursRule.${problem.problem}`);
  return `${i18n.t(`store.day.${problem.day}`)}: ${rule}`;
}

/** A refused change to a store's team in the terminals' own words (a name taken, the last manager, sign-in without one); else by its kind. */
export function teamFailureWords(i18n: I18n, failure: ConsoleFailure): string {
  if (failure.kind === 'invalid') {
    if (failure.message.includes('already called')) return i18n.t('staff.error.nameTaken');
    if (failure.message.includes('last manager')) return i18n.t('staff.error.lastManager');
    if (failure.message.includes('add a manager first')) return i18n.t('staff.error.noManager');
  }
  return failureWords(i18n, failure);
}
