import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { TokenGrant, TokenResponse, UserCodeResponse } from '../../src-shared/wire/auth';
import { ApiError } from '../api/errors';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { accountFor, type CredentialStore } from './credentials/credential-store';
import type { TokenRouter, TokenSource } from '../api/tokens';
import { TokenManager } from './token-manager';

/** The authentication routes a distributed application uses (`api/authentication.ts`). */
export interface AuthorizationEndpoint {
  requestToken(grant: TokenGrant, signal?: AbortSignal): Promise<TokenResponse>;
  requestUserCode(clientId: string, signal?: AbortSignal): Promise<UserCodeResponse>;
}

/** What the merchant sees to authorize the terminal; the verifier never leaves the main process. */
export interface PendingAuthorization {
  userCode: string;
  verificationUrl: string;
  verificationUrlComplete: string;
  /** Epoch ms after which the user code is dead. */
  expiresAt: number;
}

export interface AuthorizationSummary {
  id: string;
  merchantIds: string[];
  /** The grant was refused: the merchant must authorize the terminal again. */
  signInAgain: boolean;
}

/** What is kept per authorization in the credential store (the refresh token is the secret). */
const StoredAuthorization = z.object({ merchantIds: z.array(z.string()), refreshToken: z.string().min(1) });

export interface MerchantAuthorizationsOptions {
  endpoint: AuthorizationEndpoint;
  clock: Clock;
  store: CredentialStore;
  logger: Logger;
  clientId: string;
  clientSecret: string;
  /** The stores a fresh token opens (GET /merchants with it). */
  listMerchantIds: (tokens: TokenSource, signal?: AbortSignal) => Promise<string[]>;
}

interface Authorization {
  id: string;
  merchantIds: string[];
  tokens: TokenManager;
}

/**
 * A distributed application (spec §5): each merchant, or group of merchants, authorizes the terminal
 * through the authorization-code flow and gets a token set of its own. This routes every call to the
 * token of the store it is about, keeps each refresh token in the credential store (rotated tokens
 * included), and restores them on the next launch.
 */
export class MerchantAuthorizations implements TokenRouter {
  private readonly list: Authorization[] = [];
  private pending: (PendingAuthorization & { verifier: string }) | undefined;

  constructor(private readonly options: MerchantAuthorizationsOptions) {}

  /** Loads the authorizations kept from earlier launches. */
  async restore(): Promise<void> {
    const { store, logger } = this.options;
    const prefix = accountFor.authorization('');
    for (const account of await store.accounts()) {
      if (!account.startsWith(prefix)) continue;
      const parsed = StoredAuthorization.safeParse(safeJson(await store.get(account)));
      if (!parsed.success) {
        logger.warn('a stored authorization is unreadable and is dropped; that store must authorize again', { account });
        await store.delete(account);
        continue;
      }
      const id = account.slice(prefix.length);
      this.add(id, parsed.data.merchantIds, { accessToken: '', refreshToken: parsed.data.refreshToken, expiresAt: 0 });
    }
  }

  get authorizations(): AuthorizationSummary[] {
    return this.list.map((a) => ({ id: a.id, merchantIds: [...a.merchantIds], signInAgain: a.tokens.refusal !== undefined }));
  }

  /** Step 1: a user code for the merchant to enter at the verification URL. */
  async start(signal?: AbortSignal): Promise<PendingAuthorization> {
    const answer = await this.options.endpoint.requestUserCode(this.options.clientId, signal);
    const pending = {
      userCode: answer.userCode,
      verificationUrl: answer.verificationUrl,
      verificationUrlComplete: answer.verificationUrlComplete,
      expiresAt: this.options.clock.now() + answer.expiresIn * 1000,
    };
    this.pending = { ...pending, verifier: answer.authorizationCodeVerifier };
    return pending;
  }

