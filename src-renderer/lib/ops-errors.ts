import type { ErrorInfo } from '../../src-shared/errors';
import type { I18n } from '../i18n/i18n.svelte';

export type OpsAction = 'pause' | 'resume' | 'hours' | 'checkin' | 'status';

/**
 * A failed store operation in the clerk's words (a sentence per action and kind, else the kind's
 * general sentence), and the platform's own message when it refused the request (400/409): an
 * integrator needs to see exactly what it said.
 */
export function opsErrorText(i18n: I18n, action: OpsAction, error: ErrorInfo): { sentence: string; platform: string | null } {
  const sentence = i18n.label('store.opsError', `${action}.${error.code}`, i18n.error(error));
  const refused = (error.code === 'validation' || error.code === 'conflict') && error.status !== undefined;
  return { sentence, platform: refused && error.message ? error.message : null };
}
