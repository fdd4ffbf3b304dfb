import type { TokenRouter, TokenSource } from './tokens';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { AuthenticationApi } from './authentication';
import { CatalogApi } from './catalog';
import { EventsApi } from './events';
import { ApiClient, type CallOutcome } from './client';
import type { ApiError } from './errors';
import { MerchantApi } from './merchant';
import { OrderApi } from './order';
import { PromotionApi } from './promotion';
import { RateLimiter } from './rate-limiter';
import { RetryPolicy } from './retry';
import { ReviewApi } from './review';
import { ShippingApi } from './shipping';
import type { Transport } from './transport';

/** Every module of the API on one transport, one limiter (limits are per application) and one retry policy. */
export interface MarketplaceApi {
  client: ApiClient;
  limiter: RateLimiter;
  authentication: AuthenticationApi;
  merchant: MerchantApi;
  order: OrderApi;
  shipping: ShippingApi;
  promotion: PromotionApi;
  review: ReviewApi;
  catalog: CatalogApi;
  /** The events module's polling routes (the order module's are on `order`). */
  events: EventsApi;
}

export interface MarketplaceApiOptions {
  transport: Transport;
  clock: Clock;
  logger: Logger;
  /** Multiplies the §8 limits (1 = as documented). */
  limitFactor?: number;
  /** Waits between attempts after a transient failure (spec §7.1: 2 s, 4 s). */
  retryDelaysMs?: readonly number[];
  onOutcome?: (outcome: CallOutcome) => void;
}

/**
 * Builds the authentication module first (the token sources need it), then the rest once the
 * tokens exist: `createMarketplaceApi(options).withTokens(tokens)`.
 */
export function createMarketplaceApi(options: MarketplaceApiOptions): {
  authentication: AuthenticationApi;
  limiter: RateLimiter;
  withTokens(tokens: TokenSource | TokenRouter): MarketplaceApi;
} {
  const { transport, clock, logger } = options;
  const limiter = new RateLimiter({ clock, ...(options.limitFactor === undefined ? {} : { factor: options.limitFactor }) });
  const delays = options.retryDelaysMs ? { delaysMs: options.retryDelaysMs } : {};
  const onFailure = options.onOutcome ? (route: string, error: ApiError) => options.onOutcome?.({ route, ok: false, error }) : undefined;
  const authentication = new AuthenticationApi({
    transport,
    limiter,
    retry: new RetryPolicy({ clock, logger, ...delays, ...(onFailure ? { onFailure } : {}) }),
  });
  return {
    authentication,
    limiter,
    withTokens(tokens) {
      const client = new ApiClient({
        transport,
        tokens,
        clock,
        logger,
        limiter,
        ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
        ...(options.onOutcome ? { onOutcome: options.onOutcome } : {}),
      });
      return {
        client,
        limiter,
        authentication,
        merchant: new MerchantApi(client),
        order: new OrderApi(client, clock),
        shipping: new ShippingApi(client),
        promotion: new PromotionApi(client, clock),
        review: new ReviewApi(client),
        catalog: new CatalogApi(client, clock),
        events: new EventsApi(client),
      };
    },
  };
}
