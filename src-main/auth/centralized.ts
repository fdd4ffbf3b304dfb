import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { accountFor, type CredentialStore } from './credentials/credential-store';
import type { TokenEndpoint } from '../api/tokens';
import { TokenManager } from './token-manager';

export interface CentralizedTokensOptions {
  endpoint: TokenEndpoint;
  clock: Clock;
  store: CredentialStore;
  logger: Logger;
  clientId: string | undefined;
  /** Given on this launch (flag or environment); else read from the credential store. */
  clientSecret: string | undefined;
}

/**
 * Tokens of a centralized application (spec §5: one client-credentials credential for every
 * store). The client secret and the refresh token live in the credential store: the secret so the
 * next launch needs no flag, the refresh token so a restart renews instead of signing in anew.
 */
export async function centralizedTokens(options: CentralizedTokensOptions): Promise<TokenManager> {
  const { store, logger, clientId } = options;
  const report = (what: string) => (error: unknown) => logger.error(`credential store: cannot ${what}`, { kind: store.kind, error });

  let clientSecret = options.clientSecret;
  if (clientId && clientSecret) {
    if ((await store.get(accountFor.clientSecret(clientId)).catch(() => undefined)) !== clientSecret) {
      await store.set(accountFor.clientSecret(clientId), clientSecret).catch(report('keep the client secret'));
    }
  } else if (clientId) {
    clientSecret = await store.get(accountFor.clientSecret(clientId)).catch((error: unknown) => {
      report('read the client secret')(error);
      return undefined;
    });
  }

  const refreshAccount = clientId ? accountFor.refreshToken(clientId) : undefined;
  const storedRefresh = refreshAccount ? await store.get(refreshAccount).catch(() => undefined) : undefined;
  const secret = clientSecret;
  // Store writes in the order the tokens came: the last refresh token kept is the live one.
  let writes: Promise<void> = Promise.resolve();
  const inOrder = (write: () => Promise<void>, onError: (error: unknown) => void): void => {
    writes = writes.then(write).catch(onError);
  };
  return new TokenManager({
    endpoint: options.endpoint,
    clock: options.clock,
    ...(clientId ? { clientId } : {}),
    ...(secret ? { clientSecret: secret } : {}),
    initialGrant: () => (clientId && secret ? { grant_type: 'client_credentials', client_id: clientId, client_secret: secret } : undefined),
    // Start from the stored refresh token: the first call renews it (expiry 0 = renew now).
    ...(storedRefresh ? { initial: { accessToken: '', refreshToken: storedRefresh, expiresAt: 0 } } : {}),
    onTokens: (tokens) => {
      const refresh = tokens.refreshToken;
      if (refreshAccount && refresh) inOrder(() => store.set(refreshAccount, refresh), report('keep the refresh token'));
    },
    onRefused: () => {
      if (refreshAccount) inOrder(() => store.delete(refreshAccount), report('forget the refused refresh token'));
    },
  });
}
