import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { hostname } from 'node:os';
import { createMarketplaceApi } from '../../api/index';
import { createTransport } from '../../api/transport';
import { TokenManager } from '../../auth/token-manager';
import { clockRunningFrom, systemClock, type Clock } from '../../base/clock';
import { createLogger, type Logger, type LogLevel } from '../../base/log';
import { ScreenKind } from '../../hub/contract';
import { parseHubAddress } from '../../hub/discovery/address';
import { certificateFingerprint } from '../../hub/trust/fingerprint';
import { apiOrderGateway } from '../../sync/api-gateway';
import { consoleAccountOutput, consoleGroupOutput, devicesOutput, inviteOutput, printed, revokeOutput, type CommandOutput } from './command-output';
import { commandUsage, readServerCommandLine, type CommandValues, type ServerCommand } from './commands';
import { openChainStore } from './open-store';
import { startChainServer, type ChainStore } from '../../app/chain-server';
import { CONSOLE_PASSWORD_MAX, CONSOLE_PASSWORD_MIN, ConsoleRole, SignInInput } from '../../../src-shared/console/console-api';
import { hashSecret, passwordProblem } from '../../auth/secret-hash';
import { groupIdOf } from '../../chain/console/console-directory';

/**
 * `npm run server -- [serve] --database-url postgres://user@host/db --listen 0.0.0.0:47110
 *   --tls-cert cert.pem --tls-key key.pem --admin-listen 127.0.0.1:9464 --client-id ID --api-base-url URL`
 * `npm run server -- invite --stores A,B --name "Balcão Centro" --kind counter [--ttl-minutes 10] [--json]`
 * `npm run server -- devices [--json]`, `npm run server -- revoke [--json] DEVICE_ID`
 * Every command's flags and usage: commands.ts. The manager's commands print their answer alone on
 * stdout (command-output.ts); every log line goes to stderr.
 *
 * Secrets never on the command line: the client secret from STORE_TERMINAL_CLIENT_SECRET, the
 * database password from PGPASSWORD (or ~/.pgpass), read by the driver. docs/chain-server.md.
 */

class UsageError extends Error {}

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

/**
 * A replica logs what it does (info); a manager's command says its answer on stdout, and its logs
 * (on stderr, where a terminal shows them too) only what went wrong, unless asked for more.
 */
function logLevel(command: ServerCommand | undefined): LogLevel {
  const asked = process.env.STORE_TERMINAL_LOG_LEVEL as LogLevel | undefined;
  if (asked && LOG_LEVELS.includes(asked)) return asked;
  return command === undefined || command === 'serve' ? 'info' : 'warn';
}

const line = readServerCommandLine(process.argv.slice(2));
const logger = createLogger({ level: logLevel(line.kind === 'run' ? line.command : undefined), fields: { service: 'chain-server' } });

function clockOf(at: string | undefined): Clock {
  if (at === undefined) return systemClock;
  const ms = Date.parse(at);
  if (!Number.isFinite(ms)) throw new UsageError('--clock-at is an ISO date-time');
  return clockRunningFrom(ms);
}

