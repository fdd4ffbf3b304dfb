import type { z } from 'zod';
import { AppError, describeZodError, type ErrorCode, type ErrorInfo } from '../../src-shared/errors';

/** Which module answered: each has its own error body shape (spec §7.2–§7.5). */
export type ApiModule = 'authentication' | 'merchant' | 'order' | 'shipping' | 'promotion' | 'review' | 'catalog';

/** The error body, normalised from the module's own shape. */
export interface ApiErrorBody {
  /** Review `error`, promotion `title`, merchant name (`InterruptionOverlap`), order/shipping/catalog `code`. */
  code?: string;
  message?: string;
  /** Review 422 `details.reason` (e.g. `INAPPROPRIATE_CONTENT`). */
  reason?: string;
  raw: unknown;
}

/** Spec §7.1 names 500 and 503; gateways in front of an API answer 502 and 504 for the same reason. */
const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'auth';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate-limit';
  if (status >= 500) return 'server';
  return 'validation';
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function parseErrorBody(module: ApiModule, raw: unknown): ApiErrorBody {
  if (raw === null || typeof raw !== 'object') {
    return { raw, ...(str(raw) ? { message: str(raw) } : {}) };
  }
  const b = raw as Record<string, unknown>;
  const body: ApiErrorBody = { raw };
  const set = (key: 'code' | 'message' | 'reason', value: unknown): void => {
    const s = str(value);
    if (s !== undefined) body[key] = s;
  };
  switch (module) {
    case 'review': // {error, status, details?: {reason}}
      set('code', b.error);
      set('message', b.message ?? b.error);
      set('reason', (b.details as Record<string, unknown> | undefined)?.reason);
      break;
    case 'promotion': // {type, title, status, detail, instance}
      set('code', b.title ?? b.type);
      set('message', b.detail ?? b.title);
      break;
    case 'merchant': // {error: 'InterruptionOverlap', message}
    case 'authentication':
      set('code', b.error ?? b.code);
      set('message', b.message ?? b.error_description ?? b.error);
      break;
    default: // order, shipping, catalog: {code, message}
      set('code', b.code);
      set('message', b.message);
  }
  return body;
}

export class ApiError extends AppError {
  readonly status: number | undefined;
  readonly body: ApiErrorBody | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly route: string;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      route: string;
      status?: number;
      body?: ApiErrorBody;
      retryable?: boolean;
      retryAfterMs?: number;
      cause?: unknown;
      field?: string;
    },
  ) {
    super(code, message, {
      ...(options.cause === undefined ? {} : { cause: options.cause }),
      ...(options.field === undefined ? {} : { field: options.field }),
    });
    this.name = 'ApiError';
    this.route = options.route;
    this.status = options.status;
    this.body = options.body;
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
  }

  static fromResponse(input: { module: ApiModule; route: string; status: number; body: unknown; retryAfterMs?: number }): ApiError {
    const body = parseErrorBody(input.module, input.body);
    const code = codeForStatus(input.status);
    const detail = body.message ?? body.code ?? `HTTP ${input.status}`;
    return new ApiError(code, `${input.route} answered ${input.status}: ${detail}`, {
      route: input.route,
      status: input.status,
      body,
      retryable: TRANSIENT_STATUSES.has(input.status) || input.status === 429,
      ...(input.retryAfterMs === undefined ? {} : { retryAfterMs: input.retryAfterMs }),
    });
  }

  override toInfo(): ErrorInfo {
    const info = super.toInfo();
    if (this.status !== undefined) info.status = this.status;
    if (this.retryAfterMs !== undefined) info.retryAfterMs = this.retryAfterMs;
    const reason = this.body?.reason ?? this.body?.code;
    if (reason !== undefined && /^[A-Za-z][A-Za-z0-9_-]{0,79}$/.test(reason)) info.reason = reason;
    return info;
  }
}

/** X-RateLimit-Reset is seconds until the window resets (spec §8); Retry-After is read alike. */
export function retryAfterMs(headers: Record<string, string>): number | undefined {
  const raw = headers['x-ratelimit-reset'] ?? headers['retry-after'];
  const reset = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(reset) && reset >= 0 ? Math.ceil(reset * 1000) : undefined;
}

/** The error a non-success answer becomes, with the module's error body parsed into it. */
export function errorFromResponse(module: ApiModule, route: string, response: { status: number; headers: Record<string, string>; body: unknown }): ApiError {
  const wait = response.status === 429 ? retryAfterMs(response.headers) : undefined;
  return ApiError.fromResponse({ module, route, status: response.status, body: response.body, ...(wait === undefined ? {} : { retryAfterMs: wait }) });
}

/**
 * Reads a success body with its schema. A body that breaks it becomes a `validation` error naming
 * the field (e.g. `items.0.totalPrice`); the value itself is never echoed (it may be a secret).
 */
export function parseBody<T>(route: string, status: number, body: unknown, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const { field, message } = describeZodError(parsed.error);
  return throwValidation(route, status, field, message, parsed.error);
}

function throwValidation(route: string, status: number, field: string, message: string, cause: unknown): never {
  throw new ApiError('validation', `${route} answered a body the app cannot read (${message})`, { route, status, field, cause });
}
