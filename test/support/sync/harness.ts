import { AuthenticationApi } from '../../../src-main/api/authentication';
import { ApiClient } from '../../../src-main/api/client';
import { OrderApi } from '../../../src-main/api/order';
import { RateLimiter } from '../../../src-main/api/rate-limiter';
import { RetryPolicy } from '../../../src-main/api/retry';
import { ShippingApi } from '../../../src-main/api/shipping';
import { createTransport } from '../../../src-main/api/transport';
import { centralizedTokens } from '../../../src-main/auth/centralized';
import { MemoryCredentialStore } from '../../../src-main/auth/credentials/credential-store';
import type { TokenEndpoint } from '../../../src-main/api/tokens';
import { silentLogger, type Logger } from '../../../src-main/base/log';
import { OrdersDb } from '../../../src-main/db/orders/orders-db';
import { apiOrderGateway } from '../../../src-main/sync/api-gateway';
import { ConnectivityMonitor } from '../../../src-main/sync/connectivity';
import type { OrderGateway } from '../../../src-main/sync/gateway';
import type { SyncProbe } from '../../../src-main/sync/probe';
import { SyncService } from '../../../src-main/sync/sync-service';
import type { Clock } from '../../../src-main/base/clock';
import { testClock } from '../clock';

/**
 * The app's real sync stack (API client, token manager, rate limiter, SQLite store, poller, outbox,
 * tracking) against a sandbox URL, with short waits so fault tests finish in seconds. Used by the
 * integration tests and by the crash test's child process.
 */
export interface SyncStack {
  store: OrdersDb;
  sync: SyncService;
  gateway: OrderGateway;
  /** The app side's clock (the tests' instant, like the sandbox's). */
  clock: Clock;
  connectivity: ConnectivityMonitor;
  /** Token requests made (first grant and renewals). */
  tokenRequests(): number;
  close(): Promise<void>;
}

export async function startSyncStack(options: {
  url: string;
  dataDir: string;
  pollIntervalMs?: number;
  probe?: SyncProbe;
  logger?: Logger;
  start?: boolean;
  /** The instant the app's clock starts at (default: the tests' instant); a restarted stack passes the sandbox's time. */
  clockAt?: string;
}): Promise<SyncStack> {
  const clock = testClock(options.clockAt);
  const logger = options.logger ?? silentLogger;
  const transport = createTransport(options.url);
  const limiter = new RateLimiter({ clock });
  const retry = { delaysMs: [20, 40] as const };
  const authentication = new AuthenticationApi({ transport, limiter, retry: new RetryPolicy({ clock, logger, ...retry }) });
  let tokenRequests = 0;
  const endpoint: TokenEndpoint = {
    requestToken: (grant, signal) => {
      tokenRequests++;
      return authentication.requestToken(grant, signal);
    },
  };
  const tokens = await centralizedTokens({ endpoint, clock, store: new MemoryCredentialStore(), logger, clientId: 'demo', clientSecret: 'demo-secret' });
  const connectivity = new ConnectivityMonitor(clock);
  const client = new ApiClient({ transport, tokens, clock, logger, limiter, retryDelaysMs: retry.delaysMs, onOutcome: (o) => connectivity.record(o) });
  const gateway = apiOrderGateway({ order: new OrderApi(client, clock), shipping: new ShippingApi(client) });
  const store = OrdersDb.open(options.dataDir);
  const sync = new SyncService({
    db: store,
    gateway,
    clock,
    logger,
    connectivity,
    pollIntervalMs: options.pollIntervalMs ?? 100,
    outbox: { backoffBaseMs: 20, backoffMaxMs: 200, sentCheckMs: 2_000 },
    trackingCheckEveryMs: 200,
    ...(options.probe ? { probe: options.probe } : {}),
  });
  if (options.start !== false) sync.start();
  return {
    store,
    sync,
    gateway,
    clock,
    connectivity,
    tokenRequests: () => tokenRequests,
    async close() {
      await sync.stop();
      connectivity.stop();
      store.close();
      await transport.close();
    },
  };
}

/** Resolves once `check` holds, polling every 20 ms; fails with `what` after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
