import type { z } from 'zod';
import { singleSource, type TokenRouter, type TokenSource } from './tokens';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import { ApiError, errorFromResponse, parseBody, type ApiModule } from './errors';
import type { LimiterPermit, RequestLimiter } from './rate-limiter';
import { RetryPolicy } from './retry';
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
  /** Schema of a successful body; omitted for bodies the app ignores. */
  schema?: z.ZodType<T>;
  /** Statuses that count as success (default: any 2xx). */
  expect?: readonly number[];
  /** The store the call is about: picks its token in a distributed app. */
  merchantId?: string;
  /** Sending twice is harmless (default: GET, PUT, DELETE). Decides retries after no answer. */
  idempotent?: boolean;
  timeoutMs?: number;
  /** The language a document is wanted in (`Accept-Language`), where the platform draws one. */
  acceptLanguage?: string;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** For calls whose path names no store (orders, shipping): the store, to pick its token. */
  merchantId?: string;
  /** Use this token source instead of routing by store (e.g. right after an authorization). */
  tokens?: TokenSource;
}

export interface CallOutcome {
  route: string;
  ok: boolean;
  error?: ApiError;
}

export interface ApiClientOptions {
  transport: Transport;
  /** One source (centralized app) or a router per store (distributed app). */
  tokens: TokenSource | TokenRouter;
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

const IDEMPOTENT_METHODS = new Set(['GET', 'PUT', 'DELETE']);

/**
 * The authenticated client every module file stands on: bearer token (renewed once on a 401, then
 * the request sent again), pacing by the limits table, retries as spec §7 says, and every success
 * body parsed by its schema so a broken answer is a typed error naming the field.
 */
export class ApiClient {
  private readonly router: TokenRouter;
  private readonly retry: RetryPolicy;

  constructor(private readonly options: ApiClientOptions) {
    this.router = 'sourceFor' in options.tokens ? options.tokens : singleSource(options.tokens);
    this.retry = new RetryPolicy({
      clock: options.clock,
      logger: options.logger,
      ...(options.retryDelaysMs ? { delaysMs: options.retryDelaysMs } : {}),
      ...(options.jitter === undefined ? {} : { jitter: options.jitter }),
      ...(options.random ? { random: options.random } : {}),
      onFailure: (route, error) => options.onOutcome?.({ route, ok: false, error }),
    });
  }

  async call<T>(call: ApiCall<T>, options?: CallOptions): Promise<T> {
    const signal = options?.signal;
    let tokens: TokenSource | undefined;
    let value: T;
    try {
      tokens = options?.tokens ?? this.router.sourceFor(call.merchantId ?? options?.merchantId);
      // The first attempt, written out here: the common path pays for one async frame, not three.
      const token = tokens.peek?.() ?? (await tokens.accessToken(signal));
      const pending = this.permit(call, signal);
      const permit = pending instanceof Promise ? await pending : pending;
      let response: HttpResponse | undefined;
      try {
        response = await this.options.transport.send(this.request(call, token, signal));
      } finally {
        permit?.done(response?.headers);
      }
      value = this.settle(call, response.status === 401 ? await this.renewAndResend(call, tokens, token, signal) : response);
    } catch (first) {
      try {
        if (!tokens) throw first;
        // The retry machinery is entered only after a failure: the common path builds nothing for it.
        const source = tokens;
        const idempotent = call.idempotent ?? IDEMPOTENT_METHODS.has(call.method);
        value = await this.retry.recover(first, { route: call.route, idempotent, signal }, () => this.authorized(call, source, signal));
      } catch (error) {
        if (error instanceof ApiError) this.options.onOutcome?.({ route: call.route, ok: false, error });
        throw error;
      }
    }
    this.options.onOutcome?.({ route: call.route, ok: true });
    return value;
  }

  /** One attempt, renewing the token and trying once more if the API answers 401. */
  private async authorized<T>(call: ApiCall<T>, tokens: TokenSource, signal: AbortSignal | undefined): Promise<T> {
    const token = tokens.peek?.() ?? (await tokens.accessToken(signal));
    const response = await this.send(call, token, signal);
    return this.settle(call, response.status === 401 ? await this.renewAndResend(call, tokens, token, signal) : response);
  }

  private async renewAndResend(call: ApiCall<unknown>, tokens: TokenSource, refused: string, signal: AbortSignal | undefined): Promise<HttpResponse> {
    await tokens.rejected(refused, signal);
    const retried = await this.send(call, await tokens.accessToken(signal), signal);
    if (retried.status !== 401) return retried;
    // A fresh token refused too: the credential no longer opens this door. Never loop on it.
    const cause = errorFromResponse(call.module, call.route, retried);
    throw new ApiError('auth', `${call.route}: the marketplace refused a fresh token: sign in again.`, {
      route: call.route,
      status: 401,
      ...(cause.body ? { body: cause.body } : {}),
      cause,
    });
  }

  /** Through the limiter, then the transport; the permit goes back with the answer's rate-limit headers. */
  private async send(call: ApiCall<unknown>, token: string, signal: AbortSignal | undefined): Promise<HttpResponse> {
    const permit = await this.permit(call, signal);
    let response: HttpResponse | undefined;
    try {
      response = await this.options.transport.send(this.request(call, token, signal));
      return response;
    } finally {
      permit?.done(response?.headers);
    }
  }

  /** The limiter's permit: at once when there is budget (no promise made), else when there is. */
  private permit(call: ApiCall<unknown>, signal: AbortSignal | undefined): LimiterPermit | undefined | Promise<LimiterPermit> {
    const { limiter } = this.options;
    if (!limiter) return undefined;
    return (!signal?.aborted && limiter.tryAcquire?.(call)) || limiter.acquire(call, signal);
  }

  private request(call: ApiCall<unknown>, token: string, signal: AbortSignal | undefined): HttpRequest {
    const request: HttpRequest = { method: call.method, path: call.path, route: call.route, headers: { authorization: `Bearer ${token}` } };
    if (call.query) request.query = call.query;
    if (call.json !== undefined) request.json = call.json;
    if (call.binary) request.binary = true;
    if (call.timeoutMs) request.timeoutMs = call.timeoutMs;
    if (call.acceptLanguage) request.headers = { ...request.headers, 'accept-language': call.acceptLanguage };
    if (signal) request.signal = signal;
    return request;
  }

  private settle<T>(call: ApiCall<T>, response: HttpResponse): T {
    const ok = call.expect ? call.expect.includes(response.status) : response.status >= 200 && response.status < 300;
    if (!ok) throw errorFromResponse(call.module, call.route, response);
    if (!call.schema) return response.body as T;
    try {
      return parseBody(call.route, response.status, response.body, call.schema);
    } catch (error) {
      this.options.logger.warn('unreadable answer', { route: call.route, field: (error as ApiError).field ?? '' });
      throw error;
    }
  }
}
