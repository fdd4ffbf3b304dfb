import { toAppError } from '../../../src-shared/errors';
import type { PromotionView } from '../../../src-shared/ipc/channels/promotions';
import { PromotionRequest, type PromotionItem } from '../../../src-shared/wire/promotion';
import type { PromotionApi } from '../../api/promotion';
import type { Clock } from '../../base/clock';
import { Listeners } from '../../base/listeners';
import type { Logger } from '../../base/log';
import { parseJsonObject } from '../../db/json-text';
import { aggregationIdOf, itemsOf, mayStillChange, type PromotionRecord } from '../../db/store-outbox/promotions-repo';
import { toStoreActionEntry } from '../../db/store-outbox/store-actions-repo';
import type { StoreOutboxDb } from '../../db/store-outbox/store-outbox-db';
import { sqlitePromotionStatuses, type PromotionStatusStorage } from '../../sync/promotion-statuses-storage';
import type { Maybe } from '../../sync/store-actions-storage';
import type { StoreActionSenders, StoreOutbox } from '../../sync/store-outbox';

/** Where the promotions are read — the terminal's file (`db`), or another storage (a chain's PostgreSQL) — and how they are followed. */
export type PromotionTrackerOptions = ({ db: StoreOutboxDb } | { storage: PromotionStatusStorage }) & PromotionFollowing;

interface PromotionFollowing {
  promotion: Pick<PromotionApi, 'allItems'>;
  outbox: Pick<StoreOutbox, 'onChange'>;
  clock: Clock;
  logger: Logger;
  /** Spec §4.2: wait 2 to 3 s after creation before the first query. */
  firstWaitMs?: number;
  /** Between queries while an item is PROCESSING (or FINISHING). */
  intervalMs?: number;
  /** Stop following after this long; the screen's refresh takes it up again. */
  followMs?: number;
}

/** The request a promotion action sends, read back from its payload (a damaged one reads as empty). */
function requestOf(record: PromotionRecord): { request: PromotionRequest; reset: boolean } {
  const payload = parseJsonObject(record.payload);
  const request = PromotionRequest.safeParse(payload.request);
  return { request: request.success ? request.data : { promotions: [] }, reset: payload.reset === true };
}

/** While any of these is listed, the platform is still working on the promotion: poll again. */
const MOVING = new Set(['PROCESSING', 'FINISHING']);
const isMoving = (items: readonly PromotionItem[]): boolean => items.length === 0 || items.some((i) => MOVING.has(i.status));

/**
 * How a promotion reaches the platform through the store outbox. Not idempotent on the platform: a
 * resend after a lost 202 makes a second request, whose items the platform marks DUPLICATE (same
 * product, same period), so no discount is given twice.
 */
export function promotionSenders(promotion: Pick<PromotionApi, 'create'>): StoreActionSenders {
  return {
    promotion: {
      send: (merchantId, payload, signal) =>
        promotion.create(merchantId, PromotionRequest.parse(payload.request), { reset: payload.reset === true }, { signal }),
    },
  };
}

/**
 * Follows each promotion the store outbox sent as the spec says (§4.2): wait 2 to 3 s after the
 * 202, read the items, and while any is PROCESSING wait and read again. Every read is kept
 * (promotion_status) and pushed to the screen.
 */
export class PromotionTracker {
  private readonly storage: PromotionStatusStorage;
  private readonly following = new Map<number, AbortController>();
  private readonly runs = new Set<Promise<void>>();
  private readonly listeners: Listeners<[PromotionView]>;
  private unsubscribe: (() => void) | undefined;
  private stopped = false;

  constructor(private readonly options: PromotionTrackerOptions) {
    this.listeners = new Listeners('promotions', options.logger);
    this.storage = 'storage' in options ? options.storage : sqlitePromotionStatuses(options.db);
  }

  /** Follows what the store outbox sends from now on. */
  start(): void {
    this.unsubscribe ??= this.options.outbox.onChange((entry) => {
      if (entry.kind !== 'promotion') return;
      if (entry.state === 'done') this.sent(entry.id);
      this.publish(entry.id);
    });
  }

  onChange(listener: (view: PromotionView) => void): () => void {
    return this.listeners.add(listener);
  }

  async list(merchantId: string): Promise<PromotionView[]> {
    return (await this.storage.list(merchantId)).map((r) => this.toView(r));
  }

  async view(actionId: number): Promise<PromotionView | undefined> {
    const record = await this.storage.get(actionId);
    return record ? this.toView(record) : undefined;
  }

