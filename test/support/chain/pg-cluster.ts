import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { appendFile, chmod, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../free-port';

/**
 * A throwaway PostgreSQL cluster for one test file: initdb and pg_ctl in a temp folder, a free port on
 * 127.0.0.1, its unix socket inside the folder, trust authentication for loopback and the socket only
 * (listen_addresses is 127.0.0.1: nothing else can reach it), fsync off (a crash of the test machine
 * loses a cluster that is thrown away anyway). initdb refuses to run as root, so as root the cluster
 * runs as the `postgres` system user and the folder is chowned to it. `stop()` removes it all; a test
 * process that dies first still stops the server (an exit hook).
 */

const run = promisify(execFile);

export interface PgCluster {
  /** The `postgres` database, as the superuser `postgres` (no password: trust on loopback). */
  url: string;
  port: number;
  /** A new empty database on this cluster, and its URL: one per test block keeps them apart. */
  database(name: string): Promise<string>;
  /**
   * Ends the backends whose `application_name` is `applicationName` (`pg_terminate_backend`): a
   * replica's database connection dying under it. Resolves with how many were ended.
   */
  terminate(applicationName: string): Promise<number>;
  /** A statement as the superuser (roles, grants: what an operator would do to the cluster). */
  sql(text: string): Promise<void>;
  /** The server goes down (every connection ends, new ones are refused) and its data stays: an outage. */
  down(): Promise<void>;
  /** The server back up on the same port after `down()`. */
  up(): Promise<void>;
  stop(): Promise<void>;
}

/** The folder of PostgreSQL's programs: initdb on the PATH, else Debian's newest /usr/lib/postgresql/<v>/bin. */
function binDir(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const onPath = found.status === 0 ? found.stdout.trim() : '';
  if (onPath) {
    // Debian links only some programs into the PATH: pg_ctl and postgres sit beside the real initdb.
    const real = spawnSync('readlink', ['-f', onPath], { encoding: 'utf8' }).stdout.trim() || onPath;
    return real.slice(0, real.lastIndexOf('/'));
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  return null;
}

/** The uid and gid of the `postgres` system user, from /etc/passwd. */
function postgresUser(): { uid: number; gid: number } | null {
  for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
    const [name, , uid, gid] = line.split(':');
    if (name === 'postgres' && uid && gid) return { uid: Number(uid), gid: Number(gid) };
  }
  return null;
}

/** Why a cluster cannot be made here, or null when it can (PostgreSQL installed; as root, a `postgres` user). */
export function pgClusterUnavailable(): string | null {
  if (!binDir()) return 'PostgreSQL is not installed (no initdb on the PATH or in /usr/lib/postgresql/*/bin; apt install postgresql)';
  if (process.getuid?.() === 0 && !postgresUser()) return 'running as root and there is no `postgres` system user to run the cluster as';
  return null;
}

export async function startPgCluster(): Promise<PgCluster> {
  const why = pgClusterUnavailable();
  if (why) throw new Error(why);
  const bin = binDir() as string;
  const asUser = process.getuid?.() === 0 ? postgresUser() : null;
  const folder = await mkdtemp(join(tmpdir(), 'st-pg-'));
  const data = join(folder, 'data');
  const socket = join(folder, 'socket');
  await mkdir(socket);
  await chmod(folder, 0o700);
  if (asUser) {
    await chown(folder, asUser.uid, asUser.gid);
    await chown(socket, asUser.uid, asUser.gid);
  }
  const pgRun = (program: string, args: string[]) =>
    run(join(bin, program), args, { cwd: folder, env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', LC_ALL: 'C' }, ...(asUser ?? {}) });

  let started = false;
  const stopNow = () => {
    if (started) spawnSync(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { cwd: folder, stdio: 'ignore', ...(asUser ?? {}) });
    started = false;
    rmSync(folder, { recursive: true, force: true });
  };
  process.once('exit', stopNow);
  try {
    await pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    // Settings for a cluster that lives seconds: nothing is made durable, little memory, quick to stop.
    const settings = [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${socket}'`,
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'max_connections = 60',
      'shared_buffers = 32MB',
      "log_min_messages = 'warning'",
    ];
    await appendFile(join(data, 'postgresql.conf'), `\n${settings.join('\n')}\n`);
    const startServer = () => pgRun('pg_ctl', ['-D', data, '-l', join(folder, 'server.log'), '-w', '-t', '30', 'start']);
    await startServer();
    started = true;
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
      const client = new pg.Client({ connectionString: url, application_name: 'pg-cluster-admin' });
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    };
    return {
      url,
      port,
      database: async (name) => {
        if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain database name: ${name}`);
        await admin((c) => c.query(`CREATE DATABASE ${name}`));
        return `postgres://postgres@127.0.0.1:${port}/${name}`;
      },
      terminate: (applicationName) =>
        admin(async (c) => {
          const r = await c.query('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()', [
            applicationName,
          ]);
          return r.rows.filter((row: { ended: boolean }) => row.ended).length;
        }),
      sql: (text) => admin(async (c) => void (await c.query(text))),
      down: async () => {
        await pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      },
      up: async () => {
        await startServer();
      },
      stop: async () => {
        process.removeListener('exit', stopNow);
        if (started) await pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
        started = false;
        await rm(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    const log = existsSync(join(folder, 'server.log')) ? readFileSync(join(folder, 'server.log'), 'utf8').slice(-2000) : '';
    process.removeListener('exit', stopNow);
    stopNow();
    throw new Error(`the throwaway PostgreSQL cluster did not start: ${(error as Error).message}\n${log}`, { cause: error });
  }
}

/** A cluster, or why none can be made here (the tests then skip, printing it). */
export async function tryPgCluster(): Promise<{ cluster: PgCluster } | { why: string }> {
  const why = pgClusterUnavailable();
  if (why) return { why };
  return { cluster: await startPgCluster() };
}
