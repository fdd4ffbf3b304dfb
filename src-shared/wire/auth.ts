import { z } from 'zod';

/**
 * Wire shapes of the authentication module (spec §5, docs/merchant-api.md). These
 * carry secrets: they live in the main process only and never cross IPC or reach a log line.
 */

export const TokenResponse = z.object({
  access_token: z.string().min(1),
  /** Absent from some renewals: the previous refresh token then stays valid. */
  refresh_token: z.string().min(1).optional(),
  token_type: z.string().optional(),
  expires_in: z.number().int().positive(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

export const ClientCredentialsGrant = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
});

export const RefreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1),
  client_id: z.string().min(1).optional(),
  client_secret: z.string().min(1).optional(),
});

export const AuthorizationCodeGrant = z.object({
  grant_type: z.literal('authorization_code'),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  authorization_code: z.string().min(1),
  authorization_code_verifier: z.string().min(1),
});

export const TokenGrant = z.discriminatedUnion('grant_type', [ClientCredentialsGrant, RefreshGrant, AuthorizationCodeGrant]);
export type TokenGrant = z.infer<typeof TokenGrant>;

/** POST /oauth/userCode `{client_id}`: the code a merchant types in the partner portal. */
export const UserCodeRequest = z.object({ client_id: z.string().min(1) });
export type UserCodeRequest = z.infer<typeof UserCodeRequest>;

export const UserCodeResponse = z.object({
  userCode: z.string().min(1),
  /** Kept in the main process and sent back with the authorization code. */
  authorizationCodeVerifier: z.string().min(1),
  verificationUrl: z.string(),
  verificationUrlComplete: z.string(),
  /** Seconds the user code stays valid. */
  expiresIn: z.number().int().positive(),
});
export type UserCodeResponse = z.infer<typeof UserCodeResponse>;
