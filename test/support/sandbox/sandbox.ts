import { request } from 'undici';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../src-sandbox/index';
import { pinnedNow } from '../clock';

/**
 * A sandbox on a free loopback port, its clock at the tests' instant (support/clock.ts) unless the
 * options say otherwise, and small raw-HTTP helpers for talking to it as a client would.
 */
export async function withSandbox(options: SandboxOptions = {}): Promise<RunningSandbox & { http: RawHttp }> {
  const sandbox = await startSandbox({ port: 0, now: pinnedNow(), ...options });
  return Object.assign(sandbox, { http: rawHttp(sandbox.url) });
}

/**
 * The usual start of a sandbox suite: a sandbox and an access token of each seeded client-credentials
 * application (`demo`, the demo stores' owner; `other`, a stranger to them).
 *   before(async () => ({ sandbox, demo, other } = await sandboxWithTokens()));
 *   after(() => sandbox.close());
 */
export async function sandboxWithTokens(options: SandboxOptions = {}): Promise<{ sandbox: RunningSandbox & { http: RawHttp }; demo: string; other: string }> {
  const sandbox = await withSandbox(options);
  const [demo, other] = await Promise.all([sandbox.http.token('demo', 'demo-secret'), sandbox.http.token('other', 'other-secret')]);
  return { sandbox, demo, other };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  bytes: Buffer;
}

export interface RawHttp {
  send(
    method: string,
    path: string,
    options?: { token?: string; json?: unknown; form?: Record<string, string>; raw?: string; contentType?: string },
  ): Promise<RawResponse>;
  token(clientId?: string, clientSecret?: string): Promise<string>;
  tokens(clientId?: string, clientSecret?: string): Promise<{ access_token: string; refresh_token: string; expires_in: number }>;
}

export function rawHttp(base: string): RawHttp {
  const send: RawHttp['send'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = {};
    let body: string | undefined;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.raw !== undefined) {
      headers['content-type'] = options.contentType ?? 'application/json';
      body = options.raw;
    }
    const response = await request(`${base}${path}`, { method: method as 'GET', headers, body });
    const bytes = Buffer.from(await response.body.arrayBuffer());
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(response.headers)) if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
    let parsed: unknown = undefined;
    if (bytes.length > 0 && (flat['content-type'] ?? '').includes('json')) parsed = JSON.parse(bytes.toString('utf8'));
    return { status: response.statusCode, headers: flat, body: parsed, bytes };
  };
  const tokens: RawHttp['tokens'] = async (clientId = 'demo', clientSecret = 'demo-secret') => {
    const response = await send('POST', '/authentication/v1.0/oauth/token', {
      form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    });
    if (response.status !== 200) throw new Error(`token request failed: ${response.status}`);
    return response.body as { access_token: string; refresh_token: string; expires_in: number };
  };
  return { send, tokens, token: async (id, secret) => (await tokens(id, secret)).access_token };
}
