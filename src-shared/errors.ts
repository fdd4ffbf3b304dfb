import { z } from 'zod';

/**
 * Every failure in the app is a value with one of these kinds. The renderer turns a kind into a
 * sentence a counter clerk understands; logs keep the details.
 */
export const ErrorCode = z.enum([
  'auth', // 401: credential rejected, sign in again
  'forbidden', // 403: the credential cannot see this store or resource
  'not-found', // 404
  'conflict', // 409: the action makes no sense in the current state
  'validation', // 400 / 412 / 422, or a response that breaks its schema
  'rate-limit', // 429
  'server', // 5xx
  'connection', // no response: network down, refused, reset
  'timeout',
  'aborted',
  'printer', // a printer did not take a ticket; `reason` says why (PrinterFault): never the platform's link
  'bad-input', // the renderer sent something the contract rejects
  'storage', // local database or keychain problem
  'not-configured', // no account yet: the first-run screen comes first
  'sign-in-needed', // staff sign-in is on and nobody works at this device (docs/staff.md)
  'approval-needed', // a costly action without a manager's PIN
  'wrong-pin', // a PIN that is not the person's (counted)
  'locked', // too many wrong PINs: the person or the device waits
  'internal', // a bug: should never reach a user, but must never crash the app
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * Failures that say nothing about the request itself: the platform could not be reached, answered
 * with a server error, asked to slow down, or the wait was cut short by a time budget. The same
 * request may work later; meanwhile a screen answers from what the terminal knows.
 */
const TRANSIENT: ReadonlySet<ErrorCode> = new Set(['connection', 'timeout', 'server', 'rate-limit', 'aborted']);

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

export function isTransient(error: unknown): boolean {
  return TRANSIENT.has(codeOf(error) as ErrorCode);
}

/**
 * Work the terminal keeps (an outbox action, a first order detail) waits through a transient failure
 * and through a refused credential too: a renewal or a new sign-in fixes that without changing the
 * request, so it is tried again rather than given up.
 */
export function waitsToRetry(error: unknown): boolean {
  return isTransient(error) || codeOf(error) === 'auth';
}

/** The plain shape an error takes when it crosses IPC. */
export const ErrorInfo = z.object({
  code: ErrorCode,
  message: z.string(),
  status: z.number().int().optional(),
  retryAfterMs: z.number().nonnegative().optional(),
  /** The field that failed validation, when one is known (e.g. `items.0.price`). */
  field: z.string().optional(),
  /**
   * The platform's own name for the refusal (`InterruptionOverlap`, `DisputeExpired`,
   * `OutOfDeliveryArea`, `INAPPROPRIATE_CONTENT`, ...), or for a `printer` error the cause
   * (`refused`, `timeout`, ...): a screen that knows it says exactly what happened, one that does
   * not falls back to the kind.
   */
  reason: z.string().max(80).optional(),
});
export type ErrorInfo = z.infer<typeof ErrorInfo>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; field?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = options?.field;
  }

  toInfo(): ErrorInfo {
    const info: ErrorInfo = { code: this.code, message: this.message };
    if (this.field !== undefined) info.field = this.field;
    return info;
  }
}

/** Describes where a zod parse failed, for messages that name the field. */
export function describeZodError(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  const field = issue ? issue.path.map(String).join('.') : '';
  const message = issue ? `${field || '(root)'}: ${issue.message}` : 'invalid value';
  return { field, message };
}

/** Anything thrown, as an AppError (unknown throws are bugs and become `internal`). */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) {
    const { field, message } = describeZodError(error);
    return new AppError('validation', message, { cause: error, field });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('internal', message, { cause: error });
}

/** An error already described (kept in an outbox row, say), raised again exactly as it was told. */
export class ReportedError extends AppError {
  constructor(readonly info: ErrorInfo) {
    super(info.code, info.message, info.field === undefined ? undefined : { field: info.field });
    this.name = 'ReportedError';
  }

  override toInfo(): ErrorInfo {
    return { ...this.info };
  }
}
