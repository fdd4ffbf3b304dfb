import { isTransient } from '../../../src-shared/errors';
import type { Clock } from '../../base/clock';
import { ONLINE_BUDGET_MS, withinBudget } from '../../ipc/online-budget';

/**
 * How long a code typed at the counter waits on the platform before the saved code answers. The
 * check is one small POST that a working platform answers in well under a second; past 1.5 s it is
 * down or struggling (a 503 is retried only after 2 s, a lost connection waits for its timeout),
 * and a driver is standing at the counter. The saved code gives the same verdict (spec §4.5:
 * compare with the detail's pickupCode; the localizer for an own delivery), and the screen says it
 * was checked offline. (The former 4 s budget made a clerk wait 4.4 s with a 503 platform.)
 */
export const CODE_CHECK_BUDGET_MS = 1_500;

export interface CodeCheckVerdict {
  valid: boolean;
  /** `api` when the platform answered; `cache` when the saved code did. */
  checkedBy: 'api' | 'cache';
}

export interface CodeCheck {
  code: string;
  /** The code the saved detail holds, when it holds one. */
  saved: string | null;
  /** The terminal already knows the platform is out of reach: the saved code answers at once. */
  offline: boolean;
  clock: Clock;
  /** The platform's check, aborted by the signal when its time is up. */
  ask: (signal: AbortSignal) => Promise<boolean>;
}

/**
 * A pickup or delivery code, checked with the platform or, when it cannot answer in time, with the
 * saved code. With no saved code there is nothing to fall back on: the platform gets the screens'
 * usual budget, and its failure is the answer.
 */
export async function checkCode({ code, saved, offline, clock, ask }: CodeCheck): Promise<CodeCheckVerdict> {
  if (saved !== null && offline) return { valid: saved === code, checkedBy: 'cache' };
  try {
    return { valid: await withinBudget(clock, saved === null ? ONLINE_BUDGET_MS : CODE_CHECK_BUDGET_MS, ask), checkedBy: 'api' };
  } catch (error) {
    if (saved === null || !isTransient(error)) throw error;
    return { valid: saved === code, checkedBy: 'cache' };
  }
}
