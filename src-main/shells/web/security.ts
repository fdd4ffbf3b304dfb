import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The web host's three locks: it binds loopback only (elsewhere), answers only its own Host names
 * (no DNS rebinding), only its own Origin may open the IPC socket (no cross-site use), and every
 * request must carry the per-launch secret (another local user or page cannot drive the terminal).
 */
export const SESSION_COOKIE = 'st_session';

export { RENDERER_CSP as CONTENT_SECURITY_POLICY } from '../renderer-csp';

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function hostAllowed(request: IncomingMessage, port: number): boolean {
  return allowedHosts(port).has(request.headers.host ?? '');
}

/** Same-origin only; a missing Origin is refused for the socket (browsers always send one). */
export function originAllowed(origin: string | undefined, port: number): boolean {
  if (!origin) return false;
  return [...allowedHosts(port)].some((host) => origin === `http://${host}`);
}

export function secretMatches(candidate: string | undefined, secret: string): boolean {
  if (!candidate) return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function cookieValue(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
