/**
 * Structured logging: one JSON object a line. Secrets never reach a log line: values under
 * secret-looking keys are replaced, and bearer tokens or JWTs inside strings are masked.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const SECRET_KEY = /(secret|password|token|authorization|cookie|verifier|credential)/i;
const BEARER = /Bearer\s+[A-Za-z0-9._~+/=-]+/g;
const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const QUERY_SECRET = /([?&](?:secret|token|client_secret|refresh_token)=)[^&\s]+/gi;

export const REDACTED = '[redacted]';

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.replace(BEARER, `Bearer ${REDACTED}`).replace(JWT, REDACTED).replace(QUERY_SECRET, `$1${REDACTED}`);
  }
  if (value instanceof Error) {
    return { name: value.name, message: redact(value.message), code: (value as { code?: unknown }).code };
  }
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && v !== undefined && v !== null ? REDACTED : redact(v, depth + 1);
  }
  return out;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createLogger(
  options: {
    write?: (line: string) => void;
    level?: LogLevel;
    now?: () => Date;
    fields?: LogFields;
  } = {},
): Logger {
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const min = ORDER[options.level ?? 'info'];
  const now = options.now ?? (() => new Date());
  const base = options.fields ?? {};
  const emit = (level: LogLevel, msg: string, fields?: LogFields): void => {
    if (ORDER[level] < min) return;
    const record = redact({ time: now().toISOString(), level, msg, ...base, ...fields });
    write(JSON.stringify(record));
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    child: (fields) => createLogger({ ...options, fields: { ...base, ...fields } }),
  };
}

/** A logger that drops everything, for tests that do not look at logs. */
export const silentLogger: Logger = createLogger({ write: () => {} });