  /** Reads once more every promotion of the store whose items may still move; follows those still processing. */
  async refresh(merchantId: string, signal: AbortSignal): Promise<PromotionView[]> {
    for (const record of await this.storage.list(merchantId)) {
      if (!this.followable(record) || this.following.has(record.id)) continue;
      const items = await this.read(record, signal);
      if (isMoving(items)) this.follow(record.id, this.options.intervalMs ?? 3_000);
    }
    return this.list(merchantId);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    for (const controller of this.following.values()) controller.abort();
    await Promise.allSettled([...this.runs]);
  }

  /** Has items of its own the platform may still move (an empty reset has none: its effect is on the others). */
  private followable(record: PromotionRecord): boolean {
    return mayStillChange(record) && requestOf(record).request.promotions.some((p) => p.items.length > 0);
  }

  /** The 202 arrived: follow it; a reset also ends or replaces the store's others, so follow those too. */
  private sent(actionId: number): void {
    this.whenRead(this.storage.get(actionId), (record) => {
      if (!record) return;
      const firstWait = this.options.firstWaitMs ?? 2_500;
      if (this.followable(record)) this.follow(actionId, firstWait);
      if (!requestOf(record).reset) return;
      this.whenRead(this.storage.list(record.merchant_id), (others) => {
        for (const other of others) if (other.id !== actionId && this.followable(other)) this.follow(other.id, firstWait);
      });
    });
  }

  /** What the storage answered, used at once where it answers at once (a terminal's file), else when it comes. */
  private whenRead<T>(read: Maybe<T>, use: (value: T) => void): void {
    if (!(read instanceof Promise)) return use(read);
    read.then(use).catch((thrown: unknown) => this.options.logger.warn('promotion not read', { code: toAppError(thrown).code }));
  }

  private async read(record: PromotionRecord, signal: AbortSignal): Promise<PromotionItem[]> {
    const { promotion, clock } = this.options;
    const aggregationId = aggregationIdOf(record) as string;
    const items = await promotion.allItems(record.merchant_id, aggregationId, {}, { signal });
    await this.storage.saveStatus(record.id, aggregationId, items, clock.now());
    this.publish(record.id);
    return items;
  }

  private follow(actionId: number, firstWaitMs: number): void {
    if (this.stopped || this.following.has(actionId)) return;
    const controller = new AbortController();
    this.following.set(actionId, controller);
    const run = this.poll(actionId, firstWaitMs, controller.signal).finally(() => {
      this.following.delete(actionId);
      this.runs.delete(run);
      if (!this.stopped) this.publish(actionId);
    });
    this.runs.add(run);
    this.publish(actionId);
  }

  private async poll(actionId: number, firstWaitMs: number, signal: AbortSignal): Promise<void> {
    const { clock, logger } = this.options;
    const deadline = clock.now() + (this.options.followMs ?? 5 * 60_000);
    try {
      await clock.sleep(firstWaitMs, signal);
      for (;;) {
        const record = await this.storage.get(actionId);
        if (!record || aggregationIdOf(record) === null) return;
        const items = await this.read(record, signal);
        if (!isMoving(items) || clock.now() >= deadline) return;
        await clock.sleep(this.options.intervalMs ?? 3_000, signal);
      }
    } catch (thrown) {
      if (signal.aborted) return;
      // Offline or refused: the last read stays on screen; opening the screen reads again.
      logger.warn('promotion status not read', { actionId, code: toAppError(thrown).code });
    }
  }

  private toView(record: PromotionRecord): PromotionView {
    const { request, reset } = requestOf(record);
    const promotion = request.promotions[0];
    const first = promotion?.items[0];
    const entry = toStoreActionEntry(record);
    const number = (value: number | null | undefined) => (typeof value === 'number' ? value : null);
    const eans = request.promotions.flatMap((p) => p.items.map((i) => i.ean));
    return {
      actionId: record.id,
      merchantId: record.merchant_id,
      kind: reset && eans.length === 0 ? 'endAll' : 'create',
      replaceAll: reset,
      name: promotion?.promotionName ?? null,
      promotionType: first?.promotionType ?? null,
      eans,
      discountValue: number(first?.discountValue),
      quantityToBuy: number(first?.progressiveDiscount?.quantityToBuy),
      quantityToPay: number(first?.progressiveDiscount?.quantityToPay),
      initialDate: first?.initialDate ?? null,
      finalDate: first?.finalDate ?? null,
      createdAt: entry.createdAt,
      state: entry.state,
      reason: entry.reason,
      aggregationId: record.state === 'done' ? aggregationIdOf(record) : null,
      items: itemsOf(record),
      checkedAt: record.checked_ms === null ? null : new Date(record.checked_ms).toISOString(),
      following: this.following.has(record.id),
    };
  }

  private publish(actionId: number): void {
    if (this.listeners.size === 0) return;
    this.whenRead(this.storage.get(actionId), (record) => {
      if (record) this.listeners.emit(this.toView(record));
    });
  }
}
