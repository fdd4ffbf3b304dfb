import type { IncomingMessage } from 'node:http';

/**
 * The web host's locks: it binds loopback only, answers only its own Host names (no DNS rebinding),
 * takes a session or opens the IPC socket only for its own Origin (no cross-site use), and drives
 * nothing without a session (see sessions.ts).
 */
export { RENDERER_CSP as CONTENT_SECURITY_POLICY } from '../renderer-csp';

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** Exactly one Host header, and one of ours (a repeated Host is how requests get smuggled). */
export function hostAllowed(request: IncomingMessage, port: number): boolean {
  let hosts = 0;
  for (let i = 0; i < request.rawHeaders.length; i += 2) if (request.rawHeaders[i]?.toLowerCase() === 'host') hosts++;
  return hosts === 1 && allowedHosts(port).has(request.headers.host ?? '');
}

/** Same-origin only; a missing Origin is refused (browsers always send one where it matters). */
export function originAllowed(origin: string | undefined, port: number): boolean {
  if (!origin) return false;
  return [...allowedHosts(port)].some((host) => origin === `http://${host}`);
}

export { requestPath } from '../../hub/link/http-replies';
