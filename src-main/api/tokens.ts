import type { TokenGrant, TokenResponse } from '../../src-shared/wire/auth';

/**
 * What the client needs from the authentication room, and nothing more: declared here so the API
 * layer stands on its own; `auth/` implements it (token manager, authorizations) on top of the
 * client's authentication module.
 */

/** Gives out a valid access token, renewing it before expiry; one renewal at a time. */
export interface TokenSource {
  accessToken(signal?: AbortSignal): Promise<string>;
  /** The access token when it is fresh, without waiting (the common case, kept cheap); else undefined. */
  peek?(): string | undefined;
  /** The API refused `token` (401): renew unless someone already did. */
  rejected(token: string, signal?: AbortSignal): Promise<void>;
}

/** Picks the token for a store: one source for a centralized app, one per authorized set otherwise. */
export interface TokenRouter {
  sourceFor(merchantId: string | undefined): TokenSource;
}

/** The token route of the authentication module (`api/authentication.ts`). */
export interface TokenEndpoint {
  requestToken(grant: TokenGrant, signal?: AbortSignal): Promise<TokenResponse>;
}

/** A single source used for every store (centralized application). */
export function singleSource(source: TokenSource): TokenRouter {
  return { sourceFor: () => source };
}
