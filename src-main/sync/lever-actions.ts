import { AppError } from '../../src-shared/errors';
import { checkOpeningHours } from '../../src-shared/store-rules/opening-hours';
import { checkPause } from '../../src-shared/store-rules/pauses';
import type { NewShift } from '../../src-shared/wire/merchant';
import type { StoreActionInput } from './store-outbox';

/** How far before "now" a pause that starts now is sent as starting (the platform allows a start in the past). */
export const PAUSE_NOW_MARGIN_MS = 60_000;

/**
 * A pause as the store outbox sends it, its rules checked first (a refusal is a `validation` error
 * naming the field): the Store page's pause on every role, and a chain console's bulk pause (as the
 * hours below: the Store page's and a console's for a group).
 */
export function pauseAction(input: { merchantId: string; description: string; start?: string | undefined; end: string }, now: number): StoreActionInput {
  const { merchantId, description, start, end } = input;
  const problem = checkPause({ description, startMs: start ? Date.parse(start) : now, endMs: Date.parse(end) }, now);
  if (problem) {
    throw new AppError('validation', `The pause breaks a rule: ${problem}`, { field: problem.startsWith('description') ? 'description' : 'end' });
  }
  // "Now" is sent a little in the past: a terminal whose clock runs ahead of the platform's
  // would otherwise make a pause that starts in the platform's future, and the store stays open.
  const startMs = start ? Date.parse(start) : now - PAUSE_NOW_MARGIN_MS;
  const body = { description: description.trim(), start: new Date(startMs).toISOString(), end: new Date(Date.parse(end)).toISOString() };
  return { merchantId, kind: 'pause', subject: body.description, payload: body };
}

/** New opening hours as the store outbox sends them (a complete replacement), their rules checked first (a refusal names the shift). */
export function hoursAction(input: { merchantId: string; shifts: NewShift[] }): StoreActionInput {
  const { merchantId, shifts } = input;
  const check = checkOpeningHours(shifts);
  if (!check.ok) {
    const index = check.problems.findIndex((p) => p !== null);
    const what = check.empty ? 'empty' : check.tooMany ? 'too many shifts' : `${check.problems[index]}`;
    throw new AppError('validation', `The opening hours break a rule: ${what}`, { field: index >= 0 ? `shifts.${index}` : 'shifts' });
  }
  return { merchantId, kind: 'replaceHours', payload: { storeId: merchantId, shifts } };
}
