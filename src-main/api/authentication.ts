import type { z } from 'zod';
import { TokenResponse, UserCodeResponse, type TokenGrant } from '../../src-shared/wire/auth';
import type { TokenEndpoint } from './tokens';
import { errorFromResponse, parseBody } from './errors';
import type { RequestLimiter } from './rate-limiter';
import type { RetryPolicy } from './retry';
import type { HttpResponse, Transport } from './transport';

/**
 * Authentication module (spec §5, docs/merchant-api.md): the token route (client credentials, refresh token,
 * authorization code) and the user code of the authorization-code flow. These calls carry no bearer
 * token; they are paced by the limits table and retried like any other call.
 */

const PREFIX = '/authentication/v1.0';
export const TOKEN_ROUTE = 'POST /oauth/token';
export const USER_CODE_ROUTE = 'POST /oauth/userCode';

export interface AuthenticationApiOptions {
  transport: Transport;
  retry: RetryPolicy;
  limiter?: RequestLimiter;
}

export class AuthenticationApi implements TokenEndpoint {
  constructor(private readonly options: AuthenticationApiOptions) {}

  /** POST /oauth/token, form-encoded (docs/merchant-api.md). */
  requestToken(grant: TokenGrant, signal?: AbortSignal): Promise<TokenResponse> {
    const form: Record<string, string> = {};
    for (const [key, value] of Object.entries(grant)) if (typeof value === 'string') form[key] = value;
    // A token request that got no answer is safe to repeat: the worst case is one unused token.
    return this.post(TOKEN_ROUTE, `${PREFIX}/oauth/token`, form, TokenResponse, signal);
  }

  /** POST /oauth/userCode `{client_id}`: starts the authorization-code flow. */
  requestUserCode(clientId: string, signal?: AbortSignal): Promise<UserCodeResponse> {
    return this.post(USER_CODE_ROUTE, `${PREFIX}/oauth/userCode`, { client_id: clientId }, UserCodeResponse, signal);
  }

  private post<T>(route: string, path: string, form: Record<string, string>, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    const { retry, transport, limiter } = this.options;
    return retry.run({ route, idempotent: true, signal }, async () => {
      const permit = await limiter?.acquire({ module: 'authentication', route }, signal);
      let response: HttpResponse | undefined;
      try {
        response = await transport.send({ method: 'POST', path, form, route, ...(signal ? { signal } : {}) });
      } finally {
        permit?.done(response?.headers);
      }
      if (response.status < 200 || response.status >= 300) throw errorFromResponse('authentication', route, response);
      return parseBody(route, response.status, response.body, schema);
    });
  }
}
