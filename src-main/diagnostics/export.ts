import { DIAGNOSTICS_MAX_BYTES, type DiagnosticsExport } from '../../src-shared/ipc/channels/diagnostics';
import { type Connectivity } from '../../src-shared/ipc/channels/status';
import type { CredentialStore } from '../auth/credentials/credential-store';
import { DIAGNOSTICS_FORMAT, diagnosticsFile, type GatheredReport } from './report';
import { latestTrail, queueStates, recentLogLines, runtimeFacts } from './readers';

/** What the app knows at the moment of the export (the caller reads it; nothing here is looked up). */
export interface DiagnosticsFacts {
  generatedAt: string;
  appVersion: string;
  /** The window's user agent, when it said it. */
  window: string | null;
  terminal: GatheredReport['terminal'];
  connectivity: Connectivity;
  pollIntervalSeconds: number;
  screens: GatheredReport['screens'];
}

/** Where the rest comes from: the disk, the process, the credential stores. Tests give their own. */
export interface DiagnosticsReaders {
  runtime(): ReturnType<typeof runtimeFacts>;
  /** The most recent log lines, oldest first, about `maxBytes` of them. */
  logs(maxBytes: number): GatheredReport['logs'];
  queues(): ReturnType<typeof queueStates>;
  /** Who did what lately (the staff's trail), newest first. */
  trail(): GatheredReport['trail'];
  settings(): Record<string, unknown>;
  /** Every secret the terminal holds, to be masked wherever it appears. */
  knownSecrets(): Promise<string[]>;
}

function failed(error: unknown): { unavailable: string } {
  return { unavailable: error instanceof Error ? error.message : String(error) };
}

/** Runs a reader; one that throws becomes what `otherwise` makes of its error, never a failed export. */
function attempt<T>(read: () => T, otherwise: (error: unknown) => T): T {
  try {
    return read();
  } catch (error) {
    return otherwise(error);
  }
}

/** Gathers the report from the facts and the readers, and makes the file (at most `maxBytes`). */
export async function exportDiagnostics(
  facts: DiagnosticsFacts,
  readers: DiagnosticsReaders,
  maxBytes: number = DIAGNOSTICS_MAX_BYTES,
): Promise<DiagnosticsExport> {
  const runtime = readers.runtime();
  const queues = attempt(readers.queues, (error) => ({
    queues: { orderOutbox: failed(error), storeOutbox: failed(error), printQueue: failed(error) },
    lastPollAtSaved: null,
  }));
  const gathered: GatheredReport = {
    format: DIAGNOSTICS_FORMAT,
    generatedAt: facts.generatedAt,
    versions: { app: facts.appVersion, ...runtime.versions, window: facts.window },
    os: runtime.os,
    terminal: facts.terminal,
    settings: attempt(readers.settings, failed),
    sync: { connectivity: facts.connectivity, pollIntervalSeconds: facts.pollIntervalSeconds, lastPollAtSaved: queues.lastPollAtSaved },
    queues: queues.queues,
    screens: facts.screens,
    trail: attempt(readers.trail, failed),
    logs: attempt(
      () => readers.logs(maxBytes),
      () => ({ folder: '', files: [], lines: [] }),
    ),
  };
  const secrets = await readers.knownSecrets().catch(() => []);
  return diagnosticsFile(gathered, secrets, maxBytes);
}

/** Every secret kept in these stores, and the ones given on this launch. */
async function secretsOf(stores: readonly CredentialStore[], given: readonly (string | undefined)[]): Promise<string[]> {
  const found = given.filter((s): s is string => typeof s === 'string' && s !== '');
  for (const store of stores) {
    for (const name of await store.accounts().catch(() => [])) {
      const value = await store.get(name).catch(() => undefined);
      if (value) found.push(value);
    }
  }
  return found;
}

/** The trail's lines the file carries: a shift's worth of actions, a few tens of kilobytes. */
const TRAIL_LINES = 200;

/** The readers of a running terminal: its data folder, its account's folder, its settings and stores. */
export function terminalReaders(options: {
  dataDir: string;
  /** The account's folder (demo mode keeps its files in `demo/`). */
  accountDir: string;
  settings: () => Record<string, unknown>;
  stores: readonly CredentialStore[];
  givenSecrets: readonly (string | undefined)[];
}): DiagnosticsReaders {
  return {
    runtime: () => runtimeFacts(),
    logs: (maxBytes) => recentLogLines(options.dataDir, maxBytes),
    queues: () => queueStates(options.accountDir),
    trail: () => latestTrail(options.accountDir, TRAIL_LINES),
    settings: options.settings,
    knownSecrets: () => secretsOf(options.stores, options.givenSecrets),
  };
}
