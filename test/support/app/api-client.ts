import { createMarketplaceApi, type MarketplaceApi } from '../../../src-main/api/index';
import { createTransport, type HttpRequest, type HttpResponse, type Transport } from '../../../src-main/api/transport';
import { centralizedTokens } from '../../../src-main/auth/centralized';
import { MemoryCredentialStore } from '../../../src-main/auth/credentials/credential-store';
import type { TokenManager } from '../../../src-main/auth/token-manager';
import type { Clock } from '../../../src-main/base/clock';
import { readOrderEvent, type OrderEvent } from '../../../src-shared/wire/events';
import { silentLogger, type Logger } from '../../../src-main/base/log';
import { testClock } from '../clock';

/** The app's real API client, pointed at a sandbox: what the integration tests drive. */
export interface ConnectedApi extends MarketplaceApi {
  tokens: TokenManager;
  transport: Transport;
  /** Every answer the client received, in order (route, status, the client clock's time), for tests that count 429s. */
  answers: { route: string; status: number; at: number }[];
  /** Requests sent (answered or not). */
  sent(): number;
  /** Requests out on the wire right now. */
  inFlight(): number;
  close(): Promise<void>;
}

export async function connectApi(
  baseUrl: string,
  options: { clientId?: string; clientSecret?: string; clock?: Clock; logger?: Logger; limitFactor?: number; retryDelaysMs?: readonly number[] } = {},
): Promise<ConnectedApi> {
  const clock = options.clock ?? testClock();
  const logger = options.logger ?? silentLogger;
  const real = createTransport(baseUrl);
  const answers: ConnectedApi['answers'] = [];
  let sent = 0;
  let settled = 0;
  const transport: Transport = {
    async send(request: HttpRequest): Promise<HttpResponse> {
      sent++;
      try {
        const response = await real.send(request);
        answers.push({ route: request.route, status: response.status, at: clock.now() });
        return response;
      } finally {
        settled++;
      }
    },
    close: () => real.close(),
  };
  const factory = createMarketplaceApi({
    transport,
    clock,
    logger,
    ...(options.limitFactor === undefined ? {} : { limitFactor: options.limitFactor }),
    retryDelaysMs: options.retryDelaysMs ?? [50, 100],
  });
  const tokens = await centralizedTokens({
    endpoint: factory.authentication,
    clock,
    store: new MemoryCredentialStore(),
    logger,
    clientId: options.clientId ?? 'demo',
    clientSecret: options.clientSecret ?? 'demo-secret',
  });
  return { ...factory.withTokens(tokens), tokens, transport, answers, sent: () => sent, inFlight: () => sent - settled, close: () => transport.close() };
}

/** Polled events through the app's one event reader (as the ingest reads them); events without an id are left out. */
export function readEvents(raw: readonly unknown[]): OrderEvent[] {
  return raw.map(readOrderEvent).filter((e) => e !== undefined);
}
