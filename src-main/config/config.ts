import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AppError, describeZodError } from '../../src-shared/errors';

/**
 * Configuration from flags and `STORE_TERMINAL_<NAME>` environment variables (flags win).
 * Without an API base URL the app runs in demo mode against the embedded sandbox.
 */
export const Config = z
  .object({
    apiBaseUrl: z.url({ protocol: /^https?$/ }).optional(),
    clientId: z.string().min(1).optional(),
    clientSecret: z.string().min(1).optional(),
    dataDir: z.string().min(1),
    /** Unset: 30 s against a real API (spec §4.5), 5 s in demo mode so the demo feels live. */
    pollIntervalSeconds: z.coerce.number().min(1).max(30).optional(),
    shell: z.enum(['electron', 'web']).optional(),
    openWindow: z.boolean().default(true),
    webPort: z.coerce.number().int().min(0).max(65535).default(0),
    /** Where secrets are kept: `auto` (OS keychain, else Electron safeStorage, else a warned 0600 file) or one explicitly. */
    credentialStore: z.enum(['auto', 'keychain', 'safe-storage', 'file']).default('auto'),
    /** Runs the terminal's clock from this instant instead of the system's (tests, demos at a chosen hour). */
    clockAt: z.iso.datetime({ offset: true }).optional(),
  })
  // The client secret may come from the credential store, where an earlier launch kept it.
  .refine((c) => c.apiBaseUrl === undefined || c.clientId !== undefined, {
    message: 'a real API needs --client-id (and --client-secret once, kept in the credential store)',
    path: ['clientId'],
  });
export type Config = z.infer<typeof Config>;

export const LIVE_POLL_SECONDS = 30;
export const DEMO_POLL_SECONDS = 5;

/** The event poll interval in force for this configuration. */
export function pollSeconds(config: Config): number {
  return config.pollIntervalSeconds ?? (config.apiBaseUrl ? LIVE_POLL_SECONDS : DEMO_POLL_SECONDS);
}

const flags = {
  'api-base-url': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'data-dir': { type: 'string' },
  'poll-interval': { type: 'string' },
  shell: { type: 'string' },
  'no-window': { type: 'boolean' },
  'web-port': { type: 'string' },
  'credential-store': { type: 'string' },
  'clock-at': { type: 'string' },
} as const;

function envName(flag: string): string {
  return `STORE_TERMINAL_${flag.toUpperCase().replaceAll('-', '_')}`;
}

/** The per-user data folder, as Electron's `userData` would place it. */
export function defaultDataDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  const home = homedir();
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Store Terminal');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Store Terminal');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'store-terminal');
}

export function loadConfig(argv: readonly string[], env: NodeJS.ProcessEnv): Config {
  let values: Record<string, string | boolean | undefined>;
  try {
    // Electron and Chromium add switches of their own; unknown ones are not ours to refuse.
    values = parseArgs({ args: [...argv], options: flags, strict: false, allowPositionals: true }).values;
  } catch (error) {
    throw new AppError('bad-input', (error as Error).message);
  }
  const pick = (flag: keyof typeof flags): string | undefined => {
    const value = values[flag];
    if (typeof value === 'string' && value !== '') return value;
    const fromEnv = env[envName(flag)];
    return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
  };
  const noWindow = values['no-window'] === true || ['1', 'true'].includes(env[envName('no-window')] ?? '');
  const parsed = Config.safeParse({
    apiBaseUrl: pick('api-base-url'),
    clientId: pick('client-id'),
    clientSecret: pick('client-secret'),
    dataDir: pick('data-dir') ?? defaultDataDir(env),
    pollIntervalSeconds: pick('poll-interval'),
    shell: pick('shell'),
    openWindow: !noWindow,
    webPort: pick('web-port'),
    credentialStore: pick('credential-store'),
    clockAt: pick('clock-at'),
  });
  if (!parsed.success) {
    const { field, message } = describeZodError(parsed.error);
    throw new AppError('bad-input', `configuration: ${message}`, { field });
  }
  return parsed.data;
}