  /** Step 2: the authorization code the portal gave the merchant; returns the stores now reachable. */
  async complete(authorizationCode: string, signal?: AbortSignal): Promise<AuthorizationSummary> {
    const pending = this.pending;
    const route = 'POST /oauth/token';
    if (!pending) throw new ApiError('validation', 'no authorization in progress: ask for a new code first', { route });
    if (this.options.clock.now() >= pending.expiresAt) {
      this.pending = undefined;
      throw new ApiError('validation', 'the user code expired: ask for a new code', { route });
    }
    const { clientId, clientSecret } = this.options;
    const response = await this.options.endpoint.requestToken(
      {
        grant_type: 'authorization_code',
        client_id: clientId,
        client_secret: clientSecret,
        authorization_code: authorizationCode.trim(),
        authorization_code_verifier: pending.verifier,
      },
      signal,
    );
    this.pending = undefined;
    const id = randomUUID();
    const now = this.options.clock.now();
    const initial = { accessToken: response.access_token, refreshToken: response.refresh_token, expiresAt: now + response.expires_in * 1000 };
    const probe = this.manager(id, initial);
    const merchantIds = await this.options.listMerchantIds(probe, signal);
    // One store belongs to one authorization: a newer grant replaces what an older one covered.
    for (const merchantId of merchantIds) this.forgetMerchant(merchantId);
    for (const emptied of this.list.filter((a) => a.merchantIds.length === 0)) await this.remove(emptied.id);
    const authorization = this.add(id, merchantIds, probe.current ?? initial, probe);
    await this.persist(authorization);
    return { id, merchantIds, signInAgain: false };
  }

  /** Forgets an authorization (the merchant revoked it, or staff signs the store out). */
  async remove(id: string): Promise<void> {
    const index = this.list.findIndex((a) => a.id === id);
    if (index >= 0) this.list.splice(index, 1);
    await this.options.store.delete(accountFor.authorization(id));
  }

  sourceFor(merchantId: string | undefined): TokenSource {
    if (merchantId === undefined) {
      const only = this.list.length === 1 ? this.list[0] : undefined;
      if (only) return only.tokens;
      throw new ApiError('internal', 'a distributed application must say which store a call is for', { route: '(token routing)' });
    }
    const authorization = this.list.find((a) => a.merchantIds.includes(merchantId));
    if (!authorization) {
      throw new ApiError('auth', `store ${merchantId} has not authorized this terminal: authorize it again`, { route: '(token routing)' });
    }
    return authorization.tokens;
  }

  /** Every token set, for calls made once per authorization (event polling). */
  sources(): { id: string; merchantIds: string[]; tokens: TokenSource }[] {
    return this.list.map((a) => ({ id: a.id, merchantIds: [...a.merchantIds], tokens: a.tokens }));
  }

  private add(id: string, merchantIds: string[], initial: TokenManager['current'], existing?: TokenManager): Authorization {
    const authorization: Authorization = { id, merchantIds, tokens: existing ?? this.manager(id, initial) };
    this.list.push(authorization);
    return authorization;
  }

  private manager(id: string, initial: TokenManager['current']): TokenManager {
    const { endpoint, clock, clientId, clientSecret, logger } = this.options;
    return new TokenManager({
      endpoint,
      clock,
      clientId,
      clientSecret,
      // An authorization code works once: a refused refresh token means authorizing again.
      initialGrant: () => undefined,
      ...(initial ? { initial } : {}),
      onTokens: () => {
        const authorization = this.list.find((a) => a.id === id);
        if (authorization) void this.persist(authorization).catch((error: unknown) => logger.error('credential store: cannot keep a refresh token', { error }));
      },
      onRefused: () => logger.warn('an authorization was refused; its stores must authorize the terminal again', { id }),
    });
  }

  private writes: Promise<void> = Promise.resolve();

  private persist(authorization: Authorization): Promise<void> {
    const refreshToken = authorization.tokens.current?.refreshToken;
    if (!refreshToken) return Promise.resolve();
    const value = JSON.stringify({ merchantIds: authorization.merchantIds, refreshToken });
    const write = this.writes.then(() => this.options.store.set(accountFor.authorization(authorization.id), value));
    this.writes = write.catch(() => {});
    return write;
  }

  private forgetMerchant(merchantId: string): void {
    for (const authorization of this.list) {
      authorization.merchantIds = authorization.merchantIds.filter((m) => m !== merchantId);
    }
  }
}

function safeJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
