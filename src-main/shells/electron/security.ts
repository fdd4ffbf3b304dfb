/**
 * The Electron shell's security settings in one place, so tests can assert them. The renderer is
 * untrusted: isolated, sandboxed, no Node, no navigation, no new windows, no permissions.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'renderer';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export { RENDERER_CSP } from '../renderer-csp';

/** Only the app's own pages may talk to the main process. */
export function isTrustedSender(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}
