import type { FastifyRequest } from 'fastify';

/**
 * The path of the route the router matched, or the raw path when none did. Guards look at this,
 * never at `request.url`: the router decodes the path before matching (`/%5Fsandbox/reset` reaches
 * `/_sandbox/reset`), so a guard on the raw URL can be walked around with percent-encoding.
 */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url;
}

/** The control surface: loopback callers only, no token. */
export function isControlRoute(path: string): boolean {
  return path === '/_sandbox' || path.startsWith('/_sandbox/');
}
