import { z } from 'zod';
import { Connectivity } from '../../src-shared/ipc/channels/status';
import { DIAGNOSTICS_MAX_BYTES, type DiagnosticsExport } from '../../src-shared/ipc/channels/diagnostics';
import { TrailEntry } from '../../src-shared/ipc/channels/staff';
import { redact, REDACTED } from '../base/log';

/**
 * The diagnostics file: what a manager sends to support when the terminal misbehaves. One JSON
 * document (readable in any text editor, no archive tool needed), with the recent log lines one to
 * a line at its end. Nothing secret goes in: every part is redacted as the log is (secret-looking
 * keys, bearer tokens, JWTs, secrets in query strings), and every secret the terminal knows is
 * masked wherever it appears, even inside a plain message.
 */
export const DIAGNOSTICS_FORMAT = 'store-terminal-diagnostics/1';

/** A part that could not be read: the rest of the report still goes out. */
const Unavailable = z.object({ unavailable: z.string() });
const Counts = z.record(z.string(), z.number().int().min(0));
const CountsOrUnavailable = z.union([Counts, Unavailable]);

export const DiagnosticsReport = z.object({
  format: z.literal(DIAGNOSTICS_FORMAT),
  generatedAt: z.string(),
  versions: z.object({
    app: z.string(),
    node: z.string(),
    /** Null under plain Node (the web shell). */
    electron: z.string().nullable(),
    /** The main process's Chromium (Electron); null in the web shell, whose window says its own below. */
    chromium: z.string().nullable(),
    /** The window's user agent, as the window gave it. */
    window: z.string().nullable(),
  }),
  os: z.object({ platform: z.string(), release: z.string(), arch: z.string(), timeZone: z.string() }),
  terminal: z.object({
    shell: z.enum(['electron', 'web']),
    mode: z.enum(['setup', 'demo', 'live']),
    account: z.object({ kind: z.string(), apiBaseUrl: z.string().nullable(), clientId: z.string().nullable() }).nullable(),
    // Not named after credentials: the log's redaction would hide a key that is.
    vault: z.string(),
    dataDir: z.string(),
    /** The STORE_TERMINAL_* variables set at start: their names only. */
    environment: z.array(z.string()),
  }),
  settings: z.union([z.record(z.string(), z.unknown()), Unavailable]),
  sync: z.object({
    connectivity: Connectivity,
    pollIntervalSeconds: z.number(),
    /** The last successful poll the order database remembers (it survives restarts). */
    lastPollAtSaved: z.string().nullable(),
  }),
  queues: z.object({ orderOutbox: CountsOrUnavailable, storeOutbox: CountsOrUnavailable, printQueue: CountsOrUnavailable }),
  /**
   * The store's other screens: as a hub, whether its port is open and why not, its screens; as a
   * screen, the hub it is paired with and the link to it. Never a credential.
   */
  screens: z
    .discriminatedUnion('role', [
      z.object({
        role: z.literal('hub'),
        state: z.string(),
        enabled: z.boolean(),
        port: z.number().int(),
        problem: z.string().nullable(),
        discovery: z.string().nullable(),
        paired: z.array(z.object({ name: z.string(), kind: z.string(), connected: z.boolean(), lastContactAt: z.string().nullable() })),
      }),
      z.object({
        role: z.literal('screen'),
        hubName: z.string(),
        address: z.string(),
        kind: z.string(),
        link: z.object({ state: z.string(), since: z.string(), reason: z.string().nullable() }),
      }),
    ])
    .nullable()
    .default(null),
  /** Who did what lately, newest first (docs/staff.md): people's names and devices, never a PIN (the trail holds none). */
  trail: z.union([z.array(TrailEntry), Unavailable]).default([]),
  logs: z.object({
    folder: z.string(),
    files: z.array(z.object({ name: z.string(), bytes: z.number() })),
    /** Older lines that did not fit the file's size. */
    linesLeftOut: z.number().int().min(0),
    /** The most recent lines, oldest first, as the log has them (a line that is not JSON is kept as text). */
    lines: z.array(z.unknown()),
  }),
});
export type DiagnosticsReport = z.infer<typeof DiagnosticsReport>;

/** The report before its log lines are chosen: the lines as read from the log files, oldest first. */
export type GatheredReport = Omit<DiagnosticsReport, 'logs'> & { logs: Omit<DiagnosticsReport['logs'], 'lines' | 'linesLeftOut'> & { lines: string[] } };

/** Secrets shorter than this are not masked by value: they would mask ordinary words and numbers. */
const MIN_MASKED_LENGTH = 6;

/** Something that replaces every known secret in every string (keys included), at any depth. */
export function secretMasker(secrets: readonly string[]): (value: unknown) => unknown {
  const known = [...new Set(secrets.filter((s) => s.length >= MIN_MASKED_LENGTH))].sort((a, b) => b.length - a.length);
  if (known.length === 0) return (value) => value;
  const maskText = (text: string): string => known.reduce((out, secret) => (out.includes(secret) ? out.replaceAll(secret, REDACTED) : out), text);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return maskText(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).map(([k, inner]) => [maskText(k), walk(inner)]));
  };
  return walk;
}

/** A log line as the report shows it: its object, redacted again (an older version may have written it). */
function readLine(line: string): unknown {
  try {
    const parsed: unknown = JSON.parse(line);
    if (parsed !== null && typeof parsed === 'object') return redact(parsed);
  } catch {
    // not JSON: kept as text below
  }
  return { text: redact(line) };
}

/** The file's name, from the instant it was made (no colons: Windows refuses them). */
export function diagnosticsFileName(generatedAt: string): string {
  return `store-terminal-diagnostics-${generatedAt.slice(0, 19).replaceAll(':', '-')}Z.json`;
}

/**
 * The file: the report redacted and masked, pretty-printed, and as many of the most recent log lines
 * as fit in `maxBytes` (one compact line each, as in the log). Pure: same report, same file.
 */
export function diagnosticsFile(gathered: GatheredReport, secrets: readonly string[], maxBytes: number = DIAGNOSTICS_MAX_BYTES): DiagnosticsExport {
  const { logs, ...rest } = gathered;
  const mask = secretMasker(secrets);
  const clean = mask(redact(rest)) as Omit<DiagnosticsReport, 'logs'>;
  const rendered = logs.lines.map((line) => JSON.stringify(mask(readLine(line))));

  const head = (linesLeftOut: number): string =>
    JSON.stringify({ ...clean, logs: { folder: logs.folder, files: logs.files, linesLeftOut, lines: [] } }, null, 2).replace(
      /\n {4}"lines": \[\]\n {2}\}\n\}$/,
      '\n    "lines": [',
    );
  // The head's size with the largest count it could say, so the chosen lines always fit.
  let room = maxBytes - Buffer.byteLength(head(logs.lines.length)) - Buffer.byteLength('\n    ]\n  }\n}');
  let first = rendered.length;
  while (first > 0) {
    const cost = Buffer.byteLength(rendered[first - 1] ?? '') + 8;
    if (cost > room) break;
    room -= cost;
    first--;
  }
  const kept = rendered.slice(first);
  const body = kept.length === 0 ? '' : `\n${kept.map((l) => `      ${l}`).join(',\n')}`;
  const content = `${head(first)}${body}\n    ]\n  }\n}`;
  return { fileName: diagnosticsFileName(gathered.generatedAt), mediaType: 'application/json', content };
}
