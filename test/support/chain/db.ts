import { randomUUID } from 'node:crypto';
import { after, afterEach, before, beforeEach } from 'node:test';
import type pg from 'pg';
import { silentLogger } from '../../../src-main/base/log';
import { chainMigrations } from '../../../src-main/chain/db/migrations';
import { migrateChain } from '../../../src-main/chain/db/migrate';
import { openChainPool } from '../../../src-main/chain/db/pool';
import type { WireEvent } from '../../../src-shared/wire/events';
import { TEST_INSTANT_MS } from '../clock';
import { tryPgCluster, type PgCluster } from './pg-cluster';

/**
 * What the chain's integration tests share: one throwaway cluster per test file, a fresh database per
 * test block with the chain's schema, pools standing in for replicas, and events as the platform sends them.
 */

export const STORE_A = '0a6b1d2e-0000-4000-8000-00000000000a';
export const STORE_B = '0a6b1d2e-0000-4000-8000-00000000000b';

/** Starts the file's cluster, or prints why the file's tests skip. */
export async function clusterOrSkip(what: string): Promise<PgCluster | null> {
  const made = await tryPgCluster();
  if ('why' in made) {
    console.log(`skipping ${what}: ${made.why}`);
    return null;
  }
  return made.cluster;
}

let databases = 0;

/** A fresh migrated database on the cluster, and a way to open replicas' pools on it (all closed by `close`). */
export async function chainDatabase(cluster: PgCluster): Promise<{ url: string; pool(name: string): pg.Pool; close(): Promise<void> }> {
  const url = await cluster.database(`chain_${process.pid}_${++databases}`);
  const pools: pg.Pool[] = [];
  const pool = (name: string) => {
    const p = openChainPool({ url, applicationName: name, logger: silentLogger, max: 8 });
    pools.push(p);
    return p;
  };
  await migrateChain(pool('migrate'), chainMigrations);
  return { url, pool, close: async () => void (await Promise.all(pools.map((p) => p.end()))) };
}

/** An event as the platform sends it, `minutes` after the tests' instant. */
export function wireEvent(
  orderId: string,
  fullCode: string,
  code: string,
  options: { minutes?: number; storeId?: string; id?: string; metadata?: Record<string, unknown> } = {},
): WireEvent {
  return {
    id: options.id ?? randomUUID(),
    code,
    fullCode,
    orderId,
    merchantId: options.storeId ?? STORE_A,
    createdAt: new Date(TEST_INSTANT_MS + (options.minutes ?? 0) * 60_000).toISOString(),
    metadata: options.metadata ?? {},
  };
}

/** A test file's cluster and a migrated database seen by two replicas' pools: the chain's integration files' one setup. */
export interface ChainReplicas {
  /** Null where PostgreSQL is absent (the file's tests skip, the reason printed). */
  readonly cluster: PgCluster | null;
  readonly db: Awaited<ReturnType<typeof chainDatabase>>;
  readonly replicaA: pg.Pool;
  readonly replicaB: pg.Pool;
}

/**
 * Registers the `before`/`after` that start the file's cluster and open the database with two
 * replicas' pools; `freshPerTest` gives each test a database of its own (counts and claims its alone).
 */
export function useChainReplicas(what: string, options: { freshPerTest?: boolean } = {}): ChainReplicas {
  const parts: { cluster: PgCluster | null; db?: Awaited<ReturnType<typeof chainDatabase>>; a?: pg.Pool; b?: pg.Pool } = { cluster: null };
  const open = async (): Promise<void> => {
    if (!parts.cluster) return;
    parts.db = await chainDatabase(parts.cluster);
    parts.a = parts.db.pool('replica-a');
    parts.b = parts.db.pool('replica-b');
  };
  const close = async (): Promise<void> => {
    await parts.db?.close();
    parts.db = undefined;
  };
  before(async () => {
    parts.cluster = await clusterOrSkip(what);
    if (!options.freshPerTest) await open();
  });
  if (options.freshPerTest) {
    beforeEach(open);
    afterEach(close);
  }
  after(async () => {
    await close();
    await parts.cluster?.stop();
  });
  const need = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`no ${name}: use it inside a test, after the cluster started`);
    return value;
  };
  return {
    get cluster() {
      return parts.cluster;
    },
    get db() {
      return need(parts.db, 'database');
    },
    get replicaA() {
      return need(parts.a, 'replica A');
    },
    get replicaB() {
      return need(parts.b, 'replica B');
    },
  };
}
