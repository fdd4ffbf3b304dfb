import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  flagListing,
  parserOptions,
  readCommandLine,
  usageList,
  wrapText,
  type CommandLine,
  type FlagSpec,
  type FlagSpecs,
  type UsageEntry,
} from '../../src-shared/command-line';
import { AppError, describeZodError } from '../../src-shared/errors';
import { MAX_CLOCK_RATE } from '../../src-shared/running-clock';

/**
 * Configuration from flags and `STORE_TERMINAL_<NAME>` environment variables (flags win): what an
 * integrator sets. The account and the settings a manager sets on screen live in the data folder's
 * `config.json` (terminal-config.ts); an account given here wins over the file's.
 */
/** Loopback hosts, where plain http cannot be overheard (the sandbox, a local proxy). */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** The API's address: https, or http on this machine only (a secret must never travel in clear). */
export const ApiBaseUrl = z.url({ protocol: /^https?$/ }).refine((url) => {
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
    /**
     * With `clockAt`: that clock runs this many times faster than real time, its sleeps as much
     * shorter (tests and demos: a lunch rush in minutes). Never set unless asked: 1.
     */
    clockRate: z.coerce
      .number({ error: 'the clock rate is a number' })
      .min(1, { error: 'the clock rate is at least 1 (real time)' })
      .max(MAX_CLOCK_RATE, { error: `the clock rate is at most ${MAX_CLOCK_RATE}: faster, the app's shortest waits are shorter than a call` })
      .optional(),
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
  })
  // A faster clock is a test's or a demo's, at an hour it names: never the store's own time.
  .refine((c) => c.clockRate === undefined || c.clockAt !== undefined, {
    message: '--clock-rate needs --clock-at (the instant the faster clock starts from)',
    path: ['clockRate'],
  });
export type Config = z.infer<typeof Config>;

/** A terminal's flag; `env`: also read from its `STORE_TERMINAL_<NAME>` variable (a switch's: `=1` or `true`). */
type TerminalFlag = Omit<FlagSpec, 'env'> & { env?: true };

/**
 * The terminal's flags: what its parser accepts, what each reads from the environment, and what
 * `--help` lists (README § For integrators shows the same table).
 */
const FLAG_TABLE = {
  demo: { type: 'boolean', env: true, help: 'Start the demo at once: an embedded sandbox (demo / demo-secret), three stores.' },
  'api-base-url': { type: 'string', value: 'URL', env: true, help: "The API's address: https://, or http:// only on this machine (loopback)." },
  'client-id': { type: 'string', value: 'ID', env: true, help: "The centralized application's client id." },
  'client-secret-file': {
    type: 'string',
    value: 'PATH',
    env: true,
    help: 'The client secret in a file readable only by you (chmod 600 PATH): a file the group or others may read is refused.',
  },
  // Refused with its reason (CLIENT_SECRET_FLAG_REFUSED); the secret's variable is listed apart.
  'client-secret': { type: 'string' },
  'credential-store': {
    type: 'string',
    value: 'auto|keychain|safe-storage|file',
    env: true,
    help: "Where secrets live. auto (default): the OS keychain, else Electron's safeStorage, else memory for this run only; file: an unencrypted owner-only file, only when asked for.",
  },
  'data-dir': {
    type: 'string',
    value: 'DIR',
    env: true,
    help: 'Settings, SQLite, kept sheets and logs, owner-only (default: the OS user-data folder, e.g. ~/.config/store-terminal).',
  },
  'poll-interval': { type: 'string', value: 'N', env: true, help: 'Seconds between event polls, 1 to 30 (default 30; 5 in demo mode).' },
  shell: { type: 'string', value: 'electron|web', env: true, help: 'Force a shell (npm start picks Electron where it is installed).' },
  'no-window': {
    type: 'boolean',
    env: true,
    help: 'Web shell only: start the host and open no window; the link that signs a window in is written to <data-dir>/launch-url (owner-only).',
  },
  'print-launch-url': { type: 'boolean', help: 'With --no-window: also print that link.' },
  'web-port': { type: 'string', value: 'N', env: true, help: "The web shell's port (default: a free one)." },
  'clock-at': {
    type: 'string',
    value: 'ISO-instant',
    env: true,
    help: "Run the terminal's clock from this instant (tests, demos at a chosen hour); the embedded sandbox follows it.",
  },
  'clock-rate': {
    type: 'string',
    value: 'N',
    env: true,
    help: `With --clock-at: run that clock N times faster, 1 to ${MAX_CLOCK_RATE} (tests, demos: a rush in minutes).`,
  },
  'hub-port': {
    type: 'string',
    value: 'N',
    env: true,
    help: "The port the store's other screens reach this terminal on (default 47110; 0: any free one).",
  },
  'no-hub-announce': { type: 'boolean', env: true, help: 'Do not announce the hub by mDNS (screens then type its address).' },
  help: { type: 'boolean', help: 'Print this usage and exit (also -h).' },
} as const satisfies Record<string, TerminalFlag>;
type FlagName = keyof typeof FLAG_TABLE;

