import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { createMarketplaceApi } from '../../api/index';
import { createTransport } from '../../api/transport';
import { TokenManager } from '../../auth/token-manager';
import { clockRunningFrom, systemClock, type Clock } from '../../base/clock';
import { createLogger, type Logger } from '../../base/log';
import { ScreenKind } from '../../hub/contract';
import { parseHubAddress } from '../../hub/discovery/address';
import { certificateFingerprint } from '../../hub/trust/fingerprint';
import { apiOrderGateway } from '../../sync/api-gateway';
import { openChainStore } from './open-store';
import { startChainServer, type ChainStore } from './server';

/**
 * `npm run server -- [serve] --database-url postgres://user@host/db --listen 0.0.0.0:47110
 *   --tls-cert cert.pem --tls-key key.pem --admin-listen 127.0.0.1:9464 --client-id ID --api-base-url URL`
 * `npm run server -- invite --stores A,B --name "Balcão Centro" --kind counter [--ttl-minutes 10]`
 * `npm run server -- devices`, `npm run server -- revoke DEVICE_ID`
 *
 * Secrets never on the command line: the client secret from STORE_TERMINAL_CLIENT_SECRET, the
 * database password from PGPASSWORD (or ~/.pgpass), read by the driver. docs/chain-server.md.
 */

const USAGE = `usage: npm run server -- [serve|invite|devices|revoke] [flags]
  serve    --database-url URL --listen HOST:PORT --tls-cert FILE --tls-key FILE --client-id ID --api-base-url URL
           [--admin-listen 127.0.0.1:9464] [--poll-interval-seconds 30] [--name NAME]
  invite   --database-url URL --stores ID,ID --name NAME --kind counter|kitchen|expo|pickup [--ttl-minutes 10]
  devices  --database-url URL
  revoke   --database-url URL DEVICE_ID
secrets: STORE_TERMINAL_CLIENT_SECRET (the client secret), PGPASSWORD (the database's password)`;

class UsageError extends Error {}

const FLAGS = {
  'database-url': { type: 'string' },
  listen: { type: 'string' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  'admin-listen': { type: 'string' },
  'client-id': { type: 'string' },
  'api-base-url': { type: 'string' },
  'poll-interval-seconds': { type: 'string' },
  name: { type: 'string' },
  stores: { type: 'string' },
  kind: { type: 'string' },
  'ttl-minutes': { type: 'string' },
  'client-secret': { type: 'string' },
  /** The clock read from this instant (tests against a sandbox at a pinned time), as the terminal's `--clock-at`. */
  'clock-at': { type: 'string' },
} as const;

const logger = createLogger({ level: process.env.STORE_TERMINAL_LOG_LEVEL === 'debug' ? 'debug' : 'info', fields: { service: 'chain-server' } });

function clockOf(at: string | undefined): Clock {
  if (at === undefined) return systemClock;
  const ms = Date.parse(at);
  if (!Number.isFinite(ms)) throw new UsageError('--clock-at is an ISO date-time');
  return clockRunningFrom(ms);
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`--${flag} is required`);
  return value;
}

