import type { ErrorInfo } from '../../src-shared/errors';
import type { I18n } from '../i18n/i18n.svelte';

/**
 * A failed connection attempt in the manager's words: what to check (the address, the id and
 * secret, the internet), not the platform's status code.
 */
export function connectErrorText(i18n: I18n, error: ErrorInfo): string {
  if (error.field === 'apiBaseUrl') return i18n.t('setup.error.address');
  switch (error.code) {
    case 'auth':
    case 'forbidden':
    case 'not-found':
    case 'validation':
    case 'connection':
    case 'timeout':
    case 'server':
    case 'rate-limit':
      return i18n.t(`setup.error.${error.code}`);
    default:
      return i18n.error(error);
  }
}

/**
 * A refused authorization code: expired (ask again) or refused by the platform (check it). OAuth
 * names both `invalid_grant`, so only the words tell them apart: the terminal's own check of the
 * user code says "expired", the platform (Portuguese) says "expirado".
 */
export function authorizationErrorText(i18n: I18n, error: ErrorInfo): string {
  if (/expired|expirad[oa]/i.test(error.message)) return i18n.t('setup.error.codeExpired');
  if (error.code === 'validation' || error.code === 'auth') return i18n.t('setup.error.code');
  return connectErrorText(i18n, error);
}

/** An SVG path drawing the dark modules of a QR matrix (a 4-module quiet zone around it). */
export function qrPath(size: number, modules: string): string {
  let path = '';
  for (let i = 0; i < modules.length; i++) {
    if (modules[i] !== '1') continue;
    path += `M${(i % size) + 4} ${Math.floor(i / size) + 4}h1v1h-1z`;
  }
  return path;
}
