/**
 * Errors as each module of the spec shapes them (§7.2–§7.5). Handlers throw a SandboxError; the
 * server's error handler renders it in the body shape of the module the URL belongs to.
 */
export type SandboxModule = 'authentication' | 'merchant' | 'order' | 'shipping' | 'promotion' | 'review' | 'catalog' | 'control';

export class SandboxError extends Error {
  constructor(
    readonly status: number,
    /** Module-specific code: review `error`, merchant name, order `code`, promotion `title`. */
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

const MODULE_PREFIXES: [string, SandboxModule][] = [
  ['/authentication/', 'authentication'],
  // Spec §5 item 4(b): the token route of the authorization server ({auth_url}).
  ['/realms/', 'authentication'],
  // The events module's names for polling and acknowledgment (spec §6): order-module errors.
  ['/events/', 'order'],
  ['/merchant/', 'merchant'],
  ['/order/', 'order'],
  ['/shipping/', 'shipping'],
  ['/promotion/', 'promotion'],
  ['/review/', 'review'],
  ['/catalog/', 'catalog'],
  ['/_sandbox/', 'control'],
];

export function moduleOf(url: string): SandboxModule {
  for (const [prefix, module] of MODULE_PREFIXES) if (url.startsWith(prefix)) return module;
  return 'control';
}

/** Merchant module error names per status (spec §7.4). */
const MERCHANT_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  503: 'ServiceUnavailable',
};

const PROMOTION_TITLES: Record<number, [type: string, title: string]> = {
  400: ['Business Exception', 'Business Exception'],
  412: ['Invalid Argument', 'Invalid Request Body'],
};

export function errorBody(module: SandboxModule, error: SandboxError, instance: string): unknown {
  switch (module) {
    case 'review':
      return {
        error: error.message,
        status: error.status,
        ...(error.details ? { details: error.details } : {}),
      };
    case 'promotion': {
      const [type, title] = PROMOTION_TITLES[error.status] ?? [error.code, error.code];
      return { type, title, status: error.status, detail: error.message, instance };
    }
    case 'merchant':
      return { error: error.code, message: error.message };
    case 'authentication':
      return { error: error.code, error_description: error.message };
    default:
      return { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
  }
}

/** The code of an error the framework raised (bad JSON, unknown route, body too large). */
export function genericCode(status: number): string {
  return MERCHANT_NAMES[status] ?? OTHER_NAMES[status] ?? 'Error';
}

const OTHER_NAMES: Record<number, string> = {
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  412: 'PreconditionFailed',
  413: 'PayloadTooLarge',
  414: 'UriTooLong',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableEntity',
};

/** Shorthands used by every module. Messages are the platform's words: Portuguese (pt-BR). */
export const fail = {
  badRequest: (message: string, code = 'BadRequest', details?: Record<string, unknown>) => new SandboxError(400, code, message, details),
  unauthorized: (message = 'token ausente, expirado ou inválido') => new SandboxError(401, 'Unauthorized', message),
  forbidden: (message = 'sem permissão sobre este recurso') => new SandboxError(403, 'Forbidden', message),
  notFound: (message = 'recurso não encontrado') => new SandboxError(404, 'NotFound', message),
  conflict: (code: string, message: string) => new SandboxError(409, code, message),
};
