import { request } from 'undici';
import type { Wall } from '../../../src-shared/console/console-api';
import type { Clock } from '../../base/clock';
import type { Logger } from '../../base/log';
import { Loop } from '../../base/loop';
import type { PgChainConsole } from '../db/chain-console';

/** Between two looks at the alerts. */
export const ALERTS_EVERY_MS = 10_000;
const POST_TIMEOUT_MS = 5_000;

export interface AlertHookOptions {
  /** The operator's webhook (from the environment: its address may carry a token). */
  url: string;
  db: Pick<PgChainConsole, 'alerts'>;
  /** The wall of every store, as the console shows it. */
  wall(): Promise<Wall>;
  clock: Clock;
  logger: Logger;
}

/**
 * Tells the operator's webhook when a store's alert is raised and when it clears (one JSON POST
 * each): every replica looks, and the database decides which one tells (`console_alerts`), so each
 * change is told once. A webhook that fails is logged and not retried: the wall keeps showing it.
 */
export class AlertHook {
  private readonly loop: Loop;

  constructor(private readonly options: AlertHookOptions) {
    this.loop = new Loop({ name: 'console-alerts', clock: options.clock, logger: options.logger, tick: () => this.round() });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async round(): Promise<number> {
    const { db, clock } = this.options;
    const wall = await this.options.wall();
    const names = new Map(wall.stores.map((s) => [s.storeId, s.name]));
    const open: { storeId: string; kind: string }[] = wall.stores.flatMap((s) => s.alerts.map((kind) => ({ storeId: s.storeId, kind })));
    if (wall.pollingLost) open.push({ storeId: '*', kind: 'polling-lost' });
    const { raised, cleared } = await db.alerts(open, clock.now());
    const at = new Date(clock.now()).toISOString();
    for (const [event, list] of [['raised', raised] as const, ['cleared', cleared] as const]) {
      for (const alert of list) await this.post({ event, kind: alert.kind, storeId: alert.storeId, storeName: names.get(alert.storeId) ?? null, at });
    }
    return ALERTS_EVERY_MS;
  }

  private async post(body: Record<string, unknown>): Promise<void> {
    try {
      const response = await request(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        headersTimeout: POST_TIMEOUT_MS,
        bodyTimeout: POST_TIMEOUT_MS,
      });
      await response.body.dump();
      if (response.statusCode >= 300) this.options.logger.warn('console: the alert webhook refused an alert', { status: response.statusCode, kind: body.kind });
    } catch (error) {
      this.options.logger.warn('console: the alert webhook could not be reached', { error, kind: body.kind });
    }
  }
}
