import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { SandboxClock } from '../clock';

/** JWT access tokens (HS256, per-sandbox key) and opaque, single-use refresh tokens. */
export interface Principal {
  clientId: string;
  /** For distributed apps: the merchants that authorized this token; undefined = the app's own set. */
  merchantIds?: string[];
}

interface RefreshRecord extends Principal {
  expiresAt: number;
}

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 3600;

/** Verified tokens kept to skip the signature check on the next request (bounded). */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenIssuer {
  private readonly key = randomBytes(32);
  private refreshTokens = new Map<string, RefreshRecord>();
  /** token → principal and expiry (epoch ms); expiry is still checked on every use. */
  private verified = new Map<string, { principal: Principal; expiresAt: number }>();

  constructor(
    private readonly clock: SandboxClock,
    private accessSeconds = ACCESS_TOKEN_SECONDS,
  ) {}

  setAccessTokenLifetime(seconds: number): void {
    this.accessSeconds = seconds;
  }

  async issue(principal: Principal): Promise<{ access_token: string; refresh_token: string; token_type: 'Bearer'; expires_in: number }> {
    const nowSeconds = Math.floor(this.clock.now() / 1000);
    const access = await new SignJWT({ ...(principal.merchantIds ? { merchant_scope: principal.merchantIds } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(principal.clientId)
      .setJti(randomUUID())
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + this.accessSeconds)
      .setIssuer('store-terminal-sandbox')
      .sign(this.key);
    const refresh = randomBytes(24).toString('base64url');
    this.refreshTokens.set(refresh, { ...principal, expiresAt: this.clock.now() + REFRESH_TOKEN_SECONDS * 1000 });
    return { access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: this.accessSeconds };
  }

  /** The principal of a valid access token, or undefined (missing, expired, forged). */
  async verify(token: string): Promise<Principal | undefined> {
    const cached = this.verified.get(token);
    if (cached) {
      if (cached.expiresAt > this.clock.now()) return cached.principal;
      this.verified.delete(token);
      return undefined;
    }
    const principal = await this.check(token);
    if (principal) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, principal);
      return principal.principal;
    }
    return undefined;
  }

  private async check(token: string): Promise<{ principal: Principal; expiresAt: number } | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: 'store-terminal-sandbox',
        currentDate: new Date(this.clock.now()),
        clockTolerance: 0,
      });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return undefined;
      const scope = payload.merchant_scope;
      const principal: Principal = Array.isArray(scope) ? { clientId: payload.sub, merchantIds: scope.map(String) } : { clientId: payload.sub };
      return { principal, expiresAt: payload.exp * 1000 };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return undefined;
      throw error;
    }
  }

  /** Spends a refresh token: each one works once (rotation), and only before it expires. */
  redeem(refreshToken: string): Principal | undefined {
    const record = this.refreshTokens.get(refreshToken);
    this.refreshTokens.delete(refreshToken);
    if (!record || record.expiresAt <= this.clock.now()) return undefined;
    const { expiresAt: _expiresAt, ...principal } = record;
    return principal;
  }

  reset(): void {
    this.refreshTokens = new Map();
    this.verified = new Map();
  }
}
