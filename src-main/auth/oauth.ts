import { z } from 'zod';
import { ApiError } from '../api/errors';
import type { Transport } from '../api/transport';

/** Token requests of the authentication module (DESIGN.md § Filling the spec's gaps). */

export const TOKEN_PATH = '/authentication/v1.0/oauth/token';
const TOKEN_ROUTE = 'POST /oauth/token';

export const TokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  token_type: z.string().optional(),
  expires_in: z.number().int().positive(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export type TokenGrant =
  | { grant_type: 'client_credentials'; client_id: string; client_secret: string }
  | { grant_type: 'refresh_token'; refresh_token: string; client_id?: string; client_secret?: string }
  | {
      grant_type: 'authorization_code';
      client_id: string;
      client_secret: string;
      authorization_code: string;
      authorization_code_verifier: string;
    };

export async function requestToken(transport: Transport, grant: TokenGrant, signal?: AbortSignal): Promise<TokenResponse> {
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(grant)) if (value !== undefined) form[key] = value;
  const response = await transport.send({
    method: 'POST',
    path: TOKEN_PATH,
    form,
    route: TOKEN_ROUTE,
    ...(signal ? { signal } : {}),
  });
  if (response.status !== 200) {
    throw ApiError.fromResponse({ module: 'authentication', route: TOKEN_ROUTE, status: response.status, body: response.body });
  }
  const parsed = TokenResponse.safeParse(response.body);
  if (!parsed.success) {
    throw new ApiError('validation', `${TOKEN_ROUTE} answered a token the app cannot read`, {
      route: TOKEN_ROUTE,
      status: response.status,
      cause: parsed.error,
    });
  }
  return parsed.data;
}
