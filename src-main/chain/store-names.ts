import type { StoreListItem } from '../../src-shared/wire/merchant';
import type { Clock } from '../base/clock';
import type { Logger } from '../base/log';
import type { ChainStores } from './contract';

/** Stores asked for per page of `GET /merchants`; a shorter page is the last. */
const PAGE_SIZE = 100;
/** A chain of 300 stores is 3 pages; this bounds a platform that never says it is done. */
const MAX_PAGES = 50;
/** Store names change rarely: read them at start and then hourly. */
const EVERY_MS = 60 * 60_000;
/** After a failed read, sooner. */
const RETRY_MS = 60_000;

export type StorePage = (page: number, size: number, signal: AbortSignal) => Promise<StoreListItem[]>;

/** Every store of the credential, page after page. */
export async function allStores(page: StorePage, signal: AbortSignal): Promise<StoreListItem[]> {
  const all: StoreListItem[] = [];
  for (let n = 1; n <= MAX_PAGES; n++) {
    const items = await page(n, PAGE_SIZE, signal);
    all.push(...items);
    if (items.length < PAGE_SIZE) break;
  }
  return all;
}

/**
 * Keeps the stores' names in the chain's database from the platform's list, so a store terminal's
 * top bar and chips name its store. Every replica may do it (one request an hour); a failure is
 * logged and tried again sooner, never fatal: a terminal then shows the store's id.
 */
export class StoreNames {
  private readonly stopping = new AbortController();
  private running: Promise<void> | undefined;

  constructor(private readonly options: { stores: ChainStores; page: StorePage; clock: Clock; logger: Logger }) {}

  start(): void {
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopping.abort(new Error('stopping'));
    await this.running;
  }

  /** One read and write; true when it went through. */
  async refresh(): Promise<boolean> {
    const { stores, page, logger } = this.options;
    try {
      const list = await allStores(page, AbortSignal.any([this.stopping.signal, AbortSignal.timeout(30_000)]));
      await stores.name(list);
      logger.info('chain: store names read', { stores: list.length });
      return true;
    } catch (error) {
      if (!this.stopping.signal.aborted) logger.warn('chain: the store names could not be read; trying again soon', { error });
      return false;
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      const ok = await this.refresh();
      await this.options.clock.sleep(ok ? EVERY_MS : RETRY_MS, this.stopping.signal).catch(() => undefined);
    }
  }
}
