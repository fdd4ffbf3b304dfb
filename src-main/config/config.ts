import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AppError, describeZodError } from '../../src-shared/errors';

/**
 * Configuration from flags and `STORE_TERMINAL_<NAME>` environment variables (flags win): what an
 * integrator sets. The account and the settings a manager sets on screen live in the data folder's
 * `config.json` (terminal-config.ts); an account given here wins over the file's.
 */
/** Loopback hosts, where plain http cannot be overheard (the sandbox, a local proxy). */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** The API's address: https, or http on this machine only (a secret must never travel in clear). */
export const ApiBaseUrl = z
  .url({ protocol: /^https?$/ })
  .refine((url) => {
    // Not a URL at all is the check above's to report.
    if (!URL.canParse(url)) return true;
    const { protocol, hostname } = new URL(url);
    return protocol === 'https:' || LOOPBACK_HOST.test(hostname);
  }, 'the API must be reached over https:// (plain http:// only on this machine: localhost, 127.0.0.1)');

export const Config = z
  .object({
    apiBaseUrl: ApiBaseUrl.optional(),
    clientId: z.string().min(1).optional(),
    clientSecret: z.string().min(1).optional(),
    dataDir: z.string().min(1),
    /** Unset: 30 s against a real API (spec §4.5), 5 s in demo mode so the demo feels live. */
    pollIntervalSeconds: z.coerce.number().min(1).max(30).optional(),
    shell: z.enum(['electron', 'web']).optional(),
    /** Start in demo mode at once, without the first-run screen. */
    demo: z.boolean().default(false),
    openWindow: z.boolean().default(true),
    webPort: z.coerce.number().int().min(0).max(65535).default(0),
    /** Where secrets are kept: `auto` (OS keychain, else Electron safeStorage, else a warned 0600 file) or one explicitly. */
    credentialStore: z.enum(['auto', 'keychain', 'safe-storage', 'file']).default('auto'),
    /** Runs the terminal's clock from this instant instead of the system's (tests, demos at a chosen hour). */
    clockAt: z.iso.datetime({ offset: true }).optional(),
    /** Web shell with --no-window: also print the launch link (it is always written to an owner-only file). */
    printLaunchUrl: z.boolean().default(false),
    /** The port screens reach this terminal on, whatever Settings › Telas says (0: any free port, for tests and a second terminal on one machine). */
    hubPort: z.coerce.number().int().min(0).max(65535).optional(),
    /** Announce the hub on the store's network by mDNS (off where multicast is not wanted: screens type its address). */
    hubAnnounce: z.boolean().default(true),
  })
  // The client secret may come from the credential store, where an earlier launch kept it.
  .refine((c) => c.apiBaseUrl === undefined || c.clientId !== undefined, {
    message: 'a real API needs --client-id (and its secret once, kept in the credential store)',
    path: ['clientId'],
  });
export type Config = z.infer<typeof Config>;


const flags = {
  'api-base-url': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  'client-secret-file': { type: 'string' },
  'print-launch-url': { type: 'boolean' },
  'data-dir': { type: 'string' },
  'poll-interval': { type: 'string' },
  shell: { type: 'string' },
  'no-window': { type: 'boolean' },
  demo: { type: 'boolean' },
  'web-port': { type: 'string' },
  'credential-store': { type: 'string' },
  'clock-at': { type: 'string' },
  'hub-port': { type: 'string' },
  'no-hub-announce': { type: 'boolean' },
} as const;

/** Why `--client-secret` is refused, and the ways to give the secret instead. */
export const CLIENT_SECRET_FLAG_REFUSED =
  '--client-secret is refused: a command line can be read by every user of this machine (ps). Give the secret on the first-run screen, in the STORE_TERMINAL_CLIENT_SECRET environment variable, or in a file readable only by you with --client-secret-file PATH.';

/** How to make a secret file owner-only, for the message that refuses a loose one. */
export function looseSecretFileMessage(path: string, mode: number): string {
  return `configuration: --client-secret-file ${path} can be read by other users of this machine (mode ${(mode & 0o777).toString(8).padStart(3, '0')}): make it readable by you only with \`chmod 600 ${path}\`, then start again`;
}

/**
 * The secret in a file (trimmed). A file that cannot be read is a clear configuration error, and so
 * is one that the group or others may read: its secret has been open to them, so it is refused
 * rather than used (or silently tightened). The mode is read from the opened file, so it is the file
 * that is read. Windows has no such modes: its ACLs are the installer's to set.
 */
function secretFromFile(path: string | undefined, platform: NodeJS.Platform): string | undefined {
  if (path === undefined) return undefined;
  let text: string;
  try {
    const fd = openSync(path, 'r');
    try {
      const { mode } = fstatSync(fd);
      if (platform !== 'win32' && (mode & 0o077) !== 0) {
        throw new AppError('bad-input', looseSecretFileMessage(path, mode), { field: 'clientSecret' });
      }
      text = readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('bad-input', `configuration: cannot read --client-secret-file ${path}: ${(error as Error).message}`, { field: 'clientSecret' });
  }
  return text.trim() || undefined;
}

/**
 * The secret given in the environment, taken out of it: whatever this process starts (the Chromium
 * window of the web shell, a print command) inherits the environment, and must not inherit the
 * secret. Only the environment this process was given is changed, so it is read exactly once.
 */
function takeSecretFromEnvironment(env: NodeJS.ProcessEnv): string | undefined {
  const name = envName('client-secret');
  const value = env[name];
  delete env[name];
  return value === undefined || value === '' ? undefined : value;
}

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

/**
 * The configuration of this launch. `STORE_TERMINAL_CLIENT_SECRET` is removed from `env` (pass
 * `process.env`): see takeSecretFromEnvironment.
 */
export function loadConfig(argv: readonly string[], env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Config {
  const envSecret = takeSecretFromEnvironment(env);
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
  if (values['client-secret'] !== undefined) {
    throw new AppError('bad-input', CLIENT_SECRET_FLAG_REFUSED, { field: 'clientSecret' });
  }
  const noWindow = values['no-window'] === true || ['1', 'true'].includes(env[envName('no-window')] ?? '');
  const parsed = Config.safeParse({
    apiBaseUrl: pick('api-base-url'),
    clientId: pick('client-id'),
    clientSecret: envSecret ?? secretFromFile(pick('client-secret-file'), platform),
    dataDir: pick('data-dir') ?? defaultDataDir(env),
    pollIntervalSeconds: pick('poll-interval'),
    shell: pick('shell'),
    openWindow: !noWindow,
    demo: values.demo === true || ['1', 'true'].includes(env[envName('demo')] ?? ''),
    webPort: pick('web-port'),
    credentialStore: pick('credential-store'),
    clockAt: pick('clock-at'),
    printLaunchUrl: values['print-launch-url'] === true,
    hubPort: pick('hub-port'),
    hubAnnounce: !(values['no-hub-announce'] === true || ['1', 'true'].includes(env[envName('no-hub-announce')] ?? '')),
  });
  if (!parsed.success) {
    const { field, message } = describeZodError(parsed.error);
    throw new AppError('bad-input', `configuration: ${message}`, { field });
  }
  return parsed.data;
}
