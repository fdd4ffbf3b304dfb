import pg from 'pg';
import { z } from 'zod';
import type { Clock } from '../../base/clock';
import { Listeners } from '../../base/listeners';
import { backoffMs, type BackoffPolicy } from '../../queue/backoff';
import type { ChainBus, ChainNotice } from '../contract';
import { connectionConfig, type ChainPoolOptions } from './pool';

/** The one NOTIFY channel of the chain's replicas. */
export const BUS_CHANNEL = 'store_terminal_chain';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a notice is cut into parts below this. */
export const PAYLOAD_LIMIT_BYTES = 7_900;

/** A notice as it arrives: from the database, so from any replica, any version, or anyone with access to it. */
const Id = z.string().min(1).max(200);
export const ChainNoticeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('orders'), storeId: Id.nullable(), orderIds: z.array(Id).max(2_000) }),
  z.object({ kind: z.literal('outbox'), storeId: Id, orderId: Id }),
  z.object({ kind: z.literal('device'), deviceId: Id, change: z.enum(['revoked', 'granted']) }),
  z.object({ kind: z.literal('store-action'), storeId: Id, id: z.number().int().positive() }),
]) satisfies z.ZodType<ChainNotice>;

/** The notice as one or more payloads under the limit: a long list of orders is split. */
export function payloadsOf(notice: ChainNotice): string[] {
  const whole = JSON.stringify(notice);
  if (Buffer.byteLength(whole) < PAYLOAD_LIMIT_BYTES || notice.kind !== 'orders' || notice.orderIds.length <= 1) return [whole];
  const half = Math.ceil(notice.orderIds.length / 2);
  return [...payloadsOf({ ...notice, orderIds: notice.orderIds.slice(0, half) }), ...payloadsOf({ ...notice, orderIds: notice.orderIds.slice(half) })];
}

export interface ChainBusOptions extends ChainPoolOptions {
  /** Where notices are sent from (the replica's pool): a NOTIFY never waits behind the listener. */
  pool: pg.Pool;
  clock: Clock;
  backoff?: BackoffPolicy;
}

/**
 * What replicas tell each other, on PostgreSQL's LISTEN/NOTIFY: one dedicated connection listens
 * (LISTEN holds a connection for good, so it is never a pool's); notices are sent through the pool.
 * A lost listening connection is made again with backoff (the injected clock's sleeps), and
 * `onReconnected` says notices may have been missed meanwhile.
 */
export class PgChainBus implements ChainBus {
  private readonly notices: Listeners<[ChainNotice]>;
  private readonly reconnected: Listeners<[]>;
  private client: pg.Client | null = null;
  private closed = false;
  private readonly stopping = new AbortController();
  private reconnecting: Promise<void> | null = null;

  constructor(private readonly options: ChainBusOptions) {
    this.notices = new Listeners('chain notice', options.logger);
    this.reconnected = new Listeners('chain bus reconnected', options.logger);
  }

  /** Connects and listens; rejects when the first connection cannot be made (the server is not ready). */
  async start(): Promise<void> {
    this.client = await this.listen();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopping.abort();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
    await this.reconnecting?.catch(() => undefined);
  }

  /** Whether the listening connection is up (readiness). */
  get listening(): boolean {
    return this.client !== null;
  }

  async publish(...notices: ChainNotice[]): Promise<void> {
    const payloads = notices.flatMap(payloadsOf);
    if (payloads.length === 1) await this.options.pool.query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, payloads[0]]);
    // A poll's notices (one per store) in one round trip, in order: the last store's screens do not
    // wait behind every other store's NOTIFY (bench chain's server path).
    else if (payloads.length > 1)
      await this.options.pool.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS n(p, i) ORDER BY i', [BUS_CHANNEL, payloads]);
  }

  subscribe(listener: (notice: ChainNotice) => void): () => void {
    return this.notices.add(listener);
  }

  onReconnected(listener: () => void): () => void {
    return this.reconnected.add(listener);
  }

  private async listen(): Promise<pg.Client> {
    const client = new pg.Client(connectionConfig({ ...this.options, applicationName: `${this.options.applicationName}-listen` }));
    client.on('notification', (message) => this.heard(message.channel, message.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the listening connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${BUS_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners();
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  private heard(channel: string, payload: string | undefined): void {
    if (channel !== BUS_CHANNEL) return;
    let value: unknown;
    try {
      value = JSON.parse(payload ?? '');
    } catch {
      value = undefined;
    }
    const notice = ChainNoticeSchema.safeParse(value);
    if (!notice.success) {
      this.options.logger.warn('a chain notice that does not read as one was ignored', { bytes: payload?.length ?? 0 });
      return;
    }
    this.notices.emit(notice.data);
  }

  private lost(client: pg.Client, error: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    client.removeAllListeners();
    client.on('error', () => undefined);
    this.options.logger.warn('the chain bus lost its listening connection: reconnecting', {
      error: { message: error.message, code: (error as { code?: unknown }).code },
    });
    this.reconnecting = this.reconnect();
  }

  private async reconnect(): Promise<void> {
    const policy = this.options.backoff ?? { baseMs: 250, maxMs: 10_000, jitter: 0.2 };
    for (let attempt = 1; !this.closed; attempt++) {
      try {
        await this.options.clock.sleep(backoffMs(policy, attempt), this.stopping.signal);
      } catch {
        return; // closed while waiting
      }
      try {
        const client = await this.listen();
        if (this.closed) {
          await client.end().catch(() => undefined);
          return;
        }
        this.client = client;
        this.options.logger.info('the chain bus listens again', { attempt });
        this.reconnected.emit();
        return;
      } catch (error) {
        this.options.logger.warn('the chain bus could not reconnect yet', { attempt, error: { message: (error as Error).message } });
      }
    }
  }
}
