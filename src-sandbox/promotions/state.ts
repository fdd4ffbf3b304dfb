import { randomUUID } from 'node:crypto';
import type { EanLookup } from '../catalog/state';
import type { SandboxClock } from '../clock';
import { localMoment } from '../merchant/store-time';
import { lineDiscount } from './discount';
import { isLive, type Aggregation, type PromotionItemRecord } from './model';
import type { PromotionRequest } from './request';
import { checkItem, periodsOverlap } from './validation';

/**
 * Promotion items and their status machine (spec §3.2), evaluated lazily on each access:
 *   PROCESSING → (PROCESSING_MS after receipt, first-come first-served) ERROR with a §7.3 code,
 *     DUPLICATE (a live item of the same EAN and an overlapping period), SCHEDULED (initialDate
 *     in the future, store-local date) or ACTIVE;
 *   SCHEDULED → ACTIVE when initialDate arrives; SCHEDULED / ACTIVE → FINISHED after finalDate;
 *   reset=true: live or processing items whose EAN is absent from the new set → FINISHING, then
 *     FINISHED after FINISH_MS; an EAN present in both keeps running: the new item takes over when
 *     it validates, and the old one becomes FINISHED (if the new one fails, the old one stays).
 */

export const PROCESSING_MS = 2_000;
export const FINISH_MS = 2_000;

export class PromotionsState {
  private aggregations = new Map<string, Aggregation>();
  private items = new Map<string, PromotionItemRecord>();
  private sequence = 0;
  constructor(
    readonly clock: SandboxClock,
    /** Whether the processing of one item fails inside the platform (INTERNAL_ERROR, fault injection). */
    private readonly internalFailure: () => boolean = () => false,
  ) {}

  /** Back to the seed state (called by World.reset). */
  reset(): void {
    this.aggregations = new Map();
    this.items = new Map();
    this.sequence = 0;
  }

  isTagTaken(merchantId: string, tag: string | undefined): boolean {
    return tag !== undefined && [...this.aggregations.values()].some((a) => a.merchantId === merchantId && a.aggregationTag === tag);
  }

  /** Queues a request (the caller has checked it); answers the new aggregation. */
  submit(merchantId: string, request: PromotionRequest, reset: boolean, lookup: (ean: string) => EanLookup): Aggregation {
    const now = this.clock.now();
    this.settle(merchantId, lookup);
    const aggregation: Aggregation = {
      aggregationId: randomUUID(),
      merchantId,
      ...(request.aggregationTag !== undefined ? { aggregationTag: request.aggregationTag } : {}),
      reset,
      createdAt: now,
      itemIds: [],
    };
    const current = this.storeItems(merchantId).filter((i) => isLive(i) || i.status === 'PROCESSING');
    const incomingEans = new Set(request.promotions.flatMap((p) => p.items.map((i) => i.ean)));
    if (reset) {
      for (const old of current) {
        if (incomingEans.has(old.input.ean)) continue;
        old.status = 'FINISHING';
        old.finishingAt = now;
      }
    }
    for (const promotion of request.promotions) {
      for (const input of promotion.items) {
        const item: PromotionItemRecord = {
          promotionItemId: randomUUID(),
          aggregationId: aggregation.aggregationId,
          merchantId,
          sequence: this.sequence++,
          input,
          promotionName: promotion.promotionName ?? null,
          channels: promotion.channels,
          status: 'PROCESSING',
          error: null,
          errorMessage: null,
          readyAt: now + PROCESSING_MS,
          replaces: reset ? current.filter((c) => c.input.ean === input.ean).map((c) => c.promotionItemId) : [],
        };
        this.items.set(item.promotionItemId, item);
        aggregation.itemIds.push(item.promotionItemId);
      }
    }
    this.aggregations.set(aggregation.aggregationId, aggregation);
    return aggregation;
  }

  aggregation(merchantId: string, aggregationId: string): Aggregation | undefined {
    const found = this.aggregations.get(aggregationId);
    return found?.merchantId === merchantId ? found : undefined;
  }

  /** The aggregation's items, settled to now, in the order they were sent. */
  itemsOf(aggregation: Aggregation, lookup: (ean: string) => EanLookup): PromotionItemRecord[] {
    this.settle(aggregation.merchantId, lookup);
    return aggregation.itemIds.map((id) => this.items.get(id)).filter((i) => i !== undefined);
  }

  /** The discount an ACTIVE promotion of this EAN gives the line now (0 when none runs). */
  discountFor(merchantId: string, ean: string, line: { quantity: number; unitPrice: number }, lookup: (ean: string) => EanLookup): number {
    this.settle(merchantId, lookup);
    const active = this.storeItems(merchantId).find((i) => i.status === 'ACTIVE' && i.input.ean === ean);
    return active ? lineDiscount(active.input, line) : 0;
  }

  /** How many promotion items the sandbox holds (all stores). */
  get itemCount(): number {
    return this.items.size;
  }

  private storeItems(merchantId: string): PromotionItemRecord[] {
    return [...this.items.values()].filter((i) => i.merchantId === merchantId).sort((a, b) => a.sequence - b.sequence);
  }

  /** Applies every move whose time has come, for one store. */
  settle(merchantId: string, lookup: (ean: string) => EanLookup): void {
    const now = this.clock.now();
    const today = localMoment(now).date;
    const all = this.storeItems(merchantId);
    // Live items by EAN, kept current as items validate, so a large request stays linear.
    const liveByEan = new Map<string, PromotionItemRecord[]>();
    const addLive = (item: PromotionItemRecord) => {
      const list = liveByEan.get(item.input.ean);
      if (list) list.push(item);
      else liveByEan.set(item.input.ean, [item]);
    };
    for (const item of all) if (isLive(item)) addLive(item);
    for (const item of all) {
      if (item.status === 'FINISHING' && now - (item.finishingAt ?? now) >= FINISH_MS) item.status = 'FINISHED';
      if (item.status !== 'PROCESSING' || item.readyAt > now) continue;
      const check = this.internalFailure()
        ? ({ ok: false, code: 'INTERNAL_ERROR', message: 'falha interna ao processar o item; fale com o suporte' } as const)
        : checkItem(item.input, today, lookup);
      if (!check.ok) {
        Object.assign(item, { status: 'ERROR', error: check.code, errorMessage: check.message });
        continue;
      }
      const clash = (liveByEan.get(item.input.ean) ?? []).find(
        (other) => isLive(other) && !item.replaces.includes(other.promotionItemId) && periodsOverlap(other.input, item.input),
      );
      if (clash) {
        Object.assign(item, { status: 'DUPLICATE', errorMessage: `o item de promoção ${clash.promotionItemId} tem o mesmo ean e um período sobreposto` });
        continue;
      }
      addLive(item);
      item.status = item.input.initialDate > today ? 'SCHEDULED' : 'ACTIVE';
      for (const id of item.replaces) {
        const old = this.items.get(id);
        if (old && (isLive(old) || old.status === 'PROCESSING')) old.status = 'FINISHED';
      }
    }
    for (const item of all) {
      if (item.status === 'SCHEDULED' && item.input.initialDate <= today) item.status = 'ACTIVE';
      if (isLive(item) && item.input.finalDate < today) item.status = 'FINISHED';
    }
  }
}
