import { AppError } from '../../src-shared/errors';
import { ApiError } from '../api/errors';
import type { Transport } from '../api/transport';
import type { Clock } from '../clock';
import { requestToken, type TokenGrant, type TokenResponse } from './oauth';

export interface TokenSet {
  accessToken: string;
  refreshToken: string | undefined;
  /** Epoch ms at which the access token expires. */
  expiresAt: number;
}

/** Gives out a valid access token, renewing it before expiry; one renewal at a time. */
export interface TokenSource {
  accessToken(signal?: AbortSignal): Promise<string>;
  /** The API refused `token` (401): renew unless someone already did. */
  rejected(token: string, signal?: AbortSignal): Promise<void>;
}

export interface TokenManagerOptions {
  transport: Transport;
  clock: Clock;
  /** The grant that obtains a fresh token set when there is no usable refresh token. */
  initialGrant: () => TokenGrant | undefined;
  clientId?: string;
  clientSecret?: string;
  /** Renew this long before expiry, so a request never leaves with a token about to die. */
  refreshMarginMs?: number;
  onTokens?: (tokens: TokenSet) => void;
  initial?: TokenSet;
}

export const SIGN_IN_AGAIN = 'The marketplace refused the terminal\'s credentials: sign in again.';

export class TokenManager implements TokenSource {
  private tokens: TokenSet | undefined;
  private inflight: Promise<TokenSet> | undefined;
  /** Set when the credential itself was refused: no more attempts until `reset()`. */
  private refused: ApiError | undefined;
  private readonly margin: number;

  constructor(private readonly options: TokenManagerOptions) {
    this.tokens = options.initial;
    this.margin = options.refreshMarginMs ?? 60_000;
  }

  get current(): TokenSet | undefined {
    return this.tokens;
  }

  /** Forget a refusal after the user signed in again (new credentials or authorization). */
  reset(initial?: TokenSet): void {
    this.refused = undefined;
    this.tokens = initial;
  }

  async accessToken(signal?: AbortSignal): Promise<string> {
    const tokens = this.tokens;
    if (tokens && tokens.expiresAt - this.margin > this.options.clock.now()) return tokens.accessToken;
    return (await this.renew(signal)).accessToken;
  }

  async rejected(token: string, signal?: AbortSignal): Promise<void> {
    if (this.tokens && this.tokens.accessToken !== token) return; // someone renewed already
    await this.renew(signal);
  }

  private renew(signal?: AbortSignal): Promise<TokenSet> {
    if (this.refused) return Promise.reject(this.refused);
    // Single flight: concurrent callers share the one renewal in progress.
    this.inflight ??= this.obtain(signal).finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async obtain(signal?: AbortSignal): Promise<TokenSet> {
    const refreshToken = this.tokens?.refreshToken;
    if (refreshToken) {
      try {
        return this.accept(
          await requestToken(
            this.options.transport,
            {
              grant_type: 'refresh_token',
              refresh_token: refreshToken,
              ...(this.options.clientId ? { client_id: this.options.clientId } : {}),
              ...(this.options.clientSecret ? { client_secret: this.options.clientSecret } : {}),
            },
            signal,
          ),
        );
      } catch (error) {
        // A refused refresh token falls back to the initial grant; a network fault does not.
        if (!isRefusal(error)) throw error;
      }
    }
    const grant = this.options.initialGrant();
    if (!grant) throw this.refuse(new ApiError('auth', SIGN_IN_AGAIN, { route: 'POST /oauth/token' }));
    try {
      return this.accept(await requestToken(this.options.transport, grant, signal));
    } catch (error) {
      if (isRefusal(error)) throw this.refuse(error as ApiError);
      throw error;
    }
  }

  private accept(response: TokenResponse): TokenSet {
    const tokens: TokenSet = {
      accessToken: response.access_token,
      refreshToken: response.refresh_token ?? this.tokens?.refreshToken,
      expiresAt: this.options.clock.now() + response.expires_in * 1000,
    };
    this.tokens = tokens;
    this.options.onTokens?.(tokens);
    return tokens;
  }

  private refuse(cause: ApiError): ApiError {
    this.tokens = undefined;
    this.refused = new ApiError('auth', SIGN_IN_AGAIN, {
      route: cause.route,
      ...(cause.status === undefined ? {} : { status: cause.status }),
      ...(cause.body === undefined ? {} : { body: cause.body }),
      cause,
    });
    return this.refused;
  }
}

function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 401 || error.status === 403);
}

export function isSignInAgain(error: unknown): boolean {
  return error instanceof AppError && error.code === 'auth';
}
