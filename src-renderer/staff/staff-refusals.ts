import type { ErrorInfo } from '../../src-shared/errors';
import type { I18n } from '../i18n/i18n.svelte';

/** What a change to the team was: its refusals in the team's own words. */
export type TeamChange = 'save' | 'remove' | 'configure';

/**
 * A refused change to the team in words (the main process refuses in English for the log): a name
 * already taken, the last manager, sign-in without a manager; any other refusal in its kind's words.
 */
export function teamRefusal(i18n: I18n, change: TeamChange, error: ErrorInfo): string {
  if (error.code !== 'conflict') return i18n.error(error);
  if (change === 'save' && error.field === 'name') return i18n.t('staff.error.nameTaken');
  if (change === 'configure') return i18n.t('staff.error.noManager');
  return i18n.t('staff.error.lastManager');
}