function required(value: string | boolean | undefined, flag: string): string {
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${flag} is required`);
  return value;
}

/** A flag's text (a string flag is never a boolean: parseArgs checks its type). */
function stringFlag(value: string | boolean | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A database address without its password: the password comes from PGPASSWORD (a command line is readable by every user, ps). */
export function databaseUrl(given: string | boolean | undefined): string {
  const written = required(given, 'database-url');
  const url = (() => {
    try {
      return new URL(written);
    } catch {
      throw new UsageError('--database-url is not a URL (postgres://user@host:5432/database)');
    }
  })();
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new UsageError('--database-url must be postgres://…');
  if (url.password) throw new UsageError('--database-url must not carry the password: give it in PGPASSWORD (or ~/.pgpass)');
  return url.toString();
}

export function hostPort(text: string, flag: string, defaultPort: number): { host: string; port: number } {
  // Port 0: any free one, printed once listening (tests, and a second replica on one machine).
  const anyPort = /:0$/.test(text);
  const parsed = parseHubAddress(anyPort ? `${text.slice(0, -1)}1` : text, defaultPort);
  if (!parsed.ok) throw new UsageError(`--${flag}: ${parsed.error.message}`);
  return { host: parsed.address.host, port: anyPort ? 0 : parsed.address.port };
}

async function withStore<T>(url: string, clock: Clock, work: (store: ChainStore) => Promise<T>): Promise<T> {
  const store = await openChainStore({ databaseUrl: url, logger, clock });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** The answer on stdout, as text or (`--json`) one JSON object. */
function print(output: CommandOutput, values: CommandValues): void {
  process.stdout.write(printed(output, values.json === true));
}

function listFlag(value: string | boolean | undefined): string[] {
  return (stringFlag(value) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The first line of standard input: where a password comes from (a command line is readable by every user). */
async function firstLineOfStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (then Enter): ');
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function consoleAccount(values: CommandValues): Promise<void> {
  const login = SignInInput.shape.login.safeParse(required(values.login, 'login'));
  if (!login.success) throw new UsageError('--login is 1 to 120 characters');
  const name = required(values.name, 'name').trim().slice(0, 80);
  const role = ConsoleRole.safeParse(stringFlag(values.role) ?? 'owner');
  if (!role.success) throw new UsageError('--role is owner, area_manager or viewer');
  const password = await firstLineOfStdin();
  const problem = passwordProblem(password, CONSOLE_PASSWORD_MIN, CONSOLE_PASSWORD_MAX);
  if (problem) throw new UsageError(`the password on standard input: ${problem}`);
  const clock = clockOf(stringFlag(values['clock-at']));
  await withStore(databaseUrl(values['database-url']), clock, async (store) => {
    const account = { login: login.data, name, role: role.data };
    const outcome = await store.directory.createAccount({ ...account, passwordHash: await hashSecret(password) }, clock.now());
    print(consoleAccountOutput(account, outcome), values);
  });
}

async function consoleGroup(values: CommandValues): Promise<void> {
  const name = required(values.name, 'name').trim().slice(0, 80);
  const stores = listFlag(values.stores);
  if (stores.length === 0) throw new UsageError('--stores names at least one store id');
  const managers = listFlag(values.managers).map((m) => m.toLowerCase());
  const group = { id: groupIdOf(name), name, stores, managers };
  await withStore(databaseUrl(values['database-url']), systemClock, async (store) => {
    await store.directory.saveGroup(group);
    print(consoleGroupOutput(group), values);
  });
}

async function invite(values: CommandValues): Promise<void> {
  const storeIds = listFlag(values.stores);
  if (storeIds.length === 0) throw new UsageError('--stores names at least one store id');
  const kind = ScreenKind.safeParse(stringFlag(values.kind) ?? 'counter');
  if (!kind.success) throw new UsageError('--kind is counter, kitchen, expo or pickup');
  const name = required(values.name, 'name').trim().slice(0, 60);
  const ttlMinutes = Number(stringFlag(values['ttl-minutes']) ?? '10');
  if (!Number.isInteger(ttlMinutes) || ttlMinutes < 1 || ttlMinutes > 24 * 60) throw new UsageError('--ttl-minutes is a whole number of minutes (1 to 1440)');
  const clock = clockOf(stringFlag(values['clock-at']));
  const url = databaseUrl(values['database-url']);
  await withStore(url, clock, async (store) => {
    const made = await store.devices.invite({ storeIds, name, kind: kind.data }, ttlMinutes * 60_000, clock.now());
    print(inviteOutput({ code: made.code, expiresAt: made.expiresAt, name, kind: kind.data, storeIds, ttlMinutes }), values);
  });
}

async function devices(values: CommandValues): Promise<void> {
  await withStore(databaseUrl(values['database-url']), systemClock, async (store) => print(devicesOutput(await store.devices.list()), values));
}

async function revoke(values: CommandValues, deviceId: string | undefined): Promise<void> {
  if (!deviceId) throw new UsageError('revoke needs the DEVICE_ID of the terminal (devices lists them)');
  const clock = clockOf(stringFlag(values['clock-at']));
  await withStore(databaseUrl(values['database-url']), clock, async (store) => {
    const done = await store.devices.revoke(deviceId, clock.now());
    // Every replica closes the device's sockets at once.
    if (done) await store.bus.publish({ kind: 'device', deviceId, change: 'revoked' });
    print(revokeOutput(deviceId, done), values);
  });
}

async function serve(values: CommandValues, log: Logger): Promise<void> {
  const url = databaseUrl(values['database-url']);
  const clientId = required(values['client-id'], 'client-id');
  const clientSecret = process.env.STORE_TERMINAL_CLIENT_SECRET;
  const alertWebhook = process.env.STORE_TERMINAL_ALERT_WEBHOOK;
  delete process.env.STORE_TERMINAL_ALERT_WEBHOOK;
  if (alertWebhook !== undefined && !/^https?:\/\/[^\s]+$/.test(alertWebhook)) throw new UsageError('STORE_TERMINAL_ALERT_WEBHOOK is an http(s) URL');
  delete process.env.STORE_TERMINAL_CLIENT_SECRET;
  if (!clientSecret) throw new UsageError('STORE_TERMINAL_CLIENT_SECRET (the client secret) is not set');
  const certPem = readFileSync(required(values['tls-cert'], 'tls-cert'), 'utf8');
  const keyPem = readFileSync(required(values['tls-key'], 'tls-key'), 'utf8');
  const fingerprint = certificateFingerprint(certPem);
  const listen = hostPort(stringFlag(values.listen) ?? '0.0.0.0:47110', 'listen', 47110);
  const admin = hostPort(stringFlag(values['admin-listen']) ?? '127.0.0.1:9464', 'admin-listen', 9464);
  const consoleListen = stringFlag(values['console-listen']) ?? '0.0.0.0:47111';
  // The console's page is built beside the server (out/renderer); a source run names it in STORE_TERMINAL_RENDERER_DIR.
  const pageDir = process.env.STORE_TERMINAL_RENDERER_DIR ?? join(dirname(process.argv[1] ?? '.'), '..', 'renderer');
  const consoleAt = consoleListen === 'off' ? undefined : { ...hostPort(consoleListen, 'console-listen', 47111), pageDir };
  const pollSeconds = Number(stringFlag(values['poll-interval-seconds']) ?? '30');
  if (!Number.isFinite(pollSeconds) || pollSeconds < 1 || pollSeconds > 30)
    throw new UsageError('--poll-interval-seconds is 1 to 30 (the platform closes a store after 30 s without a poll)');
  const statusSeconds = Number(stringFlag(values['status-interval-seconds']) ?? '30');
  if (!Number.isInteger(statusSeconds) || statusSeconds < 1 || statusSeconds > 60) throw new UsageError('--status-interval-seconds is a whole number, 1 to 60');
  const apiBaseUrl = required(values['api-base-url'], 'api-base-url');

  const clock = clockOf(stringFlag(values['clock-at']));
  const transport = createTransport(apiBaseUrl);
  const factory = createMarketplaceApi({ transport, clock, logger: log.child({ room: 'api' }) });
  const tokens = new TokenManager({
    endpoint: factory.authentication,
    clock,
    clientId,
    clientSecret,
    initialGrant: () => ({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  });
  const api = factory.withTokens(tokens);
  const holder = `${hostname()}:${process.pid}`;
  // pg_stat_activity names each replica's connections by its holder: an operator sees who holds what.
  const store = await openChainStore({ databaseUrl: url, logger: log, clock, name: `chain ${holder}` });
  const server = await startChainServer({
    store,
    gateway: apiOrderGateway(api),
    api,
    credential: clientId,
    holder,
    identity: { hubId: `chain-${fingerprint.slice(0, 32)}`, name: (stringFlag(values.name) ?? 'Chain server').slice(0, 60), certPem, keyPem, fingerprint },
    listen,
    admin,
    ...(consoleAt ? { console: consoleAt } : {}),
    ...(alertWebhook ? { alertWebhook } : {}),
    pollIntervalMs: pollSeconds * 1000,
    statusIntervalMs: statusSeconds * 1000,
    clock,
    logger: log,
  });
  log.info('chain server: started', { holder, port: server.port, admin: `${admin.host}:${server.adminPort}`, fingerprint });
  const consoleLine = consoleAt && server.consolePort !== null ? `; console on https://${consoleAt.host}:${server.consolePort}/` : '';
  console.log(
    `Chain server ${holder} on ${listen.host}:${server.port}; admin on ${admin.host}:${server.adminPort}${consoleLine}; certificate fingerprint ${fingerprint}`,
  );

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info('chain server: stopping', { signal });
    // Releases the lease: another replica polls at once rather than after the lease's expiry.
    await server.close();
    await store.close();
    await transport.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Runs the command the line asks for; a usage error is thrown as UsageError. */
async function run(command: ServerCommand, values: CommandValues, argument: string | undefined): Promise<void> {
  if (values['client-secret'] !== undefined)
    throw new UsageError('--client-secret is refused (a command line is readable by every user): set STORE_TERMINAL_CLIENT_SECRET');
  if (command === 'serve') return serve(values, logger);
  if (command === 'invite') return invite(values);
  if (command === 'devices') return devices(values);
  if (command === 'console-account') return consoleAccount(values);
  if (command === 'console-group') return consoleGroup(values);
  return revoke(values, argument);
}

if (line.kind === 'help') {
  process.stdout.write(line.usage);
} else if (line.kind === 'refused') {
  process.stderr.write(`${line.reason}\n\n${line.usage}`);
  process.exitCode = 2;
} else {
  const { command, values, argument } = line;
  process.on('unhandledRejection', (error) => logger.error('unhandled rejection (the server keeps running)', { error }));
  run(command, values, argument).catch((error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${commandUsage(command)}`);
      process.exit(2);
    }
    logger.error(`chain server: ${command} failed`, { error });
    // A person at a terminal reads a sentence; the log line above is for the journal.
    if (command !== 'serve') process.stderr.write(`${command} failed: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
