import type { z } from 'zod';
import { describeZodError } from '../../src-shared/errors';
import type { TokenSource } from '../auth/token-manager';
import type { Clock } from '../clock';
import type { Logger } from '../log';
import { ApiError, type ApiModule } from './errors';
import type { HttpRequest, HttpResponse, Transport } from './transport';

/** One call to the API, as a module file describes it. */
export interface ApiCall<T> {
  module: ApiModule;
  method: HttpRequest['method'];
  /** The route as the spec names it, e.g. `GET /merchants/{merchantId}`; also the rate-limit key. */
  route: string;
  /** The concrete path with the module prefix. */
  path: string;
  query?: HttpRequest['query'];
  json?: unknown;
  binary?: boolean;
  /** Schema of a successful body; omitted for bodies the app ignores (202 confirmations). */
  schema?: z.ZodType<T>;
  /** Statuses that count as success (default: any 2xx). */
  expect?: readonly number[];
  /** Which token to use (distributed apps hold one per merchant). */
  tokens?: TokenSource;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** Keeps the app under the spec's limits (§8); the real one lives in `rate-limiter.ts`. */
export interface RequestLimiter {
  acquire(route: string, signal?: AbortSignal): Promise<void>;
  /** What the server said of a route's budget, to stay in step with it. */
  observe?(route: string, headers: Record<string, string>): void;
}

export interface CallOutcome {
  route: string;
  ok: boolean;
  error?: ApiError;
}

export interface ApiClientOptions {
  transport: Transport;
  tokens: TokenSource;
  clock: Clock;
  logger: Logger;
  limiter?: RequestLimiter;
  /** Waits before attempts 2 and 3 after a 5xx or a connection fault (spec §7.1: 2 s, 4 s). */
  retryDelaysMs?: readonly number[];
  /** Fraction of each wait added or removed at random, so terminals do not retry in lockstep. */
  jitter?: number;
  random?: () => number;
  onOutcome?: (outcome: CallOutcome) => void;
}

const DEFAULT_RETRY_DELAYS = [2_000, 4_000] as const;
const MAX_RATE_LIMIT_WAIT_MS = 60_000;

export class ApiClient {
  private readonly retryDelays: readonly number[];
  private readonly jitter: number;
  private readonly random: () => number;

  constructor(private readonly options: ApiClientOptions) {
    this.retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS;
    this.jitter = options.jitter ?? 0.2;
    this.random = options.random ?? Math.random;
  }

  async call<T>(call: ApiCall<T>, options: CallOptions = {}): Promise<T> {
    try {
      const value = await this.attempts(call, options.signal);
      this.options.onOutcome?.({ route: call.route, ok: true });
      return value;
    } catch (error) {
      if (error instanceof ApiError) this.options.onOutcome?.({ route: call.route, ok: false, error });
      throw error;
    }
  }

  private async attempts<T>(call: ApiCall<T>, signal: AbortSignal | undefined): Promise<T> {
    const { clock, logger } = this.options;
    let failures = 0;
    let rateLimited = 0;
    for (;;) {
      try {
        return await this.authorized(call, signal);
      } catch (error) {
        if (!(error instanceof ApiError) || !error.retryable || signal?.aborted) throw error;
        if (error.code === 'rate-limit') {
          // 429: wait for the window the server named, a few times, then give up.
          if (++rateLimited > 3) throw error;
          const wait = Math.min(error.retryAfterMs ?? 1_000, MAX_RATE_LIMIT_WAIT_MS);
          logger.warn('rate limited, waiting', { route: call.route, waitMs: wait });
          await clock.sleep(wait, signal);
          continue;
        }
        const delay = this.retryDelays[failures++];
        if (delay === undefined) throw error;
        const wait = Math.round(delay * (1 + this.jitter * (this.random() * 2 - 1)));
        logger.warn('transient failure, retrying', { route: call.route, status: error.status, code: error.code, waitMs: wait });
        await clock.sleep(wait, signal);
      }
    }
  }

  /** One attempt, renewing the token and trying once more if the API answers 401. */
  private async authorized<T>(call: ApiCall<T>, signal: AbortSignal | undefined): Promise<T> {
    const tokens = call.tokens ?? this.options.tokens;
    const token = await tokens.accessToken(signal);
    const response = await this.send(call, token, signal);
    if (response.status !== 401) return this.settle(call, response);
    await tokens.rejected(token, signal);
    const retried = await this.send(call, await tokens.accessToken(signal), signal);
    return this.settle(call, retried);
  }

  private async send(call: ApiCall<unknown>, token: string, signal: AbortSignal | undefined): Promise<HttpResponse> {
    await this.options.limiter?.acquire(call.route, signal);
    const response = await this.options.transport.send({
      method: call.method,
      path: call.path,
      route: call.route,
      headers: { authorization: `Bearer ${token}` },
      ...(call.query ? { query: call.query } : {}),
      ...(call.json !== undefined ? { json: call.json } : {}),
      ...(call.binary ? { binary: true } : {}),
      ...(signal ? { signal } : {}),
    });
    this.options.limiter?.observe?.(call.route, response.headers);
    return response;
  }

  private settle<T>(call: ApiCall<T>, response: HttpResponse): T {
    const ok = call.expect ? call.expect.includes(response.status) : response.status >= 200 && response.status < 300;
    if (!ok) {
      throw ApiError.fromResponse({
        module: call.module,
        route: call.route,
        status: response.status,
        body: response.body,
        ...(response.status === 429 ? { retryAfterMs: retryAfterMs(response.headers) } : {}),
      });
    }
    if (!call.schema) return response.body as T;
    const parsed = call.schema.safeParse(response.body);
    if (parsed.success) return parsed.data;
    const { field, message } = describeZodError(parsed.error);
    throw new ApiError('validation', `${call.route} answered a body the app cannot read (${message})`, {
      route: call.route,
      status: response.status,
      field,
      cause: parsed.error,
    });
  }
}

/** X-RateLimit-Reset is seconds until the window resets (spec §8). */
export function retryAfterMs(headers: Record<string, string>): number {
  const reset = Number(headers['x-ratelimit-reset'] ?? headers['retry-after']);
  return Number.isFinite(reset) && reset >= 0 ? Math.ceil(reset * 1000) : 1_000;
}
