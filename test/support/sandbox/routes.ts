import assert from 'node:assert/strict';
import type { SandboxRoute } from '../../../src-sandbox/index';

/**
 * Helpers for the tests that sweep every route of the sandbox: turn a route into a request path,
 * tell which module's error shape an answer must have, and check that shape (spec §7.2–§7.5,
 * docs/merchant-api.md).
 */
export type ErrorShape = 'authentication' | 'merchant' | 'review' | 'promotion' | 'code-message';

/** The error shape of the module a path belongs to. */
export function shapeOf(path: string): ErrorShape {
  if (path.startsWith('/authentication/') || path.startsWith('/realms/')) return 'authentication';
  if (path.startsWith('/merchant/')) return 'merchant';
  if (path.startsWith('/review/')) return 'review';
  if (path.startsWith('/promotion/')) return 'promotion';
  // order, events, shipping, catalog and the control surface: {code, message}
  return 'code-message';
}

/** Routes that take no bearer token. */
export function isOpen(route: SandboxRoute): boolean {
  return (
    route.url.startsWith('/authentication/') || route.url.startsWith('/realms/') || route.url.startsWith('/_sandbox') || route.url.startsWith('/tracking/')
  );
}

export function key(route: SandboxRoute): string {
  return `${route.method} ${route.url}`;
}

/** Parameter names of a fastify path (`::` is a literal colon, not a parameter). */
export function paramsOf(url: string): string[] {
  return [...url.replaceAll('::', '').matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
}

/** The request path for a route, each parameter filled by `fill(name)` (URL-encoded). */
export function pathOf(url: string, fill: (name: string) => string): string {
  const marker = '\u0000';
  return url
    .replaceAll('::', marker)
    .replace(/:([A-Za-z]+)/g, (_m, name: string) => encodeURIComponent(fill(name)))
    .replaceAll(marker, ':');
}

/** Asserts the body is a well-formed error of the module's shape for this status. */
export function assertShape(shape: ErrorShape, response: { status: number; body: unknown; headers: Record<string, string> }, label: string): void {
  assert.match(response.headers['content-type'] ?? '', /application\/json/, `${label}: JSON error body`);
  const body = response.body as Record<string, unknown>;
  assert.ok(body && typeof body === 'object' && !Array.isArray(body), `${label}: an object`);
  const keys = Object.keys(body).sort();
  switch (shape) {
    case 'authentication':
      assert.deepEqual(keys, ['error', 'error_description'], label);
      assert.equal(typeof body.error, 'string', label);
      return;
    case 'merchant':
      assert.deepEqual(keys, ['error', 'message'], label);
      assert.match(String(body.error), /^[A-Z][A-Za-z]+$/, `${label}: a name like BadRequest`);
      return;
    case 'review':
      assert.ok(keys.includes('error') && keys.includes('status'), label);
      assert.ok(
        keys.every((k) => ['error', 'status', 'details'].includes(k)),
        label,
      );
      assert.equal(body.status, response.status, `${label}: status in the body`);
      assert.equal(typeof body.error, 'string', label);
      return;
    case 'promotion':
      assert.deepEqual(keys, ['detail', 'instance', 'status', 'title', 'type'], label);
      assert.equal(body.status, response.status, `${label}: status in the body`);
      return;
    case 'code-message':
      assert.ok(keys.includes('code') && keys.includes('message'), label);
      assert.ok(
        keys.every((k) => ['code', 'message', 'details'].includes(k)),
        label,
      );
      assert.equal(typeof body.code, 'string', label);
      assert.equal(typeof body.message, 'string', label);
      return;
  }
}

/** The name the merchant module gives a status (spec §7.4). */
export const MERCHANT_NAMES: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  503: 'ServiceUnavailable',
};
