import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { HubRole, ScreenKind, ScreenName } from '../../src-shared/ipc/channels/join';
import { Settings } from '../../src-shared/settings';
import { ApiBaseUrl } from './config';

/**
 * What the terminal remembers between launches, in `<dataDir>/config.json`: the account it works
 * as (never its secrets: those are in the credential store) and the manager's settings. Read with
 * zod; a missing file is a first run, and a damaged, hand-edited or newer file is a clear problem
 * shown on the first-run screen, never a crash.
 */
export const CONFIG_FILE = 'config.json';
export const CONFIG_VERSION = 1;

export const SavedAccount = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('demo') }),
  /** A centralized application: one client-credentials secret for every store (spec §5). */
  z.object({ kind: z.literal('centralized'), apiBaseUrl: ApiBaseUrl, clientId: z.string().min(1).max(200) }),
  /** A distributed application: each store (group) authorizes it by the authorization-code flow. */
  z.object({ kind: z.literal('distributed'), apiBaseUrl: ApiBaseUrl, clientId: z.string().min(1).max(200) }),
]);
export type SavedAccount = z.infer<typeof SavedAccount>;

/**
 * A screen of a hub terminal (docs/architecture.md § Hub and screens): where the hub is, the
 * certificate pinned at pairing, and what this screen is. Its device credential is in the
 * credential store, never here. A terminal that has one is a screen: it opens no account.
 */
export const SavedScreen = z.object({
  hubId: z.string().min(1).max(64),
  hubName: z.string().min(1).max(60),
  /** Where the hub was last reached (an IP address or a host name, without brackets). */
  host: z.string().min(1).max(253),
  port: z.number().int().min(1).max(65_535),
  /** SHA-256 of the hub's certificate, lowercase hex: every connection is checked against it. */
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  deviceId: z.string().min(8).max(64),
  kind: ScreenKind,
  name: ScreenName,
  pairedAt: z.iso.datetime({ offset: true }),
  /** A store's hub or a chain's server (its card says; a file written before there were servers reads as a hub). */
  role: HubRole.default('terminal'),
});
export type SavedScreen = z.infer<typeof SavedScreen>;

export const TerminalConfig = z.object({
  version: z.literal(CONFIG_VERSION),
  account: SavedAccount.nullable().default(null),
  /** Set when this terminal is a screen of a hub (then `account` is null). */
  screen: SavedScreen.nullable().default(null),
  settings: Settings.default(Settings.parse({})),
});
export type TerminalConfig = z.infer<typeof TerminalConfig>;

export function emptyConfig(): TerminalConfig {
  return { version: CONFIG_VERSION, account: null, screen: null, settings: Settings.parse({}) };
}

/** Why the file could not be used as it is, in words for the first-run screen and the log. */
export interface ConfigProblem {
  kind: 'corrupt' | 'newer' | 'invalid';
  message: string;
}

export interface LoadedConfig {
  config: TerminalConfig;
  problem: ConfigProblem | null;
  /** Keys the file has that this version does not know (a hand edit, or a newer version's): ignored. */
  unknownKeys: string[];
}

/** The dotted paths of keys a strict reading refuses. */
function unknownKeysOf(value: unknown): string[] {
  const strict = z.strictObject({
    version: z.unknown(),
    account: z.unknown(),
    screen: z.unknown().optional(),
    settings: z.unknown().optional(),
  });
  const keys: string[] = [];
  const top = strict.safeParse(value);
  if (!top.success) for (const issue of top.error.issues) if (issue.code === 'unrecognized_keys') keys.push(...issue.keys);
  const settings = (value as { settings?: unknown }).settings;
  const strictSettings = z.strictObject(Object.fromEntries(Object.keys(Settings.shape).map((k) => [k, z.unknown()])));
  const inner = strictSettings.safeParse(settings ?? {});
  if (!inner.success) for (const issue of inner.error.issues) if (issue.code === 'unrecognized_keys') keys.push(...issue.keys.map((k) => `settings.${k}`));
  return keys;
}

export function loadConfigFile(dataDir: string): LoadedConfig {
  const path = join(dataDir, CONFIG_FILE);
  if (!existsSync(path)) return { config: emptyConfig(), problem: null, unknownKeys: [] };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const why = error instanceof SyntaxError ? 'it is not valid JSON' : (error as Error).message;
    return { config: emptyConfig(), problem: { kind: 'corrupt', message: `The settings file ${path} cannot be read (${why}).` }, unknownKeys: [] };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { config: emptyConfig(), problem: { kind: 'corrupt', message: `The settings file ${path} does not hold settings.` }, unknownKeys: [] };
  }
  const version = (value as { version?: unknown }).version;
  if (typeof version === 'number' && version > CONFIG_VERSION) {
    return {
      config: emptyConfig(),
      problem: {
        kind: 'newer',
        message: `The settings file ${path} was written by a newer Store Terminal (format ${version}); this one reads format ${CONFIG_VERSION}.`,
      },
      unknownKeys: [],
    };
  }
  const parsed = TerminalConfig.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || '(file)';
    return {
      config: emptyConfig(),
      problem: { kind: 'invalid', message: `The settings file ${path} has a wrong value at ${field}: ${issue?.message ?? 'invalid'}.` },
      unknownKeys: [],
    };
  }
  return { config: parsed.data, problem: null, unknownKeys: unknownKeysOf(value) };
}

/**
 * Writes the settings (owner-only, aside then renamed: a crash never leaves half a file). A file
 * that could not be read is kept beside, not overwritten: `config.json.unreadable-<time>`.
 */
export function saveConfigFile(dataDir: string, config: z.input<typeof TerminalConfig>, options: { keepUnreadable?: boolean; nowMs?: number } = {}): void {
  const path = join(dataDir, CONFIG_FILE);
  if (options.keepUnreadable && existsSync(path)) renameSync(path, `${path}.unreadable-${options.nowMs ?? Date.now()}`);
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(TerminalConfig.parse(config), null, 2)}\n`, { mode: 0o600 });
  chmodSync(partial, 0o600);
  renameSync(partial, path);
}
