import type { ErrorInfo } from '../../src-shared/errors';
import { i18n } from '../i18n/i18n.svelte';

export type OpsAction = 'pause' | 'resume' | 'hours' | 'checkin' | 'status';

/**
 * A failed store operation in the clerk's words (a sentence per action and kind, else the kind's
 * general sentence), and the platform's own message when it refused the request (400/409): an
 * integrator needs to see exactly what it said.
 */
export function opsErrorText(action: OpsAction, error: ErrorInfo): { sentence: string; platform: string | null } {
  const sentence = i18n.tDynamic(`store.opsError.${action}.${error.code}`, i18n.error(error));
  const refused = (error.code === 'validation' || error.code === 'conflict') && error.status !== undefined;
  return { sentence, platform: refused && error.message ? error.message : null };
}
