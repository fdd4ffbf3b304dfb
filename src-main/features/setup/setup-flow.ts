import QRCode from 'qrcode';
import { AppError } from '../../../src-shared/errors';
import type { PendingAuthorizationView } from '../../../src-shared/ipc/channels/setup';
import type { StoreListItem } from '../../../src-shared/wire/merchant';
import { createMarketplaceApi, type MarketplaceApi } from '../../api/index';
import { createTransport, type Transport } from '../../api/transport';
import { MerchantAuthorizations } from '../../auth/authorizations';
import { centralizedTokens } from '../../auth/centralized';
import { MemoryCredentialStore } from '../../auth/credentials/credential-store';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import { ApiBaseUrl } from '../../config/config';
import type { SavedAccount } from '../../config/terminal-config';

/** Connecting takes a few calls; a screen waits this long before it says the platform is slow. */
const CHECK_BUDGET_MS = 20_000;

export interface CheckedAccount {
  saved: Exclude<SavedAccount, { kind: 'demo' }>;
  clientSecret: string;
  stores: StoreListItem[];
  /** Secrets the check produced (a distributed application's authorization), to keep on finishing. */
  secrets: MemoryCredentialStore;
}

interface Connection {
  transport: Transport;
  factory: ReturnType<typeof createMarketplaceApi>;
}

/**
 * The first-run screen's checks: an account is tried (a token, then the store list) on a connection
 * of its own before anything is saved; the secret stays in memory until the manager picks the
 * stores and finishes. Only one attempt is open at a time.
 */
export class SetupFlow {
  private open: Connection | undefined;
  private authorizing:
    | {
        connection: Connection;
        authorizations: MerchantAuthorizations;
        apiBaseUrl: string;
        clientId: string;
        clientSecret: string;
        secrets: MemoryCredentialStore;
      }
    | undefined;
  private checked: CheckedAccount | undefined;

  constructor(private readonly options: { clock: Clock; logger: Logger }) {}

  /** The account the last check proved, until finished or abandoned. */
  get candidate(): CheckedAccount | undefined {
    return this.checked;
  }

  async checkCentralized(input: { apiBaseUrl: string; clientId: string; clientSecret: string }): Promise<StoreListItem[]> {
    await this.reset();
    const apiBaseUrl = parseAddress(input.apiBaseUrl);
    const connection = this.connect(apiBaseUrl);
    const secrets = new MemoryCredentialStore();
    try {
      const tokens = await centralizedTokens({
        endpoint: connection.factory.authentication,
        clock: this.options.clock,
        store: secrets,
        logger: this.options.logger,
        clientId: input.clientId,
        clientSecret: input.clientSecret,
      });
      const api = connection.factory.withTokens(tokens);
      const stores = await withBudget((signal) => api.merchant.listStores({}, { signal }));
      this.checked = { saved: { kind: 'centralized', apiBaseUrl, clientId: input.clientId }, clientSecret: input.clientSecret, stores, secrets };
      return stores;
    } finally {
      await connection.transport.close();
      this.open = undefined;
    }
  }

  /** Asks for a user code (the owner approves it in the portal) and keeps the verifier here. */
  async startAuthorization(input: { apiBaseUrl: string; clientId: string; clientSecret: string }): Promise<PendingAuthorizationView> {
    await this.reset();
    const apiBaseUrl = parseAddress(input.apiBaseUrl);
    const connection = this.connect(apiBaseUrl);
    const secrets = new MemoryCredentialStore();
    let api: MarketplaceApi | undefined;
    const authorizations = new MerchantAuthorizations({
      endpoint: connection.factory.authentication,
      clock: this.options.clock,
      store: secrets,
      logger: this.options.logger,
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      listMerchantIds: async (tokens, signal) => {
        api = connection.factory.withTokens(tokens);
        return (await api.merchant.listStores({}, signal ? { signal } : {})).map((s) => s.id);
      },
    });
    try {
      const pending = await withBudget((signal) => authorizations.start(signal));
      this.authorizing = { connection, authorizations, apiBaseUrl, clientId: input.clientId, clientSecret: input.clientSecret, secrets };
      const qr = QRCode.create(pending.verificationUrlComplete, { errorCorrectionLevel: 'M' });
      const modules = Array.from(qr.modules.data, (dark) => (dark ? '1' : '0')).join('');
      return {
        userCode: pending.userCode,
        verificationUrl: pending.verificationUrl,
        verificationUrlComplete: pending.verificationUrlComplete,
        expiresAt: new Date(pending.expiresAt).toISOString(),
        qr: { size: qr.modules.size, modules },
      };
    } catch (error) {
      await this.reset();
      throw error;
    }
  }

  /** Exchanges the authorization code the portal showed; resolves to the stores it opened. */
  async completeAuthorization(authorizationCode: string): Promise<StoreListItem[]> {
    const flow = this.authorizing;
    if (!flow) throw new AppError('validation', 'no authorization in progress: ask for a new code first', { field: 'authorizationCode' });
    const summary = await withBudget((signal) => flow.authorizations.complete(authorizationCode, signal));
    const api = flow.connection.factory.withTokens(flow.authorizations);
    const all = await withBudget((signal) => api.merchant.listStores({}, { signal, merchantId: summary.merchantIds[0] }));
    const stores = all.filter((s) => summary.merchantIds.includes(s.id));
    this.checked = {
      saved: { kind: 'distributed', apiBaseUrl: flow.apiBaseUrl, clientId: flow.clientId },
      clientSecret: flow.clientSecret,
      stores,
      secrets: flow.secrets,
    };
    return stores;
  }

  /** Forgets every attempt (the screen went back, or the account was saved). */
  async reset(): Promise<void> {
    const transports = [this.open?.transport, this.authorizing?.connection.transport];
    this.open = undefined;
    this.authorizing = undefined;
    this.checked = undefined;
    await Promise.all(transports.map((t) => t?.close()));
  }

  private connect(apiBaseUrl: string): Connection {
    const transport = createTransport(apiBaseUrl);
    const factory = createMarketplaceApi({ transport, clock: this.options.clock, logger: this.options.logger, retryDelaysMs: [1_000] });
    this.open = { transport, factory };
    return this.open;
  }
}

/** The address as the manager typed it, checked (https, or http on this machine only). */
function parseAddress(text: string): string {
  const parsed = ApiBaseUrl.safeParse(text.trim().replace(/\/+$/, ''));
  if (!parsed.success) throw new AppError('validation', parsed.error.issues[0]?.message ?? 'not a web address', { field: 'apiBaseUrl' });
  return parsed.data;
}

/** Runs a call with the screen's time budget: a hung platform is a timeout, not an endless spinner. */
async function withBudget<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return call(AbortSignal.timeout(CHECK_BUDGET_MS));
}