/** The terminal's flags as its usage lists them, each with its variable. */
export const TERMINAL_FLAGS: FlagSpecs = Object.fromEntries(
  Object.entries(FLAG_TABLE).map(([name, flag]: [string, TerminalFlag]) => [
    name,
    { ...flag, env: flag.env ? `${envName(name)}${flag.type === 'boolean' ? '=1' : ''}` : undefined },
  ]),
);

/** Variables that no flag stands for. */
const ENVIRONMENT_ONLY: readonly UsageEntry[] = [
  {
    term: envName('client-secret'),
    help: 'The client secret: needed once, then kept in the credential store; removed from the environment at start. Never a flag: --client-secret is refused, as a command line is readable by every user of the machine.',
  },
  { term: 'STORE_TERMINAL_LOG_LEVEL=debug', help: 'Adds the debug lines to the log (web shell): stderr and <data-dir>/logs/.' },
];

/** What `--help` prints, and an unknown flag's refusal shows. */
export function terminalUsage(): string {
  return [
    'usage: npm start -- [flags]',
    '       node out/main/web.js [flags]       (the web shell, once built)',
    '',
    ...wrapText(
      'Store Terminal, the in-store terminal. Each flag may also be given by the environment variable beside it; a flag wins over its variable, and both over the settings saved in the data folder.',
      0,
    ),
    '',
    'Flags:',
    flagListing(TERMINAL_FLAGS),
    '',
    'Environment only:',
    usageList(ENVIRONMENT_ONLY),
    '',
    ...wrapText("The Electron window also passes Chromium's own switches (--no-sandbox, --enable-logging, ...) to Chromium.", 0),
    '',
  ].join('\n');
}

/**
 * The terminal's command line before any configuration is read: the usage, a refusal, or the
 * flags. The web shell refuses a flag it does not know; Electron's command line also carries
 * Chromium's switches, which are not ours to refuse (`unknownFlags: 'pass'`).
 */
export function readTerminalCommandLine(argv: readonly string[], options: { unknownFlags: 'refuse' | 'pass' }): CommandLine<TerminalFlagValues> {
  const strict = options.unknownFlags === 'refuse';
  return readCommandLine(argv, () => parseArgs({ args: [...argv], options: parserOptions(FLAG_TABLE), strict, allowPositionals: !strict }).values);
}

/** The flags a command line gave, by name. */
export type TerminalFlagValues = Partial<Record<string, string | boolean>>;

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
 * The configuration of a launch from its whole command line, flags unknown to the terminal passed
 * over (as Electron's are). `STORE_TERMINAL_CLIENT_SECRET` is removed from `env`.
 */
export function loadConfig(argv: readonly string[], env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Config {
  const line = readTerminalCommandLine(argv, { unknownFlags: 'pass' });
  if (line.kind === 'help') throw new AppError('bad-input', '--help asks for the usage (terminalUsage), not a configuration');
  if (line.kind === 'refused') throw new AppError('bad-input', line.reason);
  return configFromFlags(line.parsed, env, platform);
}

/**
 * The configuration from the command line's flags and the environment. `STORE_TERMINAL_CLIENT_SECRET`
 * is removed from `env` (pass `process.env`): see takeSecretFromEnvironment.
 */
export function configFromFlags(values: TerminalFlagValues, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Config {
  const envSecret = takeSecretFromEnvironment(env);
  const pick = (flag: FlagName): string | undefined => {
    const value = values[flag];
    if (typeof value === 'string' && value !== '') return value;
    const fromEnv = 'env' in FLAG_TABLE[flag] ? env[envName(flag)] : undefined;
    return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
  };
  const on = (flag: FlagName): boolean => values[flag] === true || ('env' in FLAG_TABLE[flag] && ['1', 'true'].includes(env[envName(flag)] ?? ''));
  if (values['client-secret'] !== undefined) {
    throw new AppError('bad-input', CLIENT_SECRET_FLAG_REFUSED, { field: 'clientSecret' });
  }
  const parsed = Config.safeParse({
    apiBaseUrl: pick('api-base-url'),
    clientId: pick('client-id'),
    clientSecret: envSecret ?? secretFromFile(pick('client-secret-file'), platform),
    dataDir: pick('data-dir') ?? defaultDataDir(env),
    pollIntervalSeconds: pick('poll-interval'),
    shell: pick('shell'),
    openWindow: !on('no-window'),
    demo: on('demo'),
    webPort: pick('web-port'),
    credentialStore: pick('credential-store'),
    clockAt: pick('clock-at'),
    clockRate: pick('clock-rate'),
    printLaunchUrl: on('print-launch-url'),
    hubPort: pick('hub-port'),
    hubAnnounce: !on('no-hub-announce'),
  });
  if (!parsed.success) {
    const { field, message } = describeZodError(parsed.error);
    throw new AppError('bad-input', `configuration: ${message}`, { field });
  }
  return parsed.data;
}
