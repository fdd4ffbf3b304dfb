import type { TokenGrant, TokenResponse } from '../../src-shared/wire/auth';
import { ApiError } from '../api/errors';
import type { TokenEndpoint, TokenSource } from '../api/tokens';
import type { Clock } from '../base/clock';

export interface TokenSet {
  accessToken: string;
  refreshToken: string | undefined;
  /** Epoch ms at which the access token expires. */
  expiresAt: number;
}

export interface TokenManagerOptions {
  endpoint: TokenEndpoint;
  clock: Clock;
  /**
   * The grant that obtains a fresh token set when there is no usable refresh token: client
   * credentials for a centralized app; undefined for an authorization (an authorization code works
   * once, so a refused refresh token means the merchant must authorize again).
   */
  initialGrant: () => TokenGrant | undefined;
  clientId?: string;
  clientSecret?: string;
  /** Renew this long before expiry, so a request never leaves with a token about to die. */
  refreshMarginMs?: number;
  /** A new token set (to keep the refresh token in the credential store). */
  onTokens?: (tokens: TokenSet) => void;
  /** The credential was refused: sign in again (to forget the stored refresh token). */
  onRefused?: (error: ApiError) => void;
  initial?: TokenSet;
}

export const SIGN_IN_AGAIN = "The marketplace refused the terminal's credentials: sign in again.";
const TOKEN_ROUTE = 'POST /oauth/token';

export class TokenManager implements TokenSource {
  private tokens: TokenSet | undefined;
  /** When to renew: `margin` before expiry, or halfway through a lifetime shorter than that. */
  private renewAt = 0;
  private inflight: Promise<TokenSet> | undefined;
  /** Set when the credential itself was refused: no more attempts until `reset()`. */
  private refused: ApiError | undefined;
  private readonly margin: number;

  constructor(private readonly options: TokenManagerOptions) {
    this.margin = options.refreshMarginMs ?? 60_000;
    this.install(options.initial);
  }

  get current(): TokenSet | undefined {
    return this.tokens;
  }

  /** The "sign in again" error, while the credential stands refused. */
  get refusal(): ApiError | undefined {
    return this.refused;
  }

  /** Forget a refusal after the user signed in again (new credentials or authorization). */
  reset(initial?: TokenSet): void {
    this.refused = undefined;
    this.install(initial);
  }

  peek(): string | undefined {
    return this.tokens && this.options.clock.now() < this.renewAt ? this.tokens.accessToken : undefined;
  }

  async accessToken(signal?: AbortSignal): Promise<string> {
    if (this.tokens && this.options.clock.now() < this.renewAt) return this.tokens.accessToken;
    return (await this.renew(signal)).accessToken;
  }

  async rejected(token: string, signal?: AbortSignal): Promise<void> {
    if (this.tokens && this.tokens.accessToken !== token) return; // someone renewed already
    this.renewAt = 0;
    await this.renew(signal);
  }

  private install(tokens: TokenSet | undefined): void {
    this.tokens = tokens;
    if (!tokens) {
      this.renewAt = 0;
      return;
    }
    const now = this.options.clock.now();
    const lifetime = tokens.expiresAt - now;
    this.renewAt = tokens.expiresAt - Math.min(this.margin, Math.max(0, lifetime / 2));
  }

  /**
   * Single flight: concurrent callers share the one renewal in progress. The renewal does not carry
   * any caller's signal (one caller giving up must not fail the others); each caller stops waiting
   * on its own signal.
   */
  private renew(signal?: AbortSignal): Promise<TokenSet> {
    if (this.refused) return Promise.reject(this.refused);
    this.inflight ??= this.obtain().finally(() => {
      this.inflight = undefined;
    });
    return signal ? untilAborted(this.inflight, signal) : this.inflight;
  }

  private async obtain(): Promise<TokenSet> {
    const { endpoint, clientId, clientSecret } = this.options;
    const refreshToken = this.tokens?.refreshToken;
    if (refreshToken) {
      try {
        return this.accept(
          await endpoint.requestToken({
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
            ...(clientId ? { client_id: clientId } : {}),
            ...(clientSecret ? { client_secret: clientSecret } : {}),
          }),
          refreshToken,
        );
      } catch (error) {
        // A refused refresh token falls back to the initial grant; a network fault does not.
        if (!isRefusal(error)) throw error;
      }
    }
    const grant = this.options.initialGrant();
    if (!grant) throw this.refuse(new ApiError('auth', SIGN_IN_AGAIN, { route: TOKEN_ROUTE }));
    try {
      return this.accept(await endpoint.requestToken(grant), undefined);
    } catch (error) {
      if (isRefusal(error)) throw this.refuse(error as ApiError);
      throw error;
    }
  }

  private accept(response: TokenResponse, previousRefresh: string | undefined): TokenSet {
    const tokens: TokenSet = {
      accessToken: response.access_token,
      refreshToken: response.refresh_token ?? previousRefresh,
      expiresAt: this.options.clock.now() + response.expires_in * 1000,
    };
    this.install(tokens);
    this.options.onTokens?.(tokens);
    return tokens;
  }

  private refuse(cause: ApiError): ApiError {
    this.install(undefined);
    this.refused = new ApiError('auth', SIGN_IN_AGAIN, {
      route: cause.route,
      ...(cause.status === undefined ? {} : { status: cause.status }),
      ...(cause.body === undefined ? {} : { body: cause.body }),
      cause,
    });
    this.options.onRefused?.(this.refused);
    return this.refused;
  }
}

/** The token route refused the grant itself (not a fault on the way). */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 401 || error.status === 403);
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function abortError(): ApiError {
  return new ApiError('aborted', `${TOKEN_ROUTE}: cancelled`, { route: TOKEN_ROUTE });
}
