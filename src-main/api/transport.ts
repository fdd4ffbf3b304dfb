import { Agent, errors as undiciErrors, type Dispatcher } from 'undici';
import { ApiError } from './errors';

/**
 * HTTP on undici: one shared keep-alive agent for the app, timeouts on every request, abort signals
 * passed through. It speaks bytes and JSON; it knows nothing of tokens, retries or limits.
 */
export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under the base URL, with the module prefix, e.g. `/merchant/v1.0/merchants`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  /** Request headers; the transport may add to this object (accept, content-type). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Ask for the body as bytes (PDFs). */
  binary?: boolean;
  timeoutMs?: number;
  /** Name used in errors and logs, e.g. `GET /merchants/{merchantId}`. */
  route: string;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON, text, bytes (when `binary`), or undefined for an empty body. */
  body: unknown;
}

export interface Transport {
  send(request: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

function buildPath(basePath: string, request: HttpRequest): string {
  if (!request.query) return basePath + request.path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${basePath}${request.path}${qs ? `?${qs}` : ''}`;
}

/**
 * undici already gives header names in lower case; a repeated header (an array) is joined in place.
 * The object is the response's own, so no copy is made per request.
 */
function flattenHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  for (const key in headers) {
    const value = headers[key];
    if (Array.isArray(value)) headers[key] = value.join(', ');
    else if (value === undefined) delete headers[key];
  }
  return headers as Record<string, string>;
}

/**
 * The largest answer the terminal reads (a check-in sheet of 20 stores is a few hundred KiB; a
 * page of catalog or events well under that). A larger one is refused, not buffered: a broken or
 * hostile server must not fill the terminal's memory.
 */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

function tooLarge(route: string): ApiError {
  return new ApiError('validation', `${route}: the answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB and was not read`, { route });
}

/** A declared length over `limit` is refused before anything is read; true when there is one. */
function declaredWithin(response: Dispatcher.ResponseData, route: string, limit: number): boolean {
  const declared = Number(response.headers['content-length']);
  if (!Number.isFinite(declared)) return false;
  if (declared > limit) {
    response.body.destroy();
    throw tooLarge(route);
  }
  return true;
}

/** The body's bytes, at most `limit` (a declared length is checked before anything is read). */
async function readBytes(response: Dispatcher.ResponseData, route: string, limit: number): Promise<Buffer> {
  // undici holds the body to its declared length: the fast path for the common answer.
  if (declaredWithin(response, route, limit)) return Buffer.from(await response.body.arrayBuffer());
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      response.body.destroy();
      throw tooLarge(route);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function readBody(response: Dispatcher.ResponseData, binary: boolean, route: string, limit: number): Promise<unknown> {
  if (binary && response.statusCode < 300) return readBytes(response, route, limit);
  // Text of a declared length is decoded from undici's chunks at once: no joined copy to decode again
  // (the JSON answer of every call: bench client).
  const text = declaredWithin(response, route, limit) ? await response.body.text() : (await readBytes(response, route, limit)).toString('utf8');
  if (text.length === 0) return undefined;
  const type = String(response.headers['content-type'] ?? '');
  if (type.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function connectionError(error: unknown, route: string, signal: AbortSignal | undefined): ApiError {
  if (signal?.aborted) return new ApiError('aborted', `${route}: cancelled`, { route, cause: error });
  const name = (error as { code?: string; name?: string }).code ?? (error as Error).name;
  const timeout =
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError ||
    name === 'TimeoutError';
  if (timeout) return new ApiError('timeout', `${route}: no answer in time`, { route, retryable: true, cause: error });
  return new ApiError('connection', `${route}: cannot reach the API (${name ?? 'network error'})`, {
    route,
    retryable: true,
    cause: error,
  });
}

export function createTransport(baseUrl: string, options: { dispatcher?: Dispatcher; connections?: number; maxResponseBytes?: number } = {}): Transport {
  const limit = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  const url = new URL(baseUrl);
  const origin = url.origin;
  const basePath = url.pathname.replace(/\/+$/, '');
  const ownsDispatcher = options.dispatcher === undefined;
  const dispatcher =
    options.dispatcher ??
    new Agent({
      keepAliveTimeout: 30_000,
      connections: options.connections ?? 64,
      connect: { timeout: 10_000 },
    });

  return {
    async send(request) {
      const headers: Record<string, string> = request.headers ?? {};
      headers.accept ??= request.binary ? 'application/pdf, application/json' : 'application/json';
      let body: string | undefined;
      if (request.form !== undefined) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(request.form).toString();
      } else if (request.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.json);
      }
      const timeout = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      let response: Dispatcher.ResponseData;
      try {
        response = await dispatcher.request({
          origin,
          path: buildPath(basePath, request),
          method: request.method,
          headers,
          body,
          signal: request.signal,
          headersTimeout: timeout,
          bodyTimeout: timeout,
        });
      } catch (error) {
        throw connectionError(error, request.route, request.signal);
      }
      let parsed: unknown;
      try {
        parsed = await readBody(response, request.binary === true, request.route, limit);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw connectionError(error, request.route, request.signal);
      }
      return { status: response.statusCode, headers: flattenHeaders(response.headers), body: parsed };
    },
    async close() {
      if (ownsDispatcher) await dispatcher.close();
    },
  };
}