/** A database address without its password: the password comes from PGPASSWORD (a command line is readable by every user, ps). */
export function databaseUrl(text: string | undefined): string {
  const url = (() => {
    try {
      return new URL(required(text, 'database-url'));
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

async function invite(values: Record<string, string | undefined>): Promise<void> {
  const storeIds = required(values.stores, 'stores').split(',').map((s) => s.trim()).filter(Boolean);
  if (storeIds.length === 0) throw new UsageError('--stores names at least one store id');
  const kind = ScreenKind.safeParse(values.kind ?? 'counter');
  if (!kind.success) throw new UsageError('--kind is counter, kitchen, expo or pickup');
  const name = required(values.name, 'name').trim().slice(0, 60);
  const ttlMinutes = Number(values['ttl-minutes'] ?? '10');
  if (!Number.isInteger(ttlMinutes) || ttlMinutes < 1 || ttlMinutes > 24 * 60) throw new UsageError('--ttl-minutes is a whole number of minutes (1 to 1440)');
  const clock = clockOf(values['clock-at']);
  await withStore(databaseUrl(values['database-url']), clock, async (store) => {
    const made = await store.devices.invite({ storeIds, name, kind: kind.data }, ttlMinutes * 60_000, clock.now());
    console.log(`Pairing code for "${name}" (${kind.data}; stores ${storeIds.join(', ')}): ${made.code}`);
    console.log(`Valid until ${new Date(made.expiresAt).toISOString()}, five tries, one terminal. Type it at the terminal: "Entrar em outro terminal desta loja", the server's address, this code.`);
  });
}

async function devices(values: Record<string, string | undefined>): Promise<void> {
  await withStore(databaseUrl(values['database-url']), systemClock, async (store) => {
    for (const device of await store.devices.list()) {
      const state = device.revokedAt === null ? 'active' : `revoked ${new Date(device.revokedAt).toISOString()}`;
      const contact = device.lastContactAt === null ? 'never' : new Date(device.lastContactAt).toISOString();
      console.log(`${device.id}\t${device.kind}\t${device.name}\tstores ${device.storeIds.join(',')}\tlast contact ${contact}\t${state}`);
    }
  });
}

async function revoke(values: Record<string, string | undefined>, deviceId: string | undefined): Promise<void> {
  const id = required(deviceId, 'DEVICE_ID (positional)');
  const clock = clockOf(values['clock-at']);
  await withStore(databaseUrl(values['database-url']), clock, async (store) => {
    const done = await store.devices.revoke(id, clock.now());
    // Every replica closes the device's sockets at once.
    if (done) await store.bus.publish({ kind: 'device', deviceId: id, change: 'revoked' });
    console.log(done ? `Revoked ${id}: its connections are closed on every replica.` : `No active device ${id}.`);
  });
}

async function serve(values: Record<string, string | undefined>, log: Logger): Promise<void> {
  const url = databaseUrl(values['database-url']);
  const clientId = required(values['client-id'], 'client-id');
  const clientSecret = process.env.STORE_TERMINAL_CLIENT_SECRET;
  delete process.env.STORE_TERMINAL_CLIENT_SECRET;
  if (!clientSecret) throw new UsageError('STORE_TERMINAL_CLIENT_SECRET (the client secret) is not set');
  const certPem = readFileSync(required(values['tls-cert'], 'tls-cert'), 'utf8');
  const keyPem = readFileSync(required(values['tls-key'], 'tls-key'), 'utf8');
  const fingerprint = certificateFingerprint(certPem);
  const listen = hostPort(values.listen ?? '0.0.0.0:47110', 'listen', 47110);
  const admin = hostPort(values['admin-listen'] ?? '127.0.0.1:9464', 'admin-listen', 9464);
  const pollSeconds = Number(values['poll-interval-seconds'] ?? '30');
  if (!Number.isFinite(pollSeconds) || pollSeconds < 1 || pollSeconds > 30) throw new UsageError('--poll-interval-seconds is 1 to 30 (the platform closes a store after 30 s without a poll)');
  const apiBaseUrl = required(values['api-base-url'], 'api-base-url');

  const clock = clockOf(values['clock-at']);
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
    merchant: api.merchant,
    credential: clientId,
    holder,
    identity: { hubId: `chain-${fingerprint.slice(0, 32)}`, name: (values.name ?? 'Chain server').slice(0, 60), certPem, keyPem, fingerprint },
    listen,
    admin,
    pollIntervalMs: pollSeconds * 1000,
    clock,
    logger: log,
  });
  log.info('chain server: started', { holder, port: server.port, admin: `${admin.host}:${server.adminPort}`, fingerprint });
  console.log(`Chain server ${holder} on ${listen.host}:${server.port}; admin on ${admin.host}:${server.adminPort}; certificate fingerprint ${fingerprint}`);

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

export async function main(argv: readonly string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: [...argv], options: FLAGS, allowPositionals: true, strict: true });
  if (values['client-secret'] !== undefined) throw new UsageError('--client-secret is refused (a command line is readable by every user): set STORE_TERMINAL_CLIENT_SECRET');
  const [command = 'serve', ...rest] = positionals;
  if (command === 'serve') return serve(values, logger);
  if (command === 'invite') return invite(values);
  if (command === 'devices') return devices(values);
  if (command === 'revoke') return revoke(values, rest[0]);
  throw new UsageError(`unknown command ${command}`);
}

process.on('unhandledRejection', (error) => logger.error('unhandled rejection (the server keeps running)', { error }));
main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  logger.error('chain server: failed', { error });
  process.exit(1);
});
